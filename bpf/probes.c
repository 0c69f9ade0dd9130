// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * -e usdt=, -e uprobe= and -e uretprobe= under --bpf: the specs of probe-spec.c attached as
 * kernel uprobes running probes.bpf.c, hits printed with the ptrace backend's printers.
 *
 * Attachment is by file (inode and file offset) for every process (pid -1): a uprobe on a file
 * fires in whatever process maps it, now or later, so the program can be attached before it
 * runs and a library before it is mapped again.  The BPF side drops hits of threads absent from
 * sysbpf's "traced" map.  Each object (device, inode) is attached once; its sites get a slot in
 * the "sites" map, the attach cookie, holding the fetch plan of their values.
 *
 * Which objects: those mapped in a traced process, read from /proc/PID/maps (like the ptrace
 * side) whenever the dynamic loader says its link map is consistent: the loader's
 * _dl_debug_state (r_brk) carries a uprobe of its own that, for RT_CONSISTENT, stops the
 * process (SIGSTOP) and tells us; we attach the objects that came in and resume it (SIGCONT).
 * That covers the program and its DT_NEEDED libraries (the loader calls it once they are all
 * mapped, before any of their code runs), LD_PRELOAD and dlopen alike, with no hit lost after
 * a dlopen.  A spawned program is held before its execve while the loader's probe and the
 * program itself (for static programs) are attached; -p resolves what is mapped at once.
 *
 * Values: USDT argument specs of libsdt flattened into register / memory / constant plans
 * (probes.h); a symbolic operand (sym(%rip), $sym, sym) adds the load bias, which the BPF side
 * derives from the hit's ip.  xmm registers cannot be read by a uprobe program (they are not in
 * pt_regs and the FPU state is live): such an argument prints "?", as the ptrace side does for
 * what it cannot read.
 */
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <gelf.h>
#include <inttypes.h>
#include <libelf.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "bpfbe.h"
#include "json.h"
#include "objfile.h"
#include "print.h"
#include "probe-int.h"
#include "probes.h"
#include "probes.skel.h"
#include "sttrace.h"

#define DEFAULT_INTERP "/lib64/ld-linux-x86-64.so.2"

/* A site as user space prints it. */
struct usite {
	int kind;           /* SPEC_USDT, SPEC_UPROBE, SPEC_URETPROBE; -1: the loader's hook */
	char *label;
	const char *hints;
	int nargs;
	struct usdt_arg argv[USDT_MAX_ARGS];
};

struct object {
	dev_t dev;
	ino_t ino;
};

/* A process seen: its objects resolved at least once. */
struct proc {
	pid_t tgid;
	struct proc *next;
};

static struct probes *skel;
static struct usite *usites;
static size_t nsites;
static struct bpf_link **links;
static size_t nlinks;
static struct object *objects;
static size_t nobjects;
static struct proc *procs;
static const char *program; /* the spawned program's path, when the front end gives it */
static bool *spec_done;     /* uprobe without @LIB: attached in the first object defining it */

/* pt_regs slots (u64 words: r15 r14 r13 r12 bp bx r11 r10 r9 r8 ax cx dx si di orig_ax ip cs
 * flags sp ss) of DWARF registers 0..16 on x86_64. */
static const unsigned char dwarf_slot[17] = {
	10, 12, 11, 5, 13, 14, 4, 19, 9, 8, 7, 6, 3, 2, 1, 0, 16,
};

void bpf_probes_set_program(const char *path)
{
	program = path;
}

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
	uint32_t idx = (uint32_t)nsites;

	if (nsites >= PROBE_MAX_SITES)
		return -ENOSPC;
	struct usite *v = realloc(usites, (nsites + 1) * sizeof(*v));
	if (!v)
		return -ENOMEM;
	usites = v;
	if (bpf_map_update_elem(bpf_map__fd(skel->maps.sites), &idx, ps, BPF_ANY) < 0)
		return -errno;
	usites[nsites] = *us;
	usites[nsites].label = strdup(us->label);
	nsites++;
	return (int)idx;
}

