/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libuprobe: software breakpoints in a ptrace'd process, and USDT semaphores.
 *
 * One `struct bp_space` per address space (per tgid; its life from fork to detach, and the
 * lookup of a trap: space.h).  A breakpoint, a hlt (BP_INSN, below), is written over the first
 * byte of an instruction through /proc/PID/mem; the bytes it covers are remembered so they can
 * be put back, and the instruction is decoded once, at insertion, to choose how a hit steps over
 * it:
 *
 *  - emulated: the instruction's effect is applied to the registers (and the stack) by the
 *    tracer and the thread resumes after it, the breakpoint staying in place.  No other thread
 *    is disturbed and no other thread can miss the breakpoint.  Covers what probe sites and
 *    function entries start with: nop, endbr64, push %reg, mov %rsp,%rbp, sub $imm,%rsp,
 *    mov $imm32,%r32.
 *  - out of line (xol.c): any other instruction is copied, decoded by capstone, into a slot of
 *    a scratch page mapped in the tracee, with RIP-relative displacements and relative branches
 *    fixed up, and the thread runs the copy, which jumps back (only calls through memory or a
 *    register are single-stepped, to fix their return address); the breakpoint stays in place,
 *    so again no thread can miss a hit.
 *  - stop-the-world (fallback: system-call instructions, a page that cannot be mapped within
 *    +-2 GiB of a RIP-relative site): the other threads are interrupted, the original byte is
 *    put back for one single-step, the breakpoint written again.
 *
 * Removal is idempotent and keeps the records (inserted = false), so a trap that was already
 * taken before removal can still be recognized and rewound (bp_lookup).  Semaphores (16-bit
 * is-enabled counters) are raised by one per attachment and lowered by the same amount.
 *
 * Library code: returns -errno, never prints, never exits.
 */
#pragma once
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/user.h>

/*
 * The breakpoint instruction: hlt (f4), a privileged instruction that faults (SIGSEGV,
 * si_code SI_KERNEL) with rip still on it, where int3 traps with rip past it.  A thread stopped
 * on a hit when the tracer dies is let go by the kernel where it stopped: on hlt it runs the
 * instruction again, the original one once the guard (guard.h) has put it back; after an int3
 * it would run on from the middle of the instruction.  bp_space_trap gives callers the
 * registers as an int3 would have left them (rip = addr + 1), so either way reads the same.
 */
#define BP_INSN 0xf4
#define BP_SIG SIGSEGV

enum bp_emul {
	BP_STEP,      /* no emulation: single-step the original instruction */
	BP_SKIP,      /* nop, endbr64: rip += len */
	BP_PUSH,      /* push %reg */
	BP_MOV_RSP_RBP,
	BP_SUB_RSP,   /* sub $imm,%rsp */
	BP_MOV_IMM32, /* mov $imm32,%r32 */
};

enum bp_xol {
	XOL_NONE,     /* cannot run out of line: stop-the-world */
	XOL_PLAIN,    /* copied as is */
	XOL_RIPREL,   /* RIP-relative displacement at fix_off rewritten for the slot */
	XOL_BRANCH,   /* relative branch: offset at fix_off (fix_size bytes) made a marker */
};

#define XOL_SLOT 64   /* bytes per out-of-line slot */

struct bp {
	uint64_t addr;
	uint64_t xol;       /* its slot in a scratch page, 0: not prepared yet */
	uint64_t target;    /* XOL_BRANCH: the original branch target */
	uint8_t insn[16];   /* the original instruction (ilen bytes) */
	uint8_t ilen;
	uint8_t xol_kind;   /* enum bp_xol */
	uint8_t fix_off, fix_size;
	bool is_call;
	bool xol_free;      /* the slot jumps back by itself: no single-step */
	uint8_t orig;       /* the byte the breakpoint replaced */
	uint8_t len;        /* length of the emulated instruction */
	uint8_t emul;       /* enum bp_emul */
	uint8_t reg;        /* register operand (x86 encoding, 0-15) */
	int32_t imm;
	bool inserted;
	uint32_t guard;     /* its record in the guard's table (guard.h), 0: none */
	void *data;         /* the caller's */
};

struct bp_sem {
	uint64_t addr;
	int raised;         /* how much we added */
	uint32_t guard;     /* its record in the guard's table (guard.h), 0: none */
};

struct xol_page {
	uint64_t addr;
	unsigned used;      /* slots handed out */
};

struct bp_space {
	pid_t pid;
	int memfd;          /* /proc/PID/mem, read-write */
	struct bp *v;
	size_t n, cap;
	uint32_t *hash;     /* address -> index + 1 in v, open addressing (space.c) */
	size_t hsize;
	struct bp_sem *sems;
	size_t nsems, semcap;
	struct xol_page *pages; /* scratch pages mapped in the tracee (left there, inert) */
	size_t npages;
	uint64_t syscall_insn;  /* a `syscall` instruction to inject system calls with */
	bool xol_failed;        /* mapping a page failed for good: no more attempts */
	unsigned long steps, emulated, xol_steps, stw_steps; /* counters for reports */
};

int bp_space_open(struct bp_space *s, pid_t pid);
/* Forget everything without touching the process (it exec'd or exited). */
void bp_space_close(struct bp_space *s);

int bp_mem_read(struct bp_space *s, uint64_t addr, void *buf, size_t len);
int bp_mem_write(struct bp_space *s, uint64_t addr, const void *buf, size_t len);

/* Insert a breakpoint at ADDR; -EEXIST when there is one already (its data is kept). */
int bp_insert(struct bp_space *s, uint64_t addr, void *data);
/* Put the original byte back at ADDR, keep the record. */
int bp_remove(struct bp_space *s, uint64_t addr);
/* The breakpoint at ADDR, inserted or removed, or NULL (space.c: one hashed lookup). */
struct bp *bp_lookup(struct bp_space *s, uint64_t addr);
/* Record v[N - 1], just appended, in the table bp_lookup reads (space.c); 0 or -ENOMEM. */
int bp_hash_add(struct bp_space *s);

/*
 * Thread TID is stopped by the breakpoint B; REGS are its registers (rip is B->addr + 1, as
 * bp_space_trap shows a hit).  Execute or emulate the displaced instruction and leave TID ready
 * to resume where the original would have gone (registers written back).  Returns 0, a signal
 * number that arrived during a single-step and must be delivered at resume, or -errno (-ESRCH:
 * the thread is gone).
 */
int bp_step_over(struct bp_space *s, struct bp *b, pid_t tid, struct user_regs_struct *regs);

/* Raise the 16-bit semaphore at ADDR by one (remembered); 0 or -errno. */
int bp_sem_raise(struct bp_space *s, uint64_t addr);

/* Every breakpoint's byte and every semaphore back as they were; first error or 0. */
int bp_remove_all(struct bp_space *s);
