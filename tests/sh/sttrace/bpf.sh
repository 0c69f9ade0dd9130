#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# What the eBPF backend promises beyond the trace tests (which all run with --bpf too): the
# spawned program's first syscalls are there; -c counts in the kernel are exact; lost events are
# reported, not silent; the errors for no privilege, -k and what -e inject= cannot do under --bpf.
set -u
. "$TOP/tests/lib.sh"
fail=0
cc -O2 -o sl "$TOP/tests/bench/syscall-loop.c" || exit 1

# 1. Nothing lost at start: the first syscalls after exec, the same as over ptrace.
run_checked "$STTRACE" -o p.log /bin/true || fail=1
run_checked "$STTRACE" --bpf -o b.log /bin/true || fail=1
head -1 b.log | grep -q '^execve("/bin/true", \["/bin/true"\], 0x[0-9a-f]* /\* [0-9]* vars \*/) = 0$' ||
	{ echo "FAIL: the first line under --bpf is not the execve"; head -3 b.log; fail=1; }
names() { sed -n '1,8s/(.*//p' "$1"; }
if [ "$(names p.log)" != "$(names b.log)" ]; then
	echo "FAIL: the first syscalls differ:"; paste <(names p.log) <(names b.log); fail=1
fi
echo "first syscalls under --bpf: $(names b.log | tr '\n' ' ')"

# 2. -c in kernel maps: exactly N calls of getppid.
n=20000
run_checked "$STTRACE" --bpf -c -e trace=getppid -o c.log ./sl $n || fail=1
calls=$(awk '$NF == "getppid" {print $(NF-2) == "" ? $4 : $4}' c.log)
got=$(awk '$NF == "getppid" { for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+$/ && $i == '$n') print $i }' c.log | head -1)
[ "$got" = "$n" ] || { echo "FAIL: -c under --bpf does not count $n getppid calls"; cat c.log; fail=1; }
grep -q 'getppid' c.log && echo "-c under --bpf: $n calls counted"

# 2b. The whole -c table (calls and errors of every syscall) as over ptrace: nothing that
# sttrace's own child does before it runs the program is counted.
cols() { awk '$NF ~ /^[a-z_0-9]+$/ && $NF != "total" && $NF != "syscall" {
	e = (NF == 6) ? $5 : 0; print $NF, $4, e }' "$1" | sort; }
run_checked "$STTRACE" -c -o cp.log ./sl 3 || fail=1
run_checked "$STTRACE" --bpf -c -o cb.log ./sl 3 || fail=1
if [ "$(cols cp.log)" != "$(cols cb.log)" ] || [ -z "$(cols cp.log)" ]; then
	echo "FAIL: -c under --bpf counts differently from ptrace (syscall calls errors):"
	diff <(cols cp.log) <(cols cb.log); fail=1
else
	echo "-c under --bpf: the table's calls and errors as over ptrace ($(cols cb.log | wc -l) syscalls)"
fi

# 3. A ring buffer too small for the flow: the loss is reported and the exit status says so.
STTRACE_BPF_RINGBUF_KB=16 "$STTRACE" --bpf -o lost.log -e trace=getppid ./sl 200000 2>lost.err
rc=$?
grep -q "^$STTRACE: --bpf: [0-9]* events lost (ring buffer full): the trace is incomplete\$" lost.err ||
	{ echo "FAIL: lost events not reported"; cat lost.err; fail=1; }
[ $rc != 0 ] || { echo "FAIL: exit status 0 with lost events"; fail=1; }
lines=$(grep -c '^getppid' lost.log)
echo "with a 16 KiB ring buffer: $lines of 200000 lines, $(cat lost.err)"

# 3b. A program that cannot be executed: its failed execve's line, then why, then its exit, in
# that order as over ptrace (the child's reason waits for the line; five runs: it was a race).
: >noexec.file
chmod 644 noexec.file
printf '%s\n' 'execve("./noexec.file", ["./noexec.file"], 0xADDR /* N vars */) = -1 EACCES (Permission denied)' \
	"$STTRACE: exec: Permission denied" '+++ exited with 1 +++' >noexec.exp
for i in 1 2 3 4 5; do
	"$STTRACE" --bpf ./noexec.file 2>noexec.err; rc=$?
	sed -E 's/0x[0-9a-f]+ \/\* [0-9]+ vars/0xADDR \/* N vars/' noexec.err >noexec.out
	if [ $rc != 1 ] || ! diff noexec.exp noexec.out; then
		echo "FAIL: first exec failure under --bpf: rc=$rc"; cat noexec.err; fail=1; break
	fi
done

# 4. Errors, one line each, non-zero exit.
check_err() { # expected-message command...
	local want=$1 out rc; shift
	out=$("$@" 2>&1 >/dev/null); rc=$?
	if [ $rc = 0 ] || [ "$(printf '%s\n' "$out" | head -1)" != "$want" ]; then
		echo "FAIL: $*: exit $rc, said: $out"; fail=1
	fi
}
check_err "$STTRACE: --bpf needs CAP_BPF and CAP_PERFMON (run as root, or drop --bpf)" \
	setpriv --reuid=nobody --regid=nogroup --clear-groups "$STTRACE" --bpf /bin/true
check_err "$STTRACE: -e inject=getppid:delay_exit= without error= or retval= is not supported with --bpf (the thread cannot be held after its call): drop --bpf" \
	"$STTRACE" --bpf -e inject=getppid:delay_exit=1ms /bin/true
check_err "$STTRACE: -e inject= and -e fault= with --bpf work only on a program sttrace starts, not with -p: drop --bpf" \
	"$STTRACE" --bpf -e inject=getppid:retval=1 -p $$
check_err "$STTRACE: invalid --backend argument: 'dtrace'" "$STTRACE" --backend=dtrace /bin/true
exit $fail
