// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Breakpoints at function entries in the defining object, and return breakpoints.
 *
 * ltrace puts its breakpoints on the caller's PLT entries, so it sees nothing when there is no
 * PLT to stop in (-fno-plt, .plt.sec under BIND_NOW, static programs) and names IFUNCs after
 * whatever the PLT slot said.  We stop where the function starts, in the object that defines
 * it, and ask who called it from the return address at the top of the stack:
 *  - which functions: ltrace's sets.  -e (default @MAIN): the functions an object imports
 *    (its .dynsym undefined symbols), called from that object into another one; -l LIB: the
 *    imports other objects take from LIB; -x: functions an object defines, from any caller.
 *    A static program imports nothing: its libc functions are those with a known prototype
 *    (or named by -e), and only calls not nested in another traced call count.
 *  - IFUNCs: the resolver picks an implementation (strlen -> __strlen_avx2).  It is read from
 *    the GOT slots relocations name (JUMP_SLOT, GLOB_DAT, IRELATIVE) once the loader has run,
 *    and a breakpoint on the resolver itself catches later choices (lazy binding, dlopen,
 *    static programs' IRELATIVE at startup): its return value is armed under the public name.
 *    One implementation may serve two names (memcpy, memmove): the call instruction before
 *    the return address says through which slot it came.
 *  - returns: an int3 at the return address (kept there; other threads step over it out of
 *    line) and a per-thread shadow stack of frames keyed by stack slot.  The stack itself is
 *    never changed, so unwinders (C++ exceptions, backtraces) see the real return addresses;
 *    frames whose slot the stack pointer has moved above were abandoned (longjmp, throw).
 *  - life: the program's entry point (AT_ENTRY; main for a static program) for a spawned
 *    program, the first stop for -p, and the loader's _dl_debug_state for dlopen/dlclose bring
 *    the breakpoints in line with the mappings.
 *
 * lt-resolve.c decides which functions and where; this file keeps the address spaces, their
 * breakpoint table (hashed by address: a hit is one lookup) and handles the hits.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/uio.h>
#include <unistd.h>

#include "ltrace-lite/lt-space-int.h"
#include "common/proc.h"
#include "proto/proto-int.h"
#include "common/vec.h"

static struct space *spaces;

/* ---- small tables ------------------------------------------------------------------------ */

/*
 * Function names, each stored once until the end: frames keep pointers to them, and a frame
 * can outlive the space it came from (a forked child's copy of its parent's calls).
 */
static char **names;
static size_t nnames_set, names_size;

static const char *intern(const char *name)
{
	size_t h = 5381;

	for (const char *p = name; *p; p++)
		h = h * 33 + (unsigned char)*p;
	if ((nnames_set + 1) * 2 > names_size) {
		size_t size = names_size ? names_size * 2 : 1024;
		char **v = calloc(size, sizeof(*v));
		if (!v)
			return NULL;
		for (size_t i = 0; i < names_size; i++) {
			if (!names[i])
				continue;
			size_t g = 5381;
			for (const char *p = names[i]; *p; p++)
				g = g * 33 + (unsigned char)*p;
			size_t j = g & (size - 1);
			while (v[j])
				j = (j + 1) & (size - 1);
			v[j] = names[i];
		}
		free(names);
		names = v;
		names_size = size;
	}
	size_t j = h & (names_size - 1);
	for (; names[j]; j = (j + 1) & (names_size - 1))
		if (!strcmp(names[j], name))
			return names[j];
	if (!(names[j] = strdup(name)))
		return NULL;
	nnames_set++;
	return names[j];
}

static int add_site(struct space *s, int kind, int obj, const char *name)
{
	if (VEC_GROW(s->sites, s->sitecap, s->nsites, 64) < 0)
			return -ENOMEM;
	struct site *st = &s->sites[s->nsites];
	*st = (struct site){ .kind = (uint8_t)kind, .obj = obj };
	if (name) {
		st->names = malloc(sizeof(char *));
		if (!st->names || !(st->names[0] = intern(name))) {
			free(st->names);
			return -ENOMEM;
		}
		st->nnames = 1;
	}
	return (int)s->nsites++;
}

static int site_add_name(struct site *st, const char *name)
{
	for (size_t i = 0; i < st->nnames; i++)
		if (!strcmp(st->names[i], name))
			return 0;
	const char **v = realloc(st->names, (st->nnames + 1) * sizeof(*v));
	if (!v)
		return -ENOMEM;
	st->names = v;
	if (!(v[st->nnames] = intern(name)))
		return -ENOMEM;
	st->nnames++;
	return 0;
}

static struct site *site_of(struct space *s, const struct bp *b)
{
	size_t i = (uintptr_t)b->data;

	return i && i <= s->nsites ? &s->sites[i - 1] : NULL;
}

/*
 * A breakpoint at ADDR for a new site of KIND (or the site already there, NAME added).  The
 * index of the site, or -errno.
 */
int space_arm(struct space *s, uint64_t addr, int kind, int obj, const char *name)
{
	struct bp *b = bp_lookup(&s->bs, addr);
	struct site *st = b ? site_of(s, b) : NULL;

	if (b && b->inserted && st) {
		if (st->kind == kind && name && site_add_name(st, name) < 0)
			return -ENOMEM;
		if (kind == SITE_FUNC && st->kind == SITE_RESOLVER)
			return -EEXIST;
		return (int)(st - s->sites);
	}
	int idx = add_site(s, kind, obj, name);
	if (idx < 0)
		return idx;
	int rc = bp_insert(&s->bs, addr, (void *)(uintptr_t)(idx + 1));
	if (rc < 0) {
		s->nsites--;
		free(s->sites[idx].names);
		return rc;
	}
	return idx;
}

/* ---- spaces ------------------------------------------------------------------------------ */

struct space *space_find(pid_t tgid)
{
	for (struct space *s = spaces; s; s = s->next)
		if (s->tgid == tgid)
			return s;
	return NULL;
}

static void space_clear(struct space *s)
{
	for (size_t i = 0; i < s->nsites; i++)
		free(s->sites[i].names);
	free(s->sites);
	free(s->objs);
	bp_space_close(&s->bs);
}

void space_ref(struct space *s)
{
	if (s)
		s->refs++;
}

void space_orphan(struct space *s, pid_t tgid)
{
	if (s && s->tgid == tgid)
		s->tgid = -1;
}

void space_unref(struct space *s)
{
	if (!s || --s->refs > 0)
		return;
	for (struct space **pp = &spaces; *pp; pp = &(*pp)->next)
		if (*pp == s) {
			*pp = s->next;
			break;
		}
	space_clear(s);
	free(s);
}



struct space *space_new(pid_t tgid, bool at_entry)
{
	struct space *s = calloc(1, sizeof(*s));

	if (!s)
		return NULL;
	s->tgid = tgid;
	s->refs = 1; /* the caller's */
	if (bp_space_open(&s->bs, tgid) < 0) {
		free(s);
		return NULL;
	}
	s->next = spaces;
	spaces = s;
	uint64_t entry = at_entry ? proc_entry_point(tgid) : 0;
	/* A static program's libc starts up before main (IRELATIVE slots filled, tunables...):
	 * none of that is the program's doing.  Start at main when it has one. */
	if (entry) {
		char path[PATH_MAX];
		int err;
		struct uprobe_elf *e = NULL;
		const struct uprobe_sym *m;
		if (proc_exe(tgid, path, sizeof(path)) > 0)
			e = uprobe_elf_get(path, &err);
		if (e && e->is_static && (m = uprobe_elf_find(e, "main")))
			entry = m->vaddr;
	}
	if (!entry || space_arm(s, entry, SITE_START, -1, NULL) < 0)
		space_resolve(s);
	return s;
}

struct space *space_fork(struct space *p, pid_t child)
{
	struct space *s = calloc(1, sizeof(*s));

	if (!s || bp_space_open(&s->bs, child) < 0) {
		free(s);
		return NULL;
	}
	s->tgid = child;
	s->refs = 1; /* the caller's */
	s->resolved = p->resolved;
	s->rtld = p->rtld;
	s->is_static = p->is_static;
	s->sites = malloc((p->nsites + 1) * sizeof(*s->sites));
	s->sitecap = p->nsites + 1;
	s->objs = malloc((p->nobjs + 1) * sizeof(*s->objs));
	if (!s->sites || !s->objs || bp_space_copy(&s->bs, &p->bs) < 0) {
		space_clear(s);
		free(s);
		return NULL;
	}
	memcpy(s->objs, p->objs, p->nobjs * sizeof(*s->objs));
	s->nobjs = p->nobjs;
	for (size_t i = 0; i < p->nsites; i++) {
		s->sites[i] = p->sites[i];
		s->sites[i].pname = NULL;
		s->sites[i].names = NULL;
		s->sites[i].nnames = 0;
		s->nsites = i + 1;
		for (size_t j = 0; j < p->sites[i].nnames; j++)
			site_add_name(&s->sites[i], p->sites[i].names[j]);
	}
	s->next = spaces;
	spaces = s;
	return s;
}

void space_unbreak(struct space *p, pid_t child)
{
	bp_space_unbreak(&p->bs, child);
}

/* ---- resolution -------------------------------------------------------------------------- */

static int obj_at(struct space *s, uint64_t addr)
{
	static size_t last;

	if (last < s->nobjs && !s->objs[last].gone && addr >= s->objs[last].lo &&
	    addr < s->objs[last].hi)
		return (int)last;
	for (size_t i = 0; i < s->nobjs; i++)
		if (!s->objs[i].gone && addr >= s->objs[i].lo && addr < s->objs[i].hi)
			return (int)(last = i);
	return -1;
}

/* ---- hits -------------------------------------------------------------------------------- */

static int tracee_read(void *priv, uint64_t addr, void *buf, size_t len)
{
	struct thr *t = priv;
	struct iovec l = { buf, len }, r = { (void *)(uintptr_t)addr, len };

	if (process_vm_readv(t->tid, &l, 1, &r, 1, 0) == (ssize_t)len)
		return 0;
	return proc_mem_read(t->tid, addr, buf, len);
}

static void fill_regs(struct thr *t, struct lt_vctx *v, const struct user_regs_struct *r,
		      bool fregs)
{
	struct user_fpregs_struct fp;

	v->pid = t->tid;
	v->read = tracee_read;
	v->priv = t;
	v->strsize = lt_opts.strsize;
	v->arraylen = lt_opts.arraylen;
	lt_vctx_set_regs(v, r, fregs && ptrace(PTRACE_GETFPREGS, t->tid, 0L, &fp) == 0 ? &fp : NULL);
}

static double since(const struct timespec *t0)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (double)(now.tv_sec - t0->tv_sec) + (double)(now.tv_nsec - t0->tv_nsec) / 1e9;
}

