// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Attaching the probes of --bpf (bpf-probes.h): each spec's sites in an object become uprobes
 * on the file (inode and offset, every process: pid -1) running probes.bpf.c, with a slot in
 * map "sites" (the attach cookie) holding the fetch plan of their values.  Objects come from
 * /proc/PID/maps, each (device, inode) attached once.
 *
 * Values: USDT argument specs of libsdt flattened into register / memory / constant plans
 * (probes.h); a symbolic operand (sym(%rip), $sym, sym) adds the load bias, which the BPF side
 * derives from the hit's ip.  An argument in an xmm register is read from the FPU state of
 * the thread, held for it (probes.c).
 */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <inttypes.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "uprobe/ifunc.h"
#include "uprobe/ksite.h"
#include "bpf/umulti.h"
#include "uprobe/objelf.h"
#include "common/maps.h"
#include "common/elfread.h"
#include "common/print.h"
#include "strace-lite/probe/probe-int.h"
#include "uprobe/prologue.h"
#include "proto/proto.h"
#include "bpf/probes.h"
#include "strace-lite/bpf/bpf-probes.h"
#include "gen/probes.skel.h"
#include "common/strbuf.h"
#include "strace-lite/sttrace.h"
#include "common/log.h"

/* An object attached: for every process (pid -1), or for one. */
struct object {
	dev_t dev;
	ino_t ino;
	pid_t pid;
};

/* A process seen: its objects resolved at least once. */
struct proc {
	pid_t tgid;
	struct proc *next;
};

struct usite *probes_sites;
size_t probes_nsites;
bool *probes_spec_done;
static struct bpf_link **links;
static size_t nlinks;
static struct object *objects;
static size_t nobjects;
static struct proc *procs;
static pid_t attach_pid = -1; /* the process probes_attach_object attaches for */
static bool multi;             /* uprobe_multi links: probes gathered, then one link a group */
static struct umulti_batch batch;
static struct umulti_fds mlinks;
static struct strbuf refused;  /* sites ksite refused since the last flush: one warning line */
static size_t nrefused;
static pid_t resolve_tgid = -1; /* the process probes_resolve reads */

/* pt_regs slots (u64 words: r15 r14 r13 r12 bp bx r11 r10 r9 r8 ax cx dx si di orig_ax ip cs
 * flags sp ss) of DWARF registers 0..16 on x86_64. */
static const unsigned char dwarf_slot[17] = {
	10, 12, 11, 5, 13, 14, 4, 19, 9, 8, 7, 6, 3, 2, 1, 0, 16,
};

/* ---- fetch plans ---------------------------------------------------------------------------- */

static bool dwarf_ok(int r)
{
	return r >= 0 && r <= 16;
}

/* The plan of USDT argument A (hint H); PA_UNREADABLE for what a uprobe program cannot see. */
static struct parg plan_usdt(const struct usdt_arg *a, char h)
{
	struct parg p = { .kind = PA_UNREADABLE, .base = PA_NOREG, .index = PA_NOREG };
	int size = a->size ? a->size : 8;

