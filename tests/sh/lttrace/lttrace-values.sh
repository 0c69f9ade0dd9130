#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Values a --bpf probe cannot copy at the hit, under both backends: tests/lttrace/values.c
# prints the lines lttrace must print (float and double arguments and results, a struct of
# doubles, int ***, string *, a linked list, structs by value and returned, an out string
# written through a pointer, libm's cos, printf with a double) and both backends must print
# exactly those, the program's own output and exit status as untraced.
set -u
. "$TOP/tests/lib.sh"
LTTRACE="$TOP/$B/bin/lttrace"
cc=${CC:-cc}
fail=0
bad() { echo "FAIL: $*"; fail=1; }
"$cc" -O0 -shared -fPIC -o libvals.so "$TOP/tests/lttrace/values-lib.c" || exit 1
"$cc" -O0 -o values "$TOP/tests/lttrace/values.c" -L. -lvals -lm -Wl,-rpath,"$PWD" || exit 1
./values >expected || bad "the program failed untraced"
for be in ptrace bpf; do
	opt=(); [ $be = bpf ] && opt=(--bpf)
	run_checked timeout 60 "$LTTRACE" "${opt[@]}" -F "$TOP/tests/lttrace/values.conf" \
		-e "$(./values list)" -o $be.log ./values >/dev/null || bad "$be: exit status $?"
	diff -u expected $be.log || bad "$be: the lines differ from what the program did"
done
echo "values.c: $(wc -l <expected) lines, ptrace = --bpf = what the program did"
exit $fail
