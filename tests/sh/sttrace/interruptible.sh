#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# -I/--interruptible: SIGTERM to sttrace tracing a program
#   -I never (3), -I never_tstp (4): ignored, the trace goes on until the program ends;
#   -I anywhere (1): sttrace dies of it at once (143);
#   -I waiting (2): it ends the run and dies of it (143), as without -I;
# the same with strace for what the kernel decides (never: alive; the others: 143).
# Arguments (--bpf) go to every sttrace run.
set -u
extra=("$@")
loop="$TOP/$B/tests/trace/loop"
fail=0
bad() { echo "FAIL: $*"; fail=1; }

# TRACER ARGS...: start it on the loop, SIGTERM it once the trace runs; "alive" if it is still
# there half a second later (the loop is then ended), else its exit status.
term_after_start() {
	rm -f count log
	"$@" -e trace=getppid -o log "$loop" count 2>/dev/null &
	local st=$! child rc
	for i in $(seq 100); do grep -q '^getppid' log 2>/dev/null && break; sleep 0.1; done
	child=$(cat /proc/$st/task/$st/children 2>/dev/null | awk '{print $1}')
	kill -TERM $st
	sleep 0.5
	if kill -0 $st 2>/dev/null; then
		echo alive
		[ -n "$child" ] && kill -KILL "$child"
		wait $st
		return
	fi
	wait $st
	rc=$?
	echo $rc
	[ -n "$child" ] && kill -KILL "$child" 2>/dev/null
}

for mode in never:alive 4:alive never_tstp:alive anywhere:143 1:143 waiting:143; do
	got=$(term_after_start "$STTRACE" "${extra[@]}" -I "${mode%%:*}")
	[ "$got" = "${mode#*:}" ] || bad "-I ${mode%%:*}: $got, want ${mode#*:}"
	echo "-I ${mode%%:*}: $got"
	if [ ${#extra[@]} = 0 ] && command -v strace >/dev/null; then
		s=$(term_after_start strace -I "${mode%%:*}")
		[ "$s" = "$got" ] || bad "-I ${mode%%:*}: strace $s, sttrace $got"
	fi
done
got=$(term_after_start "$STTRACE" "${extra[@]}" --interruptible=never)
[ "$got" = alive ] || bad "--interruptible=never: $got"
exit $fail
