#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# lttrace on one program built five ways: default PIE, -Wl,-z,now, -fno-plt, IBT PLTs
# (.plt.sec) with BIND_NOW, -static.  tests/lttrace/calls.c prints the exact lines
# `lttrace -e LIST` must write for the calls it made (its own values: pointers, results), so
# each build is checked against what it did, and the five against each other once the
# addresses are taken out.  ltrace 0.7.3 shows nothing for the last three (no PLT to stop in).
set -u
. "$TOP/tests/lib.sh"
LTTRACE="$TOP/$B/bin/lttrace"
cc=${CC:-cc}
src="$TOP/tests/lttrace/calls.c"
fail=0
builds=("" "-Wl,-z,now" "-fno-plt" "-fcf-protection=full -Wl,-z,now -Wl,-z,ibtplt" "-static")
for i in "${!builds[@]}"; do
	flags=${builds[$i]}
	mkdir -p "b$i"
	# shellcheck disable=SC2086
	if ! "$cc" -O0 -fno-builtin $flags -o "b$i/calls" "$src" 2>"b$i/cc.err"; then
		if [ "$i" = 3 ]; then
			echo "NOTE: the linker refuses -z ibtplt; building with -fcf-protection=full -Wl,-z,now"
			flags="-fcf-protection=full -Wl,-z,now"
			"$cc" -O0 -fno-builtin $flags -o "b$i/calls" "$src" || { echo "FAIL: build $i"; exit 1; }
		elif [ "$i" = 4 ]; then
			echo "SKIP: no static libc"; exit 77
		else
			cat "b$i/cc.err"; echo "FAIL: cannot build with $flags"; exit 1
		fi
	fi
	if [ "$i" = 3 ] && ! readelf -SW "b$i/calls" | grep -q '\.plt\.sec'; then
		echo "NOTE: build 3 has no .plt.sec"
	fi
	(cd "b$i" && run_checked timeout 60 "$LTTRACE" -o log -e "$(./calls list)" ./calls >expected 2>err)
	rc=$?
	if [ $rc != 0 ]; then
		echo "FAIL: [$flags] lttrace exit status $rc"; cat "b$i/err"; fail=1; continue
	fi
	if ! diff -u "b$i/expected" "b$i/log"; then
		echo "FAIL: [$flags] lttrace's lines differ from what the program did"; fail=1
	fi
	[ "$(wc -l <"b$i/log")" -ge 13 ] || { echo "FAIL: [$flags] too few lines"; fail=1; }
	sed -E 's/0x[0-9a-f]+/ADDR/g; s/ +=/ =/' "b$i/log" >"b$i/norm"
	if [ "$i" != 0 ] && ! diff -u b0/norm "b$i/norm"; then
		echo "FAIL: [$flags] calls differ from the default build's"; fail=1
	fi
done
[ $fail = 0 ] && echo "5 builds, $(wc -l <b0/log) lines each, equal"
exit $fail
