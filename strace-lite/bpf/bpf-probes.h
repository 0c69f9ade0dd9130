/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Inside the probes of --bpf: what probes.c (the hooks, holding processes, printing) and
 * bpf-probes-attach.c (fetch plans, objects, attaching) share.
 */
#pragma once
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "strace-lite/probe/probe-int.h"
#include "bpf/probes.h"

struct lt_proto;

/* A site as user space prints it. */
struct usite {
	int kind;           /* SPEC_USDT, SPEC_UPROBE, SPEC_URETPROBE, SITE_RESOLVER; -1: the
			     * loader's hook */
	char *label;
	const char *hints;
	int nargs;
	struct usdt_arg argv[USDT_MAX_ARGS];
	/* A function printed by its prototype: v[0..niregs) are rdi..r9 (a uretprobe: v[0] is
	 * rax), v[spidx] the stack pointer (-1: none); cap[i] what was captured at v[i]. */
	const struct lt_proto *proto;
	int niregs, spidx;
	unsigned char cap[PROBE_MAX_ARGS];
	char *path;         /* SITE_RESOLVER: its object */
	bool silent;        /* a probe only --latency names: its hits are not printed */
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
/* The IFUNC resolver of site US returned IMPL in process TGID: its uprobes go there too. */
void probes_ifunc_chosen(const struct usite *us, pid_t tgid, uint64_t impl);
/* Every uprobe detached (semaphores drop with them). */
void probes_unlink_all(void);
/* --latency (bpf-latency.c): the kernel's pairs' keys into SKEL's rodata before load; a new
 * site's part in them (PS's lat_a, lat_b, silent, keys' sizes); at the end, the kernel's
 * histograms into the pairs' sinks and the starts it could not keep (FULL) said. */
struct probes;
void bpf_latency_load(struct probes *skel);
void bpf_latency_site(const struct usite *us, struct psite *ps);
void bpf_latency_report(const struct probes *skel, uint64_t full);
/* Before the programs load: uprobe_multi links where the kernel has them (and not
 * STTRACE_BPF_LINKS=single), the hit and return programs made for them. */
void probes_links_prepare(void);

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

/* Records the probe programs could not put into the ring buffer. */
uint64_t bpf_probes_lost(void);
/*
 * Signals that holding a process (while the objects it exec'd or dlopened are attached, while
 * its xmm registers are read, while the trace catches up) makes are ours, not the program's,
 * not to be printed: the SIGSTOP and SIGCONT (normally unseen: the thread is out of "traced"
 * meanwhile) and its parent's SIGCHLD with CLD_STOPPED / CLD_CONTINUED (one each per hold).
 */
bool bpf_probes_signal_is_ours(pid_t tid, int sig, const siginfo_t *si);
