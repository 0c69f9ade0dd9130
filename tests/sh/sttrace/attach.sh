#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# -p on a running loop, then SIGINT to sttrace: the loop is detached, not stopped, not traced,
# and runs on.  And SIGINT to sttrace running a program it started ends that program, as strace.
# Arguments (--bpf) go to every sttrace run.
set -u
extra=("$@")
loop="$TOP/$B/tests/trace/loop"
fail=0
"$loop" count &
lp=$!
sleep 0.2
"$STTRACE" "${extra[@]}" -o trace.log -e trace=getppid -p "$lp" 2>attach.err &
st=$!
# Until attached (the eBPF backend takes most of a second to load).
for i in $(seq 50); do grep -q attached attach.err 2>/dev/null && break; sleep 0.1; done
sleep 0.5
kill -INT $st
wait $st
echo "sttrace exit status: $?"
cat attach.err
grep -q "^getppid() *= $$\$" trace.log || { echo "FAIL: no getppid lines in the trace"; cat trace.log; fail=1; }
grep -q "Process $lp attached" attach.err || { echo "FAIL: no attach message"; fail=1; }
grep -q "Process $lp detached" attach.err || { echo "FAIL: no detach message"; fail=1; }
state=$(awk '{print $3}' /proc/$lp/stat)
tracer=$(awk '/^TracerPid:/ {print $2}' /proc/$lp/status)
[ "$tracer" = 0 ] || { echo "FAIL: still traced by $tracer"; fail=1; }
case $state in t|T) echo "FAIL: loop left stopped ($state)"; fail=1 ;; esac
c1=$(cat count); sleep 0.3; c2=$(cat count)
[ "$c2" -gt "$c1" ] || { echo "FAIL: loop does not run on ($c1 -> $c2)"; fail=1; }
echo "loop counter after detach: $c1 -> $c2, state $state, TracerPid $tracer"
kill $lp; wait $lp 2>/dev/null

# A spawned program gets the signal sttrace got (SIGTERM: a background shell job ignores SIGINT).
"$STTRACE" "${extra[@]}" -o spawn.log "$loop" count2 &
st=$!
for i in $(seq 50); do grep -q 'getppid()' spawn.log 2>/dev/null && break; sleep 0.1; done
sleep 0.2
kill -TERM $st
wait $st
rc=$?
sleep 0.2
if pgrep -f "$loop count2" >/dev/null; then echo "FAIL: spawned loop still running"; fail=1
	pkill -f "$loop count2"; fi
grep -q 'getppid()' spawn.log || { echo "FAIL: spawn.log has no trace"; fail=1; }
echo "spawned: sttrace exit status $rc; log ends: $(tail -1 spawn.log)"
exit $fail
