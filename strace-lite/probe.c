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
 * Resolution: USDT probes come from libsdt (file offsets of the probe and its semaphore),
 * symbols from the ELF symbol tables (libelf); a file offset becomes a runtime address through
 * the mapping of that file that covers it.  A hit prints `--- usdt:P:N(ARGS) ---`,
 * `--- uprobe:SYM(ARGS) ---` or `--- uretprobe:SYM = RET ---` with the usual prefixes;
 * values are fetched and printed by probe-args.c.
 */
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <inttypes.h>
#include <stdio.h>
#include <elf.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/user.h>
#include <unistd.h>

#include "proc.h"
#include "bp.h"
#include "objfile.h"
#include "json.h"
#include "print.h"
#include "probe.h"
#include "probe-int.h"
#include "sttrace.h"
#include "usdt.h"

/* Breakpoint data other than a site index + 1. */
#define BP_TRAMP ((void *)~(uintptr_t)0) /* return trampoline (the program entry point) */
#define BP_RTLD ((void *)~(uintptr_t)1)  /* _dl_debug_state: the loader changed the link map */

struct site {
	int kind;              /* SPEC_USDT or SPEC_UPROBE (a function entry) */
	char *label;           /* "reqserver:request_start", "malloc" */
	const char *hints;
	bool on_entry;         /* uprobe: print the call */
	bool on_return;        /* uretprobe: trampoline the return */
	char ret_hint;
	int nargs;
	uint64_t bias;         /* runtime address - link-time address of its object */
	struct usdt_arg argv[USDT_MAX_ARGS];
};

/* An object mapped in a space, its probes resolved: gone from the maps, they are forgotten. */
struct obj {
	char path[256];
	uint64_t lo, hi;
};

/* A call under a uretprobe: its return address on the stack at SLOT was RET, now the trampoline. */
struct frame {
	pid_t tid;
	uint32_t site;
	uint64_t slot, ret;
};

struct space {
	pid_t tgid;
	struct bp_space bs;
	bool armed;
	struct site *sites;
	size_t nsites;
	struct obj *objs;
	size_t nobjs;
	struct frame *frames;  /* every thread's shadow stack, oldest first */
	size_t nframes, framecap;
	uint64_t tramp;        /* 0: none yet */
	bool rtld;             /* a breakpoint on _dl_debug_state */
	struct space *next;
};

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
	if (s->nframes == s->framecap) {
		size_t cap = s->framecap ? s->framecap * 2 : 16;
		struct frame *v = realloc(s->frames, cap * sizeof(*v));
		if (!v)
			return false;
		s->frames = v;
		s->framecap = cap;
	}
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
	s->bs.v = malloc(p->bs.n * sizeof(*s->bs.v));
	s->bs.sems = malloc((p->bs.nsems ? p->bs.nsems : 1) * sizeof(*s->bs.sems));
	s->sites = malloc((p->nsites ? p->nsites : 1) * sizeof(*s->sites));
	if (!s->bs.v || !s->bs.sems || !s->sites) {
		space_reset(s);
		return NULL;
	}
	memcpy(s->bs.v, p->bs.v, p->bs.n * sizeof(*s->bs.v));
	s->bs.n = s->bs.cap = p->bs.n;
	if (p->bs.nsems) /* none: p->bs.sems is NULL, which memcpy must not get */
		memcpy(s->bs.sems, p->bs.sems, p->bs.nsems * sizeof(*s->bs.sems));
	s->bs.nsems = s->bs.semcap = p->bs.nsems;
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
		push_frame(s, &f);
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

/* ---- resolution ---------------------------------------------------------------------------- */

