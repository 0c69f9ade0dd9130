#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# -p PID together with a program (strace's attach-p-cmd): the program is reaped as soon as it
# exits (no zombie while the other process is still traced), its exit line printed then, and
# sttrace exits with its status once the other is gone; output and status as untraced.  And -p
# on a process already stopped (kill -STOP) starts with "--- stopped by SIGSTOP ---", as strace.
# Arguments (--bpf) go to every sttrace run.
set -u
extra=("$@")
loop="$TOP/$B/tests/trace/loop"
fail=0
bad() { echo "FAIL: $*"; fail=1; }
waitfor() { # file pattern: until the pattern is in the file (a bound, not a timing)
	local i
	for i in $(seq 200); do grep -q -- "$2" "$1" 2>/dev/null && return 0; sleep 0.05; done
	return 1
}
cmd=(sh -c 'echo hello; exit 3')
"${cmd[@]}" >untraced.out
urc=$?

# 1. -p LOOP PROG: PROG reaped at its exit while LOOP is traced on.
"$loop" count &
lp=$!
"$STTRACE" "${extra[@]}" -e trace=none -p $lp "${cmd[@]}" >traced.out 2>reap.err &
st=$!
waitfor reap.err '+++ exited with' || bad "no exit line for the program"
child=$(sed -n 's/^\[pid *\([0-9]*\)\] +++ exited with .*/\1/p' reap.err)
state=gone
for i in $(seq 200); do
	state=$(awk '{print $3}' /proc/$child/stat 2>/dev/null) || { state=gone; break; }
	[ "$state" = Z ] || break
	sleep 0.05
done
[ "$state" = Z ] && bad "the program ($child) stays a zombie while $lp is traced"
kill -0 $st 2>/dev/null || bad "sttrace ended before the traced process"
kill -TERM $lp
wait $st
rc=$?
wait $lp 2>/dev/null
cat reap.err
[ $rc = $urc ] || bad "sttrace exits $rc, the program untraced $urc"
cmp -s untraced.out traced.out || { bad "the program's output differs"; diff untraced.out traced.out; }
grep -q "^\[pid *$child\] +++ exited with $urc +++\$" reap.err || bad "exit line of $child"
echo "-p $lp + program: program $child, its state after its exit line: $state; exit status $rc (untraced $urc)"

# 2. -p on a stopped process: the stop is said first; SIGCONT shows; it runs on after.
check_stopped() { # name tool...
	local name=$1 lp st rc; shift
	"$loop" count2 &
	lp=$!
	waitfor count2 .
	kill -STOP $lp
	for i in $(seq 100); do [ "$(awk '{print $3}' /proc/$lp/stat)" = T ] && break; sleep 0.05; done
	"$@" -e trace=none -p $lp 2>"$name.err" &
	st=$!
	waitfor "$name.err" attached || bad "$name: not attached"
	waitfor "$name.err" 'stopped by' || bad "$name: no 'stopped by' line"
	kill -CONT $lp
	waitfor "$name.err" SIGCONT || bad "$name: no SIGCONT line"
	kill -INT $st
	wait $st
	rc=$?
	[ $rc = 130 ] || bad "$name: exit status $rc after SIGINT, not 130"
	kill -0 $lp 2>/dev/null || bad "$name: the process does not run on"
	kill $lp
	wait $lp 2>/dev/null
	sed -E -e 's/^strace: /sttrace: /' -e "s|^$STTRACE: |sttrace: |" -e 's/si_uid=[0-9]+/si_uid=U/' -e 's/[0-9]{3,}/N/g' "$name.err" >"$name.norm"
}
check_stopped sttrace "$STTRACE" "${extra[@]}"
printf '%s\n' "sttrace: Process N attached" "--- stopped by SIGSTOP ---" \
	"--- SIGCONT {si_signo=SIGCONT, si_code=SI_USER, si_pid=N, si_uid=U} ---" \
	"sttrace: Process N detached" >want.norm
diff -u want.norm sttrace.norm || bad "-p on a stopped process"
if [ ${#extra[@]} = 0 ] && command -v strace >/dev/null; then
	check_stopped strace strace
	diff -u strace.norm sttrace.norm || bad "-p on a stopped process: not as strace"
	echo "-p on a stopped process: as strace"
fi
cat sttrace.err
exit $fail
