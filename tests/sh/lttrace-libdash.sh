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
LTTRACE="$TOP/$B/bin/lttrace"
BE=()
if [ "${1:-}" = --bpf ]; then
	BE=(--bpf)
	if [ "$(id -u)" != 0 ]; then echo "--bpf needs root (CAP_BPF and CAP_PERFMON)"; exit 77; fi
fi
cc=${CC:-cc}
src=$TOP/tests/lttrace/libdash.c
fail=0
bad() { echo "FAIL: $*"; fail=1; }
"$cc" -O0 -g -shared -fpic -DLIB=1 -o liba-b.so "$src" &&
	"$cc" -O0 -g -shared -fpic -DLIB=2 -o liba+b.so "$src" &&
	"$cc" -O0 -g -o libdash "$src" ./liba-b.so ./liba+b.so -Wl,-rpath,"$PWD" || exit 1
printf 'int ab_twice(int);\nint ab_thrice(int);\n' >ab.conf
for lib in liba-b.so 'liba?b.so'; do
	arg=()
	[ "$lib" = liba-b.so ] || arg=(both)
	run_checked timeout 60 "$LTTRACE" "${BE[@]}" -F ab.conf "-l$lib" -o log ./libdash "${arg[@]}" >expected ||
		{ bad "-l $lib: exit status"; continue; }
	echo "+++ exited (status 0) +++" >>expected
	diff -u expected <(sed -E 's/ +=/ =/' log) || bad "-l $lib: the lines differ from what the program did"
done
[ $fail = 0 ] && echo "-l liba-b.so, -l 'liba?b.so': the calls into those libraries, as the program said"
exit $fail
