/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Inside lt-space.c and lt-resolve.c: an address space's breakpoints (sites) and the objects
 * mapped in it.
 */
#pragma once
#include "ltrace-lite/lt-ptrace.h"

enum { SITE_START, SITE_RTLD, SITE_FUNC, SITE_RESOLVER, SITE_RET, SITE_DLOPEN };

struct site {
	uint8_t kind;
	int obj;               /* FUNC, RESOLVER: the defining object */
	const char **names;    /* FUNC: its public names (aliases); RESOLVER: the IFUNC's */
	size_t nnames;
	uint8_t skip;          /* FUNC: placed this many bytes past the entry (see arm_late) */
	int32_t sp_adj;        /* what the skipped instruction took off the stack pointer */
	const char *pname;     /* the name whose prototype is in proto (looked up once) */
	const struct lt_proto *proto;
};

struct space {
	pid_t tgid;
	int refs;
	struct bp_space bs;
	struct site *sites;
	size_t nsites, sitecap;
	struct uprobe_obj *objs;
	size_t nobjs;
	bool resolved, rtld, is_static;
	bool dlopen_hook;      /* dlopen's returns watched instead (no _dl_debug_state) */
	struct space *next;
};

/* A breakpoint at ADDR for a new site of KIND (or NAME added to the site already there):
 * the site's index or -errno. */
int space_arm(struct space *s, uint64_t addr, int kind, int obj, const char *name);
/* Bring S in line with what is mapped now (lt-resolve.c). */
void space_resolve(struct space *s);
