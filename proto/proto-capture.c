// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * What a probe that cannot read memory later (a BPF program, at the hit) must copy for the
 * printers of a prototype (proto.h, lt_proto_capture): the bytes each pointer in an integer
 * register points at — a string (-s + 1 bytes), an array (-A + 1 elements), the pointee of
 * another pointer — at the entry, or at the return for an out argument (`+`) and for the
 * return value; every register of a printf pack as a string; the stack words of stack
 * arguments.  Anything the printers need beyond that (pointers inside structs, int ***, xmm
 * registers) is not captured: it is named (deep, odeep, xargs, xpack, xret) for a backend
 * that can hold the thread while it reads them.  Used by lttrace --bpf and sttrace --bpf
 * -e uprobe=/uretprobe=.
 */
#include <errno.h>
#include <string.h>

#include "proto/proto-int.h"

/* The bytes pointer type T points at, as the printers will read them. */
static void cap_for(const struct lt_type *t, bool out, const struct lt_capopts *o,
		    uint8_t *cap, uint16_t *len)
{
	const struct lt_type *sub = t->sub;
	size_t n, s = (size_t)o->strsize + 1;
	bool str = false;

	if (!sub)
		return;
	if (sub->kind == LT_ARRAY && sub->sub) {
		size_t esz = lt_type_size(sub->sub);
		str = esz == 1 && sub->len && sub->len->kind == X_ZERO;
		n = esz == 1 ? s : esz * ((size_t)o->arraylen + 1);
	} else if (sub->kind == LT_CHAR) {
		str = true;
		n = s;
	} else {
		n = lt_type_size(sub);
	}
	if (!n)
		return;
	*len = (uint16_t)(n > o->capmax ? o->capmax : n);
	*cap = str ? (out ? LT_CAPK_OSTR : LT_CAPK_STR) : (out ? LT_CAPK_OBUF : LT_CAPK_BUF);
}

/* A pointer the printers follow (a void * prints as a number). */
static bool derefs(const struct lt_type *t)
{
	return t->kind == LT_PTR && t->sub && t->sub->kind != LT_VOID;
}

/* Does a value of type T hold, in its own bytes (fields, elements: no pointer followed), a
 * float (FLOATS) or a pointer the printers follow? */
static bool type_holds(const struct lt_type *t, bool floats)
{
	if (!t)
		return false;
	switch (t->kind) {
	case LT_FLOAT:
	case LT_DOUBLE:
		return floats;
	case LT_PTR:
		return !floats && derefs(t);
	case LT_ARRAY:
		return type_holds(t->sub, floats);
	case LT_STRUCT:
		for (int i = 0; i < t->nfields; i++)
			if (type_holds(t->fields[i], floats))
				return true;
		return false;
	default:
		return false;
	}
}

/* Would printing a value of type T (in register or stack word REG, else in memory) follow a
 * pointer to memory that no copy holds? */
static bool follows_uncopied(const struct lt_type *t, bool reg)
{
	if (t->kind == LT_PTR)
		return derefs(t) && (!reg || type_holds(t->sub, false));
	return type_holds(t, false);
}

/* Is parameter K the format of P's printf pack? */
static bool is_format(const struct lt_proto *p, int k)
{
	for (int i = k + 1; i < p->nparams; i++)
		if (p->params[i].pack && p->params[i].fmt_arg == k)
			return true;
	return false;
}

/* What only a held thread can give: xmm registers, memory behind the copies. */
static void capture_held(const struct lt_proto *p, struct lt_capture *c)
{
	int gi = p->ret->kind == LT_STRUCT && lt_type_size(p->ret) > 16;

	for (int k = 0; k < p->nparams; k++) {
		const struct lt_type *t = p->params[k].t;
		bool out = k >= p->stop;
		if (p->params[k].pack) {
			c->xpack = true;
			break;
		}
		size_t words = t->kind == LT_STRUCT ? (lt_type_size(t) + 7) / 8 : 1;
		bool mem = t->kind == LT_STRUCT && lt_type_size(t) > 16;
		if (type_holds(t, true) && !mem)
			c->xargs = true;
		if (type_holds(t, true) || t->kind == LT_VOID)
			continue;
		bool reg = !mem && gi + (int)words <= LT_CAP_NREGS;
		gi += mem ? 0 : (int)words;
		if (follows_uncopied(t, reg) || (mem && type_holds(t, false))) {
			c->odeep |= out;
			c->deep |= !out;
		}
	}
	const struct lt_type *r = p->ret;
	c->xret = r->kind == LT_FLOAT || r->kind == LT_DOUBLE ||
		  (r->kind == LT_STRUCT && lt_type_size(r) <= 16 && type_holds(r, true));
	if (r->kind != LT_VOID && follows_uncopied(r, true))
		c->odeep = true;
}

