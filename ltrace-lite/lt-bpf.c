// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * lttrace --bpf: the program held, the probes attached, records turned into lt_events.
 *
 * Start: a spawned program runs under PTRACE_TRACEME to its entry point (main for a static
 * program), where every needed object is mapped and none of its own code has run; there the
 * plan is made (lt-bpf-plan.c), the BPF programs loaded and one uprobe and one uretprobe
 * attached per function, and only then is it let go (PTRACE_DETACH): no call is lost at
 * start.  -p attaches to a running process without stopping it.  Without -f the probes are
 * attached for the process's own mm and the kernel side keeps the main thread only; with -f
 * they are attached for every process (pid -1) and the kernel side keeps the threads of the
 * traced processes, children added at fork.
 *
 * Records carry registers, stack words and the memory the plan names; a frame keeps them from
 * the call to its return, and lt_vctx.read serves the printers from them (what was not
 * captured is read from the process when the line is printed).  What the kernel side cannot
 * copy — xmm registers (floats), memory behind the copied pointers — comes from the thread
 * held at the hit while its line is printed (lt-bpf-hold.c).  Lost records are counted by
 * the kernel side and reported at the end.  Every exit path destroys the links
 * (lt-bpf-links.c).
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <elf.h>
#include <limits.h>
#include <unistd.h>
#include <linux/capability.h>
#include <linux/types.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "bpf/ltrace.h"
#include "gen/ltrace.skel.h"
#include "bpf/bpflib.h"
#include "bpf/ringread.h"
#include "common/clock.h"
#include "common/event.h"
#include "uprobe/ksite.h"
#include "ltrace-lite/lt-bpf.h"
#include "common/proc.h"
#include "common/log.h"
#include "common/spawn.h"
#include "common/backend.h"
#include "common/vec.h"

#define RING_SIZE (32u << 20)

static struct ltrace *skel;
static struct lb_plan plan;
static int nlive;               /* traced processes whose last thread has not exited */
static pid_t child;             /* the spawned program */
static int child_status = -1;
static unsigned long orphans;   /* returns whose call was not seen */
static uint64_t holds_seen;
static pid_t keep_tid;          /* without -f, the one traced thread (calls kept: show_kept) */
static int keep_pidfd = -1;
static bool kernel_time;        /* records carry the kernel's clock (want_time) */

static int bpf_fail(const char *what, int err)
{
	log_error("--bpf: %s: %s", what, strerror(err < 0 ? -err : err));
	bpf_log_tail(getenv("LTTRACE_BPF_LOG") ? 400 : 8);
	return err < 0 ? err : -err;
}

/* ---- threads and frames ---- */

static void emit(struct uthr *t, struct ufr *f, enum lt_ev_kind kind, double spent)
{
	struct lt_event ev = {
		.kind = kind, .pid = t->tid, .tgid = t->tgid, .name = f->name, .caller = f->caller,
		.callee_lib = f->callee_lib, .proto = f->proto, .v = &f->v, .ret_addr = f->ret_addr,
		.depth = (int)t->nshown, .spent = spent, .cookie = &f->cookie,
	};

	f->v.priv = f; /* the frames array may have moved since */
	lt_emit(&ev);
}

enum { SHOW_E = 1, SHOW_X = 2 };

/*
 * Would lt-space.c's on_entry show this call: by its caller (-e, -l: SHOW_E, the caller's
 * name in *CALLER), by itself (-x: SHOW_X, its library in *LIB), or both (then it shows
 * twice, as ltrace's breakpoints at the PLT and at the entry see it).  A call a tail jump
 * reached (TAIL) shows only through -x: its caller made one call, already shown.
 */
