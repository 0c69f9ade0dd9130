// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The call sites of an executable's imported functions (callsite.h).
 *
 * A uprobe on a function's entry costs what the kernel does with the displaced instruction:
 * a relative call or jump, a push is emulated in the trap (~1 us here), anything else is
 * single-stepped out of line (~15 us).  syscall() begins with `mov %rdi,%rax`.  The program's
 * own `call syscall@plt` is a relative call, and the instruction after it is often a jump: a
 * probe on each call (the arguments are in their registers, the return address will be ip + 5
 * at sp - 8) and one on each return site (rax, rdx the result, sp past the return address)
 * sees the same calls for the price of two emulated traps.  That holds only when the list is
 * complete, which this file proves or refuses, for each function separately:
 *
 *  - the program has a symbol table, and every byte of its executable sections (the PLT
 *    aside) is inside a function symbol or is padding (nops, int3, zeros); each function is
 *    decoded from its start with capstone, never by a sweep of the section;
 *  - every reference to the function's PLT entry (.plt, .plt.sec, .plt.got) in that code is a
 *    `call rel32` to its start: a jump (a tail call), an address taken (lea, mov, an
 *    immediate), an indirect call refuse the function, and so does any read of its GOT slot
 *    (a -fno-plt call, an address load) and any dynamic relocation naming it other than its
 *    JUMP_SLOT (a GLOB_DAT, a pointer in data); in a non-PIE program an undefined dynamic
 *    symbol with a value has its address taken (the canonical PLT entry): refused;
 *  - each call's return site is an instruction the kernel emulates, or a flags-only test/cmp
 *    before one (ksite_return); a call that ends its function (its callee does not return)
 *    has no return probe.  A return site that is also some call's site is refused: the two
 *    probes' programs would run in an order nobody promises.
 *
 * What no scan sees: a pointer to the function the program gets at run time (dlsym) and calls
 * indirectly; such calls are not traced in this mode (ltrace's PLT breakpoints miss them too).
 */
#include <capstone/capstone.h>
#include <errno.h>
#include <gelf.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "uprobe/callsite.h"
#include "uprobe/disasm.h"
#include "uprobe/ksite.h"
#include "common/elfread.h"
#include "common/vec.h"

#define MAX_CODE (64u << 20) /* bytes of code scanned before giving up */
#define MAX_PLTS 3

static struct csite_exe **cache;
static size_t ncache, capcache;

struct range {
	uint64_t lo, hi;
	size_t fn;            /* stubs and slots: the function; funcs: unused */
	const char *name;     /* funcs */
	const uint8_t *code;  /* funcs: their bytes */
};

/* An executable section. */
struct sec {
	uint64_t lo, hi;
	const uint8_t *code;
	size_t idx;
	bool plt;             /* .plt, .plt.sec, .plt.got */
};

struct scan {
	struct csite_exe *x;
	Elf *elf;
	csh cs;
	struct range *stubs, *slots, *funcs;
	size_t nstubs, capstubs, nslots, capslots, nfuncs, capfuncs;
	uint64_t *calls;      /* every call site's address (any function) */
	size_t ncalls, capcalls;
	struct sec sec[64];
	size_t nsec;
	uint64_t plt_lo, plt_hi;
	bool have_symtab;
};

static int fn_index(struct csite_exe *x, const char *name, size_t *idx)
{
	for (size_t i = 0; i < x->nfns; i++)
		if (!strcmp(x->fns[i].name, name)) {
			*idx = i;
			return 0;
		}
	if (VEC_GROW(x->fns, x->cap, x->nfns, 32) < 0)
		return -ENOMEM;
	struct csite_fn *f = &x->fns[x->nfns];
	memset(f, 0, sizeof(*f));
	if (!(f->name = strdup(name)))
		return -ENOMEM;
	*idx = x->nfns++;
	return 0;
}

static void refuse(struct csite_exe *x, size_t fn, const char *why)
{
	if (!x->fns[fn].why)
		x->fns[fn].why = why;
}

static int range_cmp(const void *a, const void *b)
{
	const struct range *x = a, *y = b;

	return x->lo < y->lo ? -1 : x->lo > y->lo;
}

/* The range of V (sorted R, N of them) holding it, or NULL. */
static const struct range *range_at(const struct range *r, size_t n, uint64_t v)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (r[mid].lo <= v)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo && v < r[lo - 1].hi ? &r[lo - 1] : NULL;
}