	p.str = h == 's';
	switch (a->kind) {
	case USDT_LOC_CONST:
		p.kind = PA_CONST;
		p.bias = a->symbol[0] && !a->unresolved;
		p.off = p.bias ? (int64_t)a->address : a->offset;
		break;
	case USDT_LOC_REG:
		if (a->reg >= 17 && a->reg <= 32) {
			p.kind = PA_XMM; /* not in pt_regs: from the FPU state, stopped */
			p.base = (uint8_t)(a->reg - 17);
			break;
		}
		if (!dwarf_ok(a->reg))
			break;
		p.kind = PA_REG;
		p.base = dwarf_slot[a->reg];
		p.shift = (uint8_t)a->reg_shift;
		break;
	case USDT_LOC_MEM:
	case USDT_LOC_PCREL:
	case USDT_LOC_ABS:
		if ((a->symbol[0] && a->unresolved) || size > 8 ||
		    (a->kind == USDT_LOC_PCREL && !a->symbol[0]))
			break;
		p.kind = PA_MEM;
		p.size = (uint8_t)size;
		p.bias = a->symbol[0] != 0;
		p.off = p.bias ? (int64_t)a->address : a->offset;
		if (a->kind == USDT_LOC_MEM && a->reg >= 0) {
			if (!dwarf_ok(a->reg))
				return (struct parg){ .kind = PA_UNREADABLE };
			p.base = dwarf_slot[a->reg];
		}
		if (a->kind == USDT_LOC_MEM && a->index >= 0) {
			if (!dwarf_ok(a->index))
				return (struct parg){ .kind = PA_UNREADABLE };
			p.index = dwarf_slot[a->index];
			p.scale = (uint8_t)a->scale;
		}
		break;
	default:
		break;
	}
	return p;
}

static struct parg plan_reg(int dwarf, char h)
{
	return (struct parg){ .kind = PA_REG, .base = dwarf_slot[dwarf], .index = PA_NOREG,
			      .str = h == 's' };
}

/* A new site: its slot in the map, its user-space twin.  Returns the index or -errno. */
static int add_site(const struct usite *us, const struct psite *ps)
{
	uint32_t idx = (uint32_t)probes_nsites;

	if (probes_nsites >= PROBE_MAX_SITES)
		return -ENOSPC;
	struct usite *v = realloc(probes_sites, (probes_nsites + 1) * sizeof(*v));
	if (!v)
		return -ENOMEM;
	probes_sites = v;
	struct psite p = *ps;
	bpf_latency_site(us, &p);
	if (bpf_map_update_elem(bpf_map__fd(probes_skel->maps.sites), &idx, &p, BPF_ANY) < 0)
		return -errno;
	probes_sites[probes_nsites] = *us;
	probes_sites[probes_nsites].label = strdup(us->label);
	probes_nsites++;
	return (int)idx;
}

void probes_links_prepare(void)
{
	const char *e = getenv("STTRACE_BPF_LINKS");

	multi = !(e && !strcmp(e, "single")) && umulti_supported();
	if (multi) {
		bpf_program__set_expected_attach_type(probes_skel->progs.probe_hit,
						      UMULTI_ATTACH_TYPE);
		bpf_program__set_expected_attach_type(probes_skel->progs.probe_ret,
						      UMULTI_ATTACH_TYPE);
	}
}

/* The probes gathered by attach_site, attached: one link per program, process and file; the
 * sites refused meanwhile named in one line. */
static void flush_sites(void)
{
	const char *path;
	uint32_t n;
	int err;

	if (nrefused)
		log_warn("--bpf: %zu probe%s not placed, where the kernel's probe would change "
			 "what the program computes or is refused: %s",
			 nrefused, nrefused > 1 ? "s" : "", sb_str(&refused));
	sb_reset(&refused);
	nrefused = 0;
	if (batch.n && (err = umulti_batch_flush(&batch, &mlinks, &path, &n)) < 0)
		log_error("--bpf: cannot attach %u uprobes to %s: %s", n, path, strerror(-err));
}

/*
 * A uprobe for site IDX at file offset OFF of PATH: a function's entry (ENTRY: the probe may
 * move past instructions that change nothing it reads) or a USDT site.  A site where the
 * kernel's probe would change what the program computes is refused, with a warning
 * (uprobe/ksite.h).
 */