static int shown(struct uthr *t, const char *name, const struct lb_site *s, int c, bool tail,
		 const char **caller, const char **lib)
{
	const struct uprobe_obj *co = c >= 0 ? &plan.objs[c] : NULL, *d = &plan.objs[s->obj];
	bool have_l = lt_filter_have(LT_FILTER_L), e_ok = false;
	int how = 0;

	if (lt_filter_have(LT_FILTER_X) &&
	    lt_filter_match(LT_FILTER_X, name, d->elf->soname, d->path, d->is_main)) {
		how |= SHOW_X;
		*lib = d->is_main ? NULL : d->elf->soname;
	}
	if (!tail && co && co->elf && !lt_opts.no_libcalls) {
		bool inter = plan.is_static ? !t->nshown : c != s->obj;
		if (inter && (lt_filter_have(LT_FILTER_E) || !have_l))
			e_ok = lt_filter_match(LT_FILTER_E, name, co->elf->soname, co->path,
					       co->is_main);
		if (inter && !e_ok && have_l)
			e_ok = lt_filter_match(LT_FILTER_L, name, d->elf->soname, d->path,
					       d->is_main);
		/* The default -e (@MAIN) leaves weak imports out (__cxa_finalize): a -x hit on
		 * one is no -e call either (lt-space.c's rule). */
		if (e_ok && (how & SHOW_X) && lt_opts.hide_caller &&
		    !uprobe_elf_strong_import(co->elf, name))
			e_ok = false;
		if (e_ok) {
			how |= SHOW_E;
			*caller = co->elf->soname;
		}
	}
	return how;
}

/* A frame for the call of record R (data D), pushed. */
static void open_frame(struct uthr *t, const struct lt_rec *r, const uint8_t *d, size_t dlen,
		       const uint64_t *xmm, const char *name, const char *caller, const char *lib)
{
	if (VEC_GROW(t->f, t->cap, t->n, 16) < 0)
		return;
	struct ufr *f = &t->f[t->n++];
	memset(f, 0, sizeof(*f));
	f->slot = r->sp;
	f->call_ts = r->ts_call;
	f->ret_addr = r->ret;
	f->site = (int)r->fn;
	f->name = name;
	f->caller = caller;
	f->callee_lib = lib;
	f->shown = true;
	f->proto = lb_plan_proto(&plan.sites[r->fn], f->name, &plan);
	f->v.pid = t->tid;
	memcpy(f->v.iregs, r->regs, sizeof(f->v.iregs));
	f->v.sp = r->sp;
	f->v.read = lb_frame_read;
	f->v.strsize = lt_opts.strsize;
	f->v.arraylen = lt_opts.arraylen;
	f->v.have_fregs = xmm != NULL;
	if (xmm)
		memcpy(f->v.fregs, xmm, sizeof(f->v.fregs));
	lb_add_regions(f, r, d, dlen, &skel->bss->fspecs[r->fn], false);
}

/* XMM: the thread's xmm0-7 at the hit, when it was held for them (lt-bpf-hold.c). */
static void on_call(const struct lt_rec *r, const uint8_t *d, size_t dlen, const uint64_t *xmm)
{
	struct uthr *t = lb_thr_get((pid_t)r->tid, (pid_t)r->tgid, true);

	if (!t || r->fn >= plan.nsites)
		return;
	lb_drop_dead(t, r->sp);
	/* Already shown: a kept call read from the thread's storage (show_kept), sent since. */
	if (t->n && t->f[t->n - 1].slot == r->sp && t->f[t->n - 1].call_ts == r->ts_call)
		return;
	/* Not a tail jump (which nests on the slot): a frame at its slot was left by longjmp. */
	bool tail = r->flags & LT_RF_TAIL;
	while (!tail && t->n && t->f[t->n - 1].slot == r->sp)
		lb_pop(t);
	struct lb_site *s = &plan.sites[r->fn];
	int c = lb_plan_obj_at(&plan, r->ret);
	const char *name = lb_plan_called_name(&plan, s, c, r->ret), *caller = NULL, *lib = NULL;
	int how = shown(t, name, s, c, tail, &caller, &lib);
	size_t n0 = t->n;
	/* Shown by -e and -x both: the -e line first, its twin, then the -x line. */
	if (how == (SHOW_E | SHOW_X)) {
		open_frame(t, r, d, dlen, xmm, name, caller, NULL);
		if (t->n == n0)
			return;
		t->f[t->n - 1].twin = true;
		t->nshown++;
		emit(t, &t->f[t->n - 1], LT_EV_CALL, 0);
		n0 = t->n;
	}
	open_frame(t, r, d, dlen, xmm, name, how & SHOW_X ? NULL : caller, lib);
	if (t->n == n0)
		return;
	struct ufr *f = &t->f[t->n - 1];
	f->shown = how != 0;
	if (f->shown) {
		t->nshown++;
		emit(t, f, LT_EV_CALL, 0);
	}
	/* No return to wait for: the line stays open until the next one (<unfinished ...>). */
	if ((skel->bss->fspecs[r->fn].flags & (LT_F_NORET | LT_F_RETSITE)) == LT_F_NORET)
		lb_pop_call(t);
}