static void emit_frame(struct thr *t, struct frame *f, enum lt_ev_kind kind, int depth)
{
	struct lt_event ev = {
		.kind = kind, .pid = t->tid, .tgid = t->sp ? t->sp->tgid : t->tid, .name = f->name,
		.caller = f->caller, .callee_lib = f->callee_lib, .proto = f->proto, .v = &f->v,
		.ret_addr = f->ret, .depth = depth, .cookie = &f->cookie,
	};

	if (kind != LT_EV_CALL)
		ev.spent = since(&f->t0);
	if (!t->silent)
		lt_emit(&ev);
}

static void drop_frame(struct thr *t)
{
	struct frame *f = &t->frames[--t->nframes];

	free(f->cookie);
	f->cookie = NULL;
}

void thr_drop_frames(struct thr *t)
{
	for (size_t i = t->nframes; i-- > 0 && !t->silent;)
		if (t->frames[i].name && !t->frames[i].resolver && !t->frames[i].rescan)
			emit_frame(t, &t->frames[i], LT_EV_UNFINISHED, (int)i + 1);
	if (t->nframes && !t->silent) {
		struct lt_event ev = { .kind = LT_EV_GONE, .pid = t->tid };
		lt_emit(&ev);
	}
	while (t->nframes)
		drop_frame(t);
	free(t->frames);
	t->frames = NULL;
	t->cap = 0;
}

