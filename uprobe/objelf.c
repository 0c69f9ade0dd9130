// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The ELF facts the tracers need of an object file (objelf.h), read once per path with libelf:
 *  - defined functions (.dynsym and .symtab, IFUNCs marked): where entry breakpoints go;
 *  - imported functions (undefined in .dynsym): what a caller may call, ltrace's PLT set,
 *    whether it reaches them through a PLT, a -fno-plt GOT load or anything else;
 *  - GOT relocations (JUMP_SLOT, GLOB_DAT and R_X86_64_64 by name, IRELATIVE by resolver):
 *    after the loader has run, their slots hold what an IFUNC's resolver chose;
 *  - soname and the first PT_LOAD, to turn link-time addresses into runtime ones.
 * Symbols of an older, hidden version (memcpy@GLIBC_2.2.5) are left out: callers bind to
 * the default one.
 */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "uprobe/objelf.h"
#include "common/elfread.h"
#include "common/maps.h"
#include "common/proc.h"
#include "common/vec.h"

#define WEAK_BIT ((size_t)1 << (sizeof(size_t) * 8 - 1))

static struct uprobe_elf **cache;
static size_t ncache;

static int sym_cmp(const void *a, const void *b)
{
	const struct uprobe_sym *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	if (c)
		return c;
	return x->vaddr < y->vaddr ? -1 : x->vaddr > y->vaddr;
}

bool uprobe_elf_strong_import(const struct uprobe_elf *e, const char *name)
{
	for (size_t k = 0; k < e->nstrong; k++)
		if (!strcmp(e->imports[k], name))
			return true;
	return false;
}

const struct uprobe_sym *uprobe_elf_find(const struct uprobe_elf *e, const char *name)
{
	size_t lo = 0, hi = e->nsyms;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = strcmp(e->syms[mid].name, name);
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < e->nsyms && !strcmp(e->syms[lo].name, name) ? &e->syms[lo] : NULL;
}

/* Strings live in one growing pool; pointers are fixed up once it is complete. */
struct pool {
	char *s;
	size_t len, cap;
};

static size_t pool_add(struct pool *p, const char *str)
{
	size_t n = strlen(str) + 1, at = p->len;

	if (vec_reserve(&p->s, &p->cap, p->len + n, 1, 4096) < 0)
		return SIZE_MAX;
	memcpy(p->s + at, str, n);
	p->len += n;
	return at;
}

#define GROW(v, n, cap)                                                          \
	((n) < (cap) ? 0 : ((cap) = (cap) ? (cap) * 2 : 64,                      \
			    ((v) = realloc((v), (cap) * sizeof(*(v)))) ? 0 : -ENOMEM))

/* What read_elf() builds while it walks the symbol tables. */
struct build {
	struct uprobe_elf *e;
	struct pool pool;
	size_t *symoff, *impoff, symcap, symcap2, impcap;
	Elf_Data *versym;
};

/* elfr_syms() callback: a defined function, or an imported one of .dynsym. */
static int take_sym(void *arg, const GElf_Shdr *sh, size_t i, const GElf_Sym *s,
		    const char *name)
{
	struct build *b = arg;
	struct uprobe_elf *e = b->e;
	int type = GELF_ST_TYPE(s->st_info);
	GElf_Versym vs;

	if (!*name)
		return 0;
	if (sh->sh_type == SHT_DYNSYM && s->st_shndx == SHN_UNDEF) {
		if (type != STT_FUNC && type != STT_NOTYPE && type != STT_GNU_IFUNC)
			return 0;
		if (GROW(b->impoff, e->nimports, b->impcap))
			return -ENOMEM;
		/* Weak ones (__cxa_finalize, __gmon_start__) go last, marked by the top bit of
		 * their offset. */
		size_t off = pool_add(&b->pool, name);
		if (off == SIZE_MAX)
			return -ENOMEM;
		b->impoff[e->nimports++] = off | (GELF_ST_BIND(s->st_info) == STB_WEAK ? WEAK_BIT : 0);
		return 0;
	}
	if ((type != STT_FUNC && type != STT_GNU_IFUNC) || s->st_shndx == SHN_UNDEF || !s->st_value)
		return 0;
	if (sh->sh_type == SHT_DYNSYM && b->versym && gelf_getversym(b->versym, (int)i, &vs) &&
	    (vs & 0x8000))
		return 0;
	if (GROW(e->syms, e->nsyms, b->symcap) || GROW(b->symoff, e->nsyms, b->symcap2))
		return -ENOMEM;
	e->syms[e->nsyms] = (struct uprobe_sym){ .vaddr = s->st_value,
					    .ifunc = type == STT_GNU_IFUNC };
	return (b->symoff[e->nsyms++] = pool_add(&b->pool, name)) == SIZE_MAX ? -ENOMEM : 0;
}

