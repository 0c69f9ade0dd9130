// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * lttrace --bpf: which functions get a uprobe and what each call's record carries.
 *
 * The sets are lt_filter_walk's (ltrace's -e/-l/-x, default @MAIN: the functions the program
 * imports, probed in the object that defines them), decided once, when the program is held at
 * its entry point with every needed object mapped (or at once for -p).  A uprobe sits on a
 * file (inode + offset), so one per function serves every thread and, with -f, every forked
 * child.  The differences with the ptrace backend:
 *  - IFUNCs: the implementation is the one this process's own loader picked for the same
 *    file (dlsym here, on the same CPU; glibc's libraries are loaded here for the question
 *    when they are not yet), else the one a GOT slot of the program already holds;
 *    resolvers are not probed, so choices made later (another CPU, a library loaded by
 *    dlopen) are not seen.  A static program's IFUNCs are not traced.
 *  - callers: the kernel side keeps calls whose return address lies in an object the filter
 *    wants for that function (a bit per object); the exact decision (the name a call used)
 *    is taken again in user space, as lt-space.c takes it.
 *  - memory: from the prototype (lt_proto_capture, shared with sttrace --bpf), each pointer
 *    argument names the bytes to copy at entry (a string: -s + 1 bytes) or at return (out
 *    arguments, a returned string), and a printf pack every remaining register as a string;
 *    the stack words of stack arguments.  Calls whose printers need more (float registers,
 *    pointers inside what was copied) hold their thread at the hit (held_flags).
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include <unistd.h>
#include <linux/types.h>

#include "bpf/ltrace.h"
#include "uprobe/callsite.h"
#include "uprobe/ifunc.h"
#include "uprobe/ksite.h"
#include "uprobe/prologue.h"
#include "ltrace-lite/lt-bpf.h"
#include "common/maps.h"
#include "common/proc.h"
#include "proto/proto.h"

struct maps {
	struct mapping *m;
	int n;
};

/* A probe at runtime address ADDR of object D for NAME: a new site or a name more. */
static void add_site(struct lb_plan *p, const struct maps *mp, int d, uint64_t addr,
		     const char *name)
{
	const struct mapping *m = maps_at(mp->m, mp->n, addr);

	if (!m || !m->exec || !strcmp(name, "__libc_start_main"))
		return;
	uint64_t off = addr - m->start + m->off;
	for (size_t i = 0; i < p->nsites; i++) {
		struct lb_site *s = &p->sites[i];
		if (s->obj != d || s->off != off)
			continue;
		for (size_t k = 0; k < s->nnames; k++)
			if (!strcmp(s->names[k], name))
				return;
		const char **v = realloc(s->names, (s->nnames + 1) * sizeof(*v));
		if (v) {
			s->names = v;
			s->names[s->nnames++] = name;
		}
		return;
	}
	if (p->nsites >= LT_MAXFN)
		return;
	struct lb_site *v = realloc(p->sites, (p->nsites + 1) * sizeof(*v));
	if (!v)
		return;
	p->sites = v;
	struct lb_site *s = &v[p->nsites];
	memset(s, 0, sizeof(*s));
	if (!(s->names = malloc(sizeof(*s->names))) || !(s->path = strdup(m->path))) {
		free(s->names);
		return;
	}
	s->names[0] = name;
	s->nnames = 1;
	s->off = off;
	s->obj = d;
	s->vaddr = addr - p->objs[d].bias;
	s->proto = lt_proto_resolve(p->objs[d].path, s->vaddr, name);
	p->nsites++;
}

/* The implementation of IFUNC NAME of object D: this process's own choice in the same file,
 * else what a GOT slot of the traced process holds already.  0 when none. */
static uint64_t ifunc_impl(const struct lb_plan *p, const struct maps *mp, int d,
			   const char *name, uint64_t resolver)
{
	uint64_t addr = uprobe_ifunc_local(&p->objs[d], name, mp->m, mp->n);

	if (!addr && !uprobe_ifunc_chosen(p->tgid, p->objs, p->nobjs, (size_t)d, name, resolver,
					  &addr, 1))
		addr = 0;
	return addr;
}

