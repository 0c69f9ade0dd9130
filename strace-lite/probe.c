// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Probes through ptrace: -e usdt=PROVIDER:NAME[@PATH][:args=HINTS] and
 * -e uprobe=SYMBOL[@LIB][:args=HINTS].
 *
 * Life of an address space (one `struct space` per tgid):
 *  - spawned program: at its execve (PTRACE_EVENT_EXEC) only the program and the dynamic
 *    loader are mapped, so a first breakpoint goes on the program's entry point (AT_ENTRY);
 *    when it is hit the libraries of DT_NEEDED are in place, every spec is resolved against
 *    /proc/PID/maps and the probes are armed;
 *  - attached (-p): resolved at the first stop;
 *  - execve again: the old breakpoints went with the old image; start over;
 *  - leaving (signal, error): every int3 and semaphore restored (bp_remove_all) before the
 *    engine detaches, and a trap already taken but not yet seen is rewound (probe_fixup_detach).
 *
 * Resolution: USDT probes come from libsdt (file offsets of the probe and its semaphore),
 * symbols from the ELF symbol tables (libelf); a file offset becomes a runtime address through
 * the mapping of that file that covers it.  A hit prints `--- usdt:P:N(ARGS) ---` or
 * `--- uprobe:SYM(ARGS) ---` with the usual prefixes; arguments are read by their spec
 * (registers from PTRACE_GETREGS/GETFPREGS, memory through /proc/PID/mem).
 *
 * Argument hints (`:args=` followed by one letter per argument, comma-separated or not):
 * d int, u unsigned int, l long, z size_t (unsigned long), x hex, s NUL-terminated string
 * (quoted, -s applies), f floating point (USDT only).  For a USDT argument the spec gives the
 * size and the hint only the base (l is d, z is u); for a uprobe, whose registers carry no
 * type, the letter gives both (d and u take the low 32 bits, as the ABI passes an int).
 * Without hints a USDT argument prints by its spec (signed or unsigned by size, unsigned
 * 8-byte values in hex, floats as floats) and a uprobe prints the six argument registers in
 * hex.
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

#include "bp.h"
#include "objfile.h"
#include "json.h"
#include "print.h"
#include "probe.h"
#include "sttrace.h"
#include "usdt.h"

enum { SPEC_USDT, SPEC_UPROBE };
#define HINT_LETTERS "dulzxsf"

struct spec {
	int kind;
	char *provider, *name; /* usdt globs; for uprobe, name is the symbol */
	char *path;            /* glob on the object's path or base name; NULL: any */
	char hints[USDT_MAX_ARGS + 1];
	bool found;
	bool reported;
};

struct site {
	int kind;
	char *label;           /* "reqserver:request_start", "malloc" */
	const char *hints;
	int nargs;
	uint64_t bias;         /* runtime address - link-time address of its object */
	struct usdt_arg argv[USDT_MAX_ARGS];
};

struct space {
	pid_t tgid;
	struct bp_space bs;
	bool armed;
	struct site *sites;
	size_t nsites;
	struct space *next;
};

static struct spec *specs;
static size_t nspecs;
static struct space *spaces;

bool probe_enabled(void)
{
	return nspecs > 0;
}

/* ---- -e usdt= / -e uprobe= ------------------------------------------------------------- */

static int add_spec(int kind, char *tok, char *err, size_t errlen)
{
	struct spec sp = { .kind = kind };
	char *h = strstr(tok, ":args=");

	if (h) {
		*h = '\0';
		size_t n = 0;
		for (const char *c = h + 6; *c; c++) {
			if (*c == ',')
				continue;
			if (!strchr(HINT_LETTERS, *c) || n >= USDT_MAX_ARGS) {
				snprintf(err, errlen, "invalid argument hints '%s' (letters d u l z x s f)",
					 h + 6);
				return -EINVAL;
			}
			sp.hints[n++] = *c;
		}
	}
	char *at = strchr(tok, '@');
	if (at) {
		*at = '\0';
		sp.path = strdup(at + 1);
	}
	if (kind == SPEC_USDT) {
		char *colon = strchr(tok, ':');
		if (colon)
			*colon = '\0';
		sp.provider = strdup(*tok ? tok : "*");
		sp.name = strdup(colon && colon[1] ? colon + 1 : "*");
	} else {
		if (!*tok) {
			snprintf(err, errlen, "uprobe: no symbol given");
			return -EINVAL;
		}
		sp.name = strdup(tok);
	}
	struct spec *v = realloc(specs, (nspecs + 1) * sizeof(*v));
	if (!v)
		return -ENOMEM;
	specs = v;
	specs[nspecs++] = sp;
	return 0;
}