static bool path_matches(const char *glob, const char *path)
{
	const char *base = strrchr(path, '/');

	if (!glob)
		return true;
	return !fnmatch(glob, path, 0) || !fnmatch(glob, base ? base + 1 : path, 0);
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

static const struct uprobe_mapping *mapping_at(const struct uprobe_mapping *m, int nm,
					       uint64_t addr)
{
	for (int i = 0; i < nm; i++)
		if (addr >= m[i].start && addr < m[i].end)
			return &m[i];
	return NULL;
}

/*
 * Arm a site at ADDR: its index goes in the breakpoint's data (+1: 0 is the entry point).  An
 * int3 outside an executable mapping would be data we corrupt, never a trap: refused.
 */
static int arm(struct space *s, size_t idx, uint64_t addr, const char *what,
	       const struct uprobe_mapping *m, int nm)
{
	const struct uprobe_mapping *mp = mapping_at(m, nm, addr);

	if (!mp || !mp->exec) {
		error_msg("%s: %#" PRIx64 " in %s is not in an executable segment, not armed", what,
			  addr, mp ? mp->path : "no mapping");
		return -ENOEXEC;
	}
	int rc = bp_insert(&s->bs, addr, (void *)(uintptr_t)(idx + 1));
	if (rc < 0 && rc != -EEXIST) {
		errno = -rc;
		perror_msg("%s: cannot insert a breakpoint at %#" PRIx64 " in process %d", what, addr,
			   s->tgid);
		return rc;
	}
	return 0;
}

static void resolve_usdt(struct space *s, const char *path, const struct uprobe_mapping *m, int nm)
{
	struct usdt_file *f = NULL;
	bool wanted = false;

	for (size_t k = 0; k < probe_nspecs; k++)
		if (probe_specs[k].kind == SPEC_USDT && path_matches(probe_specs[k].path, path))
			wanted = true;
	if (!wanted || usdt_open(path, &f, NULL) < 0)
		return;
	for (size_t i = 0; i < f->count; i++) {
		const struct usdt_probe *p = &f->probes[i];
		for (size_t k = 0; k < probe_nspecs; k++) {
			struct spec *sp = &probe_specs[k];
			if (sp->kind != SPEC_USDT || !path_matches(sp->path, path) ||
			    fnmatch(sp->provider, p->provider, 0) || fnmatch(sp->name, p->name, 0))
				continue;
			uint64_t addr = uprobe_map_offset(m, nm, path, p->pc_offset);
			if (!addr)
				break;
			char label[256];
			uint8_t insn = 0;
			snprintf(label, sizeof(label), "%s:%s", p->provider, p->name);
			sp->found = true;
			/*
			 * The site is the probe's nop: anything else means the note does not
			 * point at an instruction boundary we know, and an int3 there could cut
			 * an instruction in two.
			 */
			if (bp_mem_read(&s->bs, addr, &insn, 1) == 0 && insn != 0x90 && insn != 0xcc) {
				error_msg("usdt:%s: the site %#" PRIx64 " in %s is not the probe's nop "
					  "(byte %#x): not on an instruction boundary, not armed", label,
					  addr, path, insn);
				break;
			}
			struct site *st = add_site(s, SPEC_USDT, label, sp->hints);
			if (!st)
				break;
			st->bias = addr - p->pc;
			st->nargs = p->nargs;
			if (p->nargs > 0)
				memcpy(st->argv, p->argv, sizeof(st->argv));
			if (arm(s, s->nsites - 1, addr, label, m, nm) < 0)
				break;
			if (p->semaphore) {
				uint64_t sem = uprobe_map_offset(m, nm, path, p->sem_offset);
				int rc = sem ? bp_sem_raise(&s->bs, sem) : -EFAULT;
				if (rc < 0) {
					errno = -rc;
					perror_msg("usdt:%s: cannot raise its semaphore", label);
				}
			}
			break; /* one site per probe, whatever number of probe_specs match it */
		}
	}
	usdt_free(f);
}

/* A uprobe or uretprobe spec against the object PATH; a function has one site for both. */
static void resolve_uprobe(struct space *s, struct spec *sp, const char *path,
			   const struct uprobe_mapping *m, int nm)
{
	bool ret = sp->kind == SPEC_URETPROBE;
	uint64_t off = 0;

	if (!path_matches(sp->path, path))
		return;
	/* Without @LIB, the first object that defines it, as the dynamic linker would bind. */
	for (size_t i = 0; !sp->path && i < s->nsites; i++)
		if (s->sites[i].kind == SPEC_UPROBE && !strcmp(s->sites[i].label, sp->name) &&
		    (ret ? s->sites[i].on_return : s->sites[i].on_entry))
			return;
	if (uprobe_symbol_offset(path, sp->name, &off) < 0)
		return;
	uint64_t addr = uprobe_map_offset(m, nm, path, off);
	if (!addr)
		return;
	sp->found = true;
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
		if (arm(s, s->nsites - 1, addr, sp->name, m, nm) < 0)
			return;
		st = &s->sites[s->nsites - 1];
	}
	if (ret) {
		st->on_return = true;
		st->ret_hint = sp->hints[0];
	} else {
		st->on_entry = true;
		st->hints = sp->hints;
	}
}

