/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Inside the probes through ptrace: an address space's sites, objects and return frames,
 * shared by probe.c (spaces, hits) and probe-resolve.c (which sites, where).
 */
#pragma once
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "uprobe/space.h"
#include "strace-lite/probe/probe-int.h"

struct lt_proto;

/* Breakpoint data other than a site index + 1. */
#define BP_TRAMP ((void *)~(uintptr_t)0) /* return trampoline (the program entry point) */
#define BP_RTLD ((void *)~(uintptr_t)1)  /* _dl_debug_state: the loader changed the link map */

struct site {
	int kind;              /* SPEC_USDT, SPEC_UPROBE (a function entry) or SITE_RESOLVER */
	char *label;           /* "reqserver:request_start", "malloc" */
	const char *hints;
	bool on_entry;         /* uprobe: print the call */
	bool on_return;        /* uretprobe (or resolver): trampoline the return */
	char ret_hint;
	bool silent;           /* its hits (entry) go to the sinks only (--latency's own) */
	bool ret_silent;       /* ... its returns */
	int nargs;
	uint64_t addr;         /* where its breakpoint is */
	uint64_t bias;         /* runtime address - link-time address of its object */
	const struct lt_proto *proto; /* uprobe: how its values print; NULL: raw registers */
	struct usdt_arg argv[USDT_MAX_ARGS];
};

/* An object mapped in a space, its probes resolved: gone from the maps, they are forgotten. */
struct obj {
	char path[256];
	uint64_t lo, hi;
};

/* A call under a uretprobe: its return address on the stack at SLOT was RET, now the trampoline. */
struct frame {
	pid_t tid;
	uint32_t site;
	uint32_t guard; /* the guard's record of the replaced return address (uprobe/guard.h) */
	uint64_t slot, ret;
};

struct space {
	pid_t tgid;
	struct bp_space bs;
	bool armed;
	struct site *sites;
	size_t nsites;
	struct obj *objs;
	size_t nobjs;
	struct frame *frames;  /* every thread's shadow stack, oldest first */
	size_t nframes, framecap;
	uint64_t tramp;        /* 0: none yet */
	bool rtld;             /* a breakpoint on _dl_debug_state */
	struct space *next;
};

/* probe-resolve.c: bring the probes of S in line with what is mapped now. */
void probe_space_resolve(struct space *s);
/* The resolver of site RESOLVER returned IMPL: the uprobes on that IFUNC go there too. */
void probe_space_ifunc(struct space *s, size_t resolver, uint64_t impl);