static int attach_site(struct bpf_program *prog, const char *path, uint64_t off, uint64_t sem,
		       int idx, bool ret, bool entry, const char *what)
{
	LIBBPF_OPTS(bpf_uprobe_opts, o, .ref_ctr_offset = sem, .bpf_cookie = (uint64_t)idx,
		    .retprobe = ret);
	struct bpf_link **v = realloc(links, (nlinks + 1) * sizeof(*v));
	const char *why = NULL;
	uint64_t site = off;

	if (!v)
		return -ENOMEM;
	if (entry ? ksite_entry_file(path, off, true, &off, &why) < 0 :
		    (why = ksite_unsafe_file(path, off, false)) != NULL) {
		sb_printf(&refused, "%s%s at %s+%#" PRIx64 " (%s)", nrefused++ ? "; " : "", what,
			  path, site, why);
		return -ENOTSUP;
	}
	links = v;
	if (multi && prog != probes_skel->progs.probe_rtld)
		return umulti_batch_add(&batch, bpf_program__fd(prog), ret, attach_pid, path, off,
					(uint64_t)idx, sem);
	struct bpf_link *l = bpf_program__attach_uprobe_opts(prog, attach_pid, path, off, &o);
	if (!l) {
		int err = -errno;
		log_error("--bpf: %s: cannot attach a uprobe at offset %#" PRIx64 " of %s: %s",
			  what, off, path, strerror(-err));
		return err;
	}
	links[nlinks++] = l;
	return 0;
}

/* ---- objects -------------------------------------------------------------------------------- */

/* USDT probe P of object PATH (open as FD) for spec SP: its site and its uprobe. */
static void attach_usdt_probe(struct spec *sp, const struct usdt_probe *p, const char *path,
			      int fd)
{
	char label[256];
	struct usite us = { .kind = SPEC_USDT, .label = label, .hints = sp->hints,
			    .nargs = p->nargs, .silent = sp->silent };
	struct psite ps = { .pc = p->pc };
	uint8_t code[8] = { 0 }, insn;
	bool got = fd >= 0 && pread(fd, code, sizeof(code), (off_t)p->pc_offset) > 0;

	insn = code[0];
	snprintf(label, sizeof(label), "%s:%s", p->provider, p->name);
	sp->found = true;
	/* Another header's 5-byte nop: a kernel uprobe there writes the red zone. */
	if (got && ksite_nop5(code, sizeof(code))) {
		sb_printf(&refused, "%susdt:%s at %s+%#" PRIx64 " (" KSITE_NOP5_WHY ")",
			  nrefused++ ? "; " : "", label, path, p->pc_offset);
		return;
	}
	/* The site must be the probe's nop, or a uprobe there cuts an insn. */
	if (got && insn != 0x90) {
		log_error("usdt:%s: the site %#" PRIx64 " in %s is not the probe's nop (byte %#x): "
			  "not on an instruction boundary, not armed", label, p->pc, path, insn);
		return;
	}
	if (p->nargs > 0) {
		memcpy(us.argv, p->argv, sizeof(us.argv));
		ps.nargs = (uint32_t)p->nargs;
		for (int a = 0; a < p->nargs; a++) {
			ps.a[a] = plan_usdt(&p->argv[a], sp->hints[a]);
			ps.nstr += ps.a[a].str;
			ps.xmm |= ps.a[a].kind == PA_XMM;
		}
	}
	int idx = add_site(&us, &ps);
	if (idx >= 0)
		attach_site(probes_skel->progs.probe_hit, path, p->pc_offset,
			    p->semaphore ? p->sem_offset : 0, idx, false, false, label);
}

static void attach_usdt(const char *path)
{
	struct usdt_file *f = NULL;

	if (!probe_usdt_wanted(path) || usdt_open(path, &f, NULL) < 0)
		return;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	for (size_t i = 0; i < f->count; i++) {
		struct spec *sp = probe_usdt_spec(path, &f->probes[i]);
		/* One site per probe, whatever number of specs match it. */
		if (sp)
			attach_usdt_probe(sp, &f->probes[i], path, fd);
	}
	if (fd >= 0)
		close(fd);
	usdt_free(f);
}

/*
 * Whether the instruction at file offset OFF of PATH is a rep-prefixed string instruction
 * (movs, cmps, stos, lods, scas, ins, outs), which the kernel's uprobe reports per iteration.
 */