/*
 * Frames below SLOT (the stack has unwound past them: longjmp, exceptions) are gone, and so
 * is one at SLOT itself with another return address: a call from the same level began, so
 * that one ended without its return being seen.  The same slot and return address is a tail
 * call (f jumps to g, g returns for both): kept.
 */
static void drop_dead(struct thr *t, uint64_t slot, uint64_t ret)
{
	while (t->nframes && (t->frames[t->nframes - 1].slot < slot ||
			      (t->frames[t->nframes - 1].slot == slot &&
			       t->frames[t->nframes - 1].ret != ret)))
		drop_frame(t);
}

static int64_t rel32(const uint8_t *p)
{
	int32_t v;

	memcpy(&v, p, sizeof(v));
	return v;
}

/* The name a call used, from the slot its call instruction went through (aliases only). */
static const char *called_name(struct space *s, const struct site *st, int c, uint64_t ret)
{
	uint8_t b[16];
	uint64_t slot = 0;

	if (st->nnames == 1 || c < 0)
		return st->names[0];
	if (bp_mem_read(&s->bs, ret - 6, b, 6) == 0 && b[0] == 0xff && b[1] == 0x15) {
		slot = ret + (uint64_t)rel32(&b[2]);
	} else if (bp_mem_read(&s->bs, ret - 5, b, 5) == 0 && b[0] == 0xe8) {
		uint64_t plt = ret + (uint64_t)rel32(&b[1]);
		size_t i = 0;
		if (bp_mem_read(&s->bs, plt, b, sizeof(b)) < 0)
			return st->names[0];
		if (b[0] == 0xf3 && b[1] == 0x0f && b[2] == 0x1e && b[3] == 0xfa)
			i = 4;
		if (b[i] == 0xf2)
			i++;
		if (b[i] == 0xff && b[i + 1] == 0x25)
			slot = plt + i + 6 + (uint64_t)rel32(&b[i + 2]);
	}
	const struct uprobe_obj *o = &s->objs[c];
	for (size_t k = 0; slot && k < o->elf->nrelocs; k++) {
		const struct uprobe_reloc *r = &o->elf->relocs[k];
		if (o->bias + r->slot != slot)
			continue;
		for (size_t j = 0; j < st->nnames; j++) {
			const struct uprobe_sym *sym;
			/* By name, or (IRELATIVE, static programs) by the IFUNC's resolver. */
			if (r->name ? !strcmp(st->names[j], r->name) :
				      st->obj >= 0 &&
				      (sym = uprobe_elf_find(s->objs[st->obj].elf, st->names[j])) &&
				      sym->vaddr == r->addend)
				return st->names[j];
		}
	}
	return st->names[0];
}

