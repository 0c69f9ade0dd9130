/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * lttrace --bpf: what bpf/ltrace.bpf.c (kernel) and ltrace-lite/lt-bpf.c (user space) share.
 *
 * One uprobe and one uretprobe per traced function, each with the function's index as its BPF
 * cookie; or, for a function only the program's own calls count for, a uprobe on each of the
 * program's calls of it and one on each of their return sites (cookie bits LT_CK_*).  The index selects a capture plan (struct lt_fspec, filled from the prototype) and
 * the objects whose calls count (a bit per object range of struct lt_range).  Records go
 * through one ring buffer: a call with the registers, the stack words and the memory its
 * plan names; a return with rax and the out-arguments' memory; a thread's exit.
 */
#ifndef LTRACE_BPF_H
#define LTRACE_BPF_H

#define LT_NREGS 6
#define LT_MAXSTK 16       /* stack argument words captured (a printf pack's) */
#define LT_CAPMAX 1024     /* bytes of one argument's memory (a string: -s + 1, capped) */
#define LT_MAXFRAMES 32    /* calls open on one thread (deeper ones are not traced) */
#define LT_MAXOBJS 62      /* object ranges a caller is looked up in */
#define LT_OBJ_NONE 63     /* the caller is in no known object */
#define LT_MAXFN 16384
#define LT_MAXSYS 512      /* -S: system call numbers with a capture plan */

/* A probe's cookie: the function's index (LT_CK_FN), and where the probe is. */
#define LT_CK_FN ((1u << 24) - 1)
#define LT_CK_CSITE (1u << 30)   /* lt_entry on a `call rel32` of it: ip + 5 is the return
				  * address, sp - 8 its slot */
#define LT_CK_RETSITE (1u << 29) /* lt_return on such a call's return site (a plain uprobe):
				  * closes only a call-site frame of that function */

enum lt_cap {
	LT_CAP_NONE,
	LT_CAP_STR,        /* a NUL-terminated string at entry */
	LT_CAP_BUF,        /* len bytes at entry */
	LT_CAP_OSTR,       /* a string at return (the pointer passed at entry) */
	LT_CAP_OBUF,       /* len bytes at return */
};

enum lt_fflags {
	LT_F_OUTERMOST = 1, /* a static program's: only when no traced call is open */
	LT_F_NORET = 2,     /* no uretprobe (setjmp: its jmp_buf would keep the trampoline) */
	LT_F_KEEP = 4,      /* no memory read at entry: the call record may wait for the return */
	/* The thread is held at the hit (see struct lt_xmm) for what a copy cannot give: */
	LT_F_HOLD = 8,      /* at the entry: float arguments, memory behind pointers */
	LT_F_HOLD_VA = 16,  /* at the entry when %al is not 0 (a printf pack with floats) */
	LT_F_HOLD_RET = 32, /* at the return: a float result, out memory behind pointers */
	LT_F_XMM = 64,      /* the entry's hold reads the xmm registers */
	LT_F_XMM_RET = 128, /* the return's does */
	/* No uretprobe (LT_F_NORET) but a first return through its caller's code (setjmp): a
	 * frame all the same, closed by a uprobe at its return address (lt_retsite), placed the
	 * first time one is seen (the entry holds its thread for it then). */
	LT_F_RETSITE = 256,
};

struct lt_fspec {
	__u64 callers;         /* bit i: calls from object range i count (LT_OBJ_NONE too) */
	__u8 cap[LT_NREGS + 1]; /* enum lt_cap per integer register argument, then rax */
	__u8 nstk;             /* stack words to capture */
	__u16 flags;
	__u16 len[LT_NREGS + 1]; /* bytes (strings: the most read, NUL included) */
};

struct lt_range {
	__u64 lo, hi;
};

enum lt_rec_kind {
	LT_REC_CALL = 1,
	LT_REC_RET,
	LT_REC_EXIT,
	LT_REC_FORK,
	LT_REC_RTLD,       /* the loader's link map changed (dlopen): the process is stopped */
	LT_REC_SIGNAL,     /* regs[0]: a signal delivered to the thread */
	LT_REC_CALLRET,    /* a call kept at its entry and its return, in one record */
	LT_REC_SYSCALL,    /* -S: a system call's entry (fn: its number, regs: its arguments) */
	LT_REC_SYSRET,     /* -S: its exit (rval: the result, regs: the argument registers) */
	LT_REC_EXEC,       /* a traced thread's exec: the process is stopped (as LT_REC_RTLD) */
};

/* A call: regs, sp and ret as at entry; a return: rval = rax, sp = the slot of the return
 * address, regs, ret and ts_call as at its entry; a call-and-return: both.  Then the data: nstk stack words (sp + 8 on), then each capture of caplen[i] bytes
 * (0: none or unreadable), each padded to 8 bytes; at a return, out arguments and then
 * the memory rax points at.  An exit: regs[0] = the wait status,
 * regs[1] = 1 when it was the process's last thread; a fork: regs[0] = the child's tgid. */
struct lt_rec {
	__u32 kind;
	__u32 fn;
	__u32 tid, tgid;
	__u64 ts;
	__u64 ts_call;         /* the entry's time (a call: ts) */
	__u64 rval;            /* rax at a return */
	__u64 rval2;           /* rdx at a return (a struct of 9 to 16 bytes: its second half) */
	__u64 regs[LT_NREGS];
	__u64 sp;
	__u64 ret;
	__u16 caplen[LT_NREGS + 1]; /* the last: at a return, rax's memory */
	__u16 nstk;
	__u16 failed;          /* bit i: the capture of register i could not be read */
	__u16 flags;           /* enum lt_rflags */
};

enum lt_rflags {
	LT_RF_HELD = 1,    /* the thread is stopped (LT_F_HOLD*) until user space sends SIGCONT */
	LT_RF_TAIL = 2,    /* a call reached by a tail jump from the open call at the same slot */
};

/*
 * A held thread's xmm registers.  A BPF program cannot read them at the hit (they are live in
 * the CPU); once the thread is stopped they are in its FPU state in memory.  User space sets
 * state 1 for the thread and sends it a SIGSTOP, which a stopped thread only queues (the
 * SIGCONT that releases it discards it); the kernel side's signal_generate copies the low 8
 * bytes of xmm0-7 then and sets state 2.
 */
struct lt_xmm {
	__u32 state;
	__u32 pad;
	__u64 v[8];
};

/*
 * A thread's traced calls (task storage): every entry of a traced function pushes a frame,
 * shown (taken) or not, popped by its return.  Read by user space too (a pidfd as the key) for
 * the calls kept at their entry (kept: 1-based index of such a frame, 0 none).
 */
struct lt_frame {
	__u64 slot;     /* where the return address is */
	__u64 ts;
	__u64 retaddr;
	__u64 args[LT_NREGS];
	__u32 fn;
	__u8 taken;
	__u8 csite;     /* opened at a call site (LT_CK_CSITE): closed at its return site */
	__u8 kept;      /* its call record not sent yet */
	__u8 retsite;   /* LT_F_RETSITE: closed at its return address, not by a uretprobe */
};

struct lt_tstate {
	__u32 n, ntaken;
	__u32 gen, is_traced; /* the traced check's answer at generation gen of traced_gen */
	__u32 kept, pad;
	__u64 rbuf;     /* the return address, read here (see lt_entry) */
	__u64 seq;      /* calls taken: their "time" when no time is wanted */
	struct lt_frame f[LT_MAXFRAMES];
};

/* -c: calls and nanoseconds per function, summed in the kernel. */
struct lt_stat {
	__u64 calls;
	__u64 ns;
};

#endif