static int attach_site(struct bpf_program *prog, const char *path, uint64_t off, uint64_t sem,
		       int idx, bool ret, const char *what)
{
	LIBBPF_OPTS(bpf_uprobe_opts, o, .ref_ctr_offset = sem, .bpf_cookie = (uint64_t)idx,
		    .retprobe = ret);
	struct bpf_link **v = realloc(links, (nlinks + 1) * sizeof(*v));

	if (!v)
		return -ENOMEM;
	links = v;
	struct bpf_link *l = bpf_program__attach_uprobe_opts(prog, -1, path, off, &o);
	if (!l) {
		int err = -errno;
		error_msg("--bpf: %s: cannot attach a uprobe at offset %#" PRIx64 " of %s: %s", what,
			  off, path, strerror(-err));
		return err;
	}
	links[nlinks++] = l;
	return 0;
}

/* ---- objects -------------------------------------------------------------------------------- */

static bool path_matches(const char *glob, const char *path)
{
	const char *base = strrchr(path, '/');

	if (!glob)
		return true;
	return !fnmatch(glob, path, 0) || !fnmatch(glob, base ? base + 1 : path, 0);
}

/* Link-time address of symbol SYM (any type) of PATH: 0 when absent. */
static uint64_t sym_value(const char *path, const char *sym)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	uint64_t value = 0;

	if (fd < 0)
		return 0;
	elf_version(EV_CURRENT);
	Elf *e = elf_begin(fd, ELF_C_READ, NULL);
	for (Elf_Scn *scn = NULL; e && !value && (scn = elf_nextscn(e, scn));) {
		GElf_Shdr sh;
		if (!gelf_getshdr(scn, &sh) || (sh.sh_type != SHT_SYMTAB && sh.sh_type != SHT_DYNSYM) ||
		    !sh.sh_entsize)
			continue;
		Elf_Data *d = elf_getdata(scn, NULL);
		size_t n = d ? sh.sh_size / sh.sh_entsize : 0;
		for (size_t i = 0; i < n; i++) {
			GElf_Sym s;
			const char *name;
			if (gelf_getsym(d, (int)i, &s) && s.st_shndx != SHN_UNDEF && s.st_value &&
			    (name = elf_strptr(e, sh.sh_link, s.st_name)) && !strcmp(name, sym)) {
				value = s.st_value;
				break;
			}
		}
	}
	if (e)
		elf_end(e);
	close(fd);
	return value;
}

static void attach_usdt(const char *path)
{
	struct usdt_file *f = NULL;
	bool wanted = false;

	for (size_t k = 0; k < probe_nspecs; k++)
		if (probe_specs[k].kind == SPEC_USDT && path_matches(probe_specs[k].path, path))
			wanted = true;
	if (!wanted || usdt_open(path, &f, NULL) < 0)
		return;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	for (size_t i = 0; i < f->count; i++) {
		const struct usdt_probe *p = &f->probes[i];
		for (size_t k = 0; k < probe_nspecs; k++) {
			struct spec *sp = &probe_specs[k];
			if (sp->kind != SPEC_USDT || !path_matches(sp->path, path) ||
			    fnmatch(sp->provider, p->provider, 0) || fnmatch(sp->name, p->name, 0))
				continue;
			char label[256];
			struct usite us = { .kind = SPEC_USDT, .label = label, .hints = sp->hints,
					    .nargs = p->nargs };
			struct psite ps = { .pc = p->pc };
			snprintf(label, sizeof(label), "%s:%s", p->provider, p->name);
			sp->found = true;
			/* The site must be the probe's nop, or a uprobe there cuts an instruction. */
			uint8_t insn = 0;
			if (fd >= 0 && pread(fd, &insn, 1, (off_t)p->pc_offset) == 1 && insn != 0x90) {
				error_msg("usdt:%s: the site %#" PRIx64 " in %s is not the probe's nop "
					  "(byte %#x): not on an instruction boundary, not armed", label,
					  p->pc, path, insn);
				break;
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
				attach_site(skel->progs.probe_hit, path, p->pc_offset,
					    p->semaphore ? p->sem_offset : 0, idx, false, label);
			break; /* one site per probe, whatever number of specs match it */
		}
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
			rep = rep && ((b[i] >= 0xa4 && b[i] <= 0xa7) || (b[i] >= 0xaa && b[i] <= 0xaf) ||
				      (b[i] >= 0x6c && b[i] <= 0x6f));
			break;
		}
	}
	close(fd);
	return rep;
}

