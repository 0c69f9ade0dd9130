#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Bad input gets one clear "sttrace: ..." line and a non-zero exit, as strace does.  The line
# begins with the name sttrace was run by (argv[0], as strace's do): "sttrace: " from $PATH,
# "$STTRACE: " here; in the patterns below, "^sttrace: " stands for that.
set -u
fail=0
expect() { # description, expected stderr regex, command...
	local what=$1 re=${2/#^sttrace: /^$STTRACE: }; shift 2
	"$@" >cmd.out 2>cmd.err
	local rc=$?
	if [ $rc = 0 ]; then echo "FAIL ($what): exit status 0"; fail=1; return; fi
	if ! head -1 cmd.err | grep -Eq "$re"; then
		echo "FAIL ($what): stderr was:"; cat cmd.err; fail=1; return
	fi
	echo "ok ($what): rc=$rc: $(head -1 cmd.err)"
}
expect "unknown syscall" "^sttrace: invalid system call 'nosuchcall'$" \
	"$STTRACE" -e trace=nosuchcall true
expect "unknown class" "^sttrace: invalid system call '%nosuch'$" "$STTRACE" -e trace=%nosuch true
expect "missing program" "^sttrace: Cannot find executable 'no-such-program'$" \
	"$STTRACE" no-such-program
expect "missing program path" "^sttrace: Cannot stat './no-such-program': No such file or directory$" \
	"$STTRACE" ./no-such-program
expect "PATH of no program" "^sttrace: Cannot find executable '.'$" env PATH=. "$STTRACE" .
expect "gone pid" "^sttrace: attach: ptrace\(PTRACE_SEIZE, 4194300\): No such process$" \
	"$STTRACE" -p 4194300
expect "bad pid" "^sttrace: Invalid process id: 'abc'$" "$STTRACE" -p abc
expect "unwritable -o" "^sttrace: Can't fopen '/nonexistent/dir/log': No such file or directory$" \
	"$STTRACE" -o /nonexistent/dir/log true
expect "bad -s" "^sttrace: invalid -s argument: 'x'$" "$STTRACE" -s x true
expect "bad -X" "^sttrace: invalid -X argument: 'fancy'$" "$STTRACE" -X fancy true
expect "bad -e status" "^sttrace: invalid status 'maybe'$" "$STTRACE" -e status=maybe true
expect "bad signal" "^sttrace: invalid signal 'SIGNOPE'$" "$STTRACE" -e signal=SIGNOPE true
expect "unknown option" "^sttrace: invalid option -- 'Q'$" "$STTRACE" -Q true
expect "no program" "^sttrace: must have PROG \[ARGS\] or -p PID$" "$STTRACE"
expect "bad sortby" "^sttrace: invalid sortby: 'size'$" "$STTRACE" -c -S size true
expect "bad decode-pids" "^sttrace: invalid decode-pids 'name'$" "$STTRACE" --decode-pids=name true
expect "bad decode-fds" "^sttrace: invalid decode-fds 'file'$" "$STTRACE" -e decode-fds=path,file true
expect "bad inject delay" "^sttrace: invalid inject argument 'getpid:delay_enter=1h'$" \
	"$STTRACE" --inject=getpid:delay_enter=1h true
expect "bad inject poke" "^sttrace: invalid inject argument 'read:poke_enter=@arg2=abc'$" \
	"$STTRACE" -e inject=read:poke_enter=@arg2=abc true
expect "impure syscall=" "^sttrace: invalid inject argument 'getpid:syscall=write:retval=1'$" \
	"$STTRACE" -e inject=getpid:syscall=write:retval=1 true
expect "bad -I" "^sttrace: invalid -I argument: '5'$" "$STTRACE" -I 5 true
expect "bad --interruptible" "^sttrace: invalid --interruptible argument: 'sometimes'$" \
	"$STTRACE" --interruptible=sometimes true
expect "bad --string-limit" "^sttrace: invalid --string-limit argument: 'x'$" \
	"$STTRACE" --string-limit=x true
expect "unknown -u user" "^sttrace: Cannot find user 'no-such-user-here'$" "$STTRACE" -u no-such-user-here true
expect "bad -b" "^sttrace: Syscall 'execveat' for -b isn't supported$" "$STTRACE" -b execveat true
expect "bad -O" "^sttrace: invalid -O argument: '1h'$" "$STTRACE" -c -O 1h true
expect "bad --tips" "^sttrace: invalid --tips argument: 'id:format'$" "$STTRACE" --tips=id:format true
expect "bad --tips id" "^sttrace: invalid --tips argument: '2147483648'$" "$STTRACE" --tips=2147483648 true
expect "good --tips" "^sttrace: must have PROG \[ARGS\] or -p PID$" "$STTRACE" --tips=id:random,23,format:full
expect "--secontext" \
	"^sttrace: SELinux context printing \(--secontext option\) is not supported by this build of strace$" \
	"$STTRACE" --secontext=full true
expect "-c with -C" "^sttrace: -c/--summary-only and -C/--summary are mutually exclusive$" \
	"$STTRACE" -C -c true
expect "-c with -ff" \
	"^sttrace: \(-c/--summary-only or -C/--summary\) and -ff/--output-separately are mutually exclusive$" \
	"$STTRACE" -c -ff true
expect "-w without -c" \
	"^sttrace: -w/--summary-wall-clock must be given with \(-c/--summary-only or -C/--summary\)$" \
	"$STTRACE" -w true
expect "-U without -c" \
	"^sttrace: -U/--summary-columns must be given with \(-c/--summary-only or -C/--summary\)$" \
	"$STTRACE" -U name,calls true
expect "-U twice" "^sttrace: call summary column has been provided more than once: 'count' \(-U option residual: 'count'\)$" \
	"$STTRACE" -c -U calls,count true
expect "-U unknown" "^sttrace: unknown column name: 'size'$" "$STTRACE" -c -U name,size,calls true
expect "-q with --quiet" "^sttrace: -q and -e quiet/--quiet cannot be provided simultaneously$" \
	"$STTRACE" -q --quiet true
expect "-y with --decode-fds" "^sttrace: -y and --decode-fds cannot be provided simultaneously$" \
	"$STTRACE" --decode-fds=none -y true
expect "-x with --strings-in-hex" "^sttrace: -x and --strings-in-hex cannot be provided simultaneously$" \
	"$STTRACE" --strings-in-hex -x true
expect "-f with --follow-forks" "^sttrace: -f and --follow-forks cannot be provided simultaneously$" \
	"$STTRACE" -f --follow-forks true
expect "-s too big" "^sttrace: invalid -s argument: '1073741824'$" "$STTRACE" -s 1073741824 true
expect "-P said after the program check" "^sttrace: must have PROG \[ARGS\] or -p PID$" "$STTRACE" -P /.
# What -e and -p refuse is said in one line, without the hint at -h (as strace).
for args in "-e trace=nosuchcall" "--decode-pids=x" "-e inject=getpid" "-p abc"; do
	# shellcheck disable=SC2086
	"$STTRACE" $args true 2>cmd.err
	[ "$(wc -l <cmd.err)" = 1 ] && echo "ok ($args): one line" ||
		{ echo "FAIL ($args): not one line:"; cat cmd.err; fail=1; }
done
# The prefix is argv[0] as given, the hint at -h names it the same way.
(exec -a sttrace "$STTRACE" -p abc) 2>cmd.err
[ "$(cat cmd.err)" = "sttrace: Invalid process id: 'abc'" ] && echo "ok (run as sttrace)" ||
	{ echo "FAIL (run as sttrace):"; cat cmd.err; fail=1; }
(exec -a ./bin/x "$STTRACE" -s x true) 2>cmd.err
printf "%s\n" "./bin/x: invalid -s argument: 'x'" "Try './bin/x -h' for more information." |
	cmp -s - cmd.err && echo "ok (run as ./bin/x)" || { echo "FAIL (run as ./bin/x):"; cat cmd.err; fail=1; }
# The tracee's exit status and death are passed on, as strace does.
"$STTRACE" -o /dev/null sh -c 'exit 42'; rc=$?
[ $rc = 42 ] && echo "ok (exit status passed on)" || { echo "FAIL: exit status $rc, want 42"; fail=1; }
"$STTRACE" -o /dev/null sh -c 'kill -TERM $$'; rc=$?
[ $rc = 143 ] && echo "ok (death by SIGTERM passed on)" || { echo "FAIL: status $rc, want 143"; fail=1; }
# A program that cannot be executed: the failed execve is printed, then nothing of what our
# child does next (its message is on stderr, its exit_group is ours), as strace (ptrace).
: >noexec.file
chmod 644 noexec.file
"$STTRACE" ./noexec.file 2>noexec.err; rc=$?
printf '%s\n' 'execve("./noexec.file", ["./noexec.file"], 0xADDR /* N vars */) = -1 EACCES (Permission denied)' \
	"$STTRACE: exec: Permission denied" '+++ exited with 1 +++' >noexec.exp
sed -E 's/0x[0-9a-f]+ \/\* [0-9]+ vars/0xADDR \/* N vars/' noexec.err >noexec.out
if [ $rc = 1 ] && diff noexec.exp noexec.out; then echo "ok (first exec fails)"
else echo "FAIL: first exec failure: rc=$rc"; cat noexec.err; fail=1; fi
exit $fail