static uint64_t entry_point(pid_t pid)
{
	char path[64];
	uint64_t auxv[2], entry = 0;

	snprintf(path, sizeof(path), "/proc/%d/auxv", pid);
	FILE *f = fopen(path, "re");
	while (f && fread(auxv, sizeof(auxv), 1, f) == 1 && auxv[0] != AT_NULL)
		if (auxv[0] == AT_ENTRY)
			entry = auxv[1];
	if (f)
		fclose(f);
	return entry;
}

/*
 * Return probes need an address that traps and that the program never executes on its own:
 * its entry point (_start runs once, before anything is probed; when the entry breakpoint is
 * still there, it becomes the trampoline and is stepped over this once).
 */
static void tramp_setup(struct space *s)
{
	uint64_t entry = s->tramp ? 0 : entry_point(s->tgid);
	struct bp *b;
	int rc = 0;

	if (s->tramp)
		return;
	if (!entry) {
		error_msg("uretprobe: no entry point in process %d for the return trampoline", s->tgid);
		return;
	}
	if ((b = bp_lookup(&s->bs, entry)) && b->inserted)
		b->data = BP_TRAMP;
	else
		rc = bp_insert(&s->bs, entry, BP_TRAMP);
	if (rc < 0) {
		errno = -rc;
		perror_msg("uretprobe: cannot insert the return trampoline at %#" PRIx64, entry);
		return;
	}
	s->tramp = entry;
}

/*
 * An object left the address space (dlclose): its int3s and semaphores went with it, and its
 * addresses may come back as another object's: forget them without touching memory.
 */
static void forget_object(struct space *s, const struct obj *o)
{
	for (size_t i = 0; i < s->bs.n; i++)
		if (s->bs.v[i].addr >= o->lo && s->bs.v[i].addr < o->hi)
			s->bs.v[i].inserted = false;
	for (size_t i = 0; i < s->bs.nsems; i++)
		if (s->bs.sems[i].addr >= o->lo && s->bs.sems[i].addr < o->hi)
			s->bs.sems[i].raised = 0;
}

/* The loader's hook: called at every change of the link map (dlopen, dlclose). */
static void arm_rtld(struct space *s, const char *path, const struct uprobe_mapping *m, int nm)
{
	const char *base = strrchr(path, '/');
	uint64_t off;

	if (s->rtld || strncmp(base ? base + 1 : path, "ld-", 3) ||
	    uprobe_symbol_offset(path, "_dl_debug_state", &off) < 0)
		return;
	uint64_t addr = uprobe_map_offset(m, nm, path, off);
	if (addr && bp_insert(&s->bs, addr, BP_RTLD) == 0)
		s->rtld = true;
}

/*
 * Bring the probes of S in line with what is mapped now: objects seen for the first time get
 * their probes, objects gone are forgotten.  Run when the program starts (or at attach), and
 * again at every hit of the loader's _dl_debug_state.
 */
