#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# The tracer killed (SIGKILL) while its seccomp prefilter is in the program: the filter outlives
# the tracer, and every call it selects (execve always) would fail with ENOSYS from then on, the
# program running on wrong.  So (strace-lite/ptrace/seccomp.c):
#  - sttrace -f (the default filter) and --seccomp-bpf: the program dies with the tracer
#    (PTRACE_O_EXITKILL, strace 6.6's rule for --seccomp-bpf): its output stops at ONE (before
#    this, it printed "TWO 2": /bin/true's exec failed);
#  - probes (-e uprobe=): no default filter, the guard puts the breakpoints back and the program
#    runs on as untraced: it execs /bin/true after the kill and prints "TWO 0".
# ptrace only.
set -u
fail=0
prog='echo $$ >pid; echo ONE; i=0; while [ ! -e killed ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done; /bin/true; echo TWO $?'
run() { # want-output sttrace-options...
	local want_out=$1
	shift
	rm -f killed out pid
	"$STTRACE" -o /dev/null "$@" sh -c "$prog" >out 2>err &
	local tracer=$!
	for i in $(seq 50); do [ -s out ] && break; sleep 0.1; done
	sleep 0.3
	kill -9 "$tracer"
	wait "$tracer" 2>/dev/null
	touch killed
	# The program is the tracer's child: with the tracer gone it is re-parented; wait for it
	# by its output or its death.
	local pid
	pid=$(cat pid 2>/dev/null)
	for i in $(seq 100); do [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
	local got
	got=$(tr '\n' ' ' <out)
	echo "$*: output: $got"
	[ "$got" = "$want_out" ] || { echo "FAIL $*: output '$got', want '$want_out'"; cat err; fail=1; }
}
run "ONE " -f -e trace=getppid
run "ONE " --seccomp-bpf -f -e trace=getppid
run "ONE TWO 0 " -e trace=none -e 'uprobe=malloc@libc.so.6'
run "ONE TWO 0 " -f -e trace=getppid -e 'uprobe=malloc@libc.so.6'
exit $fail
