/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Inside the probes of --bpf: what probes.c (the hooks, holding processes, printing) and
 * probes-attach.c (fetch plans, objects, attaching) share.
 */
#pragma once
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "probe-int.h"

/* A site as user space prints it. */
struct usite {
	int kind;           /* SPEC_USDT, SPEC_UPROBE, SPEC_URETPROBE; -1: the loader's hook */
	char *label;
	const char *hints;
	int nargs;
	struct usdt_arg argv[USDT_MAX_ARGS];
};

extern struct probes *probes_skel;
extern struct usite *probes_sites;   /* indexed by the attach cookie */
extern size_t probes_nsites;
extern bool *probes_spec_done;       /* uprobe without @LIB: attached where first defined */

/* Attach every object mapped in TGID; with REPORT, the first time, say which specs found
 * nothing (not before the libraries are mapped). */
void probes_resolve(pid_t tgid, bool report);
/*
 * Object PATH, mapped or to be: attached once for process PID, or (-1) for whichever process
 * maps it.  Without -f only the traced processes themselves have uprobes (and raised
 * semaphores); with -f every process mapping the file does, children included from their
 * first instruction, and the BPF side filters.
 */
void probes_attach_object(const char *path, pid_t pid);
/* Every uprobe detached (semaphores drop with them). */
void probes_unlink_all(void);
