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
 * held at the hit while its line is printed (lt-bpf-hold.c).  Lost records are counted by the kernel side and reported at the end.  Every exit
 * path destroys the links (lt-bpf-links.c).
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

struct ufr {
	uint64_t slot;
	uint64_t ret_addr;
	uint64_t call_ts;    /* the kernel's time of its entry: who it is, with slot */
	int site;
	bool shown;
	const char *name, *caller, *callee_lib;
	const struct lt_proto *proto;
	struct lt_vctx v;
	void *cookie;
	uint8_t *mem, *omem;
	struct lt_region r[2 * LT_NREGS + 2];
	int nr;
};

struct uthr {
	pid_t tid, tgid;
	struct ufr *f;
	size_t n, cap, nshown;
	struct uthr *next;
};

static struct ltrace *skel;
static struct lb_plan plan;
static struct uthr *threads;
static int nlive;               /* traced processes whose last thread has not exited */
static pid_t child;             /* the spawned program */
static int child_status = -1;
static unsigned long orphans;   /* returns whose call was not seen */
static uint64_t holds_seen;
static pid_t keep_tid;          /* without -f, the one traced thread (calls kept: show_kept) */
static int keep_pidfd = -1;

static int bpf_fail(const char *what, int err)
{
	log_error("--bpf: %s: %s", what, strerror(err < 0 ? -err : err));
	bpf_log_tail(getenv("LTTRACE_BPF_LOG") ? 400 : 8);
	return err < 0 ? err : -err;
}

/* ---- threads and frames ---- */

static struct uthr *last; /* thr_get's answer the last time */

static struct uthr *thr_get(pid_t tid, pid_t tgid, bool create)
{
	if (last && last->tid == tid)
		return last;
	for (struct uthr *t = threads; t; t = t->next)
		if (t->tid == tid)
			return last = t;
	if (!create)
		return NULL;
	struct uthr *t = calloc(1, sizeof(*t));
	if (!t)
		return NULL;
	t->tid = tid;
	t->tgid = tgid;
	t->next = threads;
	threads = t;
	return last = t;
}

static void thr_free(struct uthr *t);

static int frame_read(void *priv, uint64_t addr, void *buf, size_t len)
{
	const struct ufr *f = priv;

	/* Newest first: out arguments as at the return. */
	if (lt_regions_read(f->r, f->nr, addr, buf, len) == 0)
		return 0;
	struct iovec l = { buf, len }, r = { (void *)(uintptr_t)addr, len };
	return process_vm_readv(f->v.pid, &l, 1, &r, 1, 0) == (ssize_t)len ? 0 : -EFAULT;
}

static void frame_free(struct ufr *f)
{
	free(f->cookie);
	free(f->mem);
	free(f->omem);
}

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

static void pop(struct uthr *t)
{
	struct ufr *f = &t->f[--t->n];

	if (f->shown)
		t->nshown--;
	frame_free(f);
}

/* Frames whose slot the stack has unwound past (longjmp, exceptions) are gone. */
static void drop_dead(struct uthr *t, uint64_t slot)
{
	while (t->n && t->f[t->n - 1].slot < slot)
		pop(t);
}

/* Copy the captured regions of record R (data D) into frame F. */
static void add_regions(struct ufr *f, const struct lt_rec *r, const uint8_t *d, size_t dlen,
			const struct lt_fspec *sp, bool at_ret)
{
	size_t off = 0;

	if (!dlen)
		return; /* nothing captured (most calls): no copy to keep */
	uint8_t *mem = malloc(dlen);
	if (!mem)
		return;
	memcpy(mem, d, dlen);
	if (at_ret)
		f->omem = mem;
	else
		f->mem = mem;
	const int max = (int)(sizeof(f->r) / sizeof(f->r[0]));

	if (r->nstk && (size_t)r->nstk * 8 <= dlen && f->nr < max) {
		f->r[f->nr++] = (struct lt_region){ r->sp + 8, r->nstk * 8u, false, mem };
		off = r->nstk * 8u;
	}
	for (int i = 0; i < LT_NREGS + 1; i++) {
		uint32_t n = r->caplen[i];
		uint64_t addr = at_ret ? (i < LT_NREGS ? f->v.iregs[i] : r->rval) :
					 i < LT_NREGS ? r->regs[i] : 0;
		if (!n || off + n > dlen || f->nr >= max)
			continue;
		bool str = sp->cap[i] == LT_CAP_STR || sp->cap[i] == LT_CAP_OSTR;
		f->r[f->nr++] = (struct lt_region){ addr, n, str, mem + off };
		off += (n + 7) & ~7u;
	}
}

