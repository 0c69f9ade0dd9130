// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Prototypes from DWARF (libdw), for objects built with debug info.
 *
 * The function is found by address, not by name: the address of the symbol lttrace attached to
 * selects the CU (aranges, else a walk over every CU's ranges) and then the subprogram whose
 * entry pc is that address (else whose ranges hold it).  That DIE is often only the concrete
 * out-of-line instance: its DW_AT_abstract_origin, and a DW_AT_specification after that, lead
 * to the DIE that carries the declared parameters, which is what we describe.
 *
 * Types map to ltrace's: integers by encoding and size, float/double, char* -> string, every
 * other pointer (and C++ references) -> addr, enums -> enum lens with their enumerators.  A
 * struct, union or long double passed or returned by value has no faithful register mapping
 * here, so such a function gets no DWARF prototype (the built-in table or the fallback then
 * speaks for it).  Damaged DWARF is just "no prototype": every libdw call is checked and chains
 * (typedef loops, origin loops) are bounded.  Results, negative ones included, are cached per
 * object file and address for the whole run.
 */
#include <dwarf.h>
#include <elfutils/libdw.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "proto/proto-int.h"

#define NCACHE 256

struct dent {
	uint64_t vaddr;
	const struct lt_proto *p;
	struct dent *next;
};

struct dobj {
	char *path;
	int fd;
	Dwarf *dw; /* NULL: no usable debug info */
	struct dent *ents[NCACHE];
	struct dobj *next;
};

static struct dobj *objs;

static struct dobj *dobj_get(const char *path)
{
	for (struct dobj *o = objs; o; o = o->next)
		if (!strcmp(o->path, path))
			return o;
	struct dobj *o = calloc(1, sizeof(*o));
	if (!o)
		return NULL;
	o->path = strdup(path);
	if (!o->path) {
		free(o);
		return NULL;
	}
	o->fd = open(path, O_RDONLY | O_CLOEXEC);
	if (o->fd >= 0) {
		o->dw = dwarf_begin(o->fd, DWARF_C_READ);
		if (!o->dw) {
			close(o->fd);
			o->fd = -1;
		}
	}
	o->next = objs;
	objs = o;
	return o;
}

/* Strip typedefs and qualifiers; NULL for void (no type). */
static Dwarf_Die *strip(Dwarf_Die *die, Dwarf_Die *mem)
{
	for (int i = 0; die && i < 32; i++) {
		int tag = dwarf_tag(die);
		if (tag != DW_TAG_typedef && tag != DW_TAG_const_type &&
		    tag != DW_TAG_volatile_type && tag != DW_TAG_restrict_type &&
		    tag != DW_TAG_atomic_type)
			return die;
		Dwarf_Attribute a;
		if (!dwarf_attr_integrate(die, DW_AT_type, &a) || !dwarf_formref_die(&a, mem))
			return NULL;
		die = mem;
	}
	return NULL;
}

static Dwarf_Die *type_of(Dwarf_Die *die, Dwarf_Die *mem)
{
	Dwarf_Attribute a;

	if (!dwarf_attr_integrate(die, DW_AT_type, &a) || !dwarf_formref_die(&a, mem))
		return NULL;
	return mem;
}

static struct lt_type *int_kind(Dwarf_Word size, bool sign)
{
	switch (size) {
	case 1:
		return lt_type_simple(LT_CHAR);
	case 2:
		return lt_type_simple(sign ? LT_SHORT : LT_USHORT);
	case 4:
		return lt_type_simple(sign ? LT_INT : LT_UINT);
	case 8:
		return lt_type_simple(sign ? LT_LONG : LT_ULONG);
	}
	return NULL;
}

static struct lt_type *addr_type(void)
{
	static struct lt_type vp, v = { .kind = LT_VOID };

	vp.kind = LT_PTR;
	vp.sub = &v;
	return &vp;
}

static struct lt_type *string_type(void)
{
	static struct lt_expr zero = { .kind = X_ZERO };
	static struct lt_type arr = { .kind = LT_ARRAY, .len = &zero }, p;

	arr.sub = lt_type_simple(LT_CHAR);
	p.kind = LT_PTR;
	p.sub = &arr;
	p.lens = LENS_STRING;
	return &p;
}

/* The lt_type for DIE's type; *bad when it cannot be described (by-value aggregates, ...).
 * NULL with !*bad: void. */
static struct lt_type *map_type(Dwarf_Die *t, bool *bad)
{
	Dwarf_Die mem, smem;
	Dwarf_Word size = 0, enc = 0;
	Dwarf_Attribute a;

	t = strip(t, &smem);
	if (!t)
		return NULL; /* void (or a typedef chain that ends nowhere: void too) */
	int tag = dwarf_tag(t);
	if (dwarf_attr_integrate(t, DW_AT_byte_size, &a))
		dwarf_formudata(&a, &size);
	switch (tag) {
	case DW_TAG_base_type: {
		if (dwarf_attr_integrate(t, DW_AT_encoding, &a))
			dwarf_formudata(&a, &enc);
		if (enc == DW_ATE_float) {
			if (size == 4)
				return lt_type_simple(LT_FLOAT);
			if (size == 8)
				return lt_type_simple(LT_DOUBLE);
			break;
		}
		bool sign = enc == DW_ATE_signed || enc == DW_ATE_signed_char;
		if (enc == DW_ATE_boolean) {
			struct lt_type *b = int_kind(size, false);
			if (!b)
				break;
			struct lt_type *bt = lt_type_new(b->kind);
			bt->lens = LENS_BOOL;
			return bt;
		}
		struct lt_type *r = int_kind(size, sign);
		if (r)
			return r;
		break;
	}
	case DW_TAG_pointer_type: {
		Dwarf_Die *p = type_of(t, &mem);
		Dwarf_Die pm;
		p = p ? strip(p, &pm) : NULL;
		if (p && dwarf_tag(p) == DW_TAG_base_type) {
			Dwarf_Word psz = 0, penc = 0;
			if (dwarf_attr_integrate(p, DW_AT_byte_size, &a))
				dwarf_formudata(&a, &psz);
			if (dwarf_attr_integrate(p, DW_AT_encoding, &a))
				dwarf_formudata(&a, &penc);
			if (psz == 1 && (penc == DW_ATE_signed_char || penc == DW_ATE_unsigned_char))
				return string_type();
		}
		return addr_type();
	}
	case DW_TAG_reference_type:
	case DW_TAG_rvalue_reference_type:
	case DW_TAG_ptr_to_member_type:
		return addr_type();
	case DW_TAG_enumeration_type: {
		struct lt_type *base = int_kind(size ? size : 4, true);
		Dwarf_Die *u = type_of(t, &mem);
		if (u) {
			bool b2 = false;
			struct lt_type *ut = map_type(u, &b2);
			if (ut && !b2 && ut->kind != LT_PTR)
				base = ut;
		}
		if (!base || base->kind == LT_FLOAT || base->kind == LT_DOUBLE)
			break;
		struct lt_type *e = lt_type_new(base->kind);
		e->lens = LENS_ENUM;
		Dwarf_Die c;
		int cap = 0;
		if (dwarf_child(t, &c) == 0) {
			do {
				if (dwarf_tag(&c) != DW_TAG_enumerator || e->nev >= 4096)
					continue;
				const char *nm = dwarf_diename(&c);
				Dwarf_Sword sv = 0;
				if (!nm || !dwarf_attr(&c, DW_AT_const_value, &a) ||
				    dwarf_formsdata(&a, &sv) != 0)
					continue;
				if (e->nev == cap) {
					cap = cap ? 2 * cap : 16;
					struct lt_enumv *n = realloc(e->ev, cap * sizeof(*n));
					if (!n)
						break;
					e->ev = n;
				}
				e->ev[e->nev].name = strdup(nm);
				if (!e->ev[e->nev].name)
					break;
				e->ev[e->nev].val = sv;
				e->nev++;
			} while (dwarf_siblingof(&c, &c) == 0);
		}
		return e;
	}
	default:
		break;
	}
	*bad = true;
	return NULL;
}

/* Follow abstract_origin / specification to the DIE that declares the parameters. */
static Dwarf_Die *origin(Dwarf_Die *die, Dwarf_Die *mem)
{
	for (int i = 0; i < 8; i++) {
		Dwarf_Attribute a;
		if (!dwarf_attr(die, DW_AT_abstract_origin, &a) &&
		    !dwarf_attr(die, DW_AT_specification, &a))
			return die;
		if (!dwarf_formref_die(&a, mem))
			return die;
		die = mem;
	}
	return die;
}

static bool has_params(Dwarf_Die *die)
{
	Dwarf_Die c;

	if (dwarf_child(die, &c) != 0)
		return false;
	do
		if (dwarf_tag(&c) == DW_TAG_formal_parameter)
			return true;
	while (dwarf_siblingof(&c, &c) == 0);
	return false;
}

static const struct lt_proto *build(Dwarf_Die *fn, const char *name, const char *path)
{
	Dwarf_Die omem, tmem;
	bool bad = false;
	/* The concrete DIE's parameters when it has its own, else the origin's. */
	Dwarf_Die *decl = has_params(fn) ? fn : origin(fn, &omem);
	Dwarf_Die *rt = type_of(fn, &tmem);
	struct lt_type *ret = rt ? map_type(rt, &bad) : NULL;
	if (bad)
		return NULL;
	struct lt_proto *p = calloc(1, sizeof(*p));
	if (!p)
		return NULL;
	p->ret = ret ? ret : lt_type_simple(LT_VOID);
	const char *nm = name ? name : dwarf_diename(fn);
	p->name = strdup(nm ? nm : "?");
	p->origin = path;
	int cap = 0;
	Dwarf_Die c;
	if (dwarf_child(decl, &c) == 0) {
		do {
			if (dwarf_tag(&c) != DW_TAG_formal_parameter)
				continue;
			if (p->nparams >= 32)
				goto fail;
			Dwarf_Die pm;
			Dwarf_Die *pt = type_of(&c, &pm);
			struct lt_type *t = pt ? map_type(pt, &bad) : NULL;
			if (bad || !t)
				goto fail;
			if (p->nparams == cap) {
				cap = cap ? 2 * cap : 8;
				struct lt_param *n = realloc(p->params, cap * sizeof(*n));
				if (!n)
					goto fail;
				p->params = n;
			}
			p->params[p->nparams++] = (struct lt_param){ .t = t };
		} while (dwarf_siblingof(&c, &c) == 0);
	}
	p->stop = p->nparams;
	return p;
fail:
	free(p->params);
	free((char *)p->name);
	free(p);
	return NULL;
}

struct find {
	uint64_t vaddr;
	Dwarf_Die die;
	bool exact, found;
};

static int func_cb(Dwarf_Die *die, void *arg)
{
	struct find *f = arg;
	Dwarf_Addr lo;

	if (dwarf_entrypc(die, &lo) == 0 && lo == f->vaddr) {
		f->die = *die;
		f->found = f->exact = true;
		return DWARF_CB_ABORT;
	}
	if (!f->found && dwarf_haspc(die, f->vaddr) > 0) {
		f->die = *die;
		f->found = true;
	}
	return DWARF_CB_OK;
}

static bool find_in_cu(Dwarf_Die *cu, struct find *f)
{
	dwarf_getfuncs(cu, func_cb, f, 0);
	return f->found;
}

static const struct lt_proto *lookup(struct dobj *o, uint64_t vaddr, const char *name)
{
	struct find f = { .vaddr = vaddr };
	Dwarf_Die cu;

	if (dwarf_addrdie(o->dw, vaddr, &cu) && find_in_cu(&cu, &f))
		return build(&f.die, name, o->path);
	/* No aranges for it: walk the CUs whose ranges hold the address. */
	Dwarf_Off off = 0, next;
	size_t hsize;
	for (int n = 0; n < 100000 && dwarf_nextcu(o->dw, off, &next, &hsize, NULL, NULL, NULL) == 0;
	     n++, off = next) {
		if (!dwarf_offdie(o->dw, off + hsize, &cu) || dwarf_haspc(&cu, vaddr) <= 0)
			continue;
		if (find_in_cu(&cu, &f))
			return build(&f.die, name, o->path);
	}
	return NULL;
}

const struct lt_proto *lt_proto_dwarf(const char *path, uint64_t vaddr, const char *name)
{
	if (!path)
		return NULL;
	struct dobj *o = dobj_get(path);
	if (!o || !o->dw)
		return NULL;
	unsigned int h = (unsigned int)((vaddr >> 4) ^ (vaddr >> 12)) % NCACHE;
	for (struct dent *e = o->ents[h]; e; e = e->next)
		if (e->vaddr == vaddr)
			return e->p;
	const struct lt_proto *p = lookup(o, vaddr, name);
	struct dent *e = calloc(1, sizeof(*e));
	if (e) {
		e->vaddr = vaddr;
		e->p = p;
		e->next = o->ents[h];
		o->ents[h] = e;
	}
	return p;
}