static void on_return(const struct lt_rec *r, const uint8_t *d, size_t dlen, const uint64_t *xmm)
{
	struct uthr *t = lb_thr_get((pid_t)r->tid, (pid_t)r->tgid, false);

	if (t)
		lb_drop_dead(t, r->sp);
	if (!t || !t->n || t->f[t->n - 1].slot != r->sp) {
		orphans++;
		return;
	}
	/* The call's frame, and the twin under it (shown by -e and -x both), innermost first. */
	for (bool more = true; more && t->n && t->f[t->n - 1].slot == r->sp;) {
		struct ufr *f = &t->f[t->n - 1];
		more = t->n > 1 && t->f[t->n - 2].twin;
		if (f->shown) {
			f->v.ret = r->rval;
			f->v.ret2 = r->rval2;
			f->v.have_ret2 = true;
			if (xmm) {
				memcpy(&f->v.fret, &xmm[0], sizeof(f->v.fret));
				memcpy(&f->v.fret2, &xmm[1], sizeof(f->v.fret2));
				f->v.have_fregs = true;
			}
			lb_add_regions(f, r, d, dlen, &skel->bss->fspecs[f->site], true);
			emit(t, f, LT_EV_RETURN, (double)(r->ts - r->ts_call) / 1e9);
		}
		lb_pop(t);
	}
}

static void on_exit_rec(const struct lt_rec *r)
{
	struct uthr *t = lb_thr_get((pid_t)r->tid, (pid_t)r->tgid, false);
	int status = (int)r->regs[0];
	bool last = r->regs[1];

	if (t) {
		/* Calls still open: JSON and -c close them, the text its open line. */
		bool any = t->nshown > 0 || t->in_sys;
		for (size_t i = t->n, depth = t->nshown; i-- > 0;)
			if (t->f[i].shown) {
				struct ufr *f = &t->f[i];
				struct lt_event ev = {
					.kind = LT_EV_UNFINISHED, .pid = t->tid, .tgid = t->tgid,
					.name = f->name, .caller = f->caller, .proto = f->proto,
					.v = &f->v, .depth = (int)depth--, .cookie = &f->cookie,
				};
				f->v.priv = f;
				lt_emit(&ev);
			}
		if (any) {
			struct lt_event ev = { .kind = LT_EV_GONE, .pid = t->tid };
			lt_emit(&ev);
		}
		lb_thr_free(t);
	}
	struct lt_event ev = {
		.pid = lt_opts.follow ? (pid_t)r->tid : (pid_t)r->tgid, .tgid = (pid_t)r->tgid,
		.kind = WIFSIGNALED(status) ? LT_EV_KILLED : LT_EV_EXITED,
		.sig = WIFSIGNALED(status) ? WTERMSIG(status) : 0,
		.status = WIFSIGNALED(status) ? 0 : WEXITSTATUS(status),
	};
	if (lt_opts.follow || r->tid == r->tgid || last)
		lt_emit(&ev);
	if (last) {
		nlive--;
		if ((pid_t)r->tgid == child)
			child_status = status;
	}
}

static void on_fork(const struct lt_rec *r)
{
	struct uthr *p = lb_thr_get((pid_t)r->tid, (pid_t)r->tgid, false);
	pid_t cpid = (pid_t)r->regs[0];
	struct uthr *c = lb_thr_get(cpid, cpid, true);

	nlive++;
	if (!p || !c || !p->n || !(c->f = calloc(p->n, sizeof(*c->f))))
		return;
	/* The child returns from the calls its parent has open (fork itself at least). */
	for (size_t i = 0; i < p->n; i++) {
		struct ufr *f = &c->f[i];
		*f = p->f[i];
		f->cookie = NULL;
		f->mem = f->omem = NULL;
		f->nr = 0;
		f->v.pid = cpid;
	}
	c->n = c->cap = p->n;
	c->nshown = p->nshown;
}