static void arm_function(struct lb_plan *p, const struct maps *mp, int d, const char *name)
{
	const struct uprobe_sym *sym = uprobe_elf_find(p->objs[d].elf, name);
	uint64_t addr;

	if (!sym)
		return;
	addr = p->objs[d].bias + sym->vaddr;
	if (sym->ifunc && !(addr = ifunc_impl(p, mp, d, name, addr)))
		return;
	add_site(p, mp, d, addr, name);
}

struct arm_ctx {
	struct lb_plan *p;
	const struct maps *mp;
};

static void arm_named(void *ctx, int d, const char *name)
{
	struct arm_ctx *a = ctx;

	arm_function(a->p, a->mp, d, name);
}

/*
 * A probe's BPF program cannot fault a page in: a string literal of the program that nothing
 * has touched yet (strdup("hello") as the first thing main does) would not read at entry.
 * Reading the program's file mappings through process_vm_readv faults them into its page
 * tables now, while it is held (up to 64 MiB).
 */
static void prefault(const struct lb_plan *p, const struct maps *mp)
{
	static char buf[1 << 16];
	uint64_t total = 0;

	for (int i = 0; i < mp->n; i++) {
		bool main_obj = false;
		for (size_t k = 0; k < p->nobjs && !main_obj; k++)
			main_obj = p->objs[k].is_main && !strcmp(p->objs[k].path, mp->m[i].path);
		uint64_t end = mp->m[i].end;
		for (uint64_t a = mp->m[i].start; main_obj && a < end && total < (64u << 20);
		     a += sizeof(buf), total += sizeof(buf)) {
			size_t len = end - a < sizeof(buf) ? end - a : sizeof(buf);
			struct iovec l = { buf, len }, r = { (void *)(uintptr_t)a, len };
			if (process_vm_readv(p->tgid, &l, 1, &r, 1, 0) < 0)
				break;
		}
	}
}

int lb_plan_build(struct lb_plan *p, pid_t pid)
{
	struct maps mp = { 0 };
	char exe[PATH_MAX] = "";

	p->tgid = pid;
	if ((mp.n = maps_read(pid, MAPS_FILES, &mp.m)) < 0)
		return mp.n;
	proc_exe(pid, exe, sizeof(exe));
	for (int i = 0; i < mp.n; i++) {
		size_t j = 0;
		while (j < p->nobjs && strcmp(p->objs[j].path, mp.m[i].path))
			j++;
		struct uprobe_obj ob;
		if (j < p->nobjs) {
			/* Known, and mapped again (a new image since an exec): where it is now. */
			struct uprobe_obj *o = &p->objs[j];
			if (o->gone && uprobe_obj_from_maps(mp.m, mp.n, i, exe, &ob) == 0) {
				o->lo = ob.lo;
				o->hi = ob.hi;
				o->bias = ob.bias;
				o->is_main = ob.is_main;
				o->gone = false;
			}
			continue;
		}
		if (uprobe_obj_from_maps(mp.m, mp.n, i, exe, &ob) < 0)
			continue;
		struct uprobe_obj *v = realloc(p->objs, (p->nobjs + 1) * sizeof(*v));
		if (!v)
			break;
		p->objs = v;
		struct uprobe_obj *o = &v[p->nobjs++];
		*o = ob;
		const struct uprobe_elf *e = o->elf;
		if (!strncmp(e->soname, "libstdc++", 9))
			p->cxx = true;
		const struct uprobe_sym *rtld;
		const char *base = strrchr(o->path, '/');
		if (!p->rtld && !strncmp(base ? base + 1 : o->path, "ld-", 3) &&
		    (rtld = uprobe_elf_find(e, "_dl_debug_state"))) {
			const struct mapping *m = maps_at(mp.m, mp.n, o->bias + rtld->vaddr);
			if (m && m->exec) {
				snprintf(p->rtld_path, sizeof(p->rtld_path), "%s", o->path);
				p->rtld = o->bias + rtld->vaddr - m->start + m->off;
			}
		}
		if (o->is_main && e->is_static)
			p->is_static = true;
	}
	if (!p->maps)
		prefault(p, &mp);
	lt_filter_walk(p->objs, p->nobjs, p->is_static, arm_named, &(struct arm_ctx){ p, &mp });
	free(p->maps);
	p->maps = mp.m;
	p->nmaps = mp.n;
	return 0;
}