/* Would lt-space.c's on_entry show this call?  Sets the caller and library parts. */
static bool shown(struct uthr *t, struct ufr *f, const struct lb_site *s, int c)
{
	const struct uprobe_obj *co = c >= 0 ? &plan.objs[c] : NULL, *d = &plan.objs[s->obj];
	bool have_l = lt_filter_have(LT_FILTER_L), ok = false;

	if (lt_filter_have(LT_FILTER_X) &&
	    lt_filter_match(LT_FILTER_X, f->name, d->elf->soname, d->path, d->is_main)) {
		ok = true;
		f->callee_lib = d->is_main ? NULL : d->elf->soname;
	}
	if (!ok && co && co->elf && !lt_opts.no_libcalls) {
		bool inter = plan.is_static ? !t->nshown : c != s->obj;
		if (inter && (lt_filter_have(LT_FILTER_E) || !have_l))
			ok = lt_filter_match(LT_FILTER_E, f->name, co->elf->soname, co->path,
					     co->is_main);
		if (inter && !ok && have_l)
			ok = lt_filter_match(LT_FILTER_L, f->name, d->elf->soname, d->path,
					     d->is_main);
		f->caller = co->elf->soname;
	}
	return ok;
}

/* XMM: the thread's xmm0-7 at the hit, when it was held for them (lt-bpf-hold.c). */
static void on_call(const struct lt_rec *r, const uint8_t *d, size_t dlen, const uint64_t *xmm)
{
	struct uthr *t = thr_get((pid_t)r->tid, (pid_t)r->tgid, true);

	if (!t || r->fn >= plan.nsites)
		return;
	drop_dead(t, r->sp);
	/* Already shown: a kept call read from the thread's storage (show_kept), sent since. */
	if (t->n && t->f[t->n - 1].slot == r->sp && t->f[t->n - 1].call_ts == r->ts_call)
		return;
	/* A call kept is never a tail jump: a frame at its slot was left by longjmp. */
	while (t->n && t->f[t->n - 1].slot == r->sp)
		pop(t);
	if (VEC_GROW(t->f, t->cap, t->n, 16) < 0)
			return;
	struct lb_site *s = &plan.sites[r->fn];
	struct ufr *f = &t->f[t->n++];
	int c = lb_plan_obj_at(&plan, r->ret);
	memset(f, 0, sizeof(*f));
	f->slot = r->sp;
	f->call_ts = r->ts_call;
	f->ret_addr = r->ret;
	f->site = (int)r->fn;
	f->name = lb_plan_called_name(&plan, s, c, r->ret);
	f->shown = shown(t, f, s, c);
	f->proto = lb_plan_proto(s, f->name, &plan);
	f->v.pid = t->tid;
	memcpy(f->v.iregs, r->regs, sizeof(f->v.iregs));
	f->v.sp = r->sp;
	f->v.read = frame_read;
	f->v.strsize = lt_opts.strsize;
	f->v.arraylen = lt_opts.arraylen;
	f->v.have_fregs = xmm != NULL;
	if (xmm)
		memcpy(f->v.fregs, xmm, sizeof(f->v.fregs));
	add_regions(f, r, d, dlen, &skel->bss->fspecs[r->fn], false);
	if (!f->shown) {
		if (skel->bss->fspecs[r->fn].flags & LT_F_NORET)
			pop(t);
		return;
	}
	t->nshown++;
	emit(t, f, LT_EV_CALL, 0);
	/* No return to wait for: the line stays open until the next one (<unfinished ...>). */
	if (skel->bss->fspecs[r->fn].flags & LT_F_NORET)
		pop(t);
}