static int read_elf(struct uprobe_elf *e, Elf *elf)
{
	struct build b = { .e = e };
	struct pool *pool = &b.pool;
	size_t *reloff = NULL, relcap = 0, relcap2 = 0;
	size_t phnum, shstrndx;
	GElf_Ehdr eh;
	Elf_Scn *scn = NULL;
	bool have_interp = false, have_dyn = false;
	int rc = -ENOMEM;

	if (!gelf_getehdr(elf, &eh) || elf_getphdrnum(elf, &phnum) || elf_getshdrstrndx(elf, &shstrndx))
		return -ENOEXEC;
	e->load_vaddr = UINT64_MAX;
	for (size_t i = 0; i < phnum; i++) {
		GElf_Phdr ph;
		if (!gelf_getphdr(elf, (int)i, &ph))
			continue;
		if (ph.p_type == PT_INTERP)
			have_interp = true;
		if (ph.p_type == PT_DYNAMIC)
			have_dyn = true;
		if (ph.p_type == PT_LOAD && (ph.p_vaddr & ~0xfffull) < e->load_vaddr) {
			e->load_vaddr = ph.p_vaddr & ~0xfffull;
			e->load_off = ph.p_offset & ~0xfffull;
		}
	}
	e->is_exec = eh.e_type == ET_EXEC || have_interp;
	e->is_static = !have_interp && !have_dyn && eh.e_type == ET_EXEC;
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		if (gelf_getshdr(scn, &sh) && sh.sh_type == SHT_GNU_versym)
			b.versym = elf_getdata(scn, NULL);
	}
	if (elfr_syms(elf, ELFR_SYMTAB | ELFR_DYNSYM, take_sym, &b))
		goto out;
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		Elf_Data *d;
		if (!gelf_getshdr(scn, &sh) || !(d = elf_getdata(scn, NULL)))
			continue;
		if (sh.sh_type == SHT_RELA) {
			GElf_Shdr lsh;
			Elf_Scn *ls = elf_getscn(elf, sh.sh_link);
			Elf_Data *ld = ls ? elf_getdata(ls, NULL) : NULL;
			size_t n = sh.sh_entsize ? sh.sh_size / sh.sh_entsize : 0;
			if (ls && !gelf_getshdr(ls, &lsh))
				ld = NULL;
			for (size_t i = 0; i < n; i++) {
				GElf_Rela r;
				GElf_Sym s;
				if (!gelf_getrela(d, (int)i, &r))
					continue;
				unsigned type = GELF_R_TYPE(r.r_info);
				const char *name = NULL;
				/* R_X86_64_64: a pointer to the function in data (fp = floor). */
				if (type == R_X86_64_JUMP_SLOT || type == R_X86_64_GLOB_DAT ||
				    (type == R_X86_64_64 && !r.r_addend)) {
					if (!ld || !gelf_getsym(ld, (int)GELF_R_SYM(r.r_info), &s) ||
					    !(name = elf_strptr(elf, lsh.sh_link, s.st_name)) || !*name)
						continue;
				} else if (type != R_X86_64_IRELATIVE) {
					continue;
				}
				if (GROW(e->relocs, e->nrelocs, relcap) || GROW(reloff, e->nrelocs, relcap2))
					goto out;
				e->relocs[e->nrelocs] = (struct uprobe_reloc){ .slot = r.r_offset,
									  .addend = (uint64_t)r.r_addend };
				reloff[e->nrelocs++] = name ? pool_add(pool, name) : SIZE_MAX - 1;
			}
		} else if (sh.sh_type == SHT_DYNAMIC) {
			size_t n = sh.sh_entsize ? sh.sh_size / sh.sh_entsize : 0;
			for (size_t i = 0; i < n; i++) {
				GElf_Dyn dy;
				const char *so;
				if (gelf_getdyn(d, (int)i, &dy) && dy.d_tag == DT_SONAME &&
				    (so = elf_strptr(elf, sh.sh_link, dy.d_un.d_val)))
					e->soname = strdup(so);
			}
		}
	}
	e->strings = pool->s;
	pool->s = NULL;
	for (size_t i = 0; i < e->nsyms; i++)
		e->syms[i].name = e->strings + b.symoff[i];
	for (size_t i = 0; i < e->nrelocs; i++)
		e->relocs[i].name = reloff[i] == SIZE_MAX - 1 ? NULL : e->strings + reloff[i];
	if (e->nimports && !(e->imports = malloc(e->nimports * sizeof(char *))))
		goto out;
	for (int weak = 0, k = 0; weak < 2; weak++)
		for (size_t i = 0; i < e->nimports; i++)
			if (!(b.impoff[i] & WEAK_BIT) == !weak) {
				e->imports[k++] = e->strings + (b.impoff[i] & ~WEAK_BIT);
				e->nstrong += !weak;
			}
	if (e->nsyms)
		qsort(e->syms, e->nsyms, sizeof(*e->syms), sym_cmp);
	/* The same name twice (.dynsym and .symtab): keep one. */
	size_t k = 0;
	for (size_t i = 0; i < e->nsyms; i++)
		if (!k || strcmp(e->syms[k - 1].name, e->syms[i].name))
			e->syms[k++] = e->syms[i];
	e->nsyms = k;
	rc = 0;