void lt_proto_capture(const struct lt_proto *p, const struct lt_capopts *o, struct lt_capture *c)
{
	if (!p)
		p = lt_proto_unknown();
	memset(c, 0, sizeof(*c));
	int slots = lt_proto_nslots(p);
	c->nstk = slots > LT_CAP_NREGS ? slots - LT_CAP_NREGS : 0;
	int gi = p->ret->kind == LT_STRUCT && lt_type_size(p->ret) > 16;
	for (int k = 0; k < p->nparams && gi < LT_CAP_NREGS; k++) {
		const struct lt_type *t = p->params[k].t;
		if (p->params[k].pack) {
			for (; gi < LT_CAP_NREGS; gi++) {
				c->kind[gi] = LT_CAPK_STR;
				c->len[gi] = (uint16_t)(o->strsize + 1 > o->capmax ? o->capmax :
							o->strsize + 1);
			}
			break;
		}
		size_t words = t->kind == LT_STRUCT ? (lt_type_size(t) + 7) / 8 : 1;
		if ((t->kind == LT_STRUCT && lt_type_size(t) > 16) || t->kind == LT_FLOAT ||
		    t->kind == LT_DOUBLE || t->kind == LT_VOID)
			continue;
		if (gi + (int)words > LT_CAP_NREGS)
			break;
		if (t->kind == LT_PTR)
			cap_for(t, k >= p->stop, o, &c->kind[gi], &c->len[gi]);
		/* A printf pack's format is read whole (its conversions name the arguments). */
		if (c->kind[gi] == LT_CAPK_STR && is_format(p, k))
			c->len[gi] = (uint16_t)o->capmax;
		gi += (int)words;
	}
	size_t rsz = lt_type_size(p->ret);
	if (p->ret->kind == LT_PTR) {
		cap_for(p->ret, true, o, &c->kind[LT_CAP_NREGS], &c->len[LT_CAP_NREGS]);
	} else if (p->ret->kind == LT_STRUCT && rsz > 16) {
		/* Returned in memory: rax holds its address at the return. */
		c->kind[LT_CAP_NREGS] = LT_CAPK_OBUF;
		c->len[LT_CAP_NREGS] = (uint16_t)(rsz > o->capmax ? o->capmax : rsz);
	}
	for (int k = 0; k < p->nparams && !c->fregs; k++)
		c->fregs = p->params[k].pack || p->params[k].t->kind == LT_FLOAT ||
			   p->params[k].t->kind == LT_DOUBLE || p->params[k].t->kind == LT_STRUCT;
	c->fret = p->ret->kind == LT_FLOAT || p->ret->kind == LT_DOUBLE ||
		  p->ret->kind == LT_STRUCT;
	capture_held(p, c);
}

/*
 * Floating-point registers cost a PTRACE_GETFPREGS at entry and at return: read them only for
 * prototypes that can print a float (a float or struct by value, a printf pack).
 */
bool lt_proto_needs_fregs(const struct lt_proto *p)
{
	struct lt_capture c;
	struct lt_capopts o = { 0 };

	if (!p)
		return false;
	lt_proto_capture(p, &o, &c);
	return c.fregs || c.fret;
}

int lt_regions_read(const struct lt_region *r, int n, uint64_t addr, void *buf, size_t len)
{
	for (int i = n; i-- > 0;) {
		if (addr < r[i].addr || addr >= r[i].addr + r[i].len)
			continue;
		size_t avail = r[i].addr + r[i].len - addr;
		if (len <= avail) {
			memcpy(buf, r[i].data + (addr - r[i].addr), len);
			return 0;
		}
		if (r[i].str) {
			/* The string ends inside: what follows its NUL is never looked at. */
			memcpy(buf, r[i].data + (addr - r[i].addr), avail);
			memset((uint8_t *)buf + avail, 0, len - avail);
			return 0;
		}
	}
	return -EFAULT;
}