int probe_qualify(const char *kind, const char *val, char *err, size_t errlen)
{
	int k = !strcmp(kind, "usdt") ? SPEC_USDT : SPEC_UPROBE, rc = 0;
	char *copy = strdup(val), *save = NULL;

	if (!copy)
		return -ENOMEM;
	/*
	 * Commas separate probes, and also the letters of the hints that end one (args=d,s): a
	 * single hint letter after a probe with hints is one more hint of that probe.
	 */
	bool hinted = false;
	for (char *tok = strtok_r(copy, ",", &save); tok && !rc; tok = strtok_r(NULL, ",", &save)) {
		struct spec *last = nspecs ? &specs[nspecs - 1] : NULL;
		size_t n = last ? strlen(last->hints) : 0;
		if (hinted && strlen(tok) == 1 && strchr(HINT_LETTERS, *tok)) {
			if (n >= USDT_MAX_ARGS) {
				snprintf(err, errlen, "too many argument hints");
				rc = -EINVAL;
			} else {
				last->hints[n] = *tok;
			}
			continue;
		}
		rc = add_spec(k, tok, err, errlen);
		hinted = !rc && specs[nspecs - 1].hints[0];
	}
	free(copy);
	return rc;
}

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
	char path[64], line[256];
	pid_t tgid = -1;

	if (tgid_cache[h].tid == tid)
		return tgid_cache[h].tgid;
	snprintf(path, sizeof(path), "/proc/%d/status", tid);
	FILE *f = fopen(path, "re");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "Tgid: %d", &tgid) == 1)
			break;
	fclose(f);
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

/*
 * A forked child's text is a copy of its parent's, int3s and raised semaphores included: it
 * gets a copy of the parent's records, so its hits are stepped over (reported under -f) and
 * its bytes restored on detach.
 */
static struct space *space_inherit(pid_t tgid, pid_t parent)
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
	memcpy(s->bs.sems, p->bs.sems, p->bs.nsems * sizeof(*s->bs.sems));
	s->bs.nsems = s->bs.semcap = p->bs.nsems;
	for (size_t i = 0; i < p->nsites; i++) {
		s->sites[i] = p->sites[i];
		s->sites[i].label = strdup(p->sites[i].label ? p->sites[i].label : "");
	}
	s->nsites = p->nsites;
	s->armed = p->armed;
	return s;
}

static pid_t parent_of(pid_t pid)
{
	char path[64], line[256];
	pid_t ppid = -1;

	snprintf(path, sizeof(path), "/proc/%d/status", pid);
	FILE *f = fopen(path, "re");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "PPid: %d", &ppid) == 1)
			break;
	fclose(f);
	return ppid;
}