static bool rep_insn(const char *path, uint64_t off)
{
	unsigned char b[4];
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	bool rep = false;

	if (fd < 0)
		return false;
	if (pread(fd, b, sizeof(b), (off_t)off) == (ssize_t)sizeof(b)) {
		for (size_t i = 0; i < sizeof(b); i++) {
			if (b[i] == 0xf2 || b[i] == 0xf3) {
				rep = true;
				continue;
			}
			if (b[i] == 0x66 || b[i] == 0x67 || (b[i] & 0xf0) == 0x40)
				continue;
			rep = rep && ((b[i] >= 0xa4 && b[i] <= 0xa7) ||
				      (b[i] >= 0xaa && b[i] <= 0xaf) ||
				      (b[i] >= 0x6c && b[i] <= 0x6f));
			break;
		}
	}
	close(fd);
	return rep;
}

/* Value plans of a function's hit (SP's kind) by hints, else by prototype PR, else raw. */
static void plan_function(const struct spec *sp, const struct lt_proto *pr, const char *path,
			  uint64_t off, struct usite *us, struct psite *ps)
{
	bool ret = sp->kind == SPEC_URETPROBE;

	if (sp->hints[0] || !pr) {
		if (ret) {
			ps->nargs = 1;
			ps->a[0] = plan_reg(0, sp->hints[0]);
		} else {
			ps->nargs = sp->hints[0] ? (uint32_t)strlen(sp->hints) : 6;
			if (ps->nargs > 6)
				ps->nargs = 6;
			for (uint32_t i = 0; i < ps->nargs; i++)
				ps->a[i] = plan_reg(probe_argreg[i], sp->hints[i]);
		}
		return;
	}
	/* By the prototype: the registers it reads, what it points at, the stack words. */
	struct lt_capopts o = { print_opts_get()->max_strlen, PROBE_ARRAYLEN, PROBE_STR_MAX };
	struct lt_capture c;
	int slots = lt_proto_nslots(pr);
	lt_proto_capture(pr, &o, &c);
	us->proto = pr;
	us->spidx = -1;
	for (int i = 0; i < (ret ? 1 : slots < 6 ? slots : 6); i++) {
		int k = ret ? LT_CAP_NREGS : i;
		bool entry = c.kind[k] == LT_CAPK_STR || c.kind[k] == LT_CAPK_BUF;
		bool str = c.kind[k] == LT_CAPK_STR || c.kind[k] == LT_CAPK_OSTR;
		ps->a[i] = plan_reg(ret ? 0 : probe_argreg[i], 0);
		if (c.kind[k] != LT_CAPK_NONE && entry != ret) {
			ps->a[i].str = str ? PCAP_STR : PCAP_BUF;
			ps->a[i].caplen = c.len[k];
		}
		us->cap[i] = ps->a[i].str;
		ps->nargs = (uint32_t)(us->niregs = i + 1);
	}
	if (!ret && c.nstk) {
		/* The return address and the stack arguments after it (a printf pack: 16). */
		int n = 1 + (c.nstk < 16 ? c.nstk : 16);
		us->spidx = (int)ps->nargs;
		ps->a[ps->nargs] = plan_reg(7, 0);
		ps->a[ps->nargs].str = PCAP_BUF;
		ps->a[ps->nargs].caplen = (uint16_t)(n * 8);
		us->cap[ps->nargs++] = PCAP_BUF;
	}
	/*
	 * xmm registers are read once the thread is stopped, after the kernel has run the probed
	 * instruction (and the probe may sit past vector instructions: uprobe/ksite.h); the
	 * return's are as they were.  For the arguments: only when the probe is on the entry and
	 * its instruction leaves them alone; otherwise floats print as "?".
	 */
	uint8_t code[8];
	uint64_t poff = 0;
	const char *why;
	ps->xmm = ret ? c.fret : c.fregs && ksite_entry_file(path, off, true, &poff, &why) == 0 &&
		  poff == off && uprobe_prologue_insn(code, uprobe_read_code(path, off, code,
						      sizeof(code)), NULL) > 0;
}

