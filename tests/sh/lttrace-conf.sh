#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# lttrace -F FILE as ltrace 0.7.3's ltrace.main/parameters2.exp checks it, under ptrace, or
# under --bpf when the first argument is --bpf: tests/lttrace/conf.c writes a .conf file with
# bad lines (each must go into the trace as `FILE:LINE: error: ...`, lttrace going on with the
# good lines and exiting 0) and bit vectors (`bitvec(uint)`, `bitvec(array(char, 32)*)`
# printed `<8-15,255>`), and prints the lines lttrace must write.  The program's output and
# status are checked against an untraced run.
set -u
. "$TOP/tests/lib.sh"
lt_backend "$@"
"${CC:-cc}" -O0 -g -o conf "$TOP/tests/lttrace/conf.c" || exit 1
./conf conf >conf.conf || exit 1
# (A bad line of a -F file is no reason to stop: exit status 0.)
lt_described "-F conf.conf" -L -x 'f_*' -F conf.conf ./conf || exit 1
echo "3 bad lines in the trace, $(grep -c '^f_' expected) calls with the good ones' prototypes"