static void on_rtld(const struct lt_rec *r);
static void on_exec(const struct lt_rec *r);

static void place_retsite(const struct lt_rec *r)
{
	uint64_t addr = r->ret;
	uint32_t one = 1;

	if (bpf_map_update_elem(bpf_map__fd(skel->maps.retsites), &addr, &one, BPF_NOEXIST) == 0)
		lb_links_retsite(skel->progs.lt_retsite, (pid_t)r->tgid,
				 lt_opts.follow ? -1 : (pid_t)r->tgid, addr);
}

static int on_record(void *ctx, void *data, size_t len)
{
	const struct lt_rec *r = data;
	const uint8_t *d = (const uint8_t *)data + sizeof(*r);

	(void)ctx;
	if (len < sizeof(*r))
		return 0;
	/* Every time printed (-t, -tt, -ttt, -r, a timeline's) is the kernel's of the event, when
	 * the kernel side stamps them (want_time); a record made here (ts 0) happens now. */
	if (kernel_time)
		clock_event_set(r->ts);

	/* Held at the hit: printed while it is stopped, with its xmm registers if wanted. */
	uint64_t xregs[8];
	const uint64_t *xmm = NULL;
	if ((r->flags & LT_RF_HELD) && r->fn < LT_MAXFN &&
	    lb_hold_begin(bpf_map__fd(skel->maps.xmm), (pid_t)r->tgid, (pid_t)r->tid,
			  skel->bss->fspecs[r->fn].flags &
				  (r->kind == LT_REC_CALL ? LT_F_XMM : LT_F_XMM_RET), xregs))
		xmm = xregs;
	/* A setjmp's return address, seen the first time: its uprobe, while the thread waits. */
	if (r->kind == LT_REC_CALL && (r->flags & LT_RF_HELD) && r->fn < LT_MAXFN &&
	    (skel->bss->fspecs[r->fn].flags & LT_F_RETSITE))
		place_retsite(r);
	/* -c sums in the kernel: a call record comes only for that. */
	if (lt_opts.cflag && r->kind == LT_REC_CALL) {
		if (r->flags & LT_RF_HELD)
			lb_hold_end(bpf_map__fd(skel->maps.xheld), (pid_t)r->tgid, (pid_t)r->tid);
		return 0;
	}
	switch (r->kind) {
	case LT_REC_CALL:
		on_call(r, d, len - sizeof(*r), xmm);
		break;
	case LT_REC_RET:
		on_return(r, d, len - sizeof(*r), xmm);
		break;
	case LT_REC_CALLRET:
		/* Its data are the return's captures; the entry had none.  Each line its time. */
		if (kernel_time)
			clock_event_set(r->ts_call);
		on_call(r, d, 0, NULL);
		if (kernel_time)
			clock_event_set(r->ts);
		on_return(r, d, len - sizeof(*r), xmm);
		break;
	case LT_REC_EXIT:
		on_exit_rec(r);
		break;
	case LT_REC_FORK:
		on_fork(r);
		break;
	case LT_REC_RTLD:
		on_rtld(r);
		break;
	case LT_REC_EXEC:
		on_exec(r);
		break;
	case LT_REC_SYSCALL:
	case LT_REC_SYSRET:
		lb_on_sys(r, d, len - sizeof(*r), skel->bss->sysspecs);
		break;
	case LT_REC_SIGNAL: {
		struct lt_event ev = { .kind = LT_EV_SIGNAL, .pid = (pid_t)r->tid,
				       .tgid = (pid_t)r->tgid, .sig = (int)r->regs[0] };
		lt_emit(&ev);
		break;
	}
	}
	if (r->flags & LT_RF_HELD)
		lb_hold_end(bpf_map__fd(skel->maps.xheld), (pid_t)r->tgid, (pid_t)r->tid);
	return 0;
}