/* The dynamic relocations: GOT slots by name; any but a JUMP_SLOT takes the address. */
static int read_relocs(struct scan *s)
{
	size_t relsz = gelf_fsize(s->elf, ELF_T_RELA, 1, EV_CURRENT);
	size_t symsz = gelf_fsize(s->elf, ELF_T_SYM, 1, EV_CURRENT);

	for (Elf_Scn *scn = NULL; relsz && symsz && (scn = elf_nextscn(s->elf, scn));) {
		GElf_Shdr sh, ssh;
		Elf_Scn *sscn;
		Elf_Data *d, *sd;
		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_RELA || !(sh.sh_flags & SHF_ALLOC) ||
		    !(sscn = elf_getscn(s->elf, sh.sh_link)) || !gelf_getshdr(sscn, &ssh) ||
		    !(d = elf_getdata(scn, NULL)) || !(sd = elf_getdata(sscn, NULL)))
			continue;
		for (size_t i = 0; i < d->d_size / relsz; i++) {
			GElf_Rela r;
			GElf_Sym sym;
			const char *name;
			size_t si, fn;
			if (!gelf_getrela(d, (int)i, &r) || !(si = GELF_R_SYM(r.r_info)) ||
			    si >= sd->d_size / symsz || !gelf_getsym(sd, (int)si, &sym) ||
			    sym.st_shndx != SHN_UNDEF ||
			    !(name = elf_strptr(s->elf, ssh.sh_link, sym.st_name)) || !*name)
				continue;
			if (fn_index(s->x, name, &fn) < 0 || VEC_GROW(s->slots, s->capslots, s->nslots, 64))
				return -ENOMEM;
			s->slots[s->nslots++] = (struct range){ r.r_offset, r.r_offset + 8, fn };
			if (GELF_R_TYPE(r.r_info) != R_X86_64_JUMP_SLOT)
				refuse(s->x, fn, "its address is taken (a relocation other than its PLT "
						 "slot's names it)");
		}
	}
	qsort(s->slots, s->nslots, sizeof(*s->slots), range_cmp);
	return 0;
}

/* elfr_syms: a non-PIE program's undefined function with a value (its canonical PLT entry),
 * or (.symtab) a function of an executable section. */
static int take_sym(void *arg, const GElf_Shdr *sh, size_t i, const GElf_Sym *sym,
		    const char *name)
{
	struct scan *s = arg;
	int type = GELF_ST_TYPE(sym->st_info);
	size_t fn;

	(void)i;
	if (sh->sh_type == SHT_DYNSYM) {
		if (sym->st_shndx == SHN_UNDEF && sym->st_value && *name &&
		    (type == STT_FUNC || type == STT_NOTYPE || type == STT_GNU_IFUNC)) {
			if (fn_index(s->x, name, &fn) < 0)
				return -ENOMEM;
			refuse(s->x, fn, "its address is taken (a canonical PLT entry)");
		}
		return 0;
	}
	if ((type != STT_FUNC && type != STT_GNU_IFUNC) || sym->st_shndx == SHN_UNDEF ||
	    sym->st_shndx >= SHN_LORESERVE)
		return 0;
	for (size_t k = 0; k < s->nsec; k++) {
		if (s->sec[k].idx != sym->st_shndx || s->sec[k].plt)
			continue;
		if (sym->st_value < s->sec[k].lo || sym->st_value >= s->sec[k].hi)
			return 0;
		if (VEC_GROW(s->funcs, s->capfuncs, s->nfuncs, 256))
			return -ENOMEM;
		uint64_t end = sym->st_value + sym->st_size;
		s->funcs[s->nfuncs++] = (struct range){
			.lo = sym->st_value,
			.hi = sym->st_size && end > sym->st_value && end <= s->sec[k].hi ? end : 0,
			.name = name, .code = s->sec[k].code + (sym->st_value - s->sec[k].lo),
			.fn = k,
		};
		return 0;
	}
	return 0;
}

