// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Probes through ptrace: usdt=, uprobe= and uretprobe= specs (probe-spec.c) armed in every
 * traced address space.
 *
 * Life of an address space (one `struct space` per tgid):
 *  - spawned program: at its execve (PTRACE_EVENT_EXEC) only the program and the dynamic
 *    loader are mapped, so a first breakpoint goes on the program's entry point (AT_ENTRY);
 *    when it is hit the libraries of DT_NEEDED are in place and the probes are armed;
 *  - attached (-p): resolved at the first stop;
 *  - dlopen/dlclose: a breakpoint on the loader's _dl_debug_state resolves again; new
 *    objects get their probes, objects gone are forgotten;
 *  - execve again: the old breakpoints went with the old image; start over;
 *  - leaving (signal, error): every int3, semaphore and swapped return address restored
 *    before the engine detaches, and a trap already taken but not yet seen is rewound
 *    (probe_fixup_detach).
 *
 * Which probes go where: probe-resolve.c.  A hit prints `--- usdt:P:N(ARGS) ---`,
 * `--- uprobe:SYM(ARGS) ---` or `--- uretprobe:SYM = RET ---` with the usual prefixes; USDT
 * values and hinted registers are fetched and printed by probe-args.c, a function's arguments
 * and return value without hints by its prototype (proto/), else as raw registers.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/user.h>
#include <unistd.h>

#include "common/proc.h"
#include "uprobe/guard.h"
#include "uprobe/space.h"
#include "common/json.h"
#include "common/print.h"
#include "strace-lite/probe/probe.h"
#include "strace-lite/ptrace/probe-space.h"
#include "proto/proto.h"
#include "strace-lite/sttrace.h"
#include "sdt/usdt.h"
#include "common/log.h"
#include "common/vec.h"

static struct space *spaces;

/* ---- address spaces ---------------------------------------------------------------------- */

static struct {
	pid_t tid, tgid;
} tgid_cache[4096];

static void tgid_forget(pid_t tid)
{
	if (tgid_cache[(unsigned)tid % 4096].tid == tid)
		tgid_cache[(unsigned)tid % 4096].tid = 0;
}

static pid_t tgid_of(pid_t tid)
{
	unsigned h = (unsigned)tid % 4096;

	if (tgid_cache[h].tid == tid)
		return tgid_cache[h].tgid;
	pid_t tgid = (pid_t)proc_status_field(tid, "Tgid");
	if (tgid > 0) {
		tgid_cache[h].tid = tid;
		tgid_cache[h].tgid = tgid;
	}
	return tgid;
}

static struct space *space_find(pid_t tgid)
{
	for (struct space *s = spaces; s; s = s->next)
		if (s->tgid == tgid)
			return s;
	return NULL;
}

static void space_reset(struct space *s)
{
	for (size_t i = 0; i < s->nsites; i++)
		free(s->sites[i].label);
	free(s->sites);
	s->sites = NULL;
	s->nsites = 0;
	free(s->objs);
	s->objs = NULL;
	s->nobjs = 0;
	for (size_t i = 0; i < s->nframes; i++)
		guard_drop(s->frames[i].guard);
	free(s->frames);
	s->frames = NULL;
	s->nframes = s->framecap = 0;
	s->tramp = 0;
	s->rtld = false;
	s->armed = false;
	bp_space_close(&s->bs);
}

static struct space *space_get(pid_t tgid)
{
	struct space *s = space_find(tgid);

	if (s) {
		space_reset(s);
	} else {
		s = calloc(1, sizeof(*s));
		if (!s)
			return NULL;
		s->tgid = tgid;
		s->next = spaces;
		spaces = s;
	}
	if (bp_space_open(&s->bs, tgid) < 0) {
		s->bs.memfd = -1;
		return NULL;
	}
	return s;
}

static bool push_frame(struct space *s, const struct frame *f)
{
	if (VEC_GROW(s->frames, s->framecap, s->nframes, 16) < 0)
			return false;
	s->frames[s->nframes++] = *f;
	return true;
}

