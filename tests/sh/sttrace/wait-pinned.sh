#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# The wait for the next stop polls (wait4 with WNOHANG) only when the tracer has a CPU to spare
# (common/spawn.c): pinned to one CPU (taskset, whose pin the tracees inherit), polling would
# only keep the tracee off the CPU it waits for.  sttrace runs pinned under strace (not -f:
# sttrace's tracees are not strace's), which counts its wait4 calls: none may poll, and the
# program (tests/bench/fork-exec.c: forks and execs, every stop of it a wait) must do what it
# does untraced.  Unpinned on a machine of two CPUs or more, it does poll (the test can fail).
# Nor with as many traced threads as CPUs (tests/bench/threads.c: the main thread and four
# calling getppid, N calls in all): of its 2N+ waits, only those of the stops made while one
# thread was traced (the loader's, the exit's: about 150 stops) may poll, on any machine.
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
strace -o threads.log -e trace=wait4 -e signal=none -- "$STTRACE" -f -o threads.trace \
	"$PWD/threads" 2000 >/dev/null 2>threads.err || { cat threads.err; fail=1; }
n=$(grep -c 'WNOHANG' threads.log) all=$(grep -c '^wait4(' threads.log)
echo "five threads: $n of $all waits polled"
# A poll is one or more WNOHANG waits: a quarter of the 4,000+ waits leaves room for
# several per single-thread stop; polling at every stop would be one or more each.
[ "$n" -le $((all / 4)) ] || { echo "FAIL: $n polling waits with five threads traced"; fail=1; }
[ "$(grep -cE '^[0-9]+ +(getppid\(\)|<\.\.\. getppid resumed>\)) += [0-9]+$' \
	threads.trace)" = 2000 ] || { echo "FAIL: not 2000 getppid calls in the trace"; fail=1; }
[ "$(grep -c '^[0-9]* *execve("/bin/true"' trace.log)" = 20 ] ||
	{ echo "FAIL: not 20 execs of /bin/true in the trace"; fail=1; }
exit $fail