static void attach_uprobe(struct spec *sp, size_t k, const char *path)
{
	static const int argregs[] = { 5, 4, 1, 2, 8, 9 }; /* rdi rsi rdx rcx r8 r9 (DWARF) */
	bool ret = sp->kind == SPEC_URETPROBE;
	struct usite us = { .kind = sp->kind, .label = sp->name, .hints = sp->hints };
	struct psite ps = { 0 };
	uint64_t off;

	if (!path_matches(sp->path, path) || (!sp->path && spec_done[k]) ||
	    uprobe_symbol_offset(path, sp->name, &off) < 0)
		return;
	sp->found = true;
	spec_done[k] = true;
	if (ret) {
		ps.nargs = 1;
		ps.a[0] = plan_reg(0, sp->hints[0]);
	} else {
		ps.nargs = sp->hints[0] ? (uint32_t)strlen(sp->hints) : 6;
		for (uint32_t i = 0; i < ps.nargs && i < 6; i++)
			ps.a[i] = plan_reg(argregs[i], sp->hints[i]);
		if (ps.nargs > 6)
			ps.nargs = 6;
	}
	for (uint32_t i = 0; i < ps.nargs; i++)
		ps.nstr += ps.a[i].str;
	ps.rep = rep_insn(path, off);
	us.nargs = (int)ps.nargs;
	int idx = add_site(&us, &ps);
	if (idx >= 0)
		attach_site(ret ? skel->progs.probe_ret : skel->progs.probe_hit, path, off, 0, idx,
			    ret, sp->name);
}

/* The loader's hook: _dl_debug_state, reading r_debug.r_state (at 24) through the bias. */
static void attach_rtld(const char *path)
{
	const char *base = strrchr(path, '/');
	uint64_t off, fn, rdebug;

	if (strncmp(base ? base + 1 : path, "ld-", 3) ||
	    uprobe_symbol_offset(path, "_dl_debug_state", &off) < 0 ||
	    !(fn = sym_value(path, "_dl_debug_state")) || !(rdebug = sym_value(path, "_r_debug")))
		return;
	struct usite us = { .kind = -1, .label = (char *)"_dl_debug_state" };
	struct psite ps = { .pc = fn, .nargs = 1 };
	ps.a[0] = (struct parg){ .kind = PA_MEM, .off = (int64_t)rdebug + 24, .size = 4,
				 .bias = 1, .base = PA_NOREG, .index = PA_NOREG };
	int idx = add_site(&us, &ps);
	if (idx >= 0)
		attach_site(skel->progs.probe_rtld, path, off, 0, idx, false, "rtld");
}

/* Object PATH (a file mapped or about to be): attached once, whichever process maps it. */
static void attach_object(const char *path)
{
	struct stat st;

	if (stat(path, &st) < 0)
		return;
	for (size_t i = 0; i < nobjects; i++)
		if (objects[i].dev == st.st_dev && objects[i].ino == st.st_ino)
			return;
	struct object *v = realloc(objects, (nobjects + 1) * sizeof(*v));
	if (!v)
		return;
	objects = v;
	objects[nobjects++] = (struct object){ st.st_dev, st.st_ino };
	attach_usdt(path);
	for (size_t k = 0; k < probe_nspecs; k++)
		if (probe_specs[k].kind != SPEC_USDT)
			attach_uprobe(&probe_specs[k], k, path);
	attach_rtld(path);
}

static struct proc *proc_find(pid_t tgid)
{
	for (struct proc *p = procs; p; p = p->next)
		if (p->tgid == tgid)
			return p;
	return NULL;
}

/* Attach every object mapped in TGID; the first time, say which specs found nothing. */
static void resolve(pid_t tgid)
{
	struct uprobe_mapping *m = NULL;
	int nm = uprobe_read_maps(tgid, &m);
	bool first = !proc_find(tgid);

	if (nm < 0)
		return;
	for (int i = 0; i < nm; i++) {
		bool seen = false;
		for (int j = 0; j < i && !seen; j++)
			seen = !strcmp(m[i].path, m[j].path);
		if (!seen)
			attach_object(m[i].path);
	}
	if (first) {
		struct proc *p = calloc(1, sizeof(*p));
		if (p) {
			p->tgid = tgid;
			p->next = procs;
			procs = p;
		}
	}
	for (size_t k = 0; first && k < probe_nspecs; k++) {
		struct spec *sp = &probe_specs[k];
		bool mapped = !sp->path;
		for (int i = 0; i < nm && !mapped; i++)
			mapped = path_matches(sp->path, m[i].path);
		if (sp->found || sp->reported || !mapped)
			continue;
		sp->reported = true;
		if (sp->kind == SPEC_USDT)
			error_msg("no USDT probe %s:%s in %s of process %d", sp->provider, sp->name,
				  sp->path ? sp->path : "the objects", tgid);
		else
			error_msg("no function %s in %s of process %d", sp->name,
				  sp->path ? sp->path : "the objects", tgid);
	}
	free(m);
}