/* ---- load, attach, run ---- */

static int load(void)
{
	int err;

	err = bpf_ready();
	if (err < 0)
		return err;
	if (!(skel = ltrace__open()))
		return bpf_fail("open", -errno);
	skel->rodata->stats_only = lt_opts.cflag;
	skel->rodata->follow = lt_opts.follow;
	skel->rodata->self_tgid = (uint32_t)getpid();
	kernel_time = lt_opts.Tflag || lt_opts.json || lt_opts.cflag || lt_opts.recording ||
		      lt_opts.tflag || lt_opts.rflag || event_sinks_active();
	skel->rodata->want_time = kernel_time;
	/* LTTRACE_BPF_RING (bytes, a power of two of at least 64 KiB): for tests of the holds. */
	const char *env = getenv("LTTRACE_BPF_RING");
	unsigned long ring = env ? strtoul(env, NULL, 0) : RING_SIZE;
	if (ring < (64u << 10) || (ring & (ring - 1)) || ring > (1u << 30))
		ring = RING_SIZE;
	skel->rodata->ring_size = ring;
	skel->rodata->query_bytes = ring / 16 < (64u << 10) ? (uint32_t)(ring / 16) : 64u << 10;
	bpf_map__set_max_entries(skel->maps.events, (uint32_t)ring);
	lb_links_prepare(skel->progs.lt_entry, skel->progs.lt_return);
	/* -S: every system call of the machine runs these; without it they are not loaded. */
	bpf_program__set_autoload(skel->progs.lt_sys_enter, lt_opts.Sflag);
	bpf_program__set_autoload(skel->progs.lt_sys_exit, lt_opts.Sflag);
	if ((err = ltrace__load(skel)) < 0)
		return bpf_fail("load", err);
	for (long nr = 0; lt_opts.Sflag && nr < LT_MAXSYS; nr++)
		lb_plan_sysspec(nr, &skel->bss->sysspecs[nr]);
	if (lt_opts.Sflag &&
	    (!(skel->links.lt_sys_enter = bpf_program__attach(skel->progs.lt_sys_enter)) ||
	     !(skel->links.lt_sys_exit = bpf_program__attach(skel->progs.lt_sys_exit))))
		return bpf_fail("attach sys_enter/sys_exit", -errno);
	if (!(skel->links.lt_exit = bpf_program__attach(skel->progs.lt_exit)))
		return bpf_fail("attach sched_process_exit", -errno);
	if (lt_opts.follow && !(skel->links.lt_fork = bpf_program__attach(skel->progs.lt_fork)))
		return bpf_fail("attach sched_process_fork", -errno);
	if (!(skel->links.lt_signal = bpf_program__attach(skel->progs.lt_signal)))
		return bpf_fail("attach signal_deliver", -errno);
	if (!(skel->links.lt_xmm_read = bpf_program__attach(skel->progs.lt_xmm_read)))
		return bpf_fail("attach signal_generate", -errno);
	if (!(skel->links.lt_exec = bpf_program__attach(skel->progs.lt_exec)))
		return bpf_fail("attach sched_process_exec", -errno);
	return 0;
}

static size_t nattached;       /* sites with their probes */

/* The sites planned since the last call: their specs (all of them: a new object may be a
 * caller of old sites), the object ranges, and their probes. */
static int attach_sites(pid_t pid)
{
	pid_t apid = lt_opts.follow ? -1 : pid;

	skel->bss->nranges = (uint32_t)lb_plan_ranges(&plan, skel->bss->ranges, LT_MAXOBJS);
	for (size_t i = 0; i < plan.nsites; i++)
		lb_plan_spec(&plan, i, &skel->bss->fspecs[i]);
	int err = lb_links_attach(&plan, nattached, skel->bss->fspecs, skel->progs.lt_entry,
				  skel->progs.lt_return, apid);
	nattached = plan.nsites;
	return err;
}

