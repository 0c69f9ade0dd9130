/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The guard: what a ptrace tracer changed in its tracees' memory, known to a process that
 * outlives the tracer, so that the tracer's death (kill -9, the OOM killer, a crash) leaves no
 * breakpoint behind to kill the program at its next hit.
 *
 * The tracer and the guard share one table (an anonymous MAP_SHARED mapping made before the
 * guard is forked).  Each change the tracer makes is one record, written with a few stores
 * when it is made and freed when it is undone: a breakpoint's address and original byte, a
 * semaphore's address and how much it was raised, a uretprobe's replaced return address (stack
 * slot, original value, the trampoline it holds instead).  A hit writes nothing (but for the
 * uretprobe's return address it replaces, a placement of its own).
 *
 * The guard sleeps on a process-shared robust mutex the tracer holds, and every 50 ms opens
 * /proc/PID/mem of the processes the table names.  The kernel hands the mutex over
 * (EOWNERDEAD) at the start of the tracer's exit, before it lets its tracees go: the guard
 * (SCHED_FIFO when it may) writes back every original byte, every return address that still
 * holds the trampoline, lowers every semaphore.  A trampoline a thread may still be returning
 * into becomes `jmp .` meanwhile; the guard then seizes the threads, sends one found there to
 * its return address, puts the trampoline's bytes back and detaches.  A thread inside an
 * out-of-line copy needs nothing: the copy jumps back by itself (xol.c).  A tracer that exits
 * normally undoes everything itself and marks the table clean (atexit): the guard then writes
 * nothing, as a record left would be stale (its process gone, the pid perhaps reused).
 *
 * What it cannot cover (docs/architecture.md): a thread that reaches a breakpoint after the
 * tracer's last wait and before the guard's write stops with its fault pending, and the kernel
 * delivers that fault when it lets the thread go; the guard killed too; a process the guard
 * cannot open (it could when the tracer started changing it: only a process that changed
 * credentials or exec'd meanwhile, whose breakpoints went with its old image anyway).
 *
 * Started at the first record (lazily: a tracer that places nothing forks nothing); off under
 * guard_disable() (sttrace --kill-on-exit) or STTRACE_GUARD=0.  Library code: never prints but
 * through the logger; records are best effort (a full table, or no guard: 0).
 */
#pragma once
#include <stdint.h>
#include <sys/types.h>

/* No guard for this process (--kill-on-exit: the tracees die with the tracer anyway). */
void guard_disable(void);
/* A breakpoint at ADDR in process TGID over byte ORIG: a record id (0: none). */
uint32_t guard_byte(pid_t tgid, uint64_t addr, uint8_t orig);
/* The 16-bit semaphore at ADDR of TGID is RAISED above its value: a record id (0: none). */
uint32_t guard_sem(pid_t tgid, uint64_t addr, int raised);
void guard_sem_set(uint32_t id, int raised);
/* The return address at stack SLOT of TGID, RET, was replaced by TRAMP: a record id. */
uint32_t guard_frame(pid_t tgid, uint64_t slot, uint64_t ret, uint64_t tramp);
/* Record ID undone (0: nothing). */
void guard_drop(uint32_t id);
