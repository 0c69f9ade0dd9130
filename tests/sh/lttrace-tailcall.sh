#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Tail calls (ltrace.main/branch_func.exp), under ptrace, or under --bpf when the first
# argument is --bpf: tests/lttrace/tailcall.c, built with -O2, prints the lines lttrace -x
# 'tail_*' must write when tail_a jumps to tail_b and tail_b to tail_c (each shown, the open
# ones <unfinished ...>, one return closing them all); and with -e strcoll+strcmp, strcoll's
# jump to strcmp inside libc is one call.  No return is lost: as many resumed lines as
# unfinished ones.  The program's output and status are checked against an untraced run.
set -u
. "$TOP/tests/lib.sh"
LTTRACE="$TOP/$B/bin/lttrace"
BE=()
if [ "${1:-}" = --bpf ]; then
	BE=(--bpf)
	if [ "$(id -u)" != 0 ]; then echo "--bpf needs root (CAP_BPF and CAP_PERFMON)"; exit 77; fi
fi
fail=0
bad() { echo "FAIL: $*"; fail=1; }
"${CC:-cc}" -O2 -g -o tailcall "$TOP/tests/lttrace/tailcall.c" || exit 1
objdump -d tailcall | grep -A3 '<tail_a>:' | grep -q 'jmp' ||
	{ echo "FAIL: the compiler made no tail jump in tail_a"; exit 1; }
run_checked timeout 60 "$LTTRACE" "${BE[@]}" -L -x 'tail_*' -o log ./tailcall >expected ||
	bad "-x: exit status"
echo "+++ exited (status 0) +++" >>expected
diff -u expected <(sed -E 's/ +=/ =/' log) || bad "-x: the lines differ from what the program did"
[ "$(grep -c 'unfinished \.\.\.>$' log)" = "$(grep -c '^<\.\.\. .* resumed>' log)" ] ||
	bad "-x: a return lost (unfinished and resumed lines do not pair)"
LC_ALL=C run_checked timeout 60 "$LTTRACE" "${BE[@]}" -e strcoll+strcmp -o coll.log ./tailcall coll >expected.coll ||
	bad "-e: exit status"
echo "+++ exited (status 0) +++" >>expected.coll
diff -u expected.coll <(sed -E 's/ +=/ =/' coll.log) || bad "-e strcoll+strcmp: the lines differ"
[ $fail = 0 ] && echo "tail jumps: $(grep -c . log) lines as the program said; strcoll one call"
exit $fail
