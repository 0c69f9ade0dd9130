/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * One breakpoint space per traced process, for sttrace's probes and lttrace's calls alike:
 * the process's breakpoints (bp.h: inserted with the owner's cookie in `data`, removed, stepped
 * over; USDT semaphores), found by address in one hashed lookup, and what becomes of them
 * over the process's life:
 *  - a hit: bp_space_trap names the breakpoint a SIGTRAP stopped on; the owner handles it
 *    (and may insert or remove breakpoints meanwhile); bp_space_resume steps over it;
 *  - fork: the child's text is a copy of the parent's, breakpoints and raised semaphores included.
 *    A child followed gets the parent's records (bp_space_copy), so its hits are stepped over
 *    and its bytes restored when the tracer leaves; a child let go gets its bytes back at
 *    once (bp_space_unbreak);
 *  - dlclose: an object unmapped took its breakpoints and semaphores along (bp_space_forget);
 *  - exec: the old image went with its breakpoints: bp_space_close forgets without touching memory;
 *  - detach: bp_remove_all puts every byte and semaphore back, and a thread stopped on a trap
 *    already taken is rewound (bp_space_trap, then rip - 1): no tracee keeps a breakpoint of ours.
 */
#pragma once
#include "uprobe/bp.h"

/* CHILD (just opened on the forked process) takes PARENT's records: 0 or -ENOMEM. */
int bp_space_copy(struct bp_space *child, const struct bp_space *parent);
/* Process CHILD, a fork of PARENT's process that is not followed: its copied breakpoints and
 * semaphores back to their original values. */
void bp_space_unbreak(const struct bp_space *parent, pid_t child);
/* The object at [LO, HI) is no longer mapped: its int3s and semaphores are forgotten. */
void bp_space_forget(struct bp_space *s, uint64_t lo, uint64_t hi);
/* Thread TID stopped with BP_SIG: its registers in REGS (rip one past the breakpoint, as an
 * int3 leaves it), and our breakpoint it trapped on (inserted or already removed), or NULL
 * when the fault is not ours. */
struct bp *bp_space_trap(struct bp_space *s, pid_t tid, struct user_regs_struct *regs);
/*
 * The hit of the breakpoint at ADDR handled: TID (registers REGS, as bp_space_trap read them)
 * steps over it, or simply runs on when it was removed meanwhile.  The signal to resume TID
 * with (0 normally); a failure is logged and resumes with 0.
 */
int bp_space_resume(struct bp_space *s, uint64_t addr, pid_t tid, struct user_regs_struct *regs);