/* Attached functions: (spec, file offset, process) once each (an IFUNC's implementation is
 * found again at every call of its resolver). */
static struct fnattach {
	size_t spec;
	dev_t dev;
	ino_t ino;
	uint64_t off;
	pid_t pid;
} *fnattached;
static size_t nfnattached;

static bool fn_attach_once(size_t k, const char *path, uint64_t off)
{
	struct stat st;

	if (stat(path, &st) < 0)
		return false;
	for (size_t i = 0; i < nfnattached; i++) {
		const struct fnattach *a = &fnattached[i];
		if (a->spec == k && a->dev == st.st_dev && a->ino == st.st_ino && a->off == off &&
		    a->pid == attach_pid)
			return false;
	}
	struct fnattach *v = realloc(fnattached, (nfnattached + 1) * sizeof(*v));
	if (!v)
		return false;
	fnattached = v;
	fnattached[nfnattached++] = (struct fnattach){ k, st.st_dev, st.st_ino, off, attach_pid };
	return true;
}

/* Spec K's probe on the function at file offset OFF of PATH (link-time address VADDR, 0:
 * unknown, for DWARF prototypes). */
static void attach_function(size_t k, const char *path, uint64_t off, uint64_t vaddr)
{
	struct spec *sp = &probe_specs[k];
	bool ret = sp->kind == SPEC_URETPROBE;
	char *label = sp->label ? sp->label : sp->name;
	struct usite us = { .kind = sp->kind, .label = label, .hints = sp->hints,
			    .silent = sp->silent };
	struct psite ps = { 0 };

	if (!fn_attach_once(k, path, off))
		return;
	/* At an offset (uprobe=SYM+REL), no prototype says what the registers hold. */
	plan_function(sp, sp->label ? NULL : lt_proto_resolve(vaddr ? path : NULL, vaddr, sp->name),
		      path, off, &us, &ps);
	for (uint32_t i = 0; i < ps.nargs; i++)
		ps.nstr += ps.a[i].str != PCAP_NONE;
	ps.rep = rep_insn(path, off);
	us.nargs = (int)ps.nargs;
	int idx = add_site(&us, &ps);
	if (idx >= 0)
		attach_site(ret ? probes_skel->progs.probe_ret : probes_skel->progs.probe_hit, path,
			    off, 0, idx, ret, !sp->label, label);
}

/*
 * IFUNC SYM of PATH (file offset OFF) for spec K: probes on the implementations process
 * resolve_tgid has chosen so far (GOT slots: the process is held at its exec, its loader's
 * link map or an attach, so only an attach or a dlopen finds any), and a uretprobe on the
 * resolver that holds the process at each choice made after that (the loader's relocations,
 * a lazily bound call) until the implementation has its probe (probes_ifunc_chosen).
 */
static void attach_ifunc(size_t k, const char *path, uint64_t off, const struct uprobe_sym *sym)
{
	struct mapping *m = NULL;
	struct uprobe_obj *objs = NULL;
	int nm = resolve_tgid > 0 ? maps_read(resolve_tgid, MAPS_FILES, &m) : 0;
	int n = nm > 0 ? uprobe_objs_read(resolve_tgid, m, nm, &objs) : 0;
	uint64_t impl[8];
	size_t ni = 0;

	for (int d = 0; d < n; d++) {
		if (strcmp(objs[d].path, path))
			continue;
		ni = uprobe_ifunc_chosen(resolve_tgid, objs, (size_t)n, (size_t)d,
					 probe_specs[k].name, objs[d].bias + sym->vaddr, impl, 8);
		for (size_t i = 0; i < ni; i++) {
			const struct mapping *im = maps_at(m, nm, impl[i]);
			if (im && im->exec)
				attach_function(k, path, impl[i] - im->start + im->off,
						impl[i] - objs[d].bias);
		}
		break;
	}
	free(objs);
	free(m);
	struct usite us = { .kind = SITE_RESOLVER, .label = probe_specs[k].name, .hints = "",
			    .nargs = 1 };
	struct psite ps = { .nargs = 1, .hold = 1 };
	ps.a[0] = plan_reg(0, 0);
	if (!fn_attach_once(SIZE_MAX, path, off) || !(us.path = strdup(path)))
		return;
	int idx = add_site(&us, &ps);
	if (idx >= 0)
		attach_site(probes_skel->progs.probe_ret, path, off, 0, idx, true, true, us.label);
}