void lb_plan_exec(struct lb_plan *p)
{
	for (size_t i = 0; i < p->nobjs; i++) {
		p->objs[i].lo = p->objs[i].hi = 0;
		p->objs[i].is_main = false;
		p->objs[i].gone = true;
	}
	/* The new program's own pages are faulted in again by the next build (prefault). */
	free(p->maps);
	p->maps = NULL;
	p->nmaps = 0;
}

int lb_plan_obj_at(const struct lb_plan *p, uint64_t addr)
{
	for (size_t i = 0; i < p->nobjs; i++)
		if (addr >= p->objs[i].lo && addr < p->objs[i].hi)
			return (int)i;
	return -1;
}

int lb_plan_ranges(const struct lb_plan *p, struct lt_range *r, int max)
{
	int n = 0;

	for (size_t i = 0; i < p->nobjs && n < max; i++, n++)
		r[n] = (struct lt_range){ p->objs[i].lo, p->objs[i].hi };
	return n;
}

/* Could a call of site S from object C be shown (lt-space.c's on_entry, by object)? */
static bool caller_ok(const struct lb_plan *p, const struct lb_site *s, int c)
{
	const struct uprobe_obj *co = &p->objs[c], *d = &p->objs[s->obj];
	bool have_l = lt_filter_have(LT_FILTER_L);

	if (lt_opts.no_libcalls || (!p->is_static && c == s->obj))
		return false;
	for (size_t k = 0; k < s->nnames; k++) {
		if ((lt_filter_have(LT_FILTER_E) || !have_l) &&
		    lt_filter_match(LT_FILTER_E, s->names[k], co->elf->soname, co->path,
				    co->is_main))
			return true;
		if (have_l && lt_filter_match(LT_FILTER_L, s->names[k], d->elf->soname, d->path,
					      d->is_main))
			return true;
	}
	return false;
}

/*
 * Where a uretprobe would change what the program does, there is none (its calls print
 * without their return, as `<unfinished ...>`):
 *  - setjmp saves its return address from the stack, where the uretprobe has put the kernel's
 *    trampoline: longjmp would come back through the trampoline and take whatever return
 *    instance is there;
 *  - an exception unwound through a frame whose return address is the trampoline finds no
 *    unwind info and the program terminates: functions that throw (__cxa_throw, the
 *    std::__throw_* helpers), and in a C++ program the C functions that call back into it.
 */
bool lb_site_noret(const struct lb_plan *p, const struct lb_site *s)
{
	static const char *const never[] = { "setjmp", "_setjmp", "__sigsetjmp", "sigsetjmp",
					     "savectx", "getcontext", "__cxa_throw",
					     "__cxa_rethrow", "_Unwind_RaiseException",
					     "_Unwind_Resume", "_Unwind_Resume_or_Rethrow",
					     "_Unwind_ForcedUnwind" };
	static const char *const callback[] = { "qsort", "qsort_r", "bsearch", "lfind", "lsearch",
						"tsearch", "tfind", "tdelete", "twalk", "twalk_r",
						"ftw", "nftw", "scandir", "scandirat", "glob",
						"pthread_once", "dl_iterate_phdr" };

	for (size_t k = 0; k < s->nnames; k++) {
		const char *n = s->names[k];
		for (size_t i = 0; i < sizeof(never) / sizeof(never[0]); i++)
			if (!strcmp(n, never[i]))
				return true;
		if (!strncmp(n, "_ZSt", 4) && strstr(n, "__throw_"))
			return true;
		for (size_t i = 0; p->cxx && i < sizeof(callback) / sizeof(callback[0]); i++)
			if (!strcmp(n, callback[i]))
				return true;
	}
	return false;
}