/* The interpreter (PT_INTERP) of PATH into BUF; false for a static program. */
static bool interp_of(const char *path, char *buf, size_t size)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	bool ok = false;

	if (fd < 0)
		return false;
	elf_version(EV_CURRENT);
	Elf *e = elf_begin(fd, ELF_C_READ, NULL);
	size_t nph = 0;
	if (e && elf_kind(e) == ELF_K_ELF && !elf_getphdrnum(e, &nph)) {
		for (size_t i = 0; i < nph && !ok; i++) {
			GElf_Phdr ph;
			if (!gelf_getphdr(e, (int)i, &ph) || ph.p_type != PT_INTERP || !ph.p_filesz ||
			    ph.p_filesz >= size)
				continue;
			ok = pread(fd, buf, ph.p_filesz, (off_t)ph.p_offset) == (ssize_t)ph.p_filesz;
			buf[ph.p_filesz] = '\0';
		}
	}
	if (e)
		elf_end(e);
	close(fd);
	return ok;
}

/* ---- the hooks of sysbpf.c ---------------------------------------------------------------- */

static int load(void)
{
	int err;

	skel = probes__open();
	if (!skel)
		return bpfbe_error("probes: open", -errno);
	/* -s + 1 characters and the NUL: whether a string is longer than -s shows. */
	skel->rodata->str_max = (uint32_t)(popts.max_strlen + 2 < PROBE_STR_MAX ?
					   popts.max_strlen + 2 : PROBE_STR_MAX);
	if ((err = bpf_map__reuse_fd(skel->maps.events, bpfbe_events_fd())) < 0 ||
	    (err = bpf_map__reuse_fd(skel->maps.traced, bpfbe_traced_fd())) < 0)
		return bpfbe_error("probes: the shared maps", err);
	if ((err = probes__load(skel)) < 0)
		return bpfbe_error("probes: load", err);
	skel->links.held_resume = bpf_program__attach(skel->progs.held_resume);
	if (!skel->links.held_resume)
		return bpfbe_error("probes: attach tp_btf/signal_generate", -errno);
	spec_done = calloc(probe_nspecs + 1, sizeof(*spec_done));
	return spec_done ? 0 : -ENOMEM;
}

int bpf_probes_attach(pid_t pid, bool spawned)
{
	char interp[256];
	int err;

	if (!probe_nspecs)
		return 0;
	if (!skel && (err = load()) < 0)
		return err;
	if (!spawned) {
		resolve(pid);
		return 0;
	}
	/*
	 * Held before its execve: nothing of the program is mapped.  The loader's hook stops it
	 * once its libraries are in; a static program has no loader and is attached now.
	 */
	if (program && !interp_of(program, interp, sizeof(interp))) {
		attach_object(program);
		return 0;
	}
	attach_object(program ? interp : DEFAULT_INTERP);
	return 0;
}

void bpf_probes_detach(void)
{
	uint64_t lost = bpf_probes_lost();

	if (lost)
		error_msg("--bpf: %llu probe hits lost (ring buffer full): the trace is incomplete",
			  (unsigned long long)lost);
	for (size_t i = 0; i < nlinks; i++)
		bpf_link__destroy(links[i]);
	free(links);
	links = NULL;
	nlinks = 0;
	probes__destroy(skel);
	skel = NULL;
}

uint64_t bpf_probes_lost(void)
{
	int ncpu = libbpf_num_possible_cpus();
	uint32_t key = PSTAT_LOST;
	uint64_t sum = 0;

	if (!skel || ncpu <= 0)
		return 0;
	uint64_t *v = calloc((size_t)ncpu, sizeof(*v));
	if (v && bpf_map_lookup_elem(bpf_map__fd(skel->maps.probe_stats), &key, v) == 0)
		for (int i = 0; i < ncpu; i++)
			sum += v[i];
	free(v);
	return sum;
}