static void attach_uprobe(struct spec *sp, size_t k, const char *path)
{
	const struct uprobe_sym *sym;
	struct uprobe_elf *e;
	uint64_t off;
	int err;

	if (!probe_path_matches(sp->path, path) || (!sp->path && probes_spec_done[k]) ||
	    elfr_func_offset(path, sp->name, &off) < 0)
		return;
	sp->found = true;
	probes_spec_done[k] = true;
	e = uprobe_elf_get(path, &err);
	sym = e ? uprobe_elf_find(e, sp->name) : NULL;
	if (sp->label) {
		/* uprobe=SYM+REL: on an instruction boundary, where a kernel uprobe is harmless. */
		const char *why = sym && sym->ifunc ? "an IFUNC, whose symbol is its resolver" :
			ksite_offset_file(path, off, sp->rel, true);
		if (why)
			sb_printf(&refused, "%suprobe=%s in %s: %s", nrefused++ ? "; " : "",
				  sp->label, path, why);
		else
			attach_function(k, path, off + sp->rel, 0);
	} else if (sym && sym->ifunc)
		attach_ifunc(k, path, off, sym);
	else
		attach_function(k, path, off, sym ? sym->vaddr : 0);
}

void probes_ifunc_chosen(const struct usite *us, pid_t tgid, uint64_t impl)
{
	struct mapping *m = NULL;
	int nm = maps_read(tgid, MAPS_FILES, &m), first = -1;
	const struct mapping *im = maps_at(m, nm, impl);
	/* US is in probes_sites, which the sites added below may move. */
	const char *name = us->label, *path = us->path;
	struct uprobe_obj o;

	for (int i = 0; i < nm && first < 0; i++)
		if (!strcmp(m[i].path, path))
			first = i;
	/* In the resolver's own object, or nothing we can probe. */
	if (im && im->exec && !strcmp(im->path, path) &&
	    uprobe_obj_from_maps(m, nm, first, NULL, &o) == 0) {
		attach_pid = opts.followfork ? -1 : tgid;
		for (size_t k = 0; k < probe_nspecs; k++)
			if (probe_specs[k].kind != SPEC_USDT && !strcmp(probe_specs[k].name, name) &&
			    probe_path_matches(probe_specs[k].path, path))
				attach_function(k, path, impl - im->start + im->off, impl - o.bias);
		attach_pid = -1;
		flush_sites();
	}
	free(m);
}

/*
 * The loader's hook: _dl_debug_state, reading r_debug.r_state (at 24) through the bias.  Bound
 * to process TGID even under -f, so that no other process on the machine traps in its loader
 * meanwhile (each exec'd process gets its own at its held exec; a child forked without an exec
 * that then dlopens an object not attached yet misses it).  Once per (loader, process).
 */
