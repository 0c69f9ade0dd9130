#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# -t, -tt, -ttt, -r, -T and their mixes against strace 6.1: the same program gives the same
# lines once the measured digits are masked (every digit of the time fields becomes 9, so
# widths and separators still have to agree).
set -u
. "$TOP/tests/lib.sh"
prog="$TOP/$B/tests/trace/engine-status"
fail=0
mask() {
	sed -E -e 's/^[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]{6})? /HH:MM:SS\1 /' \
	       -e 's/^[0-9]{10}\.[0-9]{6} /EPOCH.US /' \
	       -e 's/^(\(\+)? *[0-9]+\.[0-9]{6}(\) )? /REL /' \
	       -e 's/\(\+ *[0-9]+\.[0-9]{6}\) /(+REL) /' \
	       -e 's/ <[0-9]+\.[0-9]{6}>$/ <T>/' -e 's/\.[0-9]{6} /.US /'
}
for opt in -t -tt -ttt -r -T "-tt -T" "-t -r" "-r -T"; do
	# shellcheck disable=SC2086
	strace -o s.log $opt -e trace=close "$prog" >/dev/null
	# shellcheck disable=SC2086
	run_checked "$STTRACE" -o t.log $opt -e trace=close "$prog" >/dev/null
	if diff <(mask <s.log) <(mask <t.log) >d.txt; then
		echo "ok: $opt: $(head -1 t.log)"
	else
		echo "FAIL: $opt differs from strace:"; cat d.txt; fail=1
	fi
	grep -q '^HH:MM:SS\|^EPOCH\|^REL\| <T>$' <(mask <t.log) ||
		{ echo "FAIL: $opt: no time field in: $(head -1 t.log)"; fail=1; }
done
exit $fail
