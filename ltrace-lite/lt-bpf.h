/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * lttrace --bpf: library calls through uprobes and uretprobes run by BPF programs
 * (bpf/ltrace.bpf.c), into the same lt_emit() as the ptrace backend.
 *
 * lt-bpf-plan.c decides what to attach where (the same sets as lt-resolve.c, read once the
 * program's objects are mapped) and what memory each call's record carries (from the
 * prototypes); lt-bpf.c holds the program, loads, attaches and turns records into events.
 */
#pragma once
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "ltrace-lite/lt.h"

/* The backend, as lttrace.c's table registers it (common/backend.h): init checks what only it
 * refuses and loads, spawn holds the program at its entry until its probes are attached. */
struct backend;
extern const struct backend lt_bpf_backend;

/* ---- inside the backend ---- */
struct lt_fspec;
struct lt_range;
struct mapping;

/* One attached function: one uprobe and one uretprobe, its index their cookie. */
struct lb_site {
	char *path;             /* the file the probes are on */
	uint64_t off;           /* file offset */
	uint64_t poff;          /* where the probe is (past an instruction the kernel cannot
				 * probe or would step out of line) */
	int obj;                /* the defining object */
	uint64_t vaddr;         /* link-time address (DWARF prototypes) */
	const char **names;     /* public names (memcpy and memmove may share one body) */
	size_t nnames;
	const struct lt_proto *proto; /* names[0]'s */
	const char *pname;      /* the name of the prototype last looked up for */
	const struct lt_proto *pproto;
	int mode;               /* enum lb_mode: how its probes are placed (lt-bpf-links.c) */
	const char *cs_exe;     /* LB_CSITE: the program whose call sites it has probes on */
};

enum lb_mode {
	LB_NONE,                /* no probe yet */
	LB_ENTRY,               /* entry and return (or refused by ksite) */
	LB_CSITE,               /* the program's calls of it and their return sites */
};

struct lb_plan {
	pid_t tgid;
	struct uprobe_obj *objs;
	size_t nobjs;
	struct lb_site *sites;
	size_t nsites;
	bool is_static;
	bool cxx;               /* libstdc++ is mapped: exceptions may unwind through C code */
	char rtld_path[256];    /* the loader (a copy: objs moves), the file offset of its
				 * _dl_debug_state */
	uint64_t rtld;
	struct mapping *maps; /* as at the plan: code is read from the files */
	int nmaps;
};

/* Read PID's objects and decide the sites (the process is stopped at its entry, or -p); again
 * after a dlopen: the objects not known yet are added, and their sites after the others. */
int lb_plan_build(struct lb_plan *p, pid_t pid);
/* The process exec'd: none of its objects is where it was (lb_plan_build places again those
 * the new image maps; the sites on their files stay). */
void lb_plan_exec(struct lb_plan *p);
/* Site I's capture plan and caller mask; ranges for the callers. */
void lb_plan_spec(const struct lb_plan *p, size_t i, struct lt_fspec *spec);
/* lt-bpf-sys.c: -S, a system call's entry or exit record (SYSSPECS: the plans). */
struct lt_rec;
void lb_on_sys(const struct lt_rec *r, const uint8_t *d, size_t dlen,
	       const struct lt_fspec *sysspecs);
/* -S: what system call NR's records carry (the memory its prototype names). */
void lb_plan_sysspec(long nr, struct lt_fspec *spec);
/* No uretprobe on S (setjmp, what exceptions unwind through): calls print without return. */
bool lb_site_noret(const struct lb_plan *p, const struct lb_site *s);
int lb_plan_ranges(const struct lb_plan *p, struct lt_range *r, int max);
/* The object holding ADDR, -1 when none. */
int lb_plan_obj_at(const struct lb_plan *p, uint64_t addr);
/* The name a call from object C used to reach site S (aliases: through which GOT slot). */
const char *lb_plan_called_name(const struct lb_plan *p, const struct lb_site *s, int c,
				uint64_t ret);
/* The prototype for NAME at site S (cached for the last name asked). */
const struct lt_proto *lb_plan_proto(struct lb_site *s, const char *name, const struct lb_plan *p);
void lb_plan_free(struct lb_plan *p);

/* lt-bpf-links.c: the probes of the sites.  Before the programs load: uprobe_multi links for
 * ENTRY and RET where the kernel has them (true).  Then the sites of P from FROM on, placed by
 * ksite (those it refuses named in one warning line), or at their call sites in the program
 * (lb_csite_pick; those placed so before are looked at again: a new program since an exec, new
 * callers since a dlopen), for process APID (-1: any), SPECS their plans: 0 or -errno (said).
 * lb_links_add keeps a libbpf link to go with them; lb_links_detach ends them all. */
struct bpf_program;
struct bpf_link;
bool lb_links_prepare(struct bpf_program *entry, struct bpf_program *ret);
int lb_links_attach(struct lb_plan *p, size_t from, const struct lt_fspec *specs,
		    struct bpf_program *entry, struct bpf_program *ret, pid_t apid);
int lb_links_add(struct bpf_link *l);
/* A uprobe of PROG at ADDR of process PID (its file and offset from its maps), for APID: 0 or
 * -errno (a site the kernel must not probe is said). */
int lb_links_retsite(struct bpf_program *prog, pid_t pid, pid_t apid, uint64_t addr);
void lb_links_detach(void);

/* lt-bpf-csite.c: whether site I of P (plan SPEC) is probed at its calls in the running
 * program: that program's scan (uprobe/callsite.h), else NULL, with *WHY when it was a
 * candidate (its calls are the program's own only) refused by the scan.  Off with
 * LTTRACE_BPF_CALLSITES=0.  lb_csite_note gathers what LTTRACE_BPF_STATS says of a batch of
 * sites (FN NULL: refused for WHY), lb_csite_say says it. */
struct csite_exe;
const struct csite_exe *lb_csite_pick(const struct lb_plan *p, size_t i,
				      const struct lt_fspec *spec, const char **why);
void lb_csite_note(const struct lb_site *s, size_t ncalls, const char *why);
void lb_csite_say(void);

/* lt-bpf-thr.c: the threads and their open calls, as the records show them. */
/* A frame's copies: the stack words, and entry and return captures of each register. */
#define LB_MAXREGIONS (2 * 6 + 2)
struct ufr {
	uint64_t slot;
	uint64_t ret_addr;
	uint64_t call_ts;    /* the kernel's time of its entry: who it is, with slot */
	int site;
	bool shown;
	bool twin;           /* the -e line of the call -x shows above it: closed with it */
	const char *name, *caller, *callee_lib;
	const struct lt_proto *proto;
	struct lt_vctx v;
	void *cookie;
	uint8_t *mem, *omem;
	struct lt_region r[LB_MAXREGIONS];
	int nr;
};

struct uthr {
	pid_t tid, tgid;
	struct ufr *f;
	size_t n, cap, nshown;
	struct ufr sys;         /* -S: the system call in progress */
	bool in_sys;
	char sysname[40];
	struct uthr *next;
};

struct lt_rec;
/* Thread TID (of TGID): made when CREATE and not known. */
struct uthr *lb_thr_get(pid_t tid, pid_t tgid, bool create);
void lb_thr_free(struct uthr *t);
void lb_thr_free_all(void);
/* lt_vctx.read of a frame: its copies, else the process. */
int lb_frame_read(void *priv, uint64_t addr, void *buf, size_t len);
/* F's copies and state freed, F zeroed (the -S frame, reused). */
void lb_frame_reset(struct ufr *f);
/* Pop T's top frame; lb_pop_call also the twin under it (one call). */
void lb_pop(struct uthr *t);
void lb_pop_call(struct uthr *t);
/* Frames whose slot the stack has unwound past (longjmp, exceptions) are gone. */
void lb_drop_dead(struct uthr *t, uint64_t slot);
/* Copy the captured regions of record R (data D) into frame F, at the entry or AT_RET. */
void lb_add_regions(struct ufr *f, const struct lt_rec *r, const uint8_t *d, size_t dlen,
		    const struct lt_fspec *sp, bool at_ret);

/* lt-bpf-hold.c: thread TID of TGID, held at a hit (struct lt_rec held): wait until it is
 * stopped and, if WANT_XMM, read its xmm0-7 (low 8 bytes) into XMM through map XMM_FD: true
 * when they were read.  lb_hold_end lets it go (map xheld, XHELD_FD, forgets the process);
 * lb_hold_end_all every process still held (the end). */
bool lb_hold_begin(int xmm_fd, pid_t tgid, pid_t tid, bool want_xmm, uint64_t xmm[8]);
void lb_hold_end(int xheld_fd, pid_t tgid, pid_t tid);
void lb_hold_end_all(int xheld_fd);

/* lt-bpf-proc.c: PROG started and held at its entry point under ptrace, *CHILD its pid (the
 * caller detaches).  0, or -errno with a message printed (*STATUS: its wait status if it
 * ended).  AT_EXEC (or NULL) is called at its exec stop, before it runs to its entry. */
int lb_spawn_held(char **argv, pid_t *child, int *status, void (*at_exec)(pid_t));
