/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Events of the eBPF backend: the records BPF programs put into the ring buffer, shared by the
 * kernel side (*.bpf.c, which includes vmlinux.h) and user space.  Every record starts with
 * struct ev_hdr.  Memory a syscall's decoder will read arrives as EV_MEM records of the same
 * thread just before the EV_SYS_ENTER or EV_SYS_EXIT they belong to.
 */
#pragma once
#ifndef __VMLINUX_H__
#include <linux/types.h>
#endif

enum ev_kind {
	EV_SYS_ENTER = 1,
	EV_SYS_EXIT,
	EV_MEM,      /* captured tracee memory */
	EV_SIGNAL,   /* a signal delivered to a traced thread */
	EV_EXIT,     /* a traced thread is gone */
	EV_FORK,     /* a traced thread made a thread or process that is traced too (-f) */
	EV_EXEC,     /* a traced thread exec'd (old_tid: its pid before, for a non-leader) */
	EV_FD,       /* what a descriptor was at a syscall stop (-y, -P): ahead of the stop */
	EV_STACK,    /* -k: the user registers and stack at a syscall's entry, ahead of it */
	EV_PIDNS,    /* --decode-pids=pidns: the thread's ids in its pid namespace, ahead of a stop */
	EV_ROMAP,    /* memory not read, in a read-only file mapping: the file, ahead of a stop */
	EV_PROBE = 16, /* 16..31: probes.bpf.c's own records (struct ev_hdr first) */
};

struct ev_hdr {
	__u32 kind;
	__u32 tid;
	__u32 tgid;
	__u32 len; /* EV_MEM: bytes of data that follow */
	__u64 ts;  /* bpf_ktime_get_ns(): CLOCK_MONOTONIC */
};

struct ev_sys {
	struct ev_hdr h;
	__s64 scno;
	__u64 args[6];
	__s64 ret; /* EV_SYS_EXIT */
	__u64 enter_ts; /* EV_SYS_EXIT: when the call entered */
	__u64 sp;       /* EV_SYS_ENTER: the stack pointer */
	__u32 flags;    /* EVF_* */
	__u32 pad;
	__u64 ip;       /* the instruction pointer (-i) */
};
/*
 * EV_SYS_EXIT as the kernel side sends it: what user space has not kept from the entry, in one
 * 64-byte line of the ring with its 8-byte header (a record is written into lines the reader
 * last read on another CPU, a cache miss each: issue 31).  The ptrace recorder and older
 * recordings send struct ev_sys; the length tells them apart.
 */
struct ev_sysret {
	struct ev_hdr h;
	__s64 scno;
	__s64 ret;
	__u64 enter_ts; /* when the call entered (0: no time wanted) */
	__u64 ip;       /* the instruction pointer (-i) */
};
/*
 * EV_SYS_ENTER: some memory the call reads could not be read at entry (a page the program has
 * not touched yet, which a BPF program cannot fault in); it is read again at exit, once the
 * kernel has faulted it in, and arrives with the exit record: decode the entry then.
 */
#define EVF_REFETCH 1
#define EVF_NOREFETCH 2 /* (kernel side only) */

#define EV_MEM_MAX 4096 /* one record holds at most one page of a capture */
struct ev_mem {
	struct ev_hdr h;
	__u64 addr;
	__u8 data[EV_MEM_MAX];
};

/*
 * EV_STACK (-k): what `perf record --call-graph dwarf` copies, for user space to unwind with
 * the CFI of the files mapped (common/stackcopy.c): the user registers at the syscall's entry
 * (struct pt_regs of x86_64, 21 words) and h.len bytes of the stack from regs[EV_STACK_SP] up.
 */
#define EV_STACK_NREGS 21
#define EV_STACK_SP 19
#define EV_STACK_IP 16
#define EV_STACK_MAX 8192
struct ev_stack {
	struct ev_hdr h; /* len: bytes of data */
	__u64 regs[EV_STACK_NREGS];
	__u8 data[EV_STACK_MAX];
};

struct ev_signal {
	struct ev_hdr h;
	__s32 sig;
	__s32 stopped; /* a stop signal with its default action: the thread stops */
	__u8 siginfo[128];
	__u64 ip; /* where the thread is (-i) */
};

struct ev_exit {
	struct ev_hdr h;
	__s32 code; /* task->exit_code: a wait status */
	__s32 by_exec; /* killed because another thread exec'd: ptrace reports no exit */
	/* The last thread of its process: the process is gone with CODE (ptrace reports a leader
	 * that exited before the others only then, with the process's status). */
	__s32 group_dead;
	__s32 pad;
};

/*
 * EV_PIDNS, for a thread in a pid namespace below the initial one: that namespace's inode
 * number, the thread's tid, tgid, process group and session there, and its process group and
 * session in the initial namespace.  The decoder translates pids with them when /proc no
 * longer shows the thread (it decodes after the fact).
 */