/*
 * What the call's hit holds its thread for (bpf/ltrace.h, LT_F_HOLD*): the xmm registers of
 * float arguments (only where the thread stops with them intact: the probe on the first
 * instruction, one that leaves them alone, as the kernel runs it before the stop) and of a
 * float result; memory behind the pointers the copies hold.  Functions without them pay
 * nothing.
 */
static __u16 held_flags(const struct lb_site *s, const struct lt_capture *cp)
{
	__u16 f = 0;

	if (cp->xargs || cp->xpack) {
		uint8_t code[16];
		uint64_t poff = 0;
		const char *why;
		if (ksite_entry_file(s->path, s->off, true, &poff, &why) == 0 && poff == s->off &&
		    uprobe_prologue_insn(code, uprobe_read_code(s->path, s->off, code,
								 sizeof(code)), NULL) > 0)
			f |= LT_F_XMM | (cp->xargs ? LT_F_HOLD : LT_F_HOLD_VA);
	}
	if (cp->deep)
		f |= LT_F_HOLD;
	if (cp->xret)
		f |= LT_F_HOLD_RET | LT_F_XMM_RET;
	if (cp->odeep)
		f |= LT_F_HOLD_RET;
	return f;
}

/* The copies SPEC says for prototype P (lt_proto_capture's, in CP too). */
static void capture_plan(const struct lt_proto *p, struct lt_fspec *spec, struct lt_capture *cp)
{
	static const __u8 kinds[] = { [LT_CAPK_NONE] = LT_CAP_NONE, [LT_CAPK_STR] = LT_CAP_STR,
				      [LT_CAPK_BUF] = LT_CAP_BUF, [LT_CAPK_OSTR] = LT_CAP_OSTR,
				      [LT_CAPK_OBUF] = LT_CAP_OBUF };
	struct lt_capopts co = { lt_opts.strsize, lt_opts.arraylen, LT_CAPMAX };

	lt_proto_capture(p, &co, cp);
	for (int k = 0; k <= LT_NREGS; k++) {
		spec->cap[k] = kinds[cp->kind[k]];
		spec->len[k] = cp->len[k];
	}
}

/* A function without uretprobe that returns first through its caller's code (LT_F_RETSITE). */
static bool retsite(const struct lb_site *s)
{
	static const char *const first_return[] = { "setjmp", "_setjmp", "__sigsetjmp",
						    "sigsetjmp", "savectx", "getcontext" };

	for (size_t k = 0; k < s->nnames; k++)
		for (size_t i = 0; i < sizeof(first_return) / sizeof(first_return[0]); i++)
			if (!strcmp(s->names[k], first_return[i]))
				return true;
	return false;
}

void lb_plan_spec(const struct lb_plan *p, size_t i, struct lt_fspec *spec)
{
	const struct lb_site *s = &p->sites[i];
	const struct uprobe_obj *d = &p->objs[s->obj];
	_Static_assert(LT_NREGS == LT_CAP_NREGS, "one capture per integer register");

	memset(spec, 0, sizeof(*spec));
	for (size_t c = 0; c < p->nobjs && c < LT_MAXOBJS; c++)
		if (p->objs[c].elf && caller_ok(p, s, (int)c))
			spec->callers |= 1ull << c;
	if (p->nobjs > LT_MAXOBJS)
		spec->callers |= 1ull << LT_OBJ_NONE;
	for (size_t k = 0; k < s->nnames && lt_filter_have(LT_FILTER_X); k++)
		if (lt_filter_match(LT_FILTER_X, s->names[k], d->elf->soname, d->path, d->is_main))
			spec->callers = ~0ull;
	if (p->is_static && spec->callers != ~0ull)
		spec->flags |= LT_F_OUTERMOST;
	if (lb_site_noret(p, s))
		spec->flags |= LT_F_NORET | (retsite(s) ? LT_F_RETSITE : 0);
	struct lt_capture cp;
	capture_plan(s->proto, spec, &cp);
	spec->nstk = (__u8)(cp.nstk > LT_MAXSTK ? LT_MAXSTK : cp.nstk);
	spec->flags |= held_flags(s, &cp);
	/* Nothing to read at the entry but registers: the call may wait for its return. */
	bool entry_mem = spec->nstk || (spec->flags & (LT_F_HOLD | LT_F_HOLD_VA));
	for (int k = 0; k < LT_NREGS; k++)
		if (spec->cap[k] == LT_CAP_STR || spec->cap[k] == LT_CAP_BUF)
			entry_mem = true;
	if (!entry_mem && !(spec->flags & LT_F_NORET))
		spec->flags |= LT_F_KEEP;
}

