/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Inside the ptrace backend: address spaces and their breakpoints (lt-space.c) as the engine
 * loop (lt-ptrace.c) drives them.
 */
#pragma once
#include "common/tidtab.h"
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/user.h>
#include <time.h>

#include "uprobe/space.h"
#include "ltrace-lite/lt.h"

struct space;

/* A call in progress on a thread: pushed at entry, popped at its return (or when the stack
 * has unwound past it: longjmp, exceptions). */
struct frame {
	uint64_t slot;          /* sp at entry: where the return address is */
	uint64_t ret;           /* the return address, a breakpoint of ours */
	uint32_t site;
	bool resolver;          /* an IFUNC resolver: its result is an implementation to arm */
	bool rescan;            /* dlopen: resolve again at its return */
	const char *name;
	const char *caller;     /* "prog->" */
	const char *callee_lib; /* "@libc.so.6" */
	const struct lt_proto *proto;
	struct lt_vctx v;
	struct timespec t0;
	void *cookie;
};

struct thr {
	pid_t tid, tgid;
	struct space *sp;
	struct frame *frames;
	size_t nframes, cap;
	bool silent;            /* followed only because it shares our breakpoints */
	bool startup;           /* first stop not seen yet */
	bool attached;          /* -p: detach, never kill */
	bool in_syscall;        /* -S */
	struct timespec sys_t0;
	long sysno;
	struct lt_vctx sys_v;
	void *sys_cookie;
	struct tid_node node; /* in the thread table (lt-ptrace.c) */
};

/* The space of process TGID, NULL when there is none yet. */
struct space *space_find(pid_t tgid);
/* A fresh space for TGID (after exec or at spawn): an entry-point breakpoint, or resolved now
 * (attach).  NULL on error. */
struct space *space_new(pid_t tgid, bool at_entry);
/* The child CHILD of the process PARENT (fork): a copy of its breakpoints. */
struct space *space_fork(struct space *parent, pid_t child);
/* Restore CHILD's memory (a fork we do not follow): every int3 of PARENT's space removed. */
void space_unbreak(struct space *parent, pid_t child);
void space_ref(struct space *s);
/* Process TGID's image was replaced: S, when it is TGID's own (not a vfork parent's it
 * shared), no longer answers for that pid. */
void space_orphan(struct space *s, pid_t tgid);
void space_unref(struct space *s);
/*
 * T stopped with SIGTRAP: when it is one of our breakpoints, handle it (events out), step over
 * it and return the signal to resume with (0 normally); -1 when the trap is not ours.
 */
int space_trap(struct thr *t);
/* Drop T's frames (it exits or execs): the open line is closed. */
void thr_drop_frames(struct thr *t);
/* Every breakpoint of every space removed. */
void space_remove_all(void);
/* T stopped on an int3 of ours already removed: rewind it; true when it did. */
bool space_fixup_detach(struct thr *t);
void space_free_all(void);
