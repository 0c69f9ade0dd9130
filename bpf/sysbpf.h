/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The syscall side of the eBPF backend, shared by sysbpf.bpf.c and sysbpf.c: capture plans and
 * the -c statistics.
 *
 * A capture plan says, per syscall, which memory the decoder will read: for each pointer
 * argument, when (entry, exit), how (a NUL-terminated string or bytes), how many bytes (a
 * constant, another argument, the return value, or the int another argument points to, times
 * an element size), at most how many, and how many levels of pointers inside the captured bytes
 * to follow (msghdr -> iovec array -> buffers).  User space builds the plans from the syscall
 * signature table (plan.c); the kernel side only runs them.
 */
#pragma once
#include "bpf/bpfev.h"

#define SYS_MAX 512   /* syscall numbers with plans and statistics */
#define PLAN_OPS 16 /* a power of two (indexes are masked) */
#define ARG_SP 6  /* capop.arg: the stack pointer at entry instead of an argument */

enum { CAP_ENTRY = 1, CAP_EXIT = 2, CAP_RETRY = 4 /* at exit: entry-only ops again */ };
/* HOW_FD: the argument is a descriptor, or with SZ_DEREF points to a structure holding one
 * at offset size; with SZ_ARG, to an array of args[size_arg] of them (at most FD_ARRAY_MAX),
 * one every max bytes from offset size (chase 1: the array is where the pointer at offset
 * size points, from its start); with SZ_BITS, to an fd_set of args[size_arg] bits (at most
 * FDSET_BITS_MAX), each descriptor set in it.  At most 8 descriptors a stop are described. */
/* HOW_COMM: the argument (with SZ_DEREF: the int at offset size of what it points to) is a
 * pid, the caller's own or one of its children's: its command name, 16 bytes at COMM_ADDR(pid)
 * in an EV_MEM record (empty when no such process is found: a reaped child). */
/* HOW_KVMRUN: at a successful exit of ioctl(FD, KVM_RUN) on a vcpu's descriptor, the 4 bytes
 * of its struct kvm_run's exit_reason, in an EV_MEM record at KVM_RUN_ADDR(FD). */
/* HOW_NSIDS: at a successful exit, the ids (inode numbers) of the namespaces /proc/PID/ns/
 * shows of the caller (ARG_RET: of its child, the result), NS_COUNT u32 in NS_NAMES order,
 * in an EV_MEM record at NS_ADDR(pid) (the caller's tid, or the child's): -e namespace=new. */
enum { HOW_BUF, HOW_STR, HOW_FD, HOW_FDPAIR, HOW_COMM, HOW_KVMRUN, HOW_NSIDS };
/* Kinds of ops the plans of the traced calls have (plan_uses): the verifier skips the code of
 * the others. */
#define PU_FD 1    /* HOW_FD, HOW_FDPAIR */
#define PU_COMM 2  /* HOW_COMM */
#define PU_MMSG 4  /* SZ_MMSG */
#define PU_CMSG 8  /* HOW_FD with SZ_CMSG */
#define PU_PIDFD 16 /* HOW_FD with SZ_PIDFD */
#define PU_KVMRUN 32 /* HOW_KVMRUN */
#define PU_NSIDS 64 /* HOW_NSIDS */
#define PU_ALL 127
#define COMM_ADDR(pid) (0xfffff00000000000ull | (__u32)(pid)) /* never a user address */
#define KVM_RUN_ADDR(fd) (0xfffff10000000000ull | (__u32)(fd))  /* nor this */
#define NS_ADDR(pid) (0xfffff20000000000ull | (__u32)(pid))    /* nor this */
#define NS_COUNT 8
#define NS_NAMES { "cgroup", "ipc", "mnt", "net", "pid", "time", "uts", "user" }
#define ARG_RET 7 /* capop.arg with HOW_FD: the return value is the descriptor */
#define FD_ARRAY_MAX 6
#define FDSET_BITS_MAX 1024
enum {
	SZ_CONST,  /* size */
	SZ_ARG,    /* args[size_arg] * size */
	SZ_RET,    /* return value * size */
	SZ_DEREF,  /* the int at args[size_arg] * size */
	SZ_BITS,   /* fd_set of args[size_arg] descriptors: (n + 63) / 64 * 8 */
	SZ_IOC,    /* an ioctl argument: the size args[size_arg] encodes, at least size */
	SZ_PTRLEN, /* the argument points to { u64 ptr; u64 len } at offset size: len bytes at ptr */
	SZ_PIDFD,  /* HOW_FD: a descriptor of the process of pidfd args[size_arg] (pidfd_getfd) */
	SZ_CMSG,   /* HOW_FD: the argument is a msghdr; the descriptors of its SCM_RIGHTS */
	SZ_MMSG,   /* an mmsghdr array of args[size_arg] entries (at most size): of each, its
		    * name, iovec array with the buffers, and control data (at most max bytes) */
	SZ_FPROG,  /* the argument is a struct sock_fprog: len * size bytes at its filter */
	SZ_NLA,    /* HOW_FD: the argument is netlink messages of args[size_arg] bytes (at most
		    * NLA_SCAN_MAX): the value of every 4-byte attribute may be a descriptor */
};
#define NLA_SCAN_MAX 1024

struct capop {
	__u8 arg;
	__u8 when;
	__u8 how;
	__u8 size_from;
	__u8 size_arg;
	__u8 chase; /* levels of pointers to follow inside what is captured */
	/* 0, or the type byte of the only ioctl requests (in args[size_arg]) this op captures
	 * for (HOW_BUF, HOW_FD); with SZ_IOC, max bytes of them (a family whose requests encode
	 * no size, or less than they read). */
	__u8 ioc_type;
	/* 0, or 1 + the value the low 32 bits of args[1] must have for the op to run
	 * (io_uring_register's opcode). */
	__u8 if_arg1;
	__u32 size;
	__u32 max;
};

struct plan {
	__u32 nops;
	__u32 pad;
	struct capop ops[PLAN_OPS];
};

#define STATS_FAR_MAX 1024 /* -c: numbers past SYS_MAX counted (by number) */

/* -c: per syscall number, summed over CPUs by user space.  Each call's time less -O's
 * overhead (not below 0), as strace counts it: ns the system CPU time in the call (wall time
 * with -w), wns its wall time (the wall-* columns); the least and the most of one call. */
struct sysstat {
	__u64 count;
	__u64 errors;
	__u64 ns, ns_min, ns_max;
	__u64 wns, wns_min, wns_max;
};

/* Bytes of memory a syscall may have captured in all (a bound against runaway chasing). */
#define CAP_BUDGET (256 * 1024)
/* With -e read=/-e write= (dumps of whole buffers): a buffer up to this, and this more budget. */
#define DUMP_MAX (4 << 20)
#define CHASE_MAX 32 /* pointers followed per syscall stop */

/*
 * -e inject= (inject.bpf.h): what user space, answering the seccomp notification of a call,
 * did to it, for the call's exit; map "injected", by thread id.
 */
struct injected {
	__u32 skipped; /* the call did not run: its result is ours, and sys_enter never fired */
	__s32 signo;   /* a signal to deliver as the call returns, 0 for none */
	__u32 hold;    /* poke_exit=, delay_exit=: stop the thread as the call returns (SIGSTOP,
			* unseen: out of "traced" until user space's SIGCONT) */
	__u32 pad;
};