/* Value I of hit E, of site US: printed as the ptrace side prints it. */
static void print_value(struct strbuf *sb, const struct usite *us, const struct ev_probe *e,
			int i, const char **str, const char *end)
{
	char h = us->hints[i];
	const char *buf = NULL;
	size_t got = 0;

	if (us->kind == SPEC_USDT ? h == 's' : (h ? h : 'x') == 's') {
		/* Its captured string: length word, bytes padded to 4. */
		if (*str + 4 <= end) {
			uint32_t n;
			memcpy(&n, *str, 4);
			if (n && *str + 4 + n <= end) {
				/*
				 * N counts the NUL: bytes as the ptrace side reads them (-s + 1 at
				 * most, with the NUL when the string ends within them).
				 */
				size_t len = n - 1, max = popts.max_strlen;
				buf = *str + 4;
				got = len <= max ? len + 1 : max + 1;
			}
			*str += 4 + ((n + 3) & ~3u);
		}
	}
	if (e->bad & (1u << i)) {
		sb_puts(sb, "?");
		return;
	}
	if (us->kind == SPEC_USDT) {
		const struct usdt_arg *a = &us->argv[i];
		if (h == 's')
			probe_print_string(sb, e->v[i], buf, got);
		else
			probe_print_value(sb, NULL, e->v[i], a->size ? a->size : 8, a->is_signed,
					  a->is_float, h);
		return;
	}
	if (us->kind == SPEC_URETPROBE)
		h = us->hints[0];
	if (!h)
		h = 'x';
	if (h == 's')
		probe_print_string(sb, e->v[i], buf, got);
	else
		probe_print_value(sb, NULL, e->v[i], h == 'd' || h == 'u' ? 4 : 8, false, false, h);
}

static void format_values(struct strbuf *sb, const struct usite *us, const struct ev_probe *e,
			  size_t len)
{
	const char *str = (const char *)(e + 1), *end = (const char *)e + len;

	for (int i = 0; i < us->nargs && i < PROBE_MAX_ARGS; i++) {
		if (i)
			sb_puts(sb, ", ");
		print_value(sb, us, e, i, &str, end);
	}
}

static void print_hit(struct tcb *tcp, const struct usite *us, const struct ev_probe *e,
		      size_t len)
{
	bool ret = us->kind == SPEC_URETPROBE;
	const char *kind = us->kind == SPEC_USDT ? "usdt" : ret ? "uretprobe" : "uprobe";
	struct strbuf *sb = &tcp->sb;

	if (opts.json) {
		struct strbuf rec = { 0 };
		json_record_begin(&rec, kind, tcp->pid, NULL);
		sb_puts(&rec, ",\"probe\":");
		json_put_string(&rec, us->label, strlen(us->label));
		sb_reset(sb);
		format_values(sb, us, e, len);
		if (ret) {
			sb_puts(&rec, ",\"ret\":");
			json_put_string(&rec, sb_str(sb), sb->len);
		} else {
			sb_puts(&rec, ",\"args\":");
			json_put_args(&rec, sb_str(sb), sb->len);
		}
		sb_reset(sb);
		sb_putc(&rec, '}');
		output_record(tcp, &rec);
		sb_free(&rec);
		return;
	}
	printleader(tcp);
	sb_printf(sb, ret ? "--- %s:%s = " : "--- %s:%s(", kind, us->label);
	format_values(sb, us, e, len);
	sb_puts(sb, ret ? " ---\n" : ") ---\n");
	tcb_emit(tcp);
	line_ended(tcp);
}

/*
 * Thread TID, held by probes.bpf.c (out of "traced", SIGSTOP sent), is resumed: a SIGCONT to
 * that thread (it resumes the whole process), which puts it back into "traced" in the kernel
 * (held_resume) without being reported.  A thread gone meanwhile leaves its entry: dropped.
 */
static void release(pid_t tgid, pid_t tid)
{
	uint32_t key = (uint32_t)tid;

	if (syscall(SYS_tgkill, tgid, tid, SIGCONT) < 0)
		bpf_map_delete_elem(bpf_map__fd(skel->maps.held), &key);
}

static void print_probe(struct tcb *tcp, const struct usite *us, const struct ev_probe *e,
			size_t len);

