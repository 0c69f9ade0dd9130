/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Internal to libuprobe: out-of-line stepping and stop-the-world (xol.c). */
#pragma once
#include "uprobe/bp.h"

/* Decode B's instruction (CODE, LEN bytes) with capstone: set xol_kind, insn, fix-ups. */
void xol_classify(struct bp *b, const uint8_t *code, size_t len);
/*
 * Step TID over B by running its copy in a scratch slot; REGS in and out (rip == B->addr on
 * entry).  0 (an asynchronous signal to deliver at resume in *PENDING), a fault signal to
 * deliver (rip set back to the site), -ENOTSUP (cannot run out of line: use stop-the-world;
 * B is marked so), or -errno.
 */
int xol_step(struct bp_space *s, struct bp *b, pid_t tid, struct user_regs_struct *regs,
	     int *pending);
/* PTRACE_INTERRUPT every other thread of the process and see it stopped (not reaped). */
int xol_stop_others(struct bp_space *s, pid_t tid);
/*
 * One single-step of TID: 0 stepped, a synchronous fault's signal (rip still on the
 * instruction), or -errno.  An asynchronous signal met on the way goes in *PENDING.
 */
int xol_step_once(pid_t tid, int *pending);