static bool push(struct thr *t, const struct frame *f)
{
	if (VEC_GROW(t->frames, t->cap, t->nframes, 16) < 0)
			return false;
	t->frames[t->nframes++] = *f;
	return true;
}

/* F (its registers from R) pushed and its entry line out; false when it could not be. */
static bool open_call(struct thr *t, struct frame *f, const struct user_regs_struct *r)
{
	fill_regs(t, &f->v, r, lt_proto_needs_fregs(f->proto));
	f->v.sp = f->slot; /* as at the entry, whatever the skipped instruction did */
	clock_gettime(CLOCK_MONOTONIC, &f->t0);
	if (!push(t, f))
		return false;
	emit_frame(t, &t->frames[t->nframes - 1], LT_EV_CALL, (int)t->nframes);
	if (!f->ret) /* no return to wait for: ltrace's "<no return ...>" case, closed at once */
		drop_frame(t);
	return true;
}

/* A return breakpoint at RET; false when there can be none (someone else's int3 there). */
static bool arm_return(struct space *s, uint64_t ret)
{
	struct bp *b = bp_lookup(&s->bs, ret);

	if (b && b->inserted)
		return true;
	return space_arm(s, ret, SITE_RET, -1, NULL) >= 0;
}

static void on_entry(struct thr *t, struct space *s, uint32_t si, const struct user_regs_struct *r)
{
	struct site *st = &s->sites[si];
	struct frame f = { .slot = r->rsp + (uint64_t)(int64_t)st->sp_adj, .site = si };
	uint64_t entry = r->rip - 1 - st->skip;

	if (bp_mem_read(&s->bs, f.slot, &f.ret, 8) < 0)
		return;
	drop_dead(t, f.slot, f.ret);
	int c = obj_at(s, f.ret), d = st->obj;
	if (st->kind == SITE_RESOLVER || st->kind == SITE_DLOPEN) {
		struct frame h = f;
		h.resolver = st->kind == SITE_RESOLVER;
		h.rescan = st->kind == SITE_DLOPEN;
		h.name = st->names[0];
		if (arm_return(s, f.ret))
			push(t, &h);
		if (h.resolver)
			return;
		/* dlopen may be traced too: its own frame goes on top of the hook's. */
		st = &s->sites[si]; /* arming may have moved the sites */
	}
	/* Reached by a tail jump from a traced call: the return address is its caller's. */
	bool tail = t->nframes && t->frames[t->nframes - 1].slot == f.slot &&
		    t->frames[t->nframes - 1].ret == f.ret && !t->frames[t->nframes - 1].rescan;
	const char *name = called_name(s, st, c, f.ret);
	const struct uprobe_obj *co = c >= 0 ? &s->objs[c] : NULL, *dobj = d >= 0 ? &s->objs[d] : NULL;
	bool x_ok = lt_filter_have(LT_FILTER_X) && dobj &&
		    lt_filter_match(LT_FILTER_X, name, dobj->elf->soname, dobj->path, dobj->is_main);
	bool e_ok = false;
	/* A function -x names shows when a jump reaches it, as ltrace's entry breakpoints see it:
	 * the open calls go <unfinished ...>, and its return, the one ret they share, closes
	 * them all, innermost first (on_return).  A library call -e or -l selects does not: the
	 * caller made one call (strcoll -> strcmp), already shown; ltrace's PLT sees one too. */
	if (tail && !x_ok)
		return;
	if (!tail && co && !lt_opts.no_libcalls) {
		const struct frame *top = t->nframes ? &t->frames[t->nframes - 1] : NULL;
		bool inter = s->is_static ? !top || top->resolver || top->rescan :
					    c != d;
		bool have_l = lt_filter_have(LT_FILTER_L);
		if (inter && (lt_filter_have(LT_FILTER_E) || !have_l))
			e_ok = lt_filter_match(LT_FILTER_E, name, co->elf->soname, co->path,
					       co->is_main);
		if (inter && !e_ok && have_l && dobj)
			e_ok = lt_filter_match(LT_FILTER_L, name, dobj->elf->soname, dobj->path,
					       dobj->is_main);
	}
	/* The default -e (@MAIN) leaves weak imports out (__cxa_finalize): walk arms none, so a
	 * -x hit on one is no -e call either. */
	if (e_ok && x_ok && lt_opts.hide_caller && !uprobe_elf_strong_import(co->elf, name))
		e_ok = false;
	/* _start's call into libc never returns and is no call of the program's own: ltrace 0.7.3
	 * does not show it on current binaries (it goes through the GOT), nor do we. */
	if ((!x_ok && !e_ok) || !strcmp(name, "__libc_start_main"))
		return;
	f.name = name;
	if (st->pname != name) {
		st->proto = lt_proto_resolve(dobj ? dobj->path : NULL,
					     dobj ? entry - dobj->bias : 0, name);
		st->pname = name;
	}
	f.proto = st->proto;
	if (!arm_return(s, f.ret))
		f.ret = 0;
	/* Selected by -e (or -l) and by -x both, a call shows twice, as ltrace's breakpoints at
	 * the PLT and at the entry see it: `prog->f(... <unfinished ...>`, then `f@lib(...) = r`
	 * and `<... f resumed> ) = r` (ltrace.main/filters.exp, -e func1 -x func1). */
	if (e_ok) {
		struct frame e = f;
		e.caller = co->elf->soname;
		if (!open_call(t, &e, r))
			return;
	}
	if (x_ok) {
		f.callee_lib = dobj->is_main ? NULL : dobj->elf->soname;
		open_call(t, &f, r);
	}
}