/* The state letter of thread TID of TGID ('T' stopped), 0 when it is gone. */
static char thread_state(pid_t tgid, pid_t tid)
{
	char path[64], buf[512], *p;
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/task/%d/stat", tgid, tid);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return 0;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return 0;
	buf[n] = '\0';
	p = strrchr(buf, ')');
	return p && p[1] == ' ' ? p[2] : 0;
}

/*
 * Hit E (a copy we may change) has xmm arguments and its thread is held: once it is stopped,
 * its FPU state is in memory; the SIGCONT that releases it has the kernel side copy the xmm
 * registers (held_resume).  A thread not seen stopped in time (another SIGCONT resumed it
 * first) gets "?" for them: its registers live on in the CPU.
 */
static void fetch_xmm(pid_t tgid, pid_t tid, const struct usite *us, struct ev_probe *e)
{
	int xfd = bpf_map__fd(skel->maps.xmm);
	struct xmm_regs x = { .state = 1 };
	uint32_t key = (uint32_t)tid;
	bool stopped = false;

	for (int i = 0; i < 20000 && !stopped; i++) { /* 200 ms at most */
		char c = thread_state(tgid, tid);
		if (!c || c == 'Z' || c == 'X')
			break;
		if (!(stopped = c == 'T' || c == 't'))
			usleep(10);
	}
	if (stopped)
		bpf_map_update_elem(xfd, &key, &x, BPF_ANY);
	release(tgid, tid);
	if (!stopped || bpf_map_lookup_elem(xfd, &key, &x) < 0 || x.state != 2)
		x.state = 0;
	bpf_map_delete_elem(xfd, &key);
	for (int i = 0; i < us->nargs && i < PROBE_MAX_ARGS; i++) {
		const struct usdt_arg *a = &us->argv[i];
		if (us->kind != SPEC_USDT || a->kind != USDT_LOC_REG || a->reg < 17 || a->reg > 32)
			continue;
		if (x.state == 2) { /* the BPF side marked it unreadable */
			e->v[i] = x.v[a->reg - 17];
			e->bad &= ~(1u << i);
		}
	}
}

void bpf_probes_event(struct tcb *tcp, const void *data, size_t len)
{
	const struct ev_hdr *h = data;

	if (len < sizeof(*h))
		return;
	if (h->kind == EV_PROBE_RTLD) {
		/* Stopped by the BPF side (or about to stop): attach what came in, resume. */
		resolve((pid_t)h->tgid);
		release((pid_t)h->tgid, (pid_t)h->tid);
		return;
	}
	const struct ev_probe *e = data;
	if (len < offsetof(struct ev_probe, v))
		return;
	const struct usite *us = e->site < nsites ? &usites[e->site] : NULL;
	if (us && (e->bad & PROBE_XMM)) {
		struct ev_probe *c = malloc(len > sizeof(*c) ? len : sizeof(*c));
		if (c) {
			memset(c, 0, sizeof(*c));
			memcpy(c, e, len);
			fetch_xmm((pid_t)h->tgid, (pid_t)h->tid, us, c);
			if (us->kind >= 0 && tcp && !hide_log(tcp) && opts.cflag != 1)
				print_probe(tcp, us, c, len);
			free(c);
			return;
		}
	}
	if (us && us->kind >= 0 && tcp && !hide_log(tcp) && opts.cflag != 1)
		print_probe(tcp, us, e, len);
	if (e->bad & PROBE_HELD)
		release((pid_t)h->tgid, (pid_t)h->tid);
}

static void print_probe(struct tcb *tcp, const struct usite *us, const struct ev_probe *e,
			size_t len)
{
	/* v[] may be cut to the values present: copy into a whole record. */
	struct ev_probe full;
	size_t n = len < sizeof(full) ? len : sizeof(full);
	memset(&full, 0, sizeof(full));
	memcpy(&full, e, n);
	if (len > sizeof(full)) {
		/* Strings follow v[]: print from the record itself. */
		print_hit(tcp, us, e, len);
		return;
	}
	print_hit(tcp, us, &full, sizeof(full));
}

bool bpf_probes_signal_is_ours(pid_t tid, int sig, const siginfo_t *si)
{
	(void)tid;
	if (!skel)
		return false;
	/* bpf_send_signal_thread's SIGSTOP comes from the kernel, our SIGCONT from us. */
	return (sig == SIGSTOP && si->si_code == SI_KERNEL) ||
	       (sig == SIGCONT && si->si_code == SI_USER && si->si_pid == getpid());
}
