#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# The wait for the next stop polls (wait4 with WNOHANG) only when the tracer has a CPU to spare
# (common/spawn.c): pinned to one CPU (taskset, whose pin the tracees inherit), polling would
# only keep the tracee off the CPU it waits for.  sttrace runs pinned under strace (not -f:
# sttrace's tracees are not strace's), which counts its wait4 calls: none may poll, and the
# program (tests/bench/fork-exec.c: forks and execs, every stop of it a wait) must do what it
# does untraced.  Unpinned on a machine of two CPUs or more, it does poll, whatever the number of
# threads traced (tests/bench/threads.c: the main thread and four calling getppid, N calls in
# all), and a poll yields its CPU between two looks (sched_yield), so that a tracee resumed onto
# the tracer's CPU runs at once: the waits are looks (WNOHANG) but for a few.  Not while other
# programs take the CPU: with a busy loop pinned to each CPU, a program napping 20 us 1,500
# times (each of its waits a poll run to its end, yielding) loses time slices to the loops, and
# polling pauses: most of its waits sleep.  The waits are counted by sttrace --bpf, a
# kernel-side trace, which leaves the timing of the tracer it traces as it is.
set -u
. "$TOP/tests/lib.sh"
command -v strace >/dev/null || { echo "strace is not installed (make deps)"; exit 1; }
# Under strace, a sanitized sttrace (make SANITIZE=1) cannot look for leaks at its exit.
export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0
command -v taskset >/dev/null || { echo "taskset is not installed (util-linux)"; exit 1; }
cc -O2 -o fork-exec "$TOP/tests/bench/fork-exec.c" || exit 1
cc -O2 -pthread -o threads "$TOP/tests/bench/threads.c" || exit 1
cpu=$(taskset -pc $$ | sed 's/.*: *//; s/[-,].*//')
fail=0
run_checked taskset -c "$cpu" strace -o pinned.log -e trace=wait4 -e signal=none -- \
	"$STTRACE" -f -o trace.log "$PWD/fork-exec" 20 2>run.err || fail=1
n=$(grep -c 'WNOHANG' pinned.log)
echo "pinned to CPU $cpu: $n of $(grep -c '^wait4(' pinned.log) waits polled"
[ "$n" = 0 ] || { echo "FAIL: $n polling waits pinned to one CPU"; fail=1; }
if [ "$(nproc)" -gt 1 ]; then
	strace -o free.log -e trace=wait4 -e signal=none -- "$STTRACE" -f -o trace.log \
		"$PWD/fork-exec" 20 >/dev/null 2>&1
	echo "unpinned: $(grep -c WNOHANG free.log) of $(grep -c '^wait4(' free.log) waits polled"
fi
cat >naps.c <<'EOF'
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
int main(int argc, char **argv)
{
	long n = atol(argv[1]), i;
	struct timespec nap = { 0, 20000 };
	for (i = 0; i < n; i++)
		nanosleep(&nap, NULL);
	printf("%ld naps\n", i);
	return 0;
}
EOF
cc -O2 -o naps naps.c || exit 1
waits() { # $1: log name, then the command sttrace runs: its waits, sleeps and yields
	local log=$1
	shift
	"$STTRACE" --bpf -e trace=wait4,sched_yield -o "$log" -- "$STTRACE" "$@" 2>waits.err ||
		{ cat waits.err; fail=1; }
	all=$(grep -c '^wait4(-1,' "$log") y=$(grep -c '^sched_yield(' "$log")
	sleeps=$(grep '^wait4(-1,' "$log" | grep -vc WNOHANG)
}
waits threads.log -f -o threads.trace "$PWD/threads" 4000 >/dev/null
if [ "$(nproc)" -gt 1 ]; then
	echo "five threads: $sleeps of $all waits slept, $y yields"
	# Polling at (nearly) every stop; a sleep per stop would be more than half of the waits.
	[ "$sleeps" -le $((all / 8)) ] || { echo "FAIL: $sleeps sleeping waits of $all"; fail=1; }
	[ "$y" -gt 0 ] || { echo "FAIL: no sched_yield between two looks"; fail=1; }
	want=$(./naps 1500) || fail=1
	hogs=() cpus=()
	IFS=, read -ra parts <<<"$(awk '/^Cpus_allowed_list/ {print $2}' /proc/self/status)"
	for p in "${parts[@]}"; do # "0-1", "0,2-3": each CPU this test may run on
		for ((c = ${p%-*}; c <= ${p#*-}; c++)); do cpus+=("$c"); done
	done
	for c in "${cpus[@]}"; do
		taskset -c "$c" timeout 60 sh -c 'while :; do :; done' &
		hogs+=($!)
	done
	waits busy.log -o naps.trace ./naps 1500 >naps.out
	kill "${hogs[@]}" 2>/dev/null
	wait "${hogs[@]}" 2>/dev/null
	echo "naps, a busy loop pinned to each CPU: $sleeps of $all waits slept, $y yields"
	[ "$sleeps" -gt $((all / 2)) ] || { echo "FAIL: polling went on with every CPU busy"; fail=1; }
	[ "$(cat naps.out)" = "$want" ] || { echo "FAIL: naps printed $(cat naps.out), not $want"; fail=1; }
	[ "$(grep -c '^clock_nanosleep(' naps.trace)" = 1500 ] || { echo "FAIL: not 1500 naps traced"; fail=1; }
else
	[ "$sleeps" = "$all" ] || { echo "FAIL: $((all - sleeps)) polling waits on one CPU"; fail=1; }
fi
[ "$(grep -cE '^[0-9]+ +(getppid\(\)|<\.\.\. getppid resumed>\)) += [0-9]+$' \
	threads.trace)" = 4000 ] || { echo "FAIL: not 4000 getppid calls in the trace"; fail=1; }
[ "$(grep -c '^[0-9]* *execve("/bin/true"' trace.log)" = 20 ] ||
	{ echo "FAIL: not 20 execs of /bin/true in the trace"; fail=1; }
exit $fail
