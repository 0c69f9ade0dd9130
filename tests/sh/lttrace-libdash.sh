#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# lttrace -l LIB with a '-' or '+' in LIB (ltrace.main/main-vfork.exp, main-threaded.exp), under
# ptrace, or under --bpf when the first argument is --bpf: tests/lttrace/libdash.c, a program
# and its two libraries liba-b.so and liba+b.so, prints the lines lttrace must write for -l
# liba-b.so, and for -l 'liba?b.so' (both).  The program's output and status are checked
# against an untraced run.
set -u
. "$TOP/tests/lib.sh"
lt_backend "$@"
cc=${CC:-cc}
src=$TOP/tests/lttrace/libdash.c
fail=0
"$cc" -O0 -g -shared -fpic -DLIB=1 -o liba-b.so "$src" &&
	"$cc" -O0 -g -shared -fpic -DLIB=2 -o liba+b.so "$src" &&
	"$cc" -O0 -g -o libdash "$src" ./liba-b.so ./liba+b.so -Wl,-rpath,"$PWD" || exit 1
printf 'int ab_twice(int);\nint ab_thrice(int);\n' >ab.conf
for lib in liba-b.so 'liba?b.so'; do
	arg=()
	[ "$lib" = liba-b.so ] || arg=(both)
	lt_described "-l $lib" -F ab.conf "-l$lib" ./libdash "${arg[@]}" || fail=1
done
[ $fail = 0 ] && echo "-l liba-b.so, -l 'liba?b.so': the calls into those libraries, as the program said"
exit $fail