struct ev_pidns {
	struct ev_hdr h;
	__u32 ns_inum;
	__u32 ns_ids[4];
	__u32 init_ids[2];
	__u32 pad;
};

struct ev_fork {
	struct ev_hdr h;
	__u32 child;
	__u32 child_tgid;
	char comm[16]; /* the child's command name (its parent's) */
	__u32 not_followed; /* without -f: a child clone asked to be traced (CLONE_PTRACE) */
	__u32 pad;
};

struct ev_exec {
	struct ev_hdr h;
	__u32 old_tid;
	__u32 detached; /* -b execve: no longer traced */
	char comm[16]; /* the command name the exec gave */
};

 /* EV_FD: the link /proc/PID/fd/FD would show, as the kernel builds it. */
enum { FDK_NONE, FDK_PATH, FDK_PIPE, FDK_SOCKET, FDK_ANON };
enum { ANON_EVENTFD = 1, ANON_SIGNALFD }; /* ev_fd.anon: what /proc/PID/fdinfo/FD tells */
#define EV_FD_NAMES 4096
#define FD_CWD (-100) /* AT_FDCWD: the working directory */
#define FD_DELETED 1
#define FD_WHOLE 2   /* else the path lacks its top (deeper than the walk goes): unknown */
#define FD_FOREIGN 4 /* a descriptor of another process (SZ_PIDFD), not the caller's */
struct ev_fd {
	struct ev_hdr h; /* len: bytes of names */
	__s32 fd;
	__u32 kind;
	__u64 ino;
	__u32 deleted;  /* FD_DELETED: unlinked; FD_WHOLE: the walk reached the root; FD_FOREIGN */
	__u32 ncomp;
	/* FDK_SOCKET (-yy): what a sock_diag query would say; names holds the protocol's name. */
	__u16 family;
	__u16 sport;   /* host order */
	__u16 dport;   /* network order */
	__u8 hashed;   /* bound: a diag dump lists it */
	__u8 pad;
	__u8 src[16], dst[16];
	__u64 peer_ino; /* AF_UNIX */
	__u32 portid;   /* AF_NETLINK */
	__u32 nlproto;
	__s32 upath_len; /* AF_UNIX: bytes of sun_path */
	__s32 pidfd_pid; /* FDK_ANON pidfd: the pid, else 0 */
	__s32 pts1;      /* FDK_PATH /dev/ptmx (-yy): its pts number + 1 (fdinfo's tty-index), else 0 */
	__u32 anon;      /* FDK_ANON: ANON_EVENTFD, ANON_SIGNALFD (the fields below), else 0 */
	__u32 efd_id;    /* an eventfd's id (fdinfo's eventfd-id) */
	__u64 efd_count; /* its count */
	__u64 efd_flags; /* its flags (EFD_SEMAPHORE); a signalfd: the mask it reads, as fdinfo
			  * shows it (the complement of what the kernel keeps) */
	char upath[128]; /* sun_path is 108: room for a masked length */
	/* FDK_PATH: the path's components, last first, each NUL-terminated; FDK_ANON and
	 * FDK_SOCKET: the dentry's name. */
	char names[EV_FD_NAMES + 256];
};

/*
 * EV_ROMAP: memory a call names that the kernel could not read (a page the program never
 * touched, which a BPF program cannot fault in) lies in a read-only file mapping of which no
 * page was ever copied (no anon_vma): the file holds what the memory does.  User space reads
 * WANT bytes at OFF of the file (its path, checked against DEV and INO) and hands them on as
 * EV_MEM records (capture_romap, strace-lite/bpf/bpf-capture.c).
 */
struct ev_romap {
	struct ev_hdr h; /* len: bytes of names */
	__u64 addr;      /* the first byte not read */
	__u64 end;       /* the mapping's end */
	__u64 off;       /* the file offset of addr */
	__u64 ino;
	__u32 dev;       /* the file's device, as the kernel encodes it (major << 20 | minor) */
	__u32 want;      /* bytes wanted from addr on (a string: up to its NUL) */
	__u32 flags;     /* FD_WHOLE: the walk reached the root; FD_DELETED: unlinked */
	__u32 pad;
	char names[EV_FD_NAMES + 256]; /* the path's components, last first, as ev_fd's */
};

/* Map "traced" (hash, tid -> value): bit 0 traced, bit 1 follow forks of it (-f), bit 2 stop
 * tracing it at its next exec (-b execve), bit 3 but not at this first one (the program we
 * start: its exec is ours). */
#define TRACED_ON 1
#define TRACED_FOLLOW 2
#define TRACED_DETACH_EXEC 4
#define TRACED_FIRST_EXEC 8
#define TRACED_PRE_EXEC 16 /* the spawned program, before its first exec (-c does not count it) */
