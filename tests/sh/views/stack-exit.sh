#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# -k where strace prints stacks outside a plain syscall line: after "--- SIGUSR1 ... ---", after
# an execve (the stack of its caller, unwound at entry) and after "+++ exited with 0 +++" (the
# exit_group's, unwound at entry).  Compared with strace 6.1 once pids and the environment
# address are masked.
set -u
. "$TOP/tests/lib.sh"
fail=0
${CC:-cc} -g -O0 -o se "$TOP/tests/sh/views/stack-exit.c" || exit 1
mask() { sed -E 's/\b[0-9]{3,}\b/PID/g; s/0x7ff[0-9a-f]+ \/\*/ENV \/*/'; }
for arg in plain exec; do
	strace -o "$arg.strace" -k -e trace=kill,execve,exit_group ./se $arg >/dev/null
	run_checked "$STTRACE" -o "$arg.sttrace" -k -e trace=kill,execve,exit_group ./se $arg >/dev/null
	if diff -u <(mask <"$arg.strace") <(mask <"$arg.sttrace") >"$arg.diff"; then
		echo "ok   $arg: $(grep -c '^ > ' "$arg.sttrace") stack lines as strace's"
	else
		echo "FAIL: $arg: sttrace -k differs from strace -k:"; cat "$arg.diff"; fail=1
	fi
	grep -A1 '^+++ exited with 0 +++' "$arg.sttrace" | grep -q '^ > .*_exit' ||
		{ echo "FAIL: $arg: no exit_group stack after the exit line"; fail=1; }
done
exit $fail