static int attach(pid_t pid)
{
	uint32_t one = 1, key = (uint32_t)pid;
	int err = lb_plan_build(&plan, pid);

	if (err < 0) {
		log_error("--bpf: %d: cannot read its mappings: %s", pid, strerror(-err));
		return err;
	}
	if (bpf_map_update_elem(bpf_map__fd(skel->maps.traced), &key, &one, BPF_ANY) < 0)
		return bpf_fail("traced map", -errno);
	__atomic_fetch_add(&skel->data->traced_gen, 1, __ATOMIC_SEQ_CST);
	if (!lt_opts.follow && keep_pidfd < 0) {
		keep_tid = pid;
		keep_pidfd = (int)syscall(SYS_pidfd_open, pid, 0);
	}
	if ((err = attach_sites(pid)) < 0)
		return err;
	/* dlopen: the loader's _dl_debug_state stops the process for us (lt_rtld). */
	const char *why = plan.rtld_path[0] ?
			  ksite_unsafe_file(plan.rtld_path, plan.rtld, true) : NULL;
	if (why)
		log_warn("--bpf: dlopen not followed: _dl_debug_state in %s is %s", plan.rtld_path,
			 why);
	else if (plan.rtld_path[0]) {
		struct bpf_link *l = bpf_program__attach_uprobe(skel->progs.lt_rtld, false,
							       lt_opts.follow ? -1 : pid,
							       plan.rtld_path, (size_t)plan.rtld);
		if (l && lb_links_add(l) < 0)
			return -ENOMEM;
	}
	nlive++;
	return 0;
}

/* The loader's link map changed and the process is stopped: probe what came in, continue. */
static void on_rtld(const struct lt_rec *r)
{
	uint32_t key = r->tgid;

	if ((pid_t)r->tgid == plan.tgid && lb_plan_build(&plan, plan.tgid) == 0)
		attach_sites(plan.tgid);
	kill((pid_t)r->tgid, SIGCONT);
	bpf_map_delete_elem(bpf_map__fd(skel->maps.rtld_held), &key);
}

/*
 * The process exec'd and is stopped: the calls open in the old image are gone (`--- Called
 * exec() ---`), the new program and its loader are probed (its libraries come at the loader's
 * link-map change, lt_rtld), then it goes on.
 */
static void on_exec(const struct lt_rec *r)
{
	struct uthr *t = lb_thr_get((pid_t)r->tid, (pid_t)r->tgid, false);
	uint32_t key = r->tgid;

	if (t) {
		while (t->n)
			lb_pop(t);
		t->in_sys = false;
	}
	if (!lt_opts.cflag) {
		struct lt_event ev = { .kind = LT_EV_EXEC, .pid = (pid_t)r->tid,
				       .tgid = (pid_t)r->tgid };
		lt_emit(&ev);
	}
	if ((pid_t)r->tgid == plan.tgid) {
		lb_plan_exec(&plan);
		if (lb_plan_build(&plan, plan.tgid) == 0)
			attach_sites(plan.tgid);
	}
	kill((pid_t)r->tgid, SIGCONT);
	bpf_map_delete_elem(bpf_map__fd(skel->maps.rtld_held), &key);
}

/* -c: the kernel's sums, through the formatter's table. */
static void summary(void)
{
	for (size_t i = 0; i < plan.nsites; i++) {
		const struct lt_stat *st = &skel->bss->stats[i];
		struct lt_event ev = { .kind = LT_EV_RETURN, .name = plan.sites[i].names[0] };
		if (!st->calls)
			continue;
		ev.spent = (double)st->ns / 1e9 / (double)st->calls;
		for (uint64_t k = 0; k < st->calls; k++)
			lt_emit(&ev);
	}
	lt_summary_print();
}

/*
 * Processes the kernel side stopped for us to catch up: read everything, let them go.  A stop
 * may land after the SIGCONT meant to end it (bpf_send_signal defers it through irq_work where
 * interrupts are off): when the reader is idle, a held process found stopped is continued
 * again.  Held processes stay in the map (their SIGSTOPs are not the program's signals).
 */