static void resolve(struct space *s)
{
	struct uprobe_mapping *m = NULL;
	int nm = uprobe_read_maps(s->tgid, &m);
	bool first = !s->armed, ret = false;

	s->armed = true;
	if (nm < 0)
		return;
	for (size_t j = 0; j < s->nobjs;) {
		const struct uprobe_mapping *mp = mapping_at(m, nm, s->objs[j].lo);
		if (mp && mp->start == s->objs[j].lo && !strcmp(mp->path, s->objs[j].path)) {
			j++;
			continue;
		}
		forget_object(s, &s->objs[j]);
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
	for (size_t k = 0; first && k < probe_nspecs; k++) {
		struct spec *sp = &probe_specs[k];
		bool mapped = !sp->path;
		for (int i = 0; i < nm && !mapped; i++)
			mapped = path_matches(sp->path, m[i].path);
		/* An object not mapped yet may come with dlopen: quiet until then. */
		if (sp->found || sp->reported || !mapped)
			continue;
		sp->reported = true;
		if (sp->kind == SPEC_USDT)
			error_msg("no USDT probe %s:%s in %s of process %d", sp->provider, sp->name,
				  sp->path ? sp->path : "the objects", s->tgid);
		else
			error_msg("no function %s in %s of process %d", sp->name,
				  sp->path ? sp->path : "the objects", s->tgid);
	}
	free(m);
}

void probe_exec(struct tcb *tcp)
{
	if (!probe_nspecs)
		return;
	struct space *s = space_get(tcp->pid);
	if (!s)
		return;
	/* Arm at the entry point, when the libraries the program needs are mapped. */
	uint64_t entry = entry_point(tcp->pid);
	if (!entry || bp_insert(&s->bs, entry, NULL) < 0)
		resolve(s);
}

void probe_attached(struct tcb *tcp)
{
	pid_t tgid;

	if (!probe_nspecs || (tgid = tgid_of(tcp->pid)) < 0 || space_find(tgid))
		return;
	struct space *s = space_get(tgid);
	if (s)
		resolve(s);
}

/* ---- hits -------------------------------------------------------------------------------- */

/* The argument list of a hit, "1, 0x2", into SB. */
static void format_args(struct strbuf *sb, struct tcb *tcp, struct space *s, const struct site *st,
			const struct user_regs_struct *r)
{
	static const int argregs[] = { 5, 4, 1, 2, 8, 9 }; /* rdi rsi rdx rcx r8 r9 (DWARF) */

	if (st->kind == SPEC_USDT) {
		for (int i = 0; i < st->nargs; i++) {
			if (i)
				sb_puts(sb, ", ");
			probe_print_usdt_arg(sb, &s->bs, st->bias, &st->argv[i], r, tcp->pid,
					     st->hints[i]);
		}
		return;
	}
	int n = st->hints[0] ? (int)strlen(st->hints) : 6;
	for (int i = 0; i < n; i++) {
		char h = st->hints[i] ? st->hints[i] : 'x';
		if (i)
			sb_puts(sb, ", ");
		probe_print_value(sb, &s->bs, probe_reg(r, argregs[i]),
				  h == 'd' || h == 'u' ? 4 : 8, false, false, h);
	}
}

/* A uretprobe's return value (rax): pointer-sized hex unless its hint says otherwise. */
static void format_ret(struct strbuf *sb, struct space *s, const struct site *st,
		       const struct user_regs_struct *r)
{
	char h = st->ret_hint ? st->ret_hint : 'x';

	probe_print_value(sb, &s->bs, r->rax, h == 'd' || h == 'u' ? 4 : 8, false, false, h);
}

static void print_hit(struct tcb *tcp, struct space *s, const struct site *st,
		      const struct user_regs_struct *r, bool ret)
{
	const char *kind = st->kind == SPEC_USDT ? "usdt" : ret ? "uretprobe" : "uprobe";
	struct strbuf *sb = &tcp->sb;

	if (opts.json) {
		struct strbuf rec = { 0 };
		json_record_begin(&rec, kind, tcp->pid, NULL);
		sb_puts(&rec, ",\"probe\":");
		json_put_string(&rec, st->label, strlen(st->label));
		sb_reset(sb);
		if (ret) {
			format_ret(sb, s, st, r);
			sb_puts(&rec, ",\"ret\":");
			json_put_string(&rec, sb_str(sb), sb->len);
		} else {
			format_args(sb, tcp, s, st, r);
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
	if (ret) {
		sb_printf(sb, "--- %s:%s = ", kind, st->label);
		format_ret(sb, s, st, r);
		sb_puts(sb, " ---\n");
	} else {
		sb_printf(sb, "--- %s:%s(", kind, st->label);
		format_args(sb, tcp, s, st, r);
		sb_puts(sb, ") ---\n");
	}
	tcb_emit(tcp);
	line_ended(tcp);
}

/* A hit of ST: counted under -c and -C; true when it is printed (not under -c). */
static bool hit_shown(struct tcb *tcp, const struct site *st, bool ret)
{
	if (hide_log(tcp))
		return false;
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

	if (!s->tramp || bp_mem_read(&s->bs, f.slot, &f.ret, 8) < 0 || f.ret == s->tramp ||
	    !push_frame(s, &f))
		return;
	if (bp_mem_write(&s->bs, f.slot, &s->tramp, 8) < 0)
		s->nframes--;
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
	if (ptrace(PTRACE_GETREGS, tcp->pid, 0L, &regs) < 0 ||
	    !(b = bp_lookup(&s->bs, regs.rip - 1)))
		return -1;
	uint64_t addr = b->addr;
	if (!b->data) {
		/* The entry point: the program's libraries are mapped now. */
		resolve(s);
		b = bp_lookup(&s->bs, addr);
		if (!b || b->data != BP_TRAMP) {
			bp_remove(&s->bs, addr);
			regs.rip = addr;
			ptrace(PTRACE_SETREGS, tcp->pid, 0L, &regs);
			return 0;
		}
		/* It became the return trampoline: step over it this once. */
	} else if (b->data == BP_TRAMP) {
		struct frame f;
		if (pop_frame(s, tcp->pid, regs.rsp, &f)) {
			if (f.site < s->nsites && hit_shown(tcp, &s->sites[f.site], true))
				print_hit(tcp, s, &s->sites[f.site], &regs, true);
			regs.rip = f.ret;
			ptrace(PTRACE_SETREGS, tcp->pid, 0L, &regs);
			return 0;
		}
	} else if (b->data == BP_RTLD) {
		/* The link map changed: objects dlopen'ed get their probes, dlclose'd go. */
		resolve(s);
		b = bp_lookup(&s->bs, addr);
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
	int rc = b ? bp_step_over(&s->bs, b, tcp->pid, &regs) : -ENOENT;
	if (rc < 0 && rc != -ESRCH) {
		errno = -rc;
		perror_msg("cannot step over the breakpoint at %#" PRIx64 " in %d", addr, tcp->pid);
		return 0;
	}
	return rc < 0 ? 0 : rc;
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
			perror_msg("cannot restore the probes of process %d", s->tgid);
		}
	}
}

bool probe_fixup_detach(pid_t tid)
{
	struct user_regs_struct regs;
	struct space *s;
	struct frame f;
	pid_t tgid = tgid_of(tid);

	if (tgid < 0 || !(s = space_find(tgid)) || ptrace(PTRACE_GETREGS, tid, 0L, &regs) < 0 ||
	    !bp_lookup(&s->bs, regs.rip - 1))
		return false;
	/* A return into the trampoline already taken: on to the real return address. */
	if (s->tramp && regs.rip - 1 == s->tramp && pop_frame(s, tid, regs.rsp, &f))
		regs.rip = f.ret;
	else
		regs.rip--;
	return ptrace(PTRACE_SETREGS, tid, 0L, &regs) == 0;
}
