#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# -e inject=...:delay_exit= holds only the thread it hits, as strace's timer does (strace 7.2's
# delay test): four processes, each delayed 600 ms in one getppid at once, take about 600 ms
# under ptrace, not 2.4 s (the tracer sleeping in each delay held every other tracee: delay
# ran into its time limit).  ptrace only (--bpf holds each thread in the kernel already).
set -u
fail=0
${CC:-cc} -O1 -Wall -o dp "$TOP/tests/sh/sttrace/delay-parallel.c" || exit 1
start=$(date +%s%N)
"$STTRACE" -f -qq -e trace=getppid -e inject=getppid:delay_exit=600ms ./dp >/dev/null 2>d.err
rc=$?
ms=$((($(date +%s%N) - start) / 1000000))
echo "sttrace exit status $rc, $ms ms"
[ $rc = 0 ] || { cat d.err; fail=1; }
[ "$ms" -lt 1800 ] || { echo "FAIL: $ms ms: the delays were served one after another"; fail=1; }
exit $fail
