// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Which probes go where in a traced address space (probe-space.h), again at every change of
 * its link map.  USDT probes come from libsdt (file offsets of the probe and its semaphore),
 * functions from the ELF symbol tables (libelf); a file offset becomes a runtime address
 * through the mapping of that file that covers it.
 *
 * IFUNCs (uprobe/ifunc.h): a uprobe on strlen belongs on the implementation the process uses,
 * not on the resolver its symbol names.  The implementations already chosen are read from the
 * GOT slots of the process's objects (at the program's entry point the loader has run the
 * relocations, IRELATIVE ones included); the resolver gets a breakpoint of its own whose
 * return, caught through the return trampoline, arms what it returns (a lazily bound call, a
 * dlopen'ed caller): the resolver's own calls are never shown.
 *
 * Prototypes (proto/): a uprobe site without :args= hints prints by the prototype lttrace
 * would use for its function (-F files, DWARF of its object, the built-in table), looked up
 * once when it is armed.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "uprobe/ifunc.h"
#include "uprobe/ksite.h"
#include "uprobe/objelf.h"
#include "common/maps.h"
#include "common/elfread.h"
#include "strace-lite/ptrace/probe-space.h"
#include "common/proc.h"
#include "common/strbuf.h"
#include "proto/proto.h"
#include "strace-lite/sttrace.h"
#include "sdt/usdt.h"
#include "common/log.h"

/* Sites that could not be placed since the last flush: named in one warning line. */
static struct strbuf refused;
static size_t nrefused;

static void refuse(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void refuse(const char *fmt, ...)
{
	va_list ap;

	sb_puts(&refused, nrefused++ ? "; " : "");
	va_start(ap, fmt);
	sb_vprintf(&refused, fmt, ap);
	va_end(ap);
}

/* The sites refused by one resolution, in one line; the trace goes on without them. */
static void flush_refused(void)
{
	if (nrefused)
		log_warn("%zu probe%s not placed: %s", nrefused, nrefused > 1 ? "s" : "",
			  sb_str(&refused));
	sb_reset(&refused);
	nrefused = 0;
}

static struct site *add_site(struct space *s, int kind, const char *label, const char *hints)
{
	struct site *v = realloc(s->sites, (s->nsites + 1) * sizeof(*v));

	if (!v)
		return NULL;
	s->sites = v;
	struct site *st = &v[s->nsites];
	memset(st, 0, sizeof(*st));
	st->kind = kind;
	st->label = strdup(label);
	st->hints = hints;
	s->nsites++;
	return st;
}

/*
 * Arm a site at ADDR: its index goes in the breakpoint's data (+1: 0 is the entry point).  An
 * int3 outside an executable mapping would be data we corrupt, never a trap: refused.
 */
static int arm(struct space *s, size_t idx, uint64_t addr, const char *what,
	       const struct mapping *m, int nm)
{
	const struct mapping *mp = maps_at(m, nm, addr);

	if (!mp || !mp->exec) {
		refuse("%s (%#" PRIx64 " in %s is not in an executable segment)", what, addr,
		       mp ? mp->path : "no mapping");
		return -ENOEXEC;
	}
	int rc = bp_insert(&s->bs, addr, (void *)(uintptr_t)(idx + 1));
	if (rc < 0 && rc != -EEXIST) {
		refuse("%s (%s at %#" PRIx64 " in process %d)", what,
		       rc == -EBUSY ? "an int3 that is not ours already there" :
		       "no breakpoint can be written", addr, s->tgid);
		return rc;
	}
	return 0;
}

/* USDT probe P of object PATH for spec SP: its site, its breakpoint, its semaphore raised. */
static void arm_usdt(struct space *s, struct spec *sp, const struct usdt_probe *p,
		     const char *path, const struct mapping *m, int nm)
{
	uint64_t addr = maps_file_addr(m, nm, path, p->pc_offset);
	if (!addr)
		return;
	char label[256];
	uint8_t code[8] = { 0 }, insn;
	snprintf(label, sizeof(label), "%s:%s", p->provider, p->name);
	sp->found = true;
	/*
	 * The site is the probe's nop: anything else means the note does not
	 * point at an instruction boundary we know, and an int3 there could cut
	 * an instruction in two.  A 5-byte nop (another header's) is refused as
	 * under --bpf, where a kernel uprobe on it writes the red zone.
	 */
	int rd = bp_mem_read(&s->bs, addr, code, sizeof(code));
	insn = code[0];
	if (rd == 0 && ksite_nop5(code, sizeof(code))) {
		refuse("usdt:%s: the site %#" PRIx64 " in %s is " KSITE_NOP5_WHY, label, addr, path);
		return;
	}
	if (rd == 0 && insn != 0x90 && insn != 0xcc && insn != BP_INSN) {
		refuse("usdt:%s: the site %#" PRIx64 " in %s is not the probe's nop (byte %#x): "
		       "not on an instruction boundary", label, addr, path, insn);
		return;
	}
	struct site *st = add_site(s, SPEC_USDT, label, sp->hints);
	if (!st)
		return;
	st->silent = sp->silent;
	st->bias = addr - p->pc;
	st->nargs = p->nargs;
	if (p->nargs > 0)
		memcpy(st->argv, p->argv, sizeof(st->argv));
	if (arm(s, s->nsites - 1, addr, label, m, nm) < 0)
		return;
	if (p->semaphore) {
		uint64_t sem = maps_file_addr(m, nm, path, p->sem_offset);
		int rc = sem ? bp_sem_raise(&s->bs, sem) : -EFAULT;
		if (rc < 0) {
			errno = -rc;
			log_perror("usdt:%s: cannot raise its semaphore", label);
		}
	}
}

static void resolve_usdt(struct space *s, const char *path, const struct mapping *m, int nm)
{
	struct usdt_file *f = NULL;

	if (!probe_usdt_wanted(path) || usdt_open(path, &f, NULL) < 0)
		return;
	for (size_t i = 0; i < f->count; i++) {
		const struct usdt_probe *p = &f->probes[i];
		struct spec *sp = probe_usdt_spec(path, p);
		/* One site per probe, whatever number of specs match it. */
		if (sp)
			arm_usdt(s, sp, p, path, m, nm);
	}
	usdt_free(f);
}

/*
 * The site of function NAME at ADDR for spec SP (a function has one site for its uprobe and its
 * uretprobe), its prototype looked up by link-time address VADDR in PATH (0: by name only).
 */
static void arm_function(struct space *s, struct spec *sp, uint64_t addr, const char *path,
			 uint64_t vaddr, const struct mapping *m, int nm)
{
	struct bp *b = bp_lookup(&s->bs, addr);
	size_t idx = b && b->inserted && b->data && b->data != BP_TRAMP && b->data != BP_RTLD ?
		(uintptr_t)b->data - 1 : SIZE_MAX;
	struct site *st;

	if (idx < s->nsites && s->sites[idx].kind == SPEC_UPROBE) {
		st = &s->sites[idx];
	} else {
		if (!(st = add_site(s, SPEC_UPROBE, sp->name, "")))
			return;
		st->nargs = -1;
		st->addr = addr;
		st->proto = lt_proto_resolve(vaddr ? path : NULL, vaddr, sp->name);
		if (arm(s, s->nsites - 1, addr, sp->name, m, nm) < 0)
			return;
		st = &s->sites[s->nsites - 1];
	}
	if (sp->kind == SPEC_URETPROBE) {
		st->on_return = true;
		st->ret_hint = sp->hints[0];
		st->ret_silent = sp->silent;
	} else {
		st->on_entry = true;
		st->hints = sp->hints;
		st->silent = sp->silent;
	}
}

/*
 * uprobe=SYM+REL, SYM at file offset OFF of PATH: a site REL bytes into the function, on an
 * instruction boundary and never on a 5-byte nop (what the --bpf backend cannot probe
 * without harm is refused here too, so that both backends trace the same).  It prints by its
 * hints or the six argument registers: at an offset, no prototype says what they hold.
 */
static void arm_offset(struct space *s, struct spec *sp, const char *path, uint64_t off,
		       bool ifunc, const struct mapping *m, int nm)
{
	const char *why = ifunc ? "an IFUNC, whose symbol is its resolver" :
		ksite_offset_file(path, off, sp->rel, false);
	uint64_t addr;
	struct site *st;

	if (why) {
		refuse("uprobe=%s in %s: %s", sp->label, path, why);
		return;
	}
	if (!(addr = maps_file_addr(m, nm, path, off + sp->rel)) ||
	    !(st = add_site(s, SPEC_UPROBE, sp->label, sp->hints)))
		return;
	st->nargs = -1;
	st->addr = addr;
	st->on_entry = true;
	st->silent = sp->silent;
	arm(s, s->nsites - 1, addr, sp->label, m, nm);
}

/*
 * IFUNC SYM of object PATH: its uprobes on the implementations the process has chosen so far,
 * and its resolver watched for the choices to come (one watch per resolver, whatever number
 * of specs name it).
 */
static void resolve_ifunc(struct space *s, struct spec *sp, const char *path,
			  const struct uprobe_sym *sym, const struct mapping *m, int nm)
{
	struct uprobe_obj *objs = NULL;
	int n = uprobe_objs_read(s->tgid, m, nm, &objs), d = -1;
	uint64_t impl[8];

	for (int i = 0; i < n && d < 0; i++)
		if (!strcmp(objs[i].path, path))
			d = i;
	if (d < 0) {
		free(objs);
		return;
	}
	uint64_t resolver = objs[d].bias + sym->vaddr, bias = objs[d].bias;
	size_t k = uprobe_ifunc_chosen(s->tgid, objs, (size_t)n, (size_t)d, sp->name, resolver,
				       impl, 8);
	free(objs);
	for (size_t i = 0; i < k; i++)
		arm_function(s, sp, impl[i], path, impl[i] - bias, m, nm);
	struct bp *b = bp_lookup(&s->bs, resolver);
	if (b && b->inserted && b->data && b->data != BP_TRAMP && b->data != BP_RTLD)
		return;
	struct site *st = add_site(s, SITE_RESOLVER, sp->name, "");
	if (!st)
		return;
	st->addr = resolver;
	st->on_return = true;
	arm(s, s->nsites - 1, resolver, sp->name, m, nm);
}

/*
 * Whether function NAME already has its site for KIND in an object other than PATH (a spec
 * without @LIB: the first object that defines it, as the dynamic linker would bind).
 */
static bool armed_before(const struct space *s, const char *name, int kind, const char *path)
{
	for (size_t i = 0; i < s->nsites; i++) {
		const struct site *st = &s->sites[i];
		if (strcmp(st->label, name))
			continue;
		if (st->kind == SPEC_UPROBE && (kind == SPEC_URETPROBE ? st->on_return : st->on_entry))
			return true;
		/* An IFUNC's resolver: armed for both kinds, in its own object. */
		for (size_t j = 0; st->kind == SITE_RESOLVER && j < s->nobjs; j++)
			if (st->addr >= s->objs[j].lo && st->addr < s->objs[j].hi)
				return strcmp(s->objs[j].path, path) != 0;
	}
	return false;
}

/* A uprobe or uretprobe spec against the object PATH. */
static void resolve_uprobe(struct space *s, struct spec *sp, const char *path,
			   const struct mapping *m, int nm)
{
	const struct uprobe_sym *sym;
	struct uprobe_elf *e;
	uint64_t off = 0;
	int err;

	if (!probe_path_matches(sp->path, path) ||
	    (!sp->path && armed_before(s, sp->label ? sp->label : sp->name, sp->kind, path)))
		return;
	if (elfr_func_offset(path, sp->name, &off) < 0)
		return;
	e = uprobe_elf_get(path, &err);
	sym = e ? uprobe_elf_find(e, sp->name) : NULL;
	if (sp->label) {
		sp->found = true;
		arm_offset(s, sp, path, off, sym && sym->ifunc, m, nm);
		return;
	}
	if (sym && sym->ifunc) {
		sp->found = true;
		resolve_ifunc(s, sp, path, sym, m, nm);
		return;
	}
	uint64_t addr = maps_file_addr(m, nm, path, off);
	if (!addr)
		return;
	sp->found = true;
	arm_function(s, sp, addr, path, sym ? sym->vaddr : 0, m, nm);
}

void probe_space_ifunc(struct space *s, size_t resolver, uint64_t impl)
{
	struct mapping *m = NULL;
	int nm = maps_read(s->tgid, MAPS_FILES, &m), first = -1;
	const struct mapping *rm = maps_at(m, nm, s->sites[resolver].addr);
	const struct mapping *im = maps_at(m, nm, impl);
	struct uprobe_obj o;
	char name[256];

	/* The implementation is in the resolver's own object, or it is nothing we can probe. */
	if (!rm || !im || strcmp(rm->path, im->path))
		goto out;
	for (int i = 0; i < nm && first < 0; i++)
		if (!strcmp(m[i].path, rm->path))
			first = i;
	if (uprobe_obj_from_maps(m, nm, first, NULL, &o) < 0)
		goto out;
	snprintf(name, sizeof(name), "%s", s->sites[resolver].label); /* sites may move */
	for (size_t k = 0; k < probe_nspecs; k++) {
		struct spec *sp = &probe_specs[k];
		if (sp->kind != SPEC_USDT && !strcmp(sp->name, name) &&
		    probe_path_matches(sp->path, rm->path))
			arm_function(s, sp, impl, rm->path, impl - o.bias, m, nm);
	}
	flush_refused();
out:
	free(m);
}

/*
 * Return probes need an address that traps and that the program never executes on its own:
 * its entry point (_start runs once, before anything is probed; when the entry breakpoint is
 * still there, it becomes the trampoline and is stepped over this once).
 */
static void tramp_setup(struct space *s)
{
	uint64_t entry = s->tramp ? 0 : proc_entry_point(s->tgid);
	struct bp *b;
	int rc = 0;

	if (s->tramp)
		return;
	if (!entry) {
		log_error("uretprobe: no entry point in process %d for the return trampoline",
			  s->tgid);
		return;
	}
	if ((b = bp_lookup(&s->bs, entry)) && b->inserted)
		b->data = BP_TRAMP;
	else
		rc = bp_insert(&s->bs, entry, BP_TRAMP);
	if (rc < 0) {
		errno = -rc;
		log_perror("uretprobe: cannot insert the return trampoline at %#" PRIx64, entry);
		return;
	}
	s->tramp = entry;
}

/* The loader's hook: called at every change of the link map (dlopen, dlclose). */
static void arm_rtld(struct space *s, const char *path, const struct mapping *m, int nm)
{
	const char *base = strrchr(path, '/');
	uint64_t off;

	if (s->rtld || strncmp(base ? base + 1 : path, "ld-", 3) ||
	    elfr_func_offset(path, "_dl_debug_state", &off) < 0)
		return;
	uint64_t addr = maps_file_addr(m, nm, path, off);
	if (addr && bp_insert(&s->bs, addr, BP_RTLD) == 0)
		s->rtld = true;
}

/*
 * Bring the probes of S in line with what is mapped now: objects seen for the first time get
 * their probes, objects gone are forgotten.  Run when the program starts (or at attach), and
 * again at every hit of the loader's _dl_debug_state.
 */
void probe_space_resolve(struct space *s)
{
	struct mapping *m = NULL;
	int nm = maps_read(s->tgid, MAPS_FILES, &m);
	bool first = !s->armed, ret = false;

	s->armed = true;
	if (nm < 0)
		return;
	for (size_t j = 0; j < s->nobjs;) {
		const struct mapping *mp = maps_at(m, nm, s->objs[j].lo);
		if (mp && mp->start == s->objs[j].lo && !strcmp(mp->path, s->objs[j].path)) {
			j++;
			continue;
		}
		/* dlclose'd: its addresses may come back as another object's. */
		bp_space_forget(&s->bs, s->objs[j].lo, s->objs[j].hi);
		s->objs[j] = s->objs[--s->nobjs];
	}
	for (int i = 0; i < nm; i++) {
		bool seen = false;
		uint64_t hi = m[i].end;
		for (int j = 0; j < i && !seen; j++)
			seen = !strcmp(m[i].path, m[j].path);
		for (size_t j = 0; j < s->nobjs && !seen; j++)
			seen = s->objs[j].lo == m[i].start && !strcmp(s->objs[j].path, m[i].path);
		if (seen)
			continue;
		for (int j = i + 1; j < nm; j++)
			if (!strcmp(m[i].path, m[j].path) && m[j].end > hi)
				hi = m[j].end;
		struct obj *v = realloc(s->objs, (s->nobjs + 1) * sizeof(*v));
		if (!v)
			break;
		s->objs = v;
		snprintf(v[s->nobjs].path, sizeof(v->path), "%s", m[i].path);
		v[s->nobjs].lo = m[i].start;
		v[s->nobjs++].hi = hi;
		resolve_usdt(s, m[i].path, m, nm);
		for (size_t k = 0; k < probe_nspecs; k++)
			if (probe_specs[k].kind != SPEC_USDT)
				resolve_uprobe(s, &probe_specs[k], m[i].path, m, nm);
		arm_rtld(s, m[i].path, m, nm);
	}
	for (size_t i = 0; i < s->nsites; i++)
		ret |= s->sites[i].on_return;
	if (ret)
		tramp_setup(s);
	flush_refused();
	if (first)
		probe_report_missing(s->tgid, m, nm);
	free(m);
}

