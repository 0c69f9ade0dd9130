#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# A call selected by -e and by -x both (ltrace.main/filters.exp, -e func1 -x func1), under
# ptrace, or under --bpf when the first argument is --bpf: ltrace shows it twice, from its
# breakpoints at the PLT and at the entry: `prog->f(... <unfinished ...>`, `f@lib(...) = r`,
# `<... f resumed> ) = r`.  tests/lttrace/libdash.c (`./libdash ex`) prints those lines.  The
# program's output and status are checked against an untraced run.
set -u
. "$TOP/tests/lib.sh"
lt_backend "$@"
cc=${CC:-cc}
src=$TOP/tests/lttrace/libdash.c
"$cc" -O0 -g -shared -fpic -DLIB=1 -o liba-b.so "$src" &&
	"$cc" -O0 -g -shared -fpic -DLIB=2 -o liba+b.so "$src" &&
	"$cc" -O0 -g -o libdash "$src" ./liba-b.so ./liba+b.so -Wl,-rpath,"$PWD" || exit 1
printf 'int ab_twice(int);\nint ab_thrice(int);\n' >ab.conf
lt_described "-e ab_twice -x ab_twice" -F ab.conf -e ab_twice -x ab_twice ./libdash ex || exit 1
echo "-e ab_twice -x ab_twice: the call and the entry, as the program said"