/*
 * A forked child's text is a copy of its parent's, int3s and raised semaphores included: it
 * gets a copy of the parent's records, so its hits are stepped over (reported under -f) and
 * its bytes restored on detach.
 */
static struct space *space_inherit(pid_t tgid, pid_t parent, pid_t parent_tid)
{
	struct space *p = space_find(parent), *s;

	if (!p || tgid == parent || !p->bs.n || !(s = space_get(tgid)))
		return NULL;
	s->sites = malloc((p->nsites ? p->nsites : 1) * sizeof(*s->sites));
	if (!s->sites || bp_space_copy(&s->bs, &p->bs) < 0) {
		space_reset(s);
		return NULL;
	}
	for (size_t i = 0; i < p->nsites; i++) {
		s->sites[i] = p->sites[i];
		s->sites[i].label = strdup(p->sites[i].label ? p->sites[i].label : "");
	}
	s->nsites = p->nsites;
	s->armed = p->armed;
	s->tramp = p->tramp;
	s->rtld = p->rtld;
	if (p->nobjs && (s->objs = malloc(p->nobjs * sizeof(*s->objs)))) {
		memcpy(s->objs, p->objs, p->nobjs * sizeof(*s->objs));
		s->nobjs = p->nobjs;
	}
	/* The forking thread's calls under uretprobes return through the trampoline in the child. */
	for (size_t i = 0; i < p->nframes; i++) {
		struct frame f = p->frames[i];
		if (f.tid != parent_tid)
			continue;
		f.tid = tgid;
		f.guard = guard_frame(tgid, f.slot, f.ret, p->tramp);
		if (!push_frame(s, &f))
			guard_drop(f.guard);
	}
	return s;
}

static pid_t parent_of(pid_t pid)
{
	return (pid_t)proc_status_field(pid, "PPid");
}

void probe_fork(struct tcb *tcp, pid_t child)
{
	pid_t tgid, ptgid;

	if (!probe_nspecs || (tgid = tgid_of(child)) < 0 || (ptgid = tgid_of(tcp->pid)) < 0 ||
	    tgid == ptgid || space_find(tgid))
		return;
	space_inherit(tgid, ptgid, tcp->pid);
}

void probe_forget(pid_t pid)
{
	for (struct space **pp = &spaces; *pp; pp = &(*pp)->next) {
		struct space *s = *pp;
		if (s->tgid != pid)
			continue;
		*pp = s->next;
		space_reset(s);
		free(s);
		break;
	}
	/* The pid may come back as another process: its cached tgid must go. */
	tgid_forget(pid);
}

void probe_exec(struct tcb *tcp)
{
	if (!probe_nspecs)
		return;
	struct space *s = space_get(tcp->pid);
	if (!s)
		return;
	/* Arm at the entry point, when the libraries the program needs are mapped. */
	uint64_t entry = proc_entry_point(tcp->pid);
	if (!entry || bp_insert(&s->bs, entry, NULL) < 0)
		probe_space_resolve(s);
}

void probe_attached(struct tcb *tcp)
{
	pid_t tgid;

	if (!probe_nspecs || (tgid = tgid_of(tcp->pid)) < 0 || space_find(tgid))
		return;
	struct space *s = space_get(tgid);
	if (s)
		probe_space_resolve(s);
}

/* ---- hits -------------------------------------------------------------------------------- */

static int read_space(void *priv, uint64_t addr, void *buf, size_t len)
{
	return bp_mem_read(priv, addr, buf, len);
}

/* A function's arguments (RET: its return value) by its prototype, as lttrace prints them. */
static void format_proto(struct strbuf *sb, struct tcb *tcp, struct space *s,
			 const struct site *st, const struct user_regs_struct *r, bool ret)
{
	struct user_fpregs_struct fp;
	struct lt_vctx v = { .pid = tcp->pid, .read = read_space, .priv = &s->bs,
			     .strsize = print_opts_get()->max_strlen, .arraylen = PROBE_ARRAYLEN };
	bool f = lt_proto_needs_fregs(st->proto) && ptrace(PTRACE_GETFPREGS, tcp->pid, 0L, &fp) == 0;

	lt_vctx_set_regs(&v, r, f ? &fp : NULL);
	if (ret)
		lt_proto_print_ret(sb, st->proto, &v);
	else
		lt_proto_print_args(sb, st->proto, &v);
}