static void release(struct ringread *rb, bool idle)
{
	int fd = bpf_map__fd(skel->maps.held);
	uint32_t key, next, v;
	const void *prev = NULL;

	holds_seen = skel->bss->holds;
	ringread_consume(rb);
	while (bpf_map_get_next_key(fd, prev, &next) == 0) {
		key = next;
		prev = &key;
		/* One stopped for a dlopen goes on once its objects are probed (on_rtld). */
		if (bpf_map_lookup_elem(bpf_map__fd(skel->maps.rtld_held), &key, &v) == 0)
			continue;
		/* One stopped at a hit goes on once the hit is printed (lt-bpf-hold.c). */
		if (idle && bpf_map_lookup_elem(bpf_map__fd(skel->maps.xheld), &key, &v) == 0)
			continue;
		if (!idle || proc_stop_signal((pid_t)key) > 0)
			kill((pid_t)key, SIGCONT);
	}
}

/*
 * Without -f the kernel keeps a call that reads nothing at its entry until it returns, and
 * then sends both in one record (ltrace.bpf.c).  When the reader is idle, a call kept so far is
 * read from the thread's task storage and shown, so that a call that blocks is seen while it
 * blocks, as through ptrace; on_call knows it again (slot, entry time) when its records come.
 * The storage is read while the thread runs: a call is shown once two reads an idle poll
 * apart (10 ms) found it the same, never from a copy torn by a return and a new entry.
 * FINAL: the thread is stopped or gone (the end), once is enough.
 */
static void show_kept(bool final)
{
	static struct lt_frame last;
	struct lt_tstate st;

	if (keep_pidfd < 0 ||
	    bpf_map_lookup_elem(bpf_map__fd(skel->maps.tstates), &keep_pidfd, &st) < 0 ||
	    !st.kept || st.kept > st.n || st.kept > LT_MAXFRAMES)
		return;
	const struct lt_frame *f = &st.f[st.kept - 1];
	if (!f->kept || f->fn >= plan.nsites)
		return;
	if (!final && memcmp(f, &last, sizeof(last))) {
		last = *f;
		return;
	}
	memset(&last, 0, sizeof(last));
	struct lt_rec r = { .kind = LT_REC_CALL, .fn = f->fn, .tid = (uint32_t)keep_tid,
			    .tgid = (uint32_t)keep_tid, .ts = f->ts, .ts_call = f->ts,
			    .sp = f->slot, .ret = f->retaddr };
	memcpy(r.regs, f->args, sizeof(r.regs));
	clock_event_set(kernel_time ? r.ts : 0);
	on_call(&r, (const uint8_t *)&r, 0, NULL);
	lt_output_flush();
}

static int run(void)
{
	struct ringread *rb = ringread_new(bpf_map__fd(skel->maps.events), on_record, NULL);
	if (!rb)
		return bpf_fail("ring buffer", -errno);
	while (nlive > 0 && !proc_interrupted() && !lt_output_broken()) {
		int n = ringread_poll(rb, 10);
		if (n < 0 && n != -EINTR) {
			bpf_fail("ring buffer", n);
			break;
		}
		if (n > 0 && !lt_output_flush())
			break;
		/* No wake-up is no sign of no record: idle is when none is waiting either. */
		if (n == 0 && keep_pidfd >= 0 && ringread_consume(rb) == 0)
			show_kept(false);
		/* Idle, or a hold since the last look: continue what the kernel side stopped (a
		 * SIGSTOP of it may have come after the SIGCONT that was to end it). */
		if (skel->bss->holds != holds_seen || (n == 0 && skel->bss->holds))
			release(rb, n == 0);
		/* The kernel's exit record is the end; should it have been lost, the wait says. */
		int status;
		if (child > 0 && child_status == -1 && waitpid(child, &status, WNOHANG) == child) {
			ringread_consume(rb);
			if (child_status == -1) {
				struct lt_rec r = { .kind = LT_REC_EXIT, .tid = (uint32_t)child,
						    .tgid = (uint32_t)child,
						    .regs = { (uint64_t)status, 1 } };
				on_exit_rec(&r);
			}
			child_status = status;
			child = -child; /* reaped */
		}
	}
	ringread_consume(rb);
	show_kept(true); /* detached or interrupted in a call */
	ringread_free(rb);
	if (keep_pidfd >= 0)
		close(keep_pidfd);
	keep_pidfd = -1;
	return 0;
}

