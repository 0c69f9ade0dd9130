#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# vfork under -f (ltrace.main/hello-vfork.exp, main-vfork.exp, ltrace.torture/vfork-thread.exp),
# under ptrace, or under --bpf when the first argument is --bpf: the child's return from vfork()
# shows under its pid, `<... vfork resumed> ) = 0`, then its calls, then the parent's return.
# tests/lttrace/vfork.c prints those lines; the trace's end and signal lines are left out of
# the comparison.  The program's output and status are checked against an untraced run.
set -u
. "$TOP/tests/lib.sh"
lt_backend "$@"
"${CC:-cc}" -O0 -o vfork "$TOP/tests/lttrace/vfork.c" || exit 1
run_checked timeout 60 "$LTTRACE" "${BE[@]}" -f -e vfork+getpid -o log ./vfork >expected ||
	{ echo "FAIL: exit status $?"; exit 1; }
diff -u expected <(grep -Ev '^[0-9]+ (\+\+\+|---) ' log | sed -E 's/ +=/ =/') ||
	{ echo "FAIL: the lines differ from what the program did"; exit 1; }
echo "vfork: the child's return and calls under its pid, then the parent's return"
