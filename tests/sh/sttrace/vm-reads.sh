#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# What decoding an execve costs the tracer in reads of the tracee (common/proc.c's chunk
# cache): an argv of 60 strings of 100 bytes lies on three pages of the stack's top and the
# array of their pointers on another.  Read a pointer, then its string, then the next pointer:
# with one cached chunk every string evicted the array (two reads an argument, about 120); with
# two, about one read a page.  The tracer's own process_vm_readv calls are counted by strace
# (not -f: sttrace's tracee is not strace's); at most 20 pass.  The traced program (echo) must
# print what it prints untraced, and the trace must show the whole argv.
# Under --bpf, a path the kernel captured whole is decoded from the capture: `ls -l` of a
# directory (thousands of calls with a path) must not have sttrace open the tracee's
# /proc/PID/maps for them (it once did at every string, 7,190 times here: the read-only literal
# fallback was asked for the bytes after the NUL); at most 20 opens pass.
set -u
. "$TOP/tests/lib.sh"
command -v strace >/dev/null || { echo "strace is not installed (make deps)"; exit 1; }
# Under strace, a sanitized sttrace (make SANITIZE=1) cannot look for leaks at its exit.
export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0
args=()
for ((i = 0; i < 60; i++)); do args+=("$(printf "a%02d%097d" "$i" 0)"); done
fail=0
run_checked strace -o reads.log -e trace=process_vm_readv -e signal=none -- \
	"$STTRACE" -e trace=execve -s 200 -o trace.log /bin/echo "${args[@]}" >/dev/null || fail=1
n=$(grep -c '^process_vm_readv(' reads.log)
shown=$(grep -o '"a[0-9][0-9]0*"' trace.log | wc -l)
echo "execve of 60 arguments of 100 bytes: $n process_vm_readv calls, $shown arguments shown"
[ "$shown" = 60 ] || { echo "FAIL: the trace shows $shown of 60 arguments"; head -c 600 trace.log; fail=1; }
[ "$n" -le 20 ] || { echo "FAIL: $n reads of the tracee (at most 20)"; fail=1; }

# 32 strings each running over a page boundary, their pointers on a third page: one read a
# page (3), not one a string (33: with two cached chunks, each string evicted the array).
${CC:-cc} -O1 -Wall -o adj "$TOP/tests/sh/sttrace/vm-reads-adjacent.c" || exit 1
run_checked strace -o adj-reads.log -e trace=process_vm_readv -e signal=none -- \
	"$STTRACE" -e trace=writev -o adj.log ./adj >/dev/null || fail=1
n=$(grep -c '^process_vm_readv(' adj-reads.log)
echo "writev of 32 adjacent strings over a page boundary: $n process_vm_readv calls"
grep -q '^writev(-1, \[{iov_base="abcdef' adj.log || { echo "FAIL: no writev line"; head -c 300 adj.log; fail=1; }
[ "$n" -le 4 ] || { echo "FAIL: $n reads of the tracee (at most 4)"; fail=1; }

run_checked strace -o maps.log -e trace=openat -e signal=none -- \
	"$STTRACE" --bpf -o bpf.log ls -l "$TOP/tests/trace" >/dev/null || fail=1
n=$(grep -c '/proc/[0-9]*/maps' maps.log)
calls=$(grep -c '^[a-z]' bpf.log)
echo "--bpf ls -l: $calls calls traced, /proc/PID/maps opened $n times"
[ "$calls" -gt 200 ] || { echo "FAIL: only $calls calls traced"; fail=1; }
[ "$n" -le 20 ] || { echo "FAIL: /proc/PID/maps opened $n times (at most 20)"; fail=1; }
exit $fail