/* lttrace.c's setup for the ptrace backend, repeated: main hands over right after options. */
/* What only the eBPF backend refuses (lttrace.c checked the rest and opened the output). */
static int setup(int npids)
{
	if (npids > 1) {
		log_error("--bpf: one -p at a time");
		return -EINVAL;
	}
	if (lt_opts.bt_depth) {
		log_error("--bpf: -w is not supported (drop --bpf)");
		return -EINVAL;
	}
	return 0;
}

/*
 * The end, after run or after a step that failed (RC 1): links, the program's own end (a
 * spawned program runs on to it: its reader may be gone, its status is ours), the exit status.
 * The front end closes the output after.
 */
static int finish(int rc)
{
	int status;

	lb_links_detach();
	if (skel)
		lb_hold_end_all(bpf_map__fd(skel->maps.xheld));
	if (skel && skel->bss && skel->bss->lost)
		log_warn("--bpf: %llu records lost (ring buffer full; %llu holds)",
			 (unsigned long long)skel->bss->lost, (unsigned long long)skel->bss->holds);
	/* LTTRACE_BPF_STATS: what the kernel side did, for make bench and its readers. */
	if (skel && skel->bss && getenv("LTTRACE_BPF_STATS"))
		log_warn("--bpf: %llu records lost, %llu holds",
			 (unsigned long long)skel->bss->lost, (unsigned long long)skel->bss->holds);
	if (skel && lt_opts.cflag && rc == 0)
		summary();
	lt_output_flush();
	if (child > 0) {
		if (rc)
			kill(child, SIGKILL);
		if (proc_waitpid(child, &status, 0) == child && child_status == -1)
			child_status = status;
	}
	int code = rc == 0 && child && child_status != -1 ? proc_exit_code(child_status) : -1;
	lt_output_finish();
	lb_thr_free_all();
	lb_plan_free(&plan);
	ltrace__destroy(skel);
	skel = NULL;
	/* ltrace's exit status, as under ptrace: 0 once the program was traced to its end. */
	return code < 0 ? rc : 0;
}

/* The steps of the backend (common/backend.h); one that fails has ended it (finish). */
static int lb_init(const struct backend_cfg *cfg)
{
	int rc;

	proc_catch_signals(PROC_SIGS_CATCH, true);
	if ((rc = setup(cfg->npids)) < 0 || (rc = load()) < 0) {
		finish(1);
		return rc < 0 ? rc : -EINVAL;
	}
	return 0;
}

static int lb_attach(pid_t pid)
{
	int rc = attach(pid);

	if (rc < 0)
		finish(1);
	return rc;
}

/* -S: the program's system calls from its exec on (the loader's too, as over ptrace). */
static void trace_from_exec(pid_t pid)
{
	uint32_t one = 1, key = (uint32_t)pid;

	if (bpf_map_update_elem(bpf_map__fd(skel->maps.traced), &key, &one, BPF_ANY) == 0)
		__atomic_fetch_add(&skel->data->traced_gen, 1, __ATOMIC_SEQ_CST);
}

/* PROG held at its entry under ptrace, its probes attached, then let go. */
static int lb_spawn(char **prog)
{
	int rc;

	if ((rc = lb_spawn_held(prog, &child, &child_status,
				lt_opts.Sflag ? trace_from_exec : NULL)) < 0 ||
	    (rc = attach(child)) < 0) {
		finish(1);
		return rc;
	}
	if (ptrace(PTRACE_DETACH, child, 0L, 0L) < 0) {
		rc = -errno;
		log_error("--bpf: PTRACE_DETACH %d: %s", child, strerror(errno));
		finish(1);
		return rc;
	}
	return 0;
}

static int lb_run(void)
{
	return finish(run() < 0 ? 1 : 0);
}

const struct backend lt_bpf_backend = {
	.name = "bpf",
	.init = lb_init,
	.attach = lb_attach,
	.spawn = lb_spawn,
	.run = lb_run,
};
