#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Without -f, a -e trace= selection leaves the children of the traced program free: no seccomp
# prefilter (strace's rule: the prefilter only with -f, where every child is followed anyway).
# The program (tests/trace/engine/traceme-child.c) has a child that calls PTRACE_TRACEME and one that
# makes a selected syscall untraced; its output and exit status must be those of an untraced
# run, and the trace its own lines.  Then strace's messages for --seccomp-bpf where it cannot
# apply, word for word (compared with strace's own when it is installed).
# Arguments (--bpf) go to every sttrace run.
set -u
extra=("$@")
prog="$TOP/$B/tests/trace/traceme-child"
fail=0

"$prog" >untraced.out 2>untraced.err
urc=$?
[ $urc = 0 ] || { echo "FAIL: the program fails untraced ($urc):"; cat untraced.err; exit 1; }
check_run() { # name sttrace-options...: traced, the same output and status as untraced
	local name=$1 rc; shift
	"$STTRACE" "${extra[@]}" -o "$name.log" "$@" "$prog" >"$name.out" 2>"$name.err"
	rc=$?
	if [ $rc != $urc ] || ! cmp -s untraced.out "$name.out"; then
		echo "FAIL: $name: exit status $rc (untraced $urc), output:"
		diff untraced.out "$name.out"; cat "$name.err"; fail=1
	fi
	diff -u "$name.out" "$name.log" >"$name.diff" ||
		{ echo "FAIL: $name: the trace differs from the program's lines:"; cat "$name.diff"; fail=1; }
}
check_run default -a0 -e trace=chdir -e signal=none
# Asked for explicitly without -f: strace's warning, and the prefilter is off all the same.
check_run explicit -a0 -e trace=chdir -e signal=none --seccomp-bpf
echo "$STTRACE: --seccomp-bpf cannot be used without -f/--follow-forks, disabling" >want.err
cmp -s want.err explicit.err || { echo "FAIL: the warning is not strace's:"; cat explicit.err; fail=1; }
echo "$(tr '\n' ' ' <default.out) (traced = untraced, exit status $urc)"

# The messages against strace's, where strace is installed (ptrace backend: the prefilter is
# ptrace's): strace 7.2's when its build is there (build/strace-src-7.2), else the installed
# one, 6.1, whose messages for -p (both of "attached with -p" and "without -f", and "no
# syscalls to filter" after a prefilter -p had given up) 7.2 no longer prints: those cases are
# left out then.  A pid that is gone makes both fail the same way after their warnings.
ref=$TOP/build/strace-src-7.2/strace-7.2/src/strace
[ -x "$ref" ] || ref=$(command -v strace)
if [ ${#extra[@]} = 0 ] && [ -n "$ref" ]; then
	sleep 0 & gone=$!
	wait $gone
	msgs() { # tool args...
		local t=$1; shift
		"$t" -o /dev/null "$@" 2>&1 | sed -E 's#^[^ ]*(strace|sttrace): #sttrace: #'
		echo "exit ${PIPESTATUS[0]}"
	}
	cases=("--seccomp-bpf -e trace=getpid /bin/true" "--seccomp-bpf -f /bin/true"
	       "--seccomp-bpf -f -e trace=all /bin/true" "--seccomp-bpf -f -e trace=getpid /bin/true"
	       "--seccomp-bpf -p $gone /bin/true")
	"$ref" -V | grep -q 'version 6\.' || cases+=("--seccomp-bpf -p $gone" "--seccomp-bpf -f -p $gone")
	mfail=0
	for args in "${cases[@]}"; do
		# shellcheck disable=SC2086
		if [ "$(msgs "$ref" $args)" != "$(msgs "$STTRACE" $args)" ]; then
			echo "FAIL: sttrace $args: not strace's messages:"
			# shellcheck disable=SC2086
			diff <(msgs "$ref" $args) <(msgs "$STTRACE" $args); mfail=1
		fi
	done
	[ $mfail = 0 ] && echo "--seccomp-bpf messages: as $("$ref" -V | head -1)'s in ${#cases[@]} cases"
	[ $mfail = 0 ] || fail=1
fi
exit $fail
