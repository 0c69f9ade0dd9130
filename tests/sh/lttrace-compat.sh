#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# On a binary ltrace 0.7.3 handles (non-PIE, lazy binding: a PLT to stop in), lttrace's lines
# equal ltrace's, for the calls whose prototype both know (the functions /etc/ltrace.conf
# declares): same calls, same order, same decoded arguments and results, same column.  Both
# run without address randomization (setarch -R), so the heap addresses the program prints
# have the same length in both runs; addresses are then replaced by ADDR on both sides.
set -u
LTTRACE="$TOP/$B/bin/lttrace"
cc=${CC:-cc}
command -v ltrace >/dev/null || { echo "SKIP: no ltrace"; exit 77; }
conf=/etc/ltrace.conf
[ -r $conf ] || { echo "SKIP: no $conf"; exit 77; }
"$cc" -O0 -fno-builtin -no-pie -Wl,-z,lazy -o calls "$TOP/tests/lttrace/calls.c" || exit 1
fail=0
known() { # keep the lines of functions ltrace's conf declares (and the exit line)
	while IFS= read -r l; do
		f=${l%%(*}
		case $l in '+++'*) echo "$l"; continue ;; esac
		grep -Eq "[ *]$f\(" $conf && echo "$l"
	done
}
norand=""
setarch "$(uname -m)" -R true 2>/dev/null && norand="setarch $(uname -m) -R"
$norand ltrace -o ltrace.log ./calls >/dev/null 2>ltrace.err || { echo "FAIL: ltrace failed"; cat ltrace.err; exit 1; }
$norand "$LTTRACE" -o lttrace.log ./calls >/dev/null 2>lttrace.err || { echo "FAIL: lttrace failed"; cat lttrace.err; fail=1; }
sed -E 's/0x[0-9a-f]{5,}/ADDR/g' ltrace.log | known >ltrace.norm
sed -E 's/0x[0-9a-f]{5,}/ADDR/g' lttrace.log | known >lttrace.norm
n=$(wc -l <ltrace.norm)
[ "$n" -ge 20 ] || { echo "FAIL: only $n comparable lines from ltrace"; cat ltrace.log; fail=1; }
diff -u ltrace.norm lttrace.norm || { echo "FAIL: lttrace's lines differ from ltrace's"; fail=1; }
[ $fail = 0 ] && echo "$n lines equal ($(cut -d'(' -f1 ltrace.norm | sort -u | grep -vc '^+++') functions)"
exit $fail
