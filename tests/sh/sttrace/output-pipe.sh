#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# -o '|COMMAND' and -o '!COMMAND' (strace's): the trace goes to the command's standard input,
# both backends, and the command has finished when sttrace exits; a command that stops reading
# (head -1) ends neither sttrace nor the program; -ff with a pipe is refused.  And the exit of
# a call the filters left out asks nothing of the kernel (strace's get_regs test): sttrace
# traced by sttrace makes fewer ptrace calls with -e trace=none than with every call traced.
# With --interruptible=anywhere a blocking call's entry is written to -o at once; -o with a
# program implies -q.
set -u
. "$TOP/tests/lib.sh"
fail=0
bad() { echo "FAIL: $*"; fail=1; }
for be in --backend=ptrace --bpf; do
	"$STTRACE" $be -e trace=getppid -o plain.log sh -c 'true' || bad "$be: plain run"
	"$STTRACE" $be -e trace=getppid -o "|cat > piped.log" sh -c 'exit 3'
	rc=$?
	[ $rc = 3 ] || bad "$be -o '|cat': exit status $rc, want the program's 3"
	grep -q '^+++ exited with 3 +++$' piped.log || bad "$be -o '|cat': trace not there: $(cat piped.log)"
	"$STTRACE" $be -o '!wc -l > count' true || bad "$be -o '!wc': exit status $?"
	[ "$(cat count 2>/dev/null)" -gt 3 ] 2>/dev/null || bad "$be -o '!wc -l': $(cat count 2>&1)"
	run_checked "$STTRACE" $be -o '|head -1 > first' seq 1 2000 >seq.out 2>seq.err ||
		bad "$be -o '|head -1': exit status $?: $(head -2 seq.err)"
	[ "$(wc -l <seq.out)" = 2000 ] || bad "$be -o '|head -1': the program's output cut"
	grep -q '^execve(' first || bad "$be -o '|head -1': $(cat first)"
done
"$STTRACE" -ff -o '|cat' true >out 2>err
rc=$?
[ $rc = 1 ] && grep -q 'piping the output and -ff/--output-separately are mutually exclusive' err ||
	bad "-ff with a pipe: exit $rc, $(head -1 err)"

"${CC:-cc}" -O1 -o getppid-once -x c - <<'C' || exit 1
#include <unistd.h>
int main(void) { for (int i = 0; i < 50; i++) getppid(); return 0; }
C
for t in none all; do
	# (LeakSanitizer cannot run under ptrace: off for the traced sttrace of SANITIZE=1.)
	ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 \
	"$STTRACE" -qq -e trace=ptrace -o "|grep -c '^ptrace(PTRACE_GET_SYSCALL_INFO' > n.$t" -- \
		"$STTRACE" -o /dev/null -qq -e trace=$t ./getppid-once || bad "nested -e trace=$t"
done
[ "$(cat n.none)" -lt "$(cat n.all)" ] ||
	bad "filtered calls' exits fetched anyway: $(cat n.none) calls with trace=none, $(cat n.all) with all"

# -o FILE with a program implies -q, as strace's: no "Process N attached" on the terminal;
# --quiet= given says what is quiet instead.
"$STTRACE" -f -o q.log sh -c '/bin/true & wait' 2>q.err || bad "-o -f: exit status $?"
[ ! -s q.err ] || bad "-o FILE: said $(head -1 q.err)"
"$STTRACE" -f -o q.log --quiet=exit sh -c '/bin/true & wait' 2>q.err
grep -q 'Process [0-9]* attached' q.err || bad "-o FILE --quiet=exit: no attach message"

# --interruptible=anywhere: a signal ends sttrace where it stands, so a blocking call's entry
# is in the log at once (strace's strace-D tests kill the tracer so).
"$STTRACE" -o int.log --interruptible=anywhere -e trace=clock_nanosleep,nanosleep sleep 10 &
pid=$!
seen=0
for i in $(seq 1 30); do grep -q 'nanosleep(' int.log 2>/dev/null && { seen=1; break; }; sleep 0.1; done
kill -TERM $pid
wait $pid 2>/dev/null
[ $seen = 1 ] && grep -q 'nanosleep(' int.log ||
	bad "--interruptible=anywhere: the blocking call's entry not in the log while it blocks"
exit $fail