/* The sections: executable ones (PLT entries apart) and whether there is a .symtab. */
static int read_sections(struct scan *s)
{
	size_t shstrndx;

	if (elf_getshdrstrndx(s->elf, &shstrndx) < 0)
		return -ENOEXEC;
	for (Elf_Scn *scn = NULL; (scn = elf_nextscn(s->elf, scn));) {
		GElf_Shdr sh;
		Elf_Data *d;
		if (!gelf_getshdr(scn, &sh))
			continue;
		if (sh.sh_type == SHT_SYMTAB)
			s->have_symtab = true;
		if (!(sh.sh_flags & SHF_EXECINSTR) || sh.sh_type != SHT_PROGBITS || !sh.sh_size)
			continue;
		if (s->nsec == sizeof(s->sec) / sizeof(s->sec[0]) || !(d = elf_getdata(scn, NULL)) ||
		    d->d_size != sh.sh_size)
			return -E2BIG;
		const char *name = elf_strptr(s->elf, shstrndx, sh.sh_name);
		bool plt = name && (!strcmp(name, ".plt") || !strcmp(name, ".plt.sec") ||
				    !strcmp(name, ".plt.got"));
		s->sec[s->nsec++] = (struct sec){ sh.sh_addr, sh.sh_addr + sh.sh_size, d->d_buf,
						  elf_ndxscn(scn), plt };
		if (plt) {
			s->plt_lo = sh.sh_addr < s->plt_lo ? sh.sh_addr : s->plt_lo;
			s->plt_hi = sh.sh_addr + sh.sh_size > s->plt_hi ? sh.sh_addr + sh.sh_size :
									  s->plt_hi;
		}
	}
	return 0;
}

/* Each PLT entry's `jmp *SLOT(%rip)` (after endbr64, bnd): the function whose slot it is. */
static int read_stubs(struct scan *s)
{
	for (size_t k = 0; k < s->nsec; k++) {
		if (!s->sec[k].plt)
			continue;
		GElf_Shdr sh;
		Elf_Scn *scn = elf_getscn(s->elf, s->sec[k].idx);
		uint64_t ent = scn && gelf_getshdr(scn, &sh) && sh.sh_entsize >= 8 ? sh.sh_entsize : 16;
		for (uint64_t a = s->sec[k].lo; a + ent <= s->sec[k].hi; a += ent) {
			const uint8_t *b = s->sec[k].code + (a - s->sec[k].lo);
			size_t i = 0;
			int32_t rel;
			if (b[0] == 0xf3 && b[1] == 0x0f && b[2] == 0x1e && b[3] == 0xfa)
				i = 4;
			if (b[i] == 0xf2)
				i++;
			if (i + 6 > ent || b[i] != 0xff || b[i + 1] != 0x25)
				continue;
			memcpy(&rel, b + i + 2, 4);
			const struct range *slot = range_at(s->slots, s->nslots, a + i + 6 + (int64_t)rel);
			if (!slot)
				continue;
			if (VEC_GROW(s->stubs, s->capstubs, s->nstubs, 64))
				return -ENOMEM;
			s->stubs[s->nstubs++] = (struct range){ a, a + ent, slot->fn };
		}
	}
	qsort(s->stubs, s->nstubs, sizeof(*s->stubs), range_cmp);
	return 0;
}

/* The call at ADDR (5 bytes) to function FN's PLT entry, in the function F: recorded with its
 * return probe (a vaddr here; file offsets at the end). */
static int take_call(struct scan *s, size_t fn, uint64_t addr, const struct range *f)
{
	struct csite_fn *c = &s->x->fns[fn];
	uint64_t r = addr + 5, probe = CSITE_NORET;
	const char *why;
	size_t skip;

	if (r < f->hi) {
		size_t n = f->hi - r < 32 ? (size_t)(f->hi - r) : 32;
		if (ksite_return(f->code + (r - f->lo), n, &skip, &why) < 0)
			refuse(s->x, fn, "a call whose return site the kernel would single-step");
		else
			probe = r + skip;
	}
	if (VEC_GROW(c->v, c->cap, c->n, 8) < 0 || VEC_GROW(s->calls, s->capcalls, s->ncalls, 256) < 0)
		return -ENOMEM;
	c->v[c->n++] = (struct csite_call){ addr, probe };
	s->calls[s->ncalls++] = addr;
	return 0;
}