out:
	free(pool->s);
	free(b.symoff);
	free(b.impoff);
	free(reloff);
	return rc;
}

static void elf_free(struct uprobe_elf *e)
{
	if (!e)
		return;
	free(e->syms);
	free(e->relocs);
	free(e->imports);
	free(e->strings);
	free(e->path);
	free(e->soname);
	free(e);
}

struct uprobe_elf *uprobe_elf_get(const char *path, int *err)
{
	for (size_t i = 0; i < ncache; i++)
		if (!strcmp(cache[i]->path, path))
			return cache[i];
	struct elf_file ef;
	struct uprobe_elf *e = NULL;
	struct uprobe_elf **v = NULL;
	int rc = elfr_open(path, &ef);

	if (!rc) {
		e = calloc(1, sizeof(*e));
		v = realloc(cache, (ncache + 1) * sizeof(*v));
		if (v)
			cache = v;
		rc = !e || !v ? -ENOMEM : read_elf(e, ef.elf);
		elfr_close(&ef);
	}
	if (!rc) {
		const char *base = strrchr(path, '/');
		e->path = strdup(path);
		if (!e->soname)
			e->soname = strdup(base ? base + 1 : path);
		if (!e->path || !e->soname)
			rc = -ENOMEM;
	}
	if (rc) {
		elf_free(e);
		*err = rc;
		return NULL;
	}
	cache[ncache++] = e;
	return e;
}

void uprobe_elf_free_all(void)
{
	for (size_t i = 0; i < ncache; i++) {
		elf_free(cache[i]);
	}
	free(cache);
	cache = NULL;
	ncache = 0;
}

int uprobe_obj_from_maps(const struct mapping *m, int nm, int i, const char *exe,
			 struct uprobe_obj *o)
{
	struct uprobe_elf *e;
	int err = -ENOEXEC;

	for (int j = 0; j < i; j++)
		if (!strcmp(m[i].path, m[j].path))
			return -EEXIST;
	if (!(e = uprobe_elf_get(m[i].path, &err)))
		return err;
	memset(o, 0, sizeof(*o));
	snprintf(o->path, sizeof(o->path), "%s", m[i].path);
	o->elf = e;
	o->lo = m[i].start;
	o->hi = m[i].end;
	o->bias = m[i].start - m[i].off - (e->load_vaddr - e->load_off);
	for (int j = i + 1; j < nm; j++)
		if (!strcmp(m[i].path, m[j].path) && m[j].end > o->hi)
			o->hi = m[j].end;
	o->is_main = exe && !strcmp(o->path, exe);
	return 0;
}

int uprobe_objs_read(pid_t pid, const struct mapping *m, int nm, struct uprobe_obj **out)
{
	char exe[PATH_MAX] = "";
	struct uprobe_obj *v = NULL;
	int n = 0;

	proc_exe(pid, exe, sizeof(exe));
	for (int i = 0; i < nm; i++) {
		struct uprobe_obj o;
		if (uprobe_obj_from_maps(m, nm, i, exe, &o) < 0)
			continue;
		struct uprobe_obj *nv = realloc(v, (size_t)(n + 1) * sizeof(*v));
		if (!nv) {
			free(v);
			return -ENOMEM;
		}
		v = nv;
		v[n++] = o;
	}
	*out = v;
	return n;
}
