#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# -t, -tt, -ttt, -r, -T, --timestamps=, --absolute-timestamps=, --relative-timestamps=,
# --syscall-times= (formats and precisions) and their mixes against strace 6.1: the same program
# gives the same lines once the measured digits are masked (every digit of the time fields
# becomes 9, so widths and separators still have to agree); bad values and -t with
# --timestamps are refused in strace's words.
set -u
. "$TOP/tests/lib.sh"
prog="$TOP/$B/tests/trace/engine-status"
fail=0
# The leading time fields and the trailing <T>, digits as 9s (a line with none stays as it is).
# strace 6.1 does not know syscall 335 (uretprobe, made by any process returning through a
# uretprobe while another tracer has one on libc) and traces it whatever -e trace= says.
mask() {
	grep -v 'syscall_0x14f(' |
	perl -pe 's{^([0-9:. ]+ (?:\(\+ *[0-9.]+\) )?)}{$1 =~ tr/0-9/9/r}e;
		  s{ <([0-9.]+)>$}{" <" . ($1 =~ tr/0-9/9/r) . ">"}e'
}
for opt in -t -tt -ttt -r -T "-tt -T" "-t -r" "-r -T" --timestamps --timestamps=unix \
	--timestamps=time,ms "--timestamps=format:unix,precision:ns" --timestamps=ns \
	"--absolute-timestamps=format:time --absolute-timestamps=precision:us" \
	"--timestamps=unix,ms --timestamps" --timestamps=none,ms --timestamps= \
	--relative-timestamps --relative-timestamps=s --relative-timestamps=ms \
	"--relative-timestamps=ns --timestamps=unix,ms" "--relative-timestamps=ms -r" \
	--syscall-times=s --syscall-times=ms --syscall-times=ns "-T --syscall-times=ns" \
	"--syscall-times=ns -T"; do
	# shellcheck disable=SC2086
	strace -o s.log $opt -e trace=close "$prog" >/dev/null
	# shellcheck disable=SC2086
	run_checked "$STTRACE" -o t.log $opt -e trace=close "$prog" >/dev/null
	if diff <(mask <s.log) <(mask <t.log) >d.txt; then
		echo "ok: $opt: $(head -1 t.log)"
	else
		echo "FAIL: $opt differs from strace:"; cat d.txt; fail=1
	fi
	case $opt in *none*) continue ;; esac
	grep -q '^99:99:99\|^9999999999\|^ *9\| <9[.9]*>$' <(mask <t.log) ||
		{ echo "FAIL: $opt: no time field in: $(head -1 t.log)"; fail=1; }
done
# Refusals: the same words (the tracer's name as run aside) and exit status.
for opt in --timestamps=foo --absolute-timestamps=precision:1 --timestamps=format:us \
	"-t --timestamps" "--timestamps=ms -tt" --relative-timestamps= --relative-timestamps=min \
	--syscall-times=precision:ms; do
	# shellcheck disable=SC2086
	strace $opt true 2>s.err; src=$?
	# shellcheck disable=SC2086
	"$STTRACE" $opt true 2>t.err; trc=$?
	if [ $src = $trc ] && diff <(sed 's/strace/sttrace/g' s.err) <(sed "s|$STTRACE|sttrace|g" t.err) >d.txt; then
		echo "ok: $opt: $(head -1 t.err)"
	else
		echo "FAIL: $opt: exit $trc (strace: $src), or other words:"; cat d.txt; fail=1
	fi
done
exit $fail