static void attach_rtld(const char *path, pid_t tgid)
{
	static struct object *done;
	static size_t ndone;
	const char *base = strrchr(path, '/');
	struct elf_file ef;
	GElf_Sym fn, rdebug;
	uint64_t off;
	uint32_t pf = 0;
	struct stat sb;

	if (strncmp(base ? base + 1 : path, "ld-", 3) || stat(path, &sb) < 0)
		return;
	for (size_t i = 0; i < ndone; i++)
		if (done[i].dev == sb.st_dev && done[i].ino == sb.st_ino && done[i].pid == tgid)
			return;
	struct object *v = realloc(done, (ndone + 1) * sizeof(*v));
	if (!v)
		return;
	done = v;
	done[ndone++] = (struct object){ sb.st_dev, sb.st_ino, tgid };

	if (elfr_open(path, &ef))
		return;
	bool bad = elfr_sym_find(ef.elf, "_dl_debug_state", ELFR_FUNC | ELFR_NONZERO, &fn) ||
		   elfr_sym_find(ef.elf, "_r_debug", ELFR_NONZERO, &rdebug) ||
		   elfr_vaddr_off(ef.elf, fn.st_value, &off, &pf) || !(pf & PF_X);
	elfr_close(&ef);
	if (bad)
		return;
	struct usite us = { .kind = -1, .label = (char *)"_dl_debug_state" };
	struct psite ps = { .pc = fn.st_value, .nargs = 1 };
	ps.a[0] = (struct parg){ .kind = PA_MEM, .off = (int64_t)rdebug.st_value + 24, .size = 4,
				 .bias = 1, .base = PA_NOREG, .index = PA_NOREG };
	int idx = add_site(&us, &ps);
	attach_pid = tgid;
	if (idx >= 0)
		/* Not moved (entry false): the program derives the bias from the hit's ip. */
		attach_site(probes_skel->progs.probe_rtld, path, off, 0, idx, false, false, "rtld");
	attach_pid = -1;
	flush_sites();
}

/* Object PATH (a file mapped or about to be): attached once, whichever process maps it. */
void probes_attach_object(const char *path, pid_t pid)
{
	struct stat st;

	if (stat(path, &st) < 0)
		return;
	for (size_t i = 0; i < nobjects; i++)
		if (objects[i].dev == st.st_dev && objects[i].ino == st.st_ino &&
		    (objects[i].pid == -1 || objects[i].pid == pid))
			return;
	struct object *v = realloc(objects, (nobjects + 1) * sizeof(*v));
	if (!v)
		return;
	objects = v;
	objects[nobjects++] = (struct object){ st.st_dev, st.st_ino, pid };
	attach_pid = pid;
	attach_usdt(path);
	for (size_t k = 0; k < probe_nspecs; k++)
		if (probe_specs[k].kind != SPEC_USDT)
			attach_uprobe(&probe_specs[k], k, path);
	attach_pid = -1;
	flush_sites();
}

static struct proc *proc_find(pid_t tgid)
{
	for (struct proc *p = procs; p; p = p->next)
		if (p->tgid == tgid)
			return p;
	return NULL;
}

void probes_resolve(pid_t tgid, bool report)
{
	struct mapping *m = NULL;
	int nm = maps_read(tgid, MAPS_FILES, &m);
	bool first = report && !proc_find(tgid);

	if (nm < 0)
		return;
	for (int i = 0; i < nm; i++) {
		bool seen = false;
		for (int j = 0; j < i && !seen; j++)
			seen = !strcmp(m[i].path, m[j].path);
		if (!seen) {
			resolve_tgid = tgid;
			probes_attach_object(m[i].path, opts.followfork ? -1 : tgid);
			resolve_tgid = -1;
			attach_rtld(m[i].path, tgid);
		}
	}
	if (first) {
		struct proc *p = calloc(1, sizeof(*p));
		if (p) {
			p->tgid = tgid;
			p->next = procs;
			procs = p;
		}
	}
	if (first)
		probe_report_missing(tgid, m, nm);
	free(m);
}

void probes_unlink_all(void)
{
	umulti_fds_close(&mlinks);
	umulti_batch_free(&batch);
	sb_free(&refused);
	for (size_t i = 0; i < nlinks; i++)
		bpf_link__destroy(links[i]);
	free(links);
	links = NULL;
	nlinks = 0;
}