void probe_fork(struct tcb *tcp, pid_t child)
{
	pid_t tgid, ptgid;

	if (!nspecs || (tgid = tgid_of(child)) < 0 || (ptgid = tgid_of(tcp->pid)) < 0 ||
	    tgid == ptgid || space_find(tgid))
		return;
	space_inherit(tgid, ptgid);
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

/* Arm a site at ADDR: its index goes in the breakpoint's data (+1: 0 is the entry point). */
static void arm(struct space *s, size_t idx, uint64_t addr, const char *what)
{
	int rc = bp_insert(&s->bs, addr, (void *)(uintptr_t)(idx + 1));

	if (rc < 0 && rc != -EEXIST) {
		errno = -rc;
		perror_msg("%s: cannot insert a breakpoint at %#" PRIx64 " in process %d", what, addr,
			   s->tgid);
	}
}

static void resolve_usdt(struct space *s, const char *path, const struct uprobe_mapping *m, int nm)
{
	struct usdt_file *f = NULL;
	bool wanted = false;

	for (size_t k = 0; k < nspecs; k++)
		if (specs[k].kind == SPEC_USDT && path_matches(specs[k].path, path))
			wanted = true;
	if (!wanted || usdt_open(path, &f, NULL) < 0)
		return;
	for (size_t i = 0; i < f->count; i++) {
		const struct usdt_probe *p = &f->probes[i];
		for (size_t k = 0; k < nspecs; k++) {
			struct spec *sp = &specs[k];
			if (sp->kind != SPEC_USDT || !path_matches(sp->path, path) ||
			    fnmatch(sp->provider, p->provider, 0) || fnmatch(sp->name, p->name, 0))
				continue;
			uint64_t addr = uprobe_map_offset(m, nm, path, p->pc_offset);
			if (!addr)
				break;
			char label[256];
			snprintf(label, sizeof(label), "%s:%s", p->provider, p->name);
			struct site *st = add_site(s, SPEC_USDT, label, sp->hints);
			if (!st)
				break;
			st->bias = addr - p->pc;
			st->nargs = p->nargs;
			if (p->nargs > 0)
				memcpy(st->argv, p->argv, sizeof(st->argv));
			sp->found = true;
			arm(s, s->nsites - 1, addr, label);
			if (p->semaphore) {
				uint64_t sem = uprobe_map_offset(m, nm, path, p->sem_offset);
				int rc = sem ? bp_sem_raise(&s->bs, sem) : -EFAULT;
				if (rc < 0) {
					errno = -rc;
					perror_msg("usdt:%s: cannot raise its semaphore", label);
				}
			}
			break; /* one site per probe, whatever number of specs match it */
		}
	}
	usdt_free(f);
}

static void resolve_uprobe(struct space *s, struct spec *sp, const struct uprobe_mapping *m, int nm)
{
	const char *last = "";

	for (int i = 0; i < nm; i++) {
		uint64_t off = 0;
		if (!strcmp(m[i].path, last) || !path_matches(sp->path, m[i].path))
			continue;
		last = m[i].path;
		if (uprobe_symbol_offset(m[i].path, sp->name, &off) < 0)
			continue;
		uint64_t addr = uprobe_map_offset(m, nm, m[i].path, off);
		if (!addr)
			continue;
		struct site *st = add_site(s, SPEC_UPROBE, sp->name, sp->hints);
		if (!st)
			return;
		st->nargs = -1;
		sp->found = true;
		arm(s, s->nsites - 1, addr, sp->name);
		return; /* the first object that defines it, as the dynamic linker would bind */
	}
}

static void resolve(struct space *s)
{
	struct uprobe_mapping *m = NULL;
	int nm = uprobe_read_maps(s->tgid, &m);

	s->armed = true;
	if (nm < 0)
		return;
	for (int i = 0; i < nm; i++) {
		bool seen = false;
		for (int j = 0; j < i && !seen; j++)
			seen = !strcmp(m[i].path, m[j].path);
		if (!seen)
			resolve_usdt(s, m[i].path, m, nm);
	}
	for (size_t k = 0; k < nspecs; k++)
		if (specs[k].kind == SPEC_UPROBE)
			resolve_uprobe(s, &specs[k], m, nm);
	for (size_t k = 0; k < nspecs; k++) {
		struct spec *sp = &specs[k];
		if (sp->found || sp->reported)
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
	if (!nspecs)
		return;
	struct space *s = space_get(tcp->pid);
	if (!s)
		return;
	/* Arm at the entry point, when the libraries the program needs are mapped. */
	char path[64];
	uint64_t auxv[2], entry = 0;
	snprintf(path, sizeof(path), "/proc/%d/auxv", tcp->pid);
	FILE *f = fopen(path, "re");
	while (f && fread(auxv, sizeof(auxv), 1, f) == 1 && auxv[0] != AT_NULL)
		if (auxv[0] == AT_ENTRY)
			entry = auxv[1];
	if (f)
		fclose(f);
	if (!entry || bp_insert(&s->bs, entry, NULL) < 0)
		resolve(s);
}

void probe_attached(struct tcb *tcp)
{
	pid_t tgid;

	if (!nspecs || (tgid = tgid_of(tcp->pid)) < 0 || space_find(tgid))
		return;
	struct space *s = space_get(tgid);
	if (s)
		resolve(s);
}

/* ---- hits -------------------------------------------------------------------------------- */

static uint64_t reg_value(const struct user_regs_struct *r, int dwarf)
{
	switch (dwarf) {
	case 0: return r->rax;
	case 1: return r->rdx;
	case 2: return r->rcx;
	case 3: return r->rbx;
	case 4: return r->rsi;
	case 5: return r->rdi;
	case 6: return r->rbp;
	case 7: return r->rsp;
	case 8: return r->r8;
	case 9: return r->r9;
	case 10: return r->r10;
	case 11: return r->r11;
	case 12: return r->r12;
	case 13: return r->r13;
	case 14: return r->r14;
	case 15: return r->r15;
	case 16: return r->rip;
	default: return 0;
	}
}

static void print_value(struct strbuf *sb, struct space *s, uint64_t v, int size, bool is_signed,
			bool is_float, char hint)
{
	unsigned bits = (unsigned)size * 8;
	uint64_t u = bits >= 64 ? v : v & ((1ull << bits) - 1);
	int64_t d = bits >= 64 || !(u >> (bits - 1)) ? (int64_t)u : (int64_t)(u | ~((1ull << bits) - 1));

	if (!hint)
		hint = is_float ? 'f' : is_signed ? 'd' : size == 8 ? 'x' : 'u';
	switch (hint) {
	case 'd':
	case 'l':
		sb_printf(sb, "%" PRId64, d);
		break;
	case 'u':
	case 'z':
		sb_printf(sb, "%" PRIu64, u);
		break;
	case 'f':
		if (size == 4) {
			float fl;
			uint32_t w = (uint32_t)u;
			memcpy(&fl, &w, 4);
			sb_printf(sb, "%g", fl);
		} else {
			double db;
			memcpy(&db, &v, 8);
			sb_printf(sb, "%g", db);
		}
		break;
	case 's': {
		char buf[4097];
		size_t max = popts.max_strlen < sizeof(buf) - 1 ? popts.max_strlen : sizeof(buf) - 1;
		size_t got = 0;
		if (!v) {
			sb_puts(sb, "NULL");
			break;
		}
		/* Byte runs up to the end of each page: a string may end just before a hole. */
		while (got <= max) {
			size_t chunk = 4096 - ((v + got) & 4095);
			if (chunk > max + 1 - got)
				chunk = max + 1 - got;
			if (bp_mem_read(&s->bs, v + got, buf + got, chunk) < 0)
				break;
			if (memchr(buf + got, '\0', chunk)) {
				got += chunk;
				break;
			}
			got += chunk;
		}
		if (!got) {
			sb_printf(sb, "%#" PRIx64, v);
			break;
		}
		size_t len = strnlen(buf, got);
		print_quoted_buf(sb, buf, len, len < got ? len : len + 1);
		break;
	}
	default:
		sb_printf(sb, "%#" PRIx64, u);
	}
}

static void print_usdt_arg(struct strbuf *sb, struct space *s, const struct site *st,
			   const struct usdt_arg *a, const struct user_regs_struct *r, pid_t tid,
			   char hint)
{
	int size = a->size ? a->size : 8;
	uint64_t v = 0, addr;

	switch (a->kind) {
	case USDT_LOC_CONST:
		v = a->symbol[0] && !a->unresolved ? a->address + st->bias : (uint64_t)a->offset;
		break;
	case USDT_LOC_REG:
		if (a->reg >= 17 && a->reg <= 32) {
			struct user_fpregs_struct fp;
			if (ptrace(PTRACE_GETFPREGS, tid, 0L, &fp) < 0)
				goto unknown;
			memcpy(&v, &fp.xmm_space[(a->reg - 17) * 4], 8);
		} else {
			v = reg_value(r, a->reg) >> a->reg_shift;
		}
		break;
	case USDT_LOC_MEM:
	case USDT_LOC_PCREL:
	case USDT_LOC_ABS:
		if (a->symbol[0] && a->unresolved)
			goto unknown;
		addr = a->symbol[0] ? a->address + st->bias : (uint64_t)a->offset;
		if (a->kind == USDT_LOC_MEM && a->reg >= 0)
			addr += reg_value(r, a->reg);
		if (a->kind == USDT_LOC_MEM && a->index >= 0)
			addr += reg_value(r, a->index) * (uint64_t)a->scale;
		if (a->kind == USDT_LOC_PCREL && !a->symbol[0])
			goto unknown;
		if (size > 8 || bp_mem_read(&s->bs, addr, &v, (size_t)size) < 0)
			goto unknown;
		break;
	default:
		goto unknown;
	}
	print_value(sb, s, v, size, a->is_signed, a->is_float, hint);
	return;
unknown:
	sb_puts(sb, "?");
}

/* The argument list of a hit, "1, 0x2", into SB. */
static void format_args(struct strbuf *sb, struct tcb *tcp, struct space *s, const struct site *st,
			const struct user_regs_struct *r)
{
	static const int argregs[] = { 5, 4, 1, 2, 8, 9 }; /* rdi rsi rdx rcx r8 r9 (DWARF) */

	if (st->kind == SPEC_USDT) {
		for (int i = 0; i < st->nargs; i++) {
			if (i)
				sb_puts(sb, ", ");
			print_usdt_arg(sb, s, st, &st->argv[i], r, tcp->pid, st->hints[i]);
		}
		return;
	}
	int n = st->hints[0] ? (int)strlen(st->hints) : 6;
	for (int i = 0; i < n; i++) {
		char h = st->hints[i] ? st->hints[i] : 'x';
		if (i)
			sb_puts(sb, ", ");
		print_value(sb, s, reg_value(r, argregs[i]), h == 'd' || h == 'u' ? 4 : 8, false, false,
			    h);
	}
}

static void print_hit(struct tcb *tcp, struct space *s, const struct site *st,
		      const struct user_regs_struct *r)
{
	const char *kind = st->kind == SPEC_USDT ? "usdt" : "uprobe";
	struct strbuf *sb = &tcp->sb;

	if (opts.json) {
		struct strbuf rec = { 0 };
		json_record_begin(&rec, kind, tcp->pid, NULL);
		sb_puts(&rec, ",\"probe\":");
		json_put_string(&rec, st->label, strlen(st->label));
		sb_reset(sb);
		format_args(sb, tcp, s, st, r);
		sb_puts(&rec, ",\"args\":");
		json_put_args(&rec, sb_str(sb), sb->len);
		sb_reset(sb);
		sb_putc(&rec, '}');
		output_record(tcp, &rec);
		sb_free(&rec);
		return;
	}
	printleader(tcp);
	sb_printf(sb, "--- %s:%s(", kind, st->label);
	format_args(sb, tcp, s, st, r);
	sb_puts(sb, ") ---\n");
	tcb_emit(tcp);
	line_ended(tcp);
}

int probe_handle_trap(struct tcb *tcp, const siginfo_t *si)
{
	struct user_regs_struct regs;
	struct space *s;
	struct bp *b;
	pid_t tgid;

	if (!nspecs || si->si_code != SI_KERNEL || (tgid = tgid_of(tcp->pid)) < 0)
		return -1;
	/* A child whose first trap beat its parent's fork event. */
	if (!(s = space_find(tgid)) && !(s = space_inherit(tgid, parent_of(tgid))))
		return -1;
	if (ptrace(PTRACE_GETREGS, tcp->pid, 0L, &regs) < 0 ||
	    !(b = bp_lookup(&s->bs, regs.rip - 1)))
		return -1;
	if (!b->data) {
		/* The entry point: the program's libraries are mapped now. */
		bp_remove(&s->bs, b->addr);
		regs.rip = b->addr;
		ptrace(PTRACE_SETREGS, tcp->pid, 0L, &regs);
		resolve(s);
		return 0;
	}
	size_t idx = (uintptr_t)b->data - 1;
	if (idx < s->nsites && !hide_log(tcp) && opts.cflag != 1)
		print_hit(tcp, s, &s->sites[idx], &regs);
	int rc = bp_step_over(&s->bs, b, tcp->pid, &regs);
	if (rc < 0 && rc != -ESRCH) {
		errno = -rc;
		perror_msg("cannot step over the breakpoint at %#" PRIx64 " in %d", b->addr, tcp->pid);
		return 0;
	}
	return rc < 0 ? 0 : rc;
}

void probe_detach_all(void)
{
	for (struct space *s = spaces; s; s = s->next) {
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
	pid_t tgid = tgid_of(tid);

	if (tgid < 0 || !(s = space_find(tgid)) || ptrace(PTRACE_GETREGS, tid, 0L, &regs) < 0 ||
	    !bp_lookup(&s->bs, regs.rip - 1))
		return false;
	regs.rip--;
	return ptrace(PTRACE_SETREGS, tid, 0L, &regs) == 0;
}