/* The argument list of a hit, "1, 0x2", into SB. */
static void format_args(struct strbuf *sb, struct tcb *tcp, struct space *s, const struct site *st,
			const struct user_regs_struct *r)
{
	if (st->kind == SPEC_USDT) {
		for (int i = 0; i < st->nargs; i++) {
			if (i)
				sb_puts(sb, ", ");
			probe_print_usdt_arg(sb, &s->bs, st->bias, &st->argv[i], r, tcp->pid,
					     st->hints[i]);
		}
		return;
	}
	if (!st->hints[0] && st->proto) {
		format_proto(sb, tcp, s, st, r, false);
		return;
	}
	int n = st->hints[0] ? (int)strlen(st->hints) : 6;
	for (int i = 0; i < n; i++) {
		char h = st->hints[i] ? st->hints[i] : 'x';
		if (i)
			sb_puts(sb, ", ");
		probe_print_value(sb, &s->bs, probe_reg(r, probe_argreg[i]),
				  h == 'd' || h == 'u' ? 4 : 8, false, false, h);
	}
}

/* A uretprobe's return value (rax): by its hint, else its prototype, else in hex. */
static void format_ret(struct strbuf *sb, struct tcb *tcp, struct space *s, const struct site *st,
		       const struct user_regs_struct *r)
{
	char h = st->ret_hint ? st->ret_hint : 'x';

	if (!st->ret_hint && st->proto)
		format_proto(sb, tcp, s, st, r, true);
	else
		probe_print_value(sb, &s->bs, r->rax, h == 'd' || h == 'u' ? 4 : 8, false, false, h);
}

static void print_hit(struct tcb *tcp, struct space *s, const struct site *st,
		      const struct user_regs_struct *r, bool ret)
{
	sb_reset(&tcp->sb);
	if (ret)
		format_ret(&tcp->sb, tcp, s, st, r);
	else
		format_args(&tcp->sb, tcp, s, st, r);
	probe_emit_hit(tcp, st->kind == SPEC_USDT ? SPEC_USDT : ret ? SPEC_URETPROBE : SPEC_UPROBE,
		       st->label, ret ? st->ret_silent : st->silent);
}

/* A hit of ST: counted under -c and -C; true when it is printed (not under -c). */
static bool hit_shown(struct tcb *tcp, const struct site *st, bool ret)
{
	if (hide_log(tcp))
		return false;
	if (ret ? st->ret_silent : st->silent)
		return true; /* --latency's own: to the sinks, not counted */
	if (opts.cflag)
		probe_summary_add(st->kind == SPEC_USDT ? "usdt" : ret ? "uretprobe" : "uprobe",
				  st->label, 1);
	return opts.cflag != 1;
}

/*
 * Entry of a function under a uretprobe: the return address at the top of the stack becomes
 * the trampoline, the real one goes on the thread's shadow stack.
 */
static void hook_return(struct tcb *tcp, struct space *s, size_t idx,
			const struct user_regs_struct *r)
{
	struct frame f = { .tid = tcp->pid, .site = (uint32_t)idx, .slot = r->rsp };

	if (!s->tramp || bp_mem_read(&s->bs, f.slot, &f.ret, 8) < 0 || f.ret == s->tramp)
		return;
	f.guard = guard_frame(s->tgid, f.slot, f.ret, s->tramp);
	if (!push_frame(s, &f)) {
		guard_drop(f.guard);
		return;
	}
	if (bp_mem_write(&s->bs, f.slot, &s->tramp, 8) < 0) {
		guard_drop(f.guard);
		s->nframes--;
	}
}

/*
 * The thread TID returned into the trampoline with R: the frame it returned from is its newest
 * whose slot is just below the stack pointer (ret popped it); newer ones were abandoned by a
 * longjmp or an exception.  The frame is removed; NULL when there is none.
 */
