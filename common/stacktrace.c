// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * -k / -kk: the user stack of a stopped thread, printed after its syscall line.
 *
 * What strace 6.1 (Debian 12, built with libunwind) prints, and so what we print:
 *
 *	 > /usr/lib/x86_64-linux-gnu/libc.so.6(__open64+0x51) [0xf8011]
 *	 > /tmp/prog(main+0x17) [0x119e]
 *	 > /tmp/prog() [0x1234]			no symbol before the address
 *	 > unexpected_backtracing_error [0x7f...]	pc outside any file-backed executable mapping
 *	 > too many stack frames			after 256 frames
 *
 * The path and the bracketed offset come from /proc/PID/maps: the mapping that holds the pc
 * (it must be executable and have a path), offset = pc - start + file offset.  The pc is the
 * one libunwind reports, not decremented.  The name is libunwind's unw_get_proc_name() rule,
 * which is *not* what a debugger would say: the STT_FUNC symbol of .dynsym or .symtab of the
 * mapped file whose value is the nearest at or below the pc, sizes ignored, the first one in
 * section and table order on a tie, rejected when the distance reaches the file's size.  In a
 * stripped libc that names a static function by the exported one before it
 * ("__libc_init_first+0x8a" for __libc_start_call_main); we reproduce it so the lines match.
 * libunwind re-opens and scans the ELF file for every frame; we scan it once with libelf (the
 * Elf that libdw's Dwfl already opened for the module), keep a sorted table in the module's
 * user data, and binary-search it.
 *
 * -kk is ours for 6.1 (strace 6.4 added it for its libdw unwinder): symbol lines get
 * " FILE:LINE" appended, from dwfl_module_getsrc()/dwfl_lineinfo() -- the same format and the
 * same call strace 6.4 uses.  Return addresses are looked up one byte back, so a caller's
 * frame names the line of its call rather than the line after it.
 *
 * Caches, per traced thread: the parsed maps, the Dwfl (modules, symbol tables, DWARF) and a
 * libunwind address space with its _UPT handle.  stacktrace_forget() drops them after a call
 * that changed mappings, for every thread of the same process.  Since a seccomp prefilter can
 * hide mmap from us, a pc that falls outside the cached mappings rereads them once.
 */
#include <elfutils/libdwfl.h>
#include <errno.h>
#include <gelf.h>
#include <libunwind-ptrace.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "common/elfread.h"
#include "common/maps.h"
#include "common/proc.h"
#include "common/stackcopy.h"
#include "common/stacktrace.h"

#define MAX_FRAMES 256
static int frame_limit = MAX_FRAMES; /* --stack-trace-frame-limit */

/* The function symbols of one ELF file, sorted by value, first-seen first on a tie. */
struct func_sym {
	uint64_t value;
	uint32_t seq;
	const char *name; /* in the Elf's string table, alive as long as the Dwfl */
};

struct symtab {
	struct func_sym *syms;
	size_t n;
	uint64_t file_size;
};

struct proc {
	struct proc *next;
	pid_t pid, tgid;
	unw_addr_space_t as;
	void *upt;
	Dwfl *dwfl; /* NULL until a frame needs a symbol */
	bool dwfl_failed;
	struct mapping *maps;
	int nmaps;
	bool maps_loaded;
	struct load { /* per mapping: libunwind's load offset of its file */
		bool known;
		uint64_t off;
	} *loads;
	struct stackcopy_mem mem; /* copies: what their accessors read (pid is the tgid) */
};

static struct proc *procs;
static bool from_copies;          /* --bpf: stacks come as copies, a process is never stopped */
static struct stackcopy *copies;  /* the copies not unwound yet, one per thread */

void stacktrace_use_copies(bool on)
{
	from_copies = on;
}

static const char *(*maps_source)(pid_t tgid, size_t *len);
static void (*maps_seen)(pid_t tgid);

void stacktrace_maps_hooks(const char *(*source)(pid_t tgid, size_t *len),
			   void (*seen)(pid_t tgid))
{
	maps_source = source;
	maps_seen = seen;
}

static pid_t read_tgid(pid_t pid)
{
	long tgid = proc_status_field(pid, "Tgid");

	return tgid > 0 ? (pid_t)tgid : pid;
}

static void maps_free(struct proc *p)
{
	free(p->maps);
	free(p->loads);
	p->maps = NULL;
	p->loads = NULL;
	p->nmaps = 0;
	p->maps_loaded = false;
}

/*
 * /proc/PID/maps as strace's mmap cache reads it: only lines with a path, ascending, with
 * duplicates (the [vsyscall] line can repeat) and overlaps left out.
 */
static int maps_load(struct proc *p)
{
	struct mapping *fresh = NULL;
	size_t tl = 0;
	const char *t = maps_source ? maps_source(p->pid, &tl) : NULL;
	int n = !maps_source ? maps_read(p->pid, 0, &fresh) :
		t ? maps_parse_text(t, tl, 0, &fresh) : -ESRCH;

	if (!maps_source && n > 0 && maps_seen)
		maps_seen(p->pid);

	if (from_copies && n <= 0 && p->maps_loaded) {
		free(fresh); /* gone: what was read while it lived is all there is */
		return n < 0 ? n : -ESRCH;
	}
	maps_free(p);
	p->maps_loaded = true;
	p->maps = fresh;
	if (n < 0)
		return n;
	for (int i = 0; i < n; i++) {
		const struct mapping *m = &p->maps[i], *prev = p->nmaps ? &p->maps[p->nmaps - 1] : NULL;
		if (m->path[0] && (!prev || (m->start >= prev->end && m->start > prev->start)))
			p->maps[p->nmaps++] = *m;
	}
	p->loads = calloc((size_t)p->nmaps + 1, sizeof(*p->loads));
	if (!p->loads)
		maps_free(p);
	if (from_copies) {
		stackcopy_mem_free(&p->mem);
		stackcopy_mem_init(&p->mem, p->pid);
		stackcopy_mem_set_maps(&p->mem, p->maps, p->nmaps);
	}
	return p->loads ? 0 : -ENOMEM;
}

/* dwfl_getmodules callback: free the symbol table hung on a module. */
static int free_module_symtab(Dwfl_Module *mod, void **userdata, const char *name,
			      Dwarf_Addr start, void *arg)
{
	struct symtab *st = *userdata;

	if (st) {
		free(st->syms);
		free(st);
		*userdata = NULL;
	}
	return DWARF_CB_OK;
}

static void dwfl_drop(struct proc *p)
{
	if (p->dwfl) {
		dwfl_getmodules(p->dwfl, free_module_symtab, NULL, 0);
		dwfl_end(p->dwfl);
	}
	p->dwfl = NULL;
	p->dwfl_failed = false;
}

static const Dwfl_Callbacks proc_callbacks = {
	.find_elf = dwfl_linux_proc_find_elf,
	.find_debuginfo = dwfl_standard_find_debuginfo,
};

static Dwfl *dwfl_get(struct proc *p)
{
	if (p->dwfl || p->dwfl_failed)
		return p->dwfl;
	p->dwfl = dwfl_begin(&proc_callbacks);
	if (!p->dwfl)
		goto fail;
	dwfl_report_begin(p->dwfl);
	if (maps_source) { /* the text given, the files on disk */
		size_t tl = 0;
		const char *t = maps_source(p->pid, &tl);
		FILE *f = t && tl ? fmemopen((void *)t, tl, "r") : NULL;
		int rc = f ? dwfl_linux_proc_maps_report(p->dwfl, f) : -1;
		if (f)
			fclose(f);
		if (rc != 0)
			goto fail;
	} else if (dwfl_linux_proc_report(p->dwfl, p->pid) != 0) {
		goto fail;
	}
	if (dwfl_report_end(p->dwfl, NULL, NULL) != 0)
		goto fail;
	return p->dwfl;
fail:
	dwfl_drop(p);
	p->dwfl_failed = true;
	return NULL;
}

static void proc_free(struct proc *p)
{
	dwfl_drop(p);
	stackcopy_mem_free(&p->mem);
	maps_free(p);
	if (p->upt)
		_UPT_destroy(p->upt);
	if (p->as)
		unw_destroy_addr_space(p->as);
	free(p);
}

static struct proc *proc_get(pid_t pid)
{
	struct proc *p;

	for (p = procs; p; p = p->next)
		if (p->pid == pid)
			return p;
	p = calloc(1, sizeof(*p));
	if (!p)
		return NULL;
	p->pid = pid;
	p->mem.memfd = -1;
	if (from_copies) { /* one per process: PID is its tgid */
		p->tgid = pid;
		p->as = unw_create_addr_space(stackcopy_accessors(), 0);
	} else {
		p->tgid = read_tgid(pid);
		p->as = unw_create_addr_space(&_UPT_accessors, 0);
		p->upt = p->as ? _UPT_create(pid) : NULL;
	}
	if (!p->as || (!from_copies && !p->upt)) {
		proc_free(p);
		return NULL;
	}
	unw_set_caching_policy(p->as, UNW_CACHE_GLOBAL);
	p->next = procs;
	procs = p;
	return p;
}

static struct stackcopy *copy_take(pid_t tid)
{
	for (struct stackcopy **pp = &copies; *pp; pp = &(*pp)->next) {
		struct stackcopy *c = *pp;
		if (c->tid == tid) {
			*pp = c->next;
			return c;
		}
	}
	return NULL;
}

void stacktrace_forget(pid_t pid)
{
	pid_t tgid = 0;

	/* Copies: the maps come from snapshots (stacktrace_snapshot), and a copy not used yet
	 * is still the stack of the call whose line comes next. */
	if (from_copies)
		return;

	for (struct proc *p = procs; p; p = p->next)
		if (p->pid == pid)
			tgid = p->tgid;
	/* Mappings belong to the process: every thread of it rereads them. */
	for (struct proc **pp = &procs; *pp;) {
		struct proc *p = *pp;
		if (p->pid == pid || (tgid && p->tgid == tgid)) {
			*pp = p->next;
			proc_free(p);
		} else {
			pp = &p->next;
		}
	}
}

static int cmp_func_sym(const void *a, const void *b)
{
	const struct func_sym *x = a, *y = b;

	if (x->value != y->value)
		return x->value < y->value ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

struct symtab_ctx {
	struct symtab *st;
	size_t alloc;
};

static int symtab_add(void *arg, const GElf_Shdr *sh, size_t idx, const GElf_Sym *sym,
		      const char *name)
{
	struct symtab_ctx *c = arg;
	struct symtab *st = c->st;

	if (GELF_ST_TYPE(sym->st_info) != STT_FUNC || sym->st_shndx == SHN_UNDEF ||
	    sym->st_shndx == SHN_ABS)
		return 0;
	if (st->n == c->alloc) {
		size_t na = c->alloc ? 2 * c->alloc : 256;
		struct func_sym *ns = realloc(st->syms, na * sizeof(*ns));
		if (!ns)
			return -ENOMEM;
		st->syms = ns;
		c->alloc = na;
	}
	st->syms[st->n] = (struct func_sym){ sym->st_value, (uint32_t)st->n, name };
	st->n++;
	return 0;
}

/* Every defined STT_FUNC of .dynsym and .symtab, in section then table order (libunwind's). */
static struct symtab *symtab_build(Elf *elf, const char *path)
{
	struct symtab_ctx c = { calloc(1, sizeof(*c.st)), 0 };
	struct stat sb;

	if (!c.st)
		return NULL;
	c.st->file_size = stat(path, &sb) == 0 ? (uint64_t)sb.st_size : UINT64_MAX;
	elfr_syms(elf, ELFR_SYMTAB | ELFR_DYNSYM, symtab_add, &c);
	if (c.st->n) /* a stripped executable may have none */
		qsort(c.st->syms, c.st->n, sizeof(*c.st->syms), cmp_func_sym);
	return c.st;
}

/* libunwind's load offset: the PT_LOAD whose file offset is the mapping's, else 0. */
static uint64_t load_offset(Elf *elf, const struct mapping *m)
{
	size_t phnum;

	if (elf_getphdrnum(elf, &phnum) != 0)
		return 0;
	for (size_t i = 0; i < phnum; i++) {
		GElf_Phdr ph;
		if (gelf_getphdr(elf, (int)i, &ph) && ph.p_type == PT_LOAD && ph.p_offset == m->off)
			return m->start - ph.p_vaddr;
	}
	return 0;
}

struct frame_info {
	const char *name;
	uint64_t func_off;
	const char *src;
	int line;
};

/* The name libunwind would give IP, and with -kk the source line of LINE_PC. */
static void symbolize(struct proc *p, const struct mapping *m, uint64_t ip, uint64_t line_pc,
		      int level, struct frame_info *fi)
{
	struct load *ld = &p->loads[m - p->maps];

	*fi = (struct frame_info){ NULL, 0, NULL, 0 };
	if (m->path[0] != '/' || m->deleted)
		return;
	Dwfl *dwfl = dwfl_get(p);
	if (!dwfl)
		return;
	Dwfl_Module *mod = dwfl_addrmodule(dwfl, ip);
	if (!mod)
		return;
	void **userdata;
	dwfl_module_info(mod, &userdata, NULL, NULL, NULL, NULL, NULL, NULL);
	Dwarf_Addr bias;
	Elf *elf = dwfl_module_getelf(mod, &bias);
	if (!elf)
		return;
	if (!*userdata)
		*userdata = symtab_build(elf, m->path);
	struct symtab *st = *userdata;
	if (!ld->known) {
		ld->off = load_offset(elf, m);
		ld->known = true;
	}
	if (st && st->n) {
		uint64_t key = ip - ld->off;
		size_t lo = 0, hi = st->n;
		while (lo < hi) { /* the first symbol above key */
			size_t mid = lo + (hi - lo) / 2;
			if (st->syms[mid].value <= key)
				lo = mid + 1;
			else
				hi = mid;
		}
		if (lo > 0) {
			size_t i = lo - 1;
			while (i > 0 && st->syms[i - 1].value == st->syms[i].value)
				i--;
			if (key - st->syms[i].value < st->file_size) {
				fi->name = st->syms[i].name;
				fi->func_off = key - st->syms[i].value;
			}
		}
	}
	if (level > 1 && fi->name && *fi->name) {
		Dwfl_Line *line = dwfl_module_getsrc(mod, line_pc);
		if (line)
			fi->src = dwfl_lineinfo(line, NULL, &fi->line, NULL, NULL, NULL);
	}
}

/* The frames' names for a folded stack, innermost first, NUL-separated. */
static void fold_frame(struct strbuf *names, const struct mapping *m, const char *name,
		       uint64_t ip)
{
	if (name && *name) {
		sb_puts(names, name);
	} else if (m) {
		const char *base = strrchr(m->path, '/');
		sb_printf(names, "[%s]", base ? base + 1 : m->path);
	} else {
		sb_printf(names, "0x%llx", (unsigned long long)ip);
	}
	sb_putc(names, 0);
}

/* NAMES (innermost first) into FOLD, outermost first, joined by ';'. */
static void fold_join(struct strbuf *names, struct strbuf *fold)
{
	size_t end = names->len;

	while (end > 0) {
		size_t start = end - 1;
		while (start > 0 && names->s[start - 1])
			start--;
		if (end != names->len)
			sb_putc(fold, ';');
		sb_write(fold, names->s + start, end - 1 - start);
		end = start;
	}
}

/*
 * Unwind P (ARG: libunwind's argument for its accessors) into SB as lines and into FOLD as
 * folded frames (either may be NULL).  QUEUED renders a frame without a symbol as strace does
 * for stacks it captured at a syscall's entry ("PATH(+0x0)": an empty name is still a name
 * there).
 */
static int walk(struct proc *p, void *arg, struct strbuf *sb, struct strbuf *fold, int level,
		bool queued)
{
	struct strbuf names = { 0 }, dummy = { 0 };
	unw_cursor_t cursor;
	int depth, frames = 0;
	bool reread = false;

	if (!sb)
		sb = &dummy;
	if (!p->maps_loaded)
		maps_load(p);
	if (unw_init_remote(&cursor, p->as, arg) < 0)
		return -EIO;
	for (depth = 0; depth < frame_limit; depth++) {
		unw_word_t ip;
		if (unw_get_reg(&cursor, UNW_REG_IP, &ip) < 0)
			break;
		const struct mapping *m = maps_at(p->maps, p->nmaps, ip);
		if ((!m || !m->exec) && !reread && ip) {
			/* A mapping made behind our back (a filtered mmap): reread once. */
			reread = true;
			if (maps_load(p) == 0) {
				dwfl_drop(p);
				unw_flush_cache(p->as, 0, 0);
			}
			m = maps_at(p->maps, p->nmaps, ip);
		}
		if (!m || !m->exec) {
			/* libunwind returns pc 0 at the end of some stacks: strace stays quiet. */
			if (ip) {
				sb_printf(sb, " > unexpected_backtracing_error [0x%lx]\n",
					  (unsigned long)ip);
				fold_frame(&names, NULL, NULL, ip);
			}
			break;
		}
		unsigned long true_off = ip - m->start + m->off;
		const char *deleted = m->deleted ? " (deleted)" : "";
		struct frame_info fi;
		symbolize(p, m, ip, depth ? ip - 1 : ip, level, &fi);
		if ((fi.name && *fi.name) || queued) {
			sb_printf(sb, " > %s%s(%s+0x%lx) [0x%lx]", m->path, deleted,
				  fi.name ? fi.name : "", (unsigned long)fi.func_off, true_off);
			if (fi.src)
				sb_printf(sb, " %s:%d", fi.src, fi.line);
			sb_putc(sb, '\n');
		} else {
			sb_printf(sb, " > %s%s() [0x%lx]\n", m->path, deleted, true_off);
		}
		fold_frame(&names, m, fi.name, ip);
		frames++;
		if (unw_step(&cursor) <= 0)
			break;
	}
	if (depth >= frame_limit)
		sb_puts(sb, " > too many stack frames\n");
	if (fold)
		fold_join(&names, fold);
	sb_free(&names);
	sb_free(&dummy);
	return frames;
}

/*
 * Unwind thread PID: stopped, under ptrace; from its copy (taken, then freed) with copies.
 * No copy: nothing to print (0).
 */
static int unwind(pid_t pid, struct strbuf *sb, struct strbuf *fold, int level, bool queued)
{
	if (!from_copies) {
		struct proc *p = proc_get(pid);
		return p ? walk(p, p->upt, sb, fold, level, queued) : -ENOMEM;
	}
	struct stackcopy *c = copy_take(pid);
	if (!c)
		return 0;
	struct proc *p = proc_get(c->tgid);
	int n = -ENOMEM;
	if (p) {
		struct stackcopy_arg arg = { c, &p->mem };
		n = walk(p, &arg, sb, fold, level, queued);
	}
	free(c);
	return n;
}

int stacktrace_copy_set(pid_t tid, pid_t tgid, const uint64_t *regs, const void *stack,
			size_t len)
{
	struct stackcopy *c = malloc(sizeof(*c) + len);

	if (!c)
		return -ENOMEM;
	free(copy_take(tid)); /* never unwound: its line was not printed */
	c->tid = tid;
	c->tgid = tgid;
	memcpy(c->regs, regs, sizeof(c->regs));
	c->len = len;
	if (len)
		memcpy(c->data, stack, len);
	c->next = copies;
	copies = c;
	return 0;
}

int stacktrace_snapshot(pid_t tgid)
{
	if (!from_copies)
		return 0;
	struct proc *p = proc_get(tgid);
	if (!p)
		return -ENOMEM;
	int rc = maps_load(p);
	if (rc < 0)
		return rc;
	dwfl_drop(p);
	unw_flush_cache(p->as, 0, 0);
	/* The symbols, read now while the process is there to be read. */
	dwfl_get(p);
	return 0;
}

/* Stacks unwound at a syscall's entry, waiting for their line. */
struct capture {
	struct capture *next;
	pid_t pid;
	struct strbuf text;
	struct strbuf fold;
};

static struct capture *captures;

static struct capture *capture_take(pid_t pid)
{
	for (struct capture **pp = &captures; *pp; pp = &(*pp)->next) {
		struct capture *c = *pp;
		if (c->pid == pid) {
			*pp = c->next;
			return c;
		}
	}
	return NULL;
}

/* Append C's lines to SB, free C; the number of lines. */
static int capture_put(struct capture *c, struct strbuf *sb)
{
	int n = 0;

	if (sb && c->text.len)
		sb_write(sb, c->text.s, c->text.len);
	for (size_t i = 0; i < c->text.len; i++)
		n += c->text.s[i] == '\n';
	sb_free(&c->text);
	sb_free(&c->fold);
	free(c);
	return n;
}

int stacktrace_capture(pid_t pid, int level)
{
	struct capture *c = capture_take(pid);

	if (c) { /* never printed: the syscall did not come back (strace calls that a bug) */
		sb_reset(&c->text);
		sb_reset(&c->fold);
	} else if (!(c = calloc(1, sizeof(*c)))) {
		return -ENOMEM;
	}
	c->pid = pid;
	int n = unwind(pid, &c->text, &c->fold, level, true);
	c->next = captures;
	captures = c;
	return n;
}

int stacktrace_flush(pid_t pid, struct strbuf *sb, struct strbuf *fold)
{
	struct capture *c = capture_take(pid);

	if (c && fold && c->fold.len)
		sb_write(fold, c->fold.s, c->fold.len);
	return c ? capture_put(c, sb) : 0;
}

int stacktrace_format(pid_t pid, struct strbuf *sb, int level)
{
	struct capture *c = capture_take(pid);

	if (c)
		return capture_put(c, sb);
	return unwind(pid, sb, NULL, level, false);
}

int stacktrace_unwind(pid_t pid, struct strbuf *lines, struct strbuf *fold, int level)
{
	struct capture *c = capture_take(pid);

	if (!c)
		return unwind(pid, lines, fold, level, false);
	if (fold && c->fold.len)
		sb_write(fold, c->fold.s, c->fold.len);
	return capture_put(c, lines);
}

void stacktrace_set_frame_limit(int frames)
{
	frame_limit = frames > 0 ? frames : MAX_FRAMES;
}
