#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# sttrace's exit status is the traced process's, and a fatal signal ends sttrace as it ends
# strace (the shell sees 128 + SIGNAL):
# 1. a leader that leaves first with exit(42) while a thread goes on (execs, calls exit_group(3),
#    or exits last with 7: tests/trace/engine/thread-exit.c), with and without -f: the same output and
#    status as untraced, and the program's lines in the trace (strace's);
# 2. a program killed by SIGTERM: "--- SIGTERM {...} ---" before "+++ killed by SIGTERM +++"
#    (under --bpf too, where the kernel kills at once), sttrace dies of it too;
# 3. SIGTERM to sttrace running a program: it dies of SIGTERM (143) after ending the program,
#    saying "Process N detached" and closing the open line with " <detached ...>" as strace;
# 4. SIGTERM to sttrace -p: it dies of SIGTERM, the process runs on;
# 5. -b execve: the program detached at its second exec, its exit status is not sttrace's (0,
#    as strace: strace's bexecve).
# Arguments (--bpf) go to every sttrace run.
set -u
extra=("$@")
prog="$TOP/$B/tests/trace/thread-exit"
loop="$TOP/$B/tests/trace/loop"
fail=0
bad() { echo "FAIL: $*"; fail=1; }
# Thread ids differ from run to run; nothing else the program prints has 3 digits or more.
nopids() { sed -E 's/[0-9]{3,}/N/g' "$1"; }

for mode in exec group last; do
	for f in - f; do
		"$prog" $mode $f >u.out 2>u.err
		urc=$?
		ff=(); [ $f = f ] && ff=(-f)
		"$STTRACE" "${extra[@]}" "${ff[@]}" -a0 -e trace=none -e signal=none -o t.log \
			"$prog" $mode $f >t.out 2>t.err
		rc=$?
		[ $rc = $urc ] || bad "$mode ${ff[*]}: sttrace exits $rc, the program untraced $urc"
		[ "$(nopids u.out)" = "$(nopids t.out)" ] ||
			{ bad "$mode ${ff[*]}: output differs from untraced"; diff u.out t.out; }
		diff -u t.out t.log >t.diff || { bad "$mode ${ff[*]}: trace"; cat t.diff t.err; }
		echo "leader exit(42), then $mode ${ff[*]}: exit status $rc (untraced $urc)"
	done
done

# 2. A program killed by a signal: its delivery shows before "+++ killed by", and sttrace dies
# of the same signal (under --bpf the kernel kills at once, with no delivery to see).
sh -c 'kill -TERM $$'
urc=$?
"$STTRACE" "${extra[@]}" -o killed.log -e trace=none sh -c 'kill -TERM $$'
rc=$?
[ $rc = $urc ] || bad "killed by SIGTERM: sttrace exits $rc, the program untraced $urc"
printf '%s\n' "--- SIGTERM {si_signo=SIGTERM, si_code=SI_USER, si_pid=N, si_uid=N} ---" \
	"+++ killed by SIGTERM +++" >killed.want
sed -E 's/=[0-9]+/=N/g' killed.log | diff -u killed.want - || bad "killed by SIGTERM: trace"
echo "killed by SIGTERM: exit status $rc (untraced $urc), $(tr '\n' '|' <killed.log)"

# 3. A spawned program, SIGTERM to sttrace.
term_spawned() { # tool: prints "RC" then the tool's stderr
	rm -f count
	"$@" -e trace=nanosleep,clock_nanosleep "$loop" count 2>spawn.err &
	local st=$! child i
	for i in $(seq 100); do [ -s count ] && break; sleep 0.1; done
	child=$(pgrep -P $st)
	kill -TERM $st
	wait $st
	echo "$? $child"
}
read -r rc child < <(term_spawned "$STTRACE" "${extra[@]}")
[ "$rc" = 143 ] || bad "SIGTERM to sttrace PROG: exit status $rc, not 143"
grep -q "$STTRACE: Process $child detached\$" spawn.err || { bad "no 'Process $child detached'"; tail -3 spawn.err; }
grep -q '<unfinished ...>' spawn.err && bad "an open line closed with <unfinished ...>, not <detached ...>"
# Detached in a call: its line goes on with the message and is closed on the next line.
if grep -q ". $STTRACE: Process $child detached\$" spawn.err && [ "$(tail -1 spawn.err)" != " <detached ...>" ]; then
	bad "the open line is not closed with ' <detached ...>'"; tail -2 spawn.err
fi
for i in $(seq 100); do kill -0 "$child" 2>/dev/null || break; sleep 0.1; done
kill -0 "$child" 2>/dev/null && { bad "the program runs on after sttrace's SIGTERM"; kill "$child"; }
echo "SIGTERM to sttrace PROG: exit status $rc; stderr ends: $(tail -2 spawn.err | tr '\n' '|')"
if [ ${#extra[@]} = 0 ] && command -v strace >/dev/null; then
	read -r src schild < <(term_spawned strace)
	[ "$src" = "$rc" ] || bad "strace exits $src, sttrace $rc"
	for i in $(seq 100); do kill -0 "$schild" 2>/dev/null || break; sleep 0.1; done
	echo "strace, the same: exit status $src"
fi

# 4. -p, SIGTERM to sttrace: it dies of it, the process runs on.
rm -f count
"$loop" count &
lp=$!
"$STTRACE" "${extra[@]}" -e trace=getppid -p $lp 2>attach.err &
st=$!
for i in $(seq 100); do grep -q '^getppid' attach.err && break; sleep 0.1; done
kill -TERM $st
wait $st
rc=$?
[ "$rc" = 143 ] || bad "SIGTERM to sttrace -p: exit status $rc, not 143"
grep -q "$STTRACE: Process $lp detached\$" attach.err || { bad "-p: no 'Process $lp detached'"; tail -3 attach.err; }
kill -0 $lp 2>/dev/null || bad "-p: the process did not run on"
kill $lp
wait $lp 2>/dev/null
echo "SIGTERM to sttrace -p: exit status $rc"

# 5. -b execve: detached from the program at its second exec (the shell's exec), which then
# exits with 3: sttrace exits 0.
"$STTRACE" "${extra[@]}" -b execve -e trace=none sh -c 'exec sh -c "exit 3"' 2>bexec.err
rc=$?
[ "$rc" = 0 ] || bad "-b execve: exit status $rc, not 0 (the detached program's?)"
grep -q "^$STTRACE: Process [0-9]* detached\$" bexec.err || { bad "-b execve: no 'detached'"; cat bexec.err; }
echo "-b execve, the detached program exits 3: exit status $rc"
exit $fail