/* What instruction IN of function F does with value V (an operand or an address it uses). */
static int check_ref(struct scan *s, const cs_insn *in, const struct range *f, uint64_t v,
		     bool imm)
{
	const struct range *r;

	if (v >= s->plt_lo && v < s->plt_hi && (r = range_at(s->stubs, s->nstubs, v))) {
		bool call = cs_insn_group(s->cs, in, CS_GRP_CALL);
		if (call && imm && in->size == 5 && in->bytes[0] == 0xe8 && v == r->lo)
			return take_call(s, r->fn, in->address, f);
		refuse(s->x, r->fn, call ? "a call to its PLT entry the kernel would not emulate" :
			cs_insn_group(s->cs, in, CS_GRP_JUMP) ? "a jump to its PLT entry (a tail call)" :
								"its PLT entry's address is taken");
	} else if ((r = range_at(s->slots, s->nslots, v))) {
		refuse(s->x, r->fn, "its GOT slot is read (a -fno-plt call, its address taken)");
	}
	return 0;
}

static bool padding(csh cs, const uint8_t *code, size_t n, uint64_t addr, cs_insn *in)
{
	size_t z = 0;

	while (z < n && !code[z])
		z++;
	if (z == n)
		return true;
	while (n && cs_disasm_iter(cs, &code, &n, &addr, in))
		if (in->id != X86_INS_NOP && in->id != X86_INS_INT3)
			return false;
	return !n;
}

/* Every function decoded from its start; the bytes between them must be padding. */
static int scan_code(struct scan *s)
{
	cs_insn *in = cs_malloc(s->cs);
	uint64_t total = 0;
	int err = 0;

	if (!in)
		return -ENOMEM;
	qsort(s->funcs, s->nfuncs, sizeof(*s->funcs), range_cmp);
	/* A function without a size runs to the next one or its section's end. */
	for (size_t i = 0; i < s->nfuncs; i++) {
		struct range *f = &s->funcs[i];
		uint64_t end = s->sec[f->fn].hi;
		for (size_t j = i + 1; j < s->nfuncs && !f->hi; j++)
			if (s->funcs[j].lo > f->lo) {
				end = s->funcs[j].lo < end ? s->funcs[j].lo : end;
				break;
			}
		if (!f->hi)
			f->hi = end;
	}
	for (size_t k = 0; k < s->nsec && !err && !s->x->why; k++) {
		uint64_t pos = s->sec[k].lo;
		for (size_t i = 0; i <= s->nfuncs && !s->x->why; i++) {
			const struct range *f = i < s->nfuncs ? &s->funcs[i] : NULL;
			if (f && f->fn != k)
				continue;
			uint64_t lo = f ? f->lo : s->sec[k].hi;
			if (!s->sec[k].plt && lo > pos &&
			    !padding(s->cs, s->sec[k].code + (pos - s->sec[k].lo), lo - pos, pos, in))
				s->x->why = "code outside every function symbol";
			if (!f)
				break;
			pos = f->hi > pos ? f->hi : pos;
			if (i && f->lo == s->funcs[i - 1].lo)
				continue; /* an alias */
			if ((total += f->hi - f->lo) > MAX_CODE) {
				s->x->why = "more code than is scanned (64 MiB)";
				break;
			}
			const uint8_t *code = f->code;
			size_t left = f->hi - f->lo;
			uint64_t addr = f->lo;
			while (left && !err && cs_disasm_iter(s->cs, &code, &left, &addr, in)) {
				const cs_x86 *x = &in->detail->x86;
				for (uint8_t o = 0; o < x->op_count && !err; o++) {
					const cs_x86_op *op = &x->operands[o];
					if (op->type == X86_OP_IMM)
						err = check_ref(s, in, f, (uint64_t)op->imm, true);
					else if (op->type == X86_OP_MEM && op->mem.base == X86_REG_RIP)
						err = check_ref(s, in, f, in->address + in->size +
									  (uint64_t)op->mem.disp,
								false);
					else if (op->type == X86_OP_MEM && !op->mem.base && !op->mem.index)
						err = check_ref(s, in, f, (uint64_t)op->mem.disp, false);
				}
			}
			if (left && !err)
				s->x->why = "code the disassembler does not decode";
		}
	}
	cs_free(in, 1);
	return err;
}

