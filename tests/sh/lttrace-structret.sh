#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Structs of 9 to 16 bytes returned in registers (ltrace.main/parameters.exp, func_hfa_f3,
# func_hfa_d2; they printed `= ?`), under ptrace, or under --bpf when the first argument is
# --bpf: tests/lttrace/structret.c returns three floats (xmm0, xmm1), two doubles (xmm0,
# xmm1), a long and a double (rax, xmm0) and three ints (rax, rdx), and prints the lines
# lttrace must write.  The program's output and status are checked against an untraced run.
set -u
. "$TOP/tests/lib.sh"
lt_backend "$@"
"${CC:-cc}" -O0 -g -o structret "$TOP/tests/lttrace/structret.c" || exit 1
./structret conf >structret.conf || exit 1
lt_described "struct returns" -L -x 'r_*' -F structret.conf ./structret || exit 1
echo "4 structs returned in two registers, as the program said"
