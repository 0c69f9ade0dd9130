#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# families.sh FAILS LOGDIR: the failing upstream tests of FAILS ("RESULT NAME [why]" lines,
# run.sh's TRACER-fails.txt) counted by family, largest first, each family's tests listed
# after the counts.  A test whose log shows sttrace refusing an option counts under
# "options", one refusing a NAME@64 syscall under "personality suffixes", and one that ran
# out of time under "timeouts", whatever its name; the others go
# by name (ioctl_*, nlattr_*, prctl-*, ...), "other" for the rest.
set -u
[ $# = 2 ] && [ -f "$1" ] && [ -d "$2" ] || { echo "check-strace: usage: families.sh FAILS LOGDIR" >&2; exit 1; }

family() { # name why
	local log=$LOGDIR/$1.log
	case $2 in timeout*) echo timeouts; return ;; esac
	if [ -f "$log" ] && grep -Eq "sttrace[^:]*: invalid system call '[^']*@" "$log"; then
		echo "personality suffixes (NAME@64)"
		return
	fi
	if [ -f "$log" ] && grep -Eq '^[^ ]*sttrace[^:]*: (unrecognized option|invalid option|option .*requires|invalid filter|invalid .*(qualifier|action|argument|value)|unknown)' "$log"; then
		echo options
		return
	fi
	case $1 in
	ioctl*) echo ioctl ;;
	netlink* | nlattr* | nfnetlink* | *-netlink) echo netlink ;;
	prctl* | arch_prctl*) echo prctl ;;
	ipc* | msgctl* | sem* | shm*) echo "SysV IPC" ;;
	mq*) echo "POSIX mq" ;;
	keyctl* | add_key* | request_key*) echo keyctl ;;
	bpf*) echo bpf ;;
	*seccomp*) echo seccomp ;;
	quotactl* | mount* | fsconfig* | fsmount* | fsopen* | fspick* | move_mount* | open_tree* | \
		umount* | swap* | btrfs* | xattr* | fanotify* | ustat*) echo "mount, filesystems" ;;
	mbind* | *mempolicy* | move_pages* | remap_file_pages* | pkey_* | memfd_secret* | \
		process_madvise* | process_vm_* | userfaultfd*) echo "memory (NUMA, pkeys, process_vm)" ;;
	ptrace*) echo ptrace ;;
	printstr* | printpath* | umove*) echo "tracee memory reads (umovestr)" ;;
	io_uring* | aio*) echo "io_uring, aio" ;;
	*init_module* | delete_module* | kexec*) echo "modules, kexec" ;;
	adjtimex* | time | time-* | timer_* | xetitimer* | utime* | futimesat* | clock*) echo time ;;
	nsyscalls* | int_0x80* | legacy_syscall_info* | get_regs* | restart_syscall*) echo "syscall numbers, registers" ;;
	*--pidns-translation* | pidns*) echo "pidns (--decode-pids=pidns)" ;;
	*--secontext*) echo "--secontext" ;;
	so_* | sock* | net-* | getsock* | setsock* | accept* | bind* | connect* | recv* | send* | \
		mmsg* | msg_* | inet-cmsg* | scm_rights* | ip_mreq* | group_req* | unix-pair* | \
		getpeername* | shutdown* | socketcall*) echo "sockets" ;;
	qual_* | inject* | *-success* | poke* | fault* | tampering*) echo "inject/fault" ;;
	strace-* | options-syntax* | status-* | attach-* | count* | *-P | *-y | *-yy | \
		*decode-fd* | *decode-pids* | redirect* | termsig* | threads-execve* | \
		clone_p* | fflush* | *--quiet*) echo "options and output" ;;
	stack-* | *-k) echo "stack traces (-k)" ;;
	*) echo other ;;
	esac
}

LOGDIR=$2
while read -r res name why; do
	echo "$(family "$name" "$why")|$name"
done <"$1" | sort -t'|' -k1,1 -k2,2 >"${TMPDIR:-/tmp}/families.$$"
total=$(wc -l <"${TMPDIR:-/tmp}/families.$$")
echo "$total tests by family:"
cut -d'|' -f1 "${TMPDIR:-/tmp}/families.$$" | uniq -c | sort -k1,1nr -k2 |
	awk '{ n = $1; $1 = ""; printf "%5d %s\n", n, substr($0, 2) }'
# Which options, for the tests that fail on one.
opts=$(awk -F'|' '$1 == "options" { print $2 }' "${TMPDIR:-/tmp}/families.$$" | while read -r n; do
	grep -Eo "(unrecognized option '[^=']*|invalid option -- '.'|invalid filter action '[^']*'|invalid [a-z ]*(qualifier|argument|value)[^:]*)" \
		"$LOGDIR/$n.log" | head -n1
done | sort | uniq -c | sort -k1,1nr -k2)
if [ -n "$opts" ]; then
	echo
	echo "options refused (tests):"
	echo "$opts"
fi
awk -F'|' '$1 != f { f = $1; printf "\n%s:\n", f } { printf "  %s\n", $2 }' \
	"${TMPDIR:-/tmp}/families.$$"
rm -f "${TMPDIR:-/tmp}/families.$$"