static int u64_cmp(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* Return probes on some call's site refused; addresses made file offsets. */
static void finish(struct scan *s)
{
	qsort(s->calls, s->ncalls, sizeof(*s->calls), u64_cmp);
	for (size_t i = 0; i < s->x->nfns; i++) {
		struct csite_fn *c = &s->x->fns[i];
		for (size_t k = 0; k < c->n; k++) {
			struct csite_call *v = &c->v[k];
			uint64_t off;
			if (v->ret != CSITE_NORET &&
			    bsearch(&v->ret, s->calls, s->ncalls, sizeof(*s->calls), u64_cmp))
				refuse(s->x, i, "a return site that is also a call's site");
			if (elfr_vaddr_off(s->elf, v->call, &off, NULL) < 0)
				refuse(s->x, i, "a call in no segment");
			v->call = off;
			if (v->ret == CSITE_NORET)
				continue;
			if (elfr_vaddr_off(s->elf, v->ret, &off, NULL) < 0)
				refuse(s->x, i, "a return site in no segment");
			v->ret = off;
		}
	}
}

static int scan(struct csite_exe *x)
{
	struct elf_file ef;
	struct scan s = { .x = x, .plt_lo = UINT64_MAX };
	GElf_Ehdr eh;
	int err = elfr_open(x->path, &ef);

	if (err < 0) {
		x->why = "not an ELF file that can be read";
		return 0;
	}
	s.elf = ef.elf;
	if (!gelf_getehdr(s.elf, &eh) || eh.e_machine != EM_X86_64)
		x->why = "not an x86-64 program";
	else if (!uprobe_disasm(&s.cs))
		x->why = "no disassembler (capstone)";
	else if ((err = read_sections(&s)) < 0)
		x->why = err == -E2BIG ? "too many executable sections" : "no section headers";
	else if (!s.have_symtab)
		x->why = "no symbol table (stripped)";
	err = 0;
	if (!x->why && !(err = read_relocs(&s)) && !(err = read_stubs(&s)) &&
	    !(err = elfr_syms(s.elf, ELFR_DYNSYM | ELFR_SYMTAB, take_sym, &s)) &&
	    !(err = scan_code(&s)))
		finish(&s);
	free(s.stubs);
	free(s.slots);
	free(s.funcs);
	free(s.calls);
	elfr_close(&ef);
	return err;
}

static void exe_free(struct csite_exe *x)
{
	for (size_t i = 0; x && i < x->nfns; i++) {
		free((char *)x->fns[i].name);
		free(x->fns[i].v);
	}
	if (x) {
		free(x->fns);
		free(x->path);
	}
	free(x);
}

const struct csite_exe *csite_scan(const char *path)
{
	for (size_t i = 0; i < ncache; i++)
		if (!strcmp(cache[i]->path, path))
			return cache[i];
	struct csite_exe *x = calloc(1, sizeof(*x));
	if (!x || !(x->path = strdup(path)) || VEC_GROW(cache, capcache, ncache, 4) < 0 ||
	    scan(x) < 0) {
		exe_free(x);
		return NULL;
	}
	cache[ncache++] = x;
	return x;
}

const struct csite_fn *csite_find(const struct csite_exe *x, const char *name)
{
	for (size_t i = 0; x && i < x->nfns; i++)
		if (!strcmp(x->fns[i].name, name))
			return &x->fns[i];
	return NULL;
}

void csite_free_all(void)
{
	for (size_t i = 0; i < ncache; i++)
		exe_free(cache[i]);
	free(cache);
	cache = NULL;
	ncache = capcache = 0;
}