static void on_return(struct thr *t, struct space *s, uint64_t addr,
		      const struct user_regs_struct *r)
{
	uint64_t slot = r->rsp - 8;

	drop_dead(t, slot, addr);
	while (t->nframes && t->frames[t->nframes - 1].slot == slot &&
	       t->frames[t->nframes - 1].ret == addr) {
		struct frame *f = &t->frames[t->nframes - 1];
		if (f->rescan) {
			drop_frame(t);
			space_resolve(s); /* dlopen returned: its objects are mapped and relocated */
			continue;
		}
		if (f->resolver) {
			/* What the IFUNC's resolver chose: traced under the public name. */
			int d = s->sites[f->site].obj;
			if (d >= 0 && r->rax >= s->objs[d].lo && r->rax < s->objs[d].hi)
				space_arm(s, r->rax, SITE_FUNC, d, f->name);
		} else {
			f->v.ret = r->rax;
			f->v.ret2 = r->rdx;
			f->v.have_ret2 = true;
			struct user_fpregs_struct fp;
			if (f->v.have_fregs && ptrace(PTRACE_GETFPREGS, t->tid, 0L, &fp) == 0) {
				memcpy(&f->v.fret, &fp.xmm_space[0], sizeof(double));
				memcpy(&f->v.fret2, &fp.xmm_space[4], sizeof(double));
			}
			emit_frame(t, f, LT_EV_RETURN, (int)t->nframes);
		}
		drop_frame(t);
	}
}

