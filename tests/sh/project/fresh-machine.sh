#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# What a new user's machine differs in, checked on ours:
# 1. No /dev/kvm (most cloud VMs): every harness that runs the KVM test programs, run with
#    /dev/kvm hidden (tests/no-kvm.sh), skips the programs that need it (exit 77) and fails
#    nothing; the trace tests themselves report a skip.
# 2. A freshly booted machine hands out one-digit pty numbers, which the traced/untraced
#    comparison (lib.sh, same_as_untraced) does not blank as it blanks longer numbers: two runs of
#    ioctl-tty that get different ptys must still compare equal, through the program's
#    "// untraced-varies:" line.
set -u
. "$TOP/tests/lib.sh"
fail=0
bad() { echo "FAIL: $*"; fail=1; }
[ "$(id -u)" = 0 ] || { echo "hiding /dev/kvm needs root (a mount namespace)"; exit 77; }

# 1. The KVM users with /dev/kvm hidden.  The nested run gets its own output directory.
kvm_users="kvm-run ioctl-kvm json compat-strace record-replay"
had_kvm=0; [ -e /dev/kvm ] && had_kvm=1
STTRACE_TEST_NO_KVM=1 TRACE_TESTS="kvm-run ioctl-kvm" TESTS="$kvm_users" \
	"$TOP/tests/run.sh" >nokvm.out 2>&1
rc=$?
sed -n '/^FAIL/,$p' nokvm.out | head -40
tail -n1 nokvm.out | grep -Eq '^[0-9]+ passed, 0 failed, [0-9]+ skipped$' ||
	bad "with /dev/kvm hidden: $(tail -n1 nokvm.out) (exit $rc)"
[ $rc = 0 ] || bad "with /dev/kvm hidden, run.sh exit $rc"
# (BACKENDS=ptrace or bpf, given to the whole run, holds here too)
sfx=(); case ${BACKENDS:-ptrace bpf} in *ptrace*) sfx+=("") ;; esac
case ${BACKENDS:-ptrace bpf} in *bpf*) sfx+=(@bpf) ;; esac
for s in "${sfx[@]}"; do
	grep -q "^SKIP: kvm-run$s: .*/dev/kvm" nokvm.out || bad "kvm-run$s was not skipped for want of /dev/kvm"
done
for t in json json@bpf compat-strace record-replay record-replay@bpf; do
	grep -q "^PASS: $t$" nokvm.out || bad "$t did not pass with /dev/kvm hidden"
done
[ "$(grep -c '^    NOTE: skipped kvm-run: .*/dev/kvm' nokvm.out)" -ge 5 ] ||
	bad "not every harness said it skipped kvm-run"

[ $had_kvm = 0 ] || [ -e /dev/kvm ] || bad "/dev/kvm is gone outside the namespace"

# 2. Two runs of ioctl-tty on different ptys: the second holds the first's pty while it runs.
prog=$TOP/$B/tests/trace/ioctl-tty
src=$TOP/tests/trace/ioctl/ioctl-tty.c
"$prog" >run1 2>/dev/null </dev/null
rc1=$?
exec 9<>/dev/ptmx # holds a pty: the next run gets another number
"$prog" >run2 2>/dev/null </dev/null
rc2=$?
exec 9>&-
grep -q 'TIOCGPTN' run1 || bad "ioctl-tty printed no TIOCGPTN line"
if cmp -s <(grep TIOCGPTN run1) <(grep TIOCGPTN run2); then
	bad "the two runs got the same pty: the check below would prove nothing"
fi
# Without the program's varies line they differ (the fresh machine's failure) ...
same_as_untraced run2 $rc2 run1 $rc1 >/dev/null && [ "$(grep -o '\[[0-9]*\]' run1 | head -1 |
	tr -dc 0-9 | wc -c)" = 1 ] && bad "one-digit pty numbers compared equal without the varies line"
# ... and with it they agree.
same_as_untraced run2 $rc2 run1 $rc1 "$src" || bad "ioctl-tty on two ptys: the runs differ"
exit $fail
