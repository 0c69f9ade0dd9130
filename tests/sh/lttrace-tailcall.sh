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
lt_backend "$@"
fail=0
bad() { echo "FAIL: $*"; fail=1; }
"${CC:-cc}" -O2 -g -o tailcall "$TOP/tests/lttrace/tailcall.c" || exit 1
objdump -d tailcall | grep -A3 '<tail_a>:' | grep -q 'jmp' ||
	{ echo "FAIL: the compiler made no tail jump in tail_a"; exit 1; }
lt_described "-x 'tail_*'" -L -x 'tail_*' ./tailcall || fail=1
[ "$(grep -c 'unfinished \.\.\.>$' log)" = "$(grep -c '^<\.\.\. .* resumed>' log)" ] ||
	bad "-x: a return lost (unfinished and resumed lines do not pair)"
n=$(grep -c . log)
LC_ALL=C lt_described "-e strcoll+strcmp" -e strcoll+strcmp ./tailcall coll || fail=1
[ $fail = 0 ] && echo "tail jumps: $n lines as the program said; strcoll one call"
exit $fail
