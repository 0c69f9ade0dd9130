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
LTTRACE="$TOP/$B/bin/lttrace"
BE=()
if [ "${1:-}" = --bpf ]; then
	BE=(--bpf)
	if [ "$(id -u)" != 0 ]; then echo "--bpf needs root (CAP_BPF and CAP_PERFMON)"; exit 77; fi
fi
cc=${CC:-cc}
src=$TOP/tests/lttrace/libdash.c
"$cc" -O0 -g -shared -fpic -DLIB=1 -o liba-b.so "$src" &&
	"$cc" -O0 -g -shared -fpic -DLIB=2 -o liba+b.so "$src" &&
	"$cc" -O0 -g -o libdash "$src" ./liba-b.so ./liba+b.so -Wl,-rpath,"$PWD" || exit 1
printf 'int ab_twice(int);\nint ab_thrice(int);\n' >ab.conf
run_checked timeout 60 "$LTTRACE" "${BE[@]}" -F ab.conf -e ab_twice -x ab_twice -o log ./libdash ex >expected ||
	{ echo "FAIL: exit status"; exit 1; }
echo "+++ exited (status 0) +++" >>expected
diff -u expected <(sed -E 's/ +=/ =/' log) || { echo "FAIL: the lines differ from what the program did"; exit 1; }
echo "-e ab_twice -x ab_twice: the call and the entry, as the program said"