int space_trap(struct thr *t)
{
	struct user_regs_struct regs;
	struct space *s = t->sp;
	struct bp *b;
	struct site *st;

	if (!s || !(b = bp_space_trap(&s->bs, t->tid, &regs)) || !(st = site_of(s, b)))
		return -1;
	uint64_t addr = b->addr;
	switch (st->kind) {
	case SITE_DLOPEN:
		on_entry(t, s, (uint32_t)(st - s->sites), &regs);
		break;
	case SITE_START:
		space_resolve(s);
		/* Not a function: the entry point runs once, put it back. */
		bp_remove(&s->bs, addr);
		break;
	case SITE_RTLD:
		space_resolve(s);
		break;
	case SITE_RET:
		on_return(t, s, addr, &regs);
		break;
	default:
		on_entry(t, s, (uint32_t)(st - s->sites), &regs);
		break;
	}
	return bp_space_resume(&s->bs, addr, t->tid, &regs);
}

void space_remove_all(void)
{
	for (struct space *s = spaces; s; s = s->next)
		bp_remove_all(&s->bs);
}

bool space_fixup_detach(struct thr *t)
{
	struct user_regs_struct regs;

	if (!t->sp || !bp_space_trap(&t->sp->bs, t->tid, &regs))
		return false;
	regs.rip--;
	return ptrace(PTRACE_SETREGS, t->tid, 0L, &regs) == 0;
}

void space_free_all(void)
{
	while (spaces) {
		struct space *s = spaces;
		spaces = s->next;
		space_clear(s);
		free(s);
	}
	for (size_t i = 0; i < names_size; i++)
		free(names[i]);
	free(names);
	names = NULL;
	names_size = nnames_set = 0;
	uprobe_elf_free_all();
}