static void on_return(const struct lt_rec *r, const uint8_t *d, size_t dlen, const uint64_t *xmm)
{
	struct uthr *t = thr_get((pid_t)r->tid, (pid_t)r->tgid, false);

	if (t)
		drop_dead(t, r->sp);
	if (!t || !t->n || t->f[t->n - 1].slot != r->sp) {
		orphans++;
		return;
	}
	struct ufr *f = &t->f[t->n - 1];
	if (f->shown) {
		f->v.ret = r->rval;
		if (xmm) {
			memcpy(&f->v.fret, &xmm[0], sizeof(f->v.fret));
			f->v.have_fregs = true;
		}
		add_regions(f, r, d, dlen, &skel->bss->fspecs[f->site], true);
		emit(t, f, LT_EV_RETURN, (double)(r->ts - r->ts_call) / 1e9);
	}
	pop(t);
}

static void thr_free(struct uthr *t)
{
	for (struct uthr **p = &threads; *p; p = &(*p)->next)
		if (*p == t) {
			*p = t->next;
			break;
		}
	while (t->n)
		pop(t);
	free(t->f);
	if (last == t)
		last = NULL;
	free(t);
}

static void on_exit_rec(const struct lt_rec *r)
{
	struct uthr *t = thr_get((pid_t)r->tid, (pid_t)r->tgid, false);
	int status = (int)r->regs[0];
	bool last = r->regs[1];

	if (t) {
		/* Calls still open: JSON and -c close them, the text its open line. */
		bool any = t->nshown > 0;
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
		thr_free(t);
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
	struct uthr *p = thr_get((pid_t)r->tid, (pid_t)r->tgid, false);
	pid_t cpid = (pid_t)r->regs[0];
	struct uthr *c = thr_get(cpid, cpid, true);

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

static int on_record(void *ctx, void *data, size_t len)
{
	const struct lt_rec *r = data;
	const uint8_t *d = (const uint8_t *)data + sizeof(*r);

	(void)ctx;
	if (len < sizeof(*r))
		return 0;
	/* A timeline's times are the kernel's (want_time is set with sinks). */
	if (event_sinks_active() && r->ts)
		clock_event_set(r->ts);

	/* Held at the hit: printed while it is stopped, with its xmm registers if wanted. */
	uint64_t xregs[8];
	const uint64_t *xmm = NULL;
	if (r->held && r->fn < LT_MAXFN &&
	    lb_hold_begin(bpf_map__fd(skel->maps.xmm), (pid_t)r->tgid, (pid_t)r->tid,
			  skel->bss->fspecs[r->fn].flags &
				  (r->kind == LT_REC_CALL ? LT_F_XMM : LT_F_XMM_RET), xregs))
		xmm = xregs;
	switch (r->kind) {
	case LT_REC_CALL:
		on_call(r, d, len - sizeof(*r), xmm);
		break;
	case LT_REC_RET:
		on_return(r, d, len - sizeof(*r), xmm);
		break;
	case LT_REC_CALLRET:
		/* Its data are the return's captures; the entry had none. */
		on_call(r, d, 0, NULL);
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
	case LT_REC_SIGNAL: {
		struct lt_event ev = { .kind = LT_EV_SIGNAL, .pid = (pid_t)r->tid,
				       .tgid = (pid_t)r->tgid, .sig = (int)r->regs[0] };
		lt_emit(&ev);
		break;
	}
	}
	if (r->held)
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
	skel->rodata->want_time = lt_opts.Tflag || lt_opts.json || lt_opts.cflag ||
				   lt_opts.recording || event_sinks_active();
	/* LTTRACE_BPF_RING (bytes, a power of two of at least 64 KiB): for tests of the holds. */
	const char *env = getenv("LTTRACE_BPF_RING");
	unsigned long ring = env ? strtoul(env, NULL, 0) : RING_SIZE;
	if (ring < (64u << 10) || (ring & (ring - 1)) || ring > (1u << 30))
		ring = RING_SIZE;
	skel->rodata->ring_size = ring;
	bpf_map__set_max_entries(skel->maps.events, (uint32_t)ring);
	lb_links_prepare(skel->progs.lt_entry, skel->progs.lt_return);
	if ((err = ltrace__load(skel)) < 0)
		return bpf_fail("load", err);
	if (!(skel->links.lt_exit = bpf_program__attach(skel->progs.lt_exit)))
		return bpf_fail("attach sched_process_exit", -errno);
	if (lt_opts.follow && !(skel->links.lt_fork = bpf_program__attach(skel->progs.lt_fork)))
		return bpf_fail("attach sched_process_fork", -errno);
	if (!(skel->links.lt_signal = bpf_program__attach(skel->progs.lt_signal)))
		return bpf_fail("attach signal_deliver", -errno);
	if (!(skel->links.lt_xmm_read = bpf_program__attach(skel->progs.lt_xmm_read)))
		return bpf_fail("attach signal_generate", -errno);
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
	int err = lb_links_attach(&plan, nattached, skel->progs.lt_entry, skel->progs.lt_return,
				  apid);
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
static void release(struct ring_buffer *rb, bool idle)
{
	int fd = bpf_map__fd(skel->maps.held);
	uint32_t key, next, v;
	const void *prev = NULL;

	holds_seen = skel->bss->holds;
	ring_buffer__consume(rb);
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
	on_call(&r, (const uint8_t *)&r, 0, NULL);
	lt_output_flush();
}

static int run(void)
{
	struct ring_buffer *rb = ring_buffer__new(bpf_map__fd(skel->maps.events), on_record, NULL,
						  NULL);
	if (!rb)
		return bpf_fail("ring buffer", -errno);
	while (nlive > 0 && !proc_interrupted() && !lt_output_broken()) {
		int n = ring_buffer__poll(rb, 10);
		if (n < 0 && n != -EINTR) {
			bpf_fail("ring buffer", n);
			break;
		}
		if (n > 0 && !lt_output_flush())
			break;
		/* No wake-up is no sign of no record: idle is when none is waiting either. */
		if (n == 0 && keep_pidfd >= 0 && ring_buffer__consume(rb) == 0)
			show_kept(false);
		/* Idle, or a hold since the last look: continue what the kernel side stopped (a
		 * SIGSTOP of it may have come after the SIGCONT that was to end it). */
		if (skel->bss->holds != holds_seen || (n == 0 && skel->bss->holds))
			release(rb, n == 0);
		/* The kernel's exit record is the end; should it have been lost, the wait says. */
		int status;
		if (child > 0 && child_status == -1 && waitpid(child, &status, WNOHANG) == child) {
			ring_buffer__consume(rb);
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
	ring_buffer__consume(rb);
	show_kept(true); /* detached or interrupted in a call */
	ring_buffer__free(rb);
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
	if (lt_opts.Sflag || lt_opts.bt_depth) {
		log_error("--bpf: %s is not supported (drop --bpf)", lt_opts.Sflag ? "-S" : "-w");
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
	while (threads)
		thr_free(threads);
	lb_plan_free(&plan);
	ltrace__destroy(skel);
	skel = NULL;
	if (code < 0)
		return rc;
	/* The program's end is ours, as under ptrace (a reader gone: no signal raised). */
	return lt_output_broken() && code > 0xff ? 0x80 | (code & 0xff) : proc_exit_like(code);
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

/* PROG held at its entry under ptrace, its probes attached, then let go. */
static int lb_spawn(char **prog)
{
	int rc;

	if ((rc = lb_spawn_held(prog, &child, &child_status)) < 0 || (rc = attach(child)) < 0) {
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
