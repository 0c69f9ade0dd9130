#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# --kill-on-exit and --seccomp-bpf as strace 7.2 (its kill-on-exit, filter_seccomp-exitkill):
# the program sttrace -D started (the tracer a grandchild, named by -d's "new tracer pid is N")
# dies with the tracer (-I2: killable; PTRACE_O_EXITKILL, which -d says works), even ignoring the SIGTERM
# the tracer got: killed by SIGKILL, it never prints TWO.  ptrace only.
set -u
fail=0
for opt in --kill-on-exit --seccomp-bpf; do
	rm -f killed out err
	"$STTRACE" -d -D -I2 -f -e trace=exit_group $opt sh -c \
		'trap "" TERM; echo ONE; i=0; while [ ! -e killed ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done; echo TWO' \
		>out 2>err &
	prog=$!
	for i in $(seq 50); do [ -s out ] && break; sleep 0.1; done
	tracer=$(sed -n 's/^[^:]*: new tracer pid is \([0-9]*\)$/\1/p' err)
	[ -n "$tracer" ] || { echo "FAIL $opt: no 'new tracer pid' line"; cat err; kill -9 $prog; fail=1; continue; }
	grep -q ': PTRACE_O_EXITKILL works$' err || { echo "FAIL $opt: no 'PTRACE_O_EXITKILL works' line"; fail=1; }
	kill "$tracer"
	for i in $(seq 50); do kill -0 "$tracer" 2>/dev/null || break; sleep 0.1; done
	touch killed
	wait $prog
	rc=$?
	echo "$opt: program exit status $rc, output: $(tr '\n' ' ' <out)"
	[ "$rc" = 137 ] || { echo "FAIL $opt: exit status $rc, not 137 (SIGKILL)"; fail=1; }
	[ "$(cat out)" = ONE ] || { echo "FAIL $opt: output not just ONE"; fail=1; }
done
exit $fail