static bool pop_frame(struct space *s, pid_t tid, uint64_t rsp, struct frame *out)
{
	for (size_t i = s->nframes; i-- > 0;) {
		struct frame *f = &s->frames[i];
		if (f->tid != tid)
			continue;
		if (f->slot > rsp - 8)
			break; /* older than the return: not ours */
		bool hit = f->slot == rsp - 8;
		if (hit)
			*out = *f;
		guard_drop(f->guard);
		memmove(f, f + 1, (s->nframes - i - 1) * sizeof(*f));
		s->nframes--;
		if (hit)
			return true;
	}
	return false;
}

int probe_handle_trap(struct tcb *tcp, const siginfo_t *si)
{
	struct user_regs_struct regs;
	struct space *s;
	struct bp *b;
	pid_t tgid;

	if (!probe_nspecs || si->si_code != SI_KERNEL || (tgid = tgid_of(tcp->pid)) < 0)
		return -1;
	/* A child whose first trap beat its parent's fork event. */
	if (!(s = space_find(tgid)) && !(s = space_inherit(tgid, parent_of(tgid), parent_of(tgid))))
		return -1;
	if (!(b = bp_space_trap(&s->bs, tcp->pid, &regs)))
		return -1;
	uint64_t addr = b->addr;
	if (!b->data) {
		/* The entry point: the program's libraries are mapped now.  It runs once: put it
		 * back, unless it became the return trampoline (then stepped over this once). */
		probe_space_resolve(s);
		if (bp_lookup(&s->bs, addr)->data != BP_TRAMP)
			bp_remove(&s->bs, addr);
	} else if (b->data == BP_TRAMP) {
		struct frame f;
		if (pop_frame(s, tcp->pid, regs.rsp, &f)) {
			if (f.site < s->nsites && s->sites[f.site].kind == SITE_RESOLVER)
				probe_space_ifunc(s, f.site, regs.rax);
			else if (f.site < s->nsites && hit_shown(tcp, &s->sites[f.site], true))
				print_hit(tcp, s, &s->sites[f.site], &regs, true);
			regs.rip = f.ret;
			ptrace(PTRACE_SETREGS, tcp->pid, 0L, &regs);
			return 0;
		}
	} else if (b->data == BP_RTLD) {
		/* The link map changed: objects dlopen'ed get their probes, dlclose'd go. */
		probe_space_resolve(s);
	} else {
		size_t idx = (uintptr_t)b->data - 1;
		if (idx < s->nsites) {
			if (s->sites[idx].kind == SPEC_USDT || s->sites[idx].on_entry)
				if (hit_shown(tcp, &s->sites[idx], false))
					print_hit(tcp, s, &s->sites[idx], &regs, false);
			if (s->sites[idx].on_return)
				hook_return(tcp, s, idx, &regs);
		}
	}
	return bp_space_resume(&s->bs, addr, tcp->pid, &regs);
}

void probe_detach_all(void)
{
	for (struct space *s = spaces; s; s = s->next) {
		/* Calls still under a uretprobe return where they came from, not to _start. */
		for (size_t i = 0; i < s->nframes; i++) {
			uint64_t v;
			if (bp_mem_read(&s->bs, s->frames[i].slot, &v, 8) == 0 && v == s->tramp)
				bp_mem_write(&s->bs, s->frames[i].slot, &s->frames[i].ret, 8);
		}
		int rc = bp_remove_all(&s->bs);
		if (rc < 0 && rc != -ESRCH && rc != -EIO) {
			errno = -rc;
			log_perror("cannot restore the probes of process %d", s->tgid);
		}
	}
}

bool probe_fixup_detach(pid_t tid)
{
	struct user_regs_struct regs;
	struct space *s;
	struct frame f;
	pid_t tgid = tgid_of(tid);

	if (tgid < 0 || !(s = space_find(tgid)) || !bp_space_trap(&s->bs, tid, &regs))
		return false;
	/* A return into the trampoline already taken: on to the real return address. */
	if (s->tramp && regs.rip - 1 == s->tramp && pop_frame(s, tid, regs.rsp, &f))
		regs.rip = f.ret;
	else
		regs.rip--;
	return ptrace(PTRACE_SETREGS, tid, 0L, &regs) == 0;
}