void lb_plan_sysspec(long nr, struct lt_fspec *spec)
{
	char name[64];
	struct lt_capture cp;

	memset(spec, 0, sizeof(*spec));
	capture_plan(lt_sys_proto(nr, name, sizeof(name)), spec, &cp);
}

static int64_t rel32(const uint8_t *b)
{
	int32_t v;

	memcpy(&v, b, sizeof(v));
	return v;
}

/* Code, from the file: the process may be gone by the time its records are read. */
static int code_read(const struct lb_plan *p, uint64_t addr, void *buf, size_t len)
{
	for (int i = 0; i < p->nmaps; i++) {
		const struct mapping *m = &p->maps[i];
		if (addr < m->start || addr + len > m->end)
			continue;
		int fd = open(m->path, O_RDONLY | O_CLOEXEC);
		if (fd < 0)
			return -errno;
		ssize_t n = pread(fd, buf, len, (off_t)(addr - m->start + m->off));
		close(fd);
		return n == (ssize_t)len ? 0 : -EIO;
	}
	return -EFAULT;
}

const char *lb_plan_called_name(const struct lb_plan *p, const struct lb_site *s, int c,
				uint64_t ret)
{
	uint8_t b[16];
	uint64_t slot = 0;

	if (s->nnames == 1 || c < 0)
		return s->names[0];
	if (code_read(p, ret - 6, b, 6) == 0 && b[0] == 0xff && b[1] == 0x15) {
		slot = ret + (uint64_t)rel32(&b[2]);
	} else if (code_read(p, ret - 5, b, 5) == 0 && b[0] == 0xe8) {
		uint64_t plt = ret + (uint64_t)rel32(&b[1]);
		size_t i = 0;
		if (code_read(p, plt, b, sizeof(b)) < 0)
			return s->names[0];
		if (b[0] == 0xf3 && b[1] == 0x0f && b[2] == 0x1e && b[3] == 0xfa)
			i = 4;
		if (b[i] == 0xf2)
			i++;
		if (b[i] == 0xff && b[i + 1] == 0x25)
			slot = plt + i + 6 + (uint64_t)rel32(&b[i + 2]);
	}
	const struct uprobe_obj *o = &p->objs[c];
	for (size_t k = 0; slot && o->elf && k < o->elf->nrelocs; k++) {
		const struct uprobe_reloc *r = &o->elf->relocs[k];
		if (o->bias + r->slot != slot)
			continue;
		for (size_t j = 0; j < s->nnames; j++) {
			const struct uprobe_sym *sym;
			/* By name, or (IRELATIVE, static programs) by the IFUNC's resolver. */
			if (r->name ? !strcmp(s->names[j], r->name) :
				      (sym = uprobe_elf_find(p->objs[s->obj].elf, s->names[j])) &&
				      sym->vaddr == r->addend)
				return s->names[j];
		}
	}
	return s->names[0];
}

const struct lt_proto *lb_plan_proto(struct lb_site *s, const char *name, const struct lb_plan *p)
{
	if (name == s->names[0])
		return s->proto;
	if (s->pname != name) {
		s->pproto = lt_proto_resolve(p->objs[s->obj].path, s->vaddr, name);
		s->pname = name;
	}
	return s->pproto;
}

void lb_plan_free(struct lb_plan *p)
{
	for (size_t i = 0; i < p->nsites; i++) {
		free(p->sites[i].names);
		free(p->sites[i].path);
	}
	free(p->sites);
	free(p->objs);
	free(p->maps);
	memset(p, 0, sizeof(*p));
	csite_free_all(); /* the programs' scans (lb_csite_pick) */
}
