// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Where the arguments are (x86_64 SysV), the printf pack, and the entry points of proto.h that
 * print.  Every print call fetches the arguments afresh from the registers saved at entry (the
 * core keeps one lt_vctx per call), so the entry-time and return-time halves agree on which
 * register holds what; memory is read at print time.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/user.h>

#include "proto/proto-int.h"

struct cursor {
	int gi, fi;   /* integer and sse registers used */
	uint64_t stk; /* next stack slot, from sp+8 */
	bool stack_ok;
};

/* Copy N bytes of the stack argument area at the cursor. */
static bool from_stack(struct pctx *pc, struct cursor *c, uint8_t *b, size_t n)
{
	size_t words = (n + 7) / 8;
	bool ok = lt_rd(pc, pc->v->sp + 8 + c->stk, b, n) == n;

	c->stk += words * 8;
	return ok;
}

static bool is_sse(enum lt_kind k)
{
	return k == LT_FLOAT || k == LT_DOUBLE;
}

/* Does every scalar of T that overlaps [lo, hi) (T at offset BASE) live in an sse class? */
static bool all_sse(const struct lt_type *t, size_t base, size_t lo, size_t hi)
{
	size_t sz = lt_type_size(t);

	if (base + sz <= lo || base >= hi || sz == 0)
		return true;
	switch (t->kind) {
	case LT_STRUCT: {
		size_t off = 0;
		for (int i = 0; i < t->nfields; i++) {
			size_t a = lt_type_align(t->fields[i]);
			off = (off + a - 1) / a * a;
			if (!all_sse(t->fields[i], base + off, lo, hi))
				return false;
			off += lt_type_size(t->fields[i]);
		}
		return true;
	}
	case LT_ARRAY: {
		size_t esz = lt_type_size(t->sub);
		for (size_t off = 0; esz && off < sz; off += esz)
			if (!all_sse(t->sub, base + off, lo, hi))
				return false;
		return true;
	}
	default:
		return is_sse(t->kind);
	}
}

static void fetch_one(struct pctx *pc, struct cursor *c, const struct lt_type *t, struct fval *f)
{
	struct lt_vctx *v = pc->v;
	size_t sz = lt_type_size(t);

	f->t = t;
	f->ok = true;
	memset(f->b, 0, sizeof(f->b));
	if (sz > sizeof(f->b)) {
		f->ok = false;
		c->stk += (sz + 7) / 8 * 8;
		return;
	}
	if (t->kind == LT_STRUCT) {
		size_t n8 = (sz + 7) / 8;
		int ni = 0, nf = 0;
		bool sse[2] = { false, false };
		if (sz <= 16) {
			for (size_t k = 0; k < n8; k++) {
				sse[k] = all_sse(t, 0, k * 8, k * 8 + 8);
				sse[k] ? nf++ : ni++;
			}
		}
		if (sz > 16 || c->gi + ni > 6 || c->fi + nf > 8 || (nf && !v->have_fregs)) {
			if (sz <= 16 && nf && !v->have_fregs && c->fi + nf <= 8) {
				f->ok = false;
				c->gi += ni;
				c->fi += nf;
				return;
			}
			f->ok = from_stack(pc, c, f->b, sz);
			return;
		}
		for (size_t k = 0; k < n8; k++) {
			size_t n = sz - k * 8 < 8 ? sz - k * 8 : 8;
			if (sse[k])
				memcpy(f->b + k * 8, &v->fregs[c->fi++], n);
			else
				memcpy(f->b + k * 8, &v->iregs[c->gi++], n);
		}
		return;
	}
	if (is_sse(t->kind)) {
		if (c->fi < 8) {
			if (v->have_fregs)
				memcpy(f->b, &v->fregs[c->fi], 8);
			else
				f->ok = false;
			c->fi++;
			return;
		}
		f->ok = from_stack(pc, c, f->b, 8);
		return;
	}
	if (t->kind == LT_VOID)
		return;
	if (c->gi < 6) {
		memcpy(f->b, &v->iregs[c->gi++], 8);
		return;
	}
	f->ok = from_stack(pc, c, f->b, 8);
}

static struct lt_type *simple_lens(enum lt_kind k, enum lt_lens lens)
{
	static struct lt_type t[LT_DOUBLE + 1][3];
	int i = lens == LENS_HEX ? 1 : lens == LENS_OCT ? 2 : 0;

	t[k][i].kind = k;
	t[k][i].lens = i ? lens : LENS_NONE;
	return &t[k][i];
}

/* The printf pack (ltrace's printf.c): one argument per conversion of the format string. */
static void fetch_pack(struct pctx *pc, struct cursor *c, int fmt_arg)
{
	static const enum lt_kind ints[] = { LT_CHAR, LT_SHORT, LT_INT, LT_LONG, LT_ULONG };
	static const enum lt_kind uints[] = { LT_CHAR, LT_USHORT, LT_UINT, LT_ULONG, LT_ULONG };
	char fs[1024];

	if (fmt_arg >= pc->nargs || !pc->args[fmt_arg].ok)
		return;
	uint64_t a = lt_word(pc->args[fmt_arg].t, pc->args[fmt_arg].b);
	if (!a)
		return;
	size_t n = lt_rd(pc, a, fs, sizeof(fs) - 1);
	fs[n] = 0;
	const char *end = fs + strnlen(fs, n);
	bool percent = false, have_future = false;
	long future = 0;
	int hlf = 0, lng = 0, npack = 0;
	char lenbuf[25];
	size_t lenlen = 0;

	for (const char *p = fs; p < end && pc->nargs < MAXARGS; p++) {
		if (!percent) {
			if (*p == '%') {
				percent = true;
				hlf = lng = 0;
				lenlen = 0;
			}
			continue;
		}
		enum lt_kind k = LT_VOID;
		enum lt_lens lens = LENS_NONE;
		bool str = false, ptr = false, star = false;
		switch (*p) {
		case '#': case ' ': case '-': case '+': case 'I': case '\'':
			continue;
		case '*':
			have_future = true;
			star = true;
			k = LT_INT;
			break;
		case '0': case '1': case '2': case '3': case '4':
		case '5': case '6': case '7': case '8': case '9':
			if (lenlen < sizeof(lenbuf) - 1)
				lenbuf[lenlen++] = *p;
			continue;
		case 'h':
			hlf += hlf < 2;
			continue;
		case 'l':
			lng += lng < 2;
			continue;
		case 'q': case 'j':
			lng = 2;
			continue;
		case 'L': case 't': case 'Z': case 'z':
			lng = 1;
			continue;
		case 'd': case 'i':
			k = ints[2 + lng - hlf];
			percent = false;
			break;
		case 'o':
			lens = LENS_OCT;
			k = uints[2 + lng - hlf];
			percent = false;
			break;
		case 'x': case 'X':
			lens = LENS_HEX;
			/* fall through */
		case 'u':
			k = uints[2 + lng - hlf];
			percent = false;
			break;
		case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case 'a': case 'A':
			k = LT_DOUBLE;
			percent = false;
			break;
		case 'C': case 'c':
			k = LT_CHAR;
			percent = false;
			break;
		case 'S': case 's':
			str = true;
			percent = false;
			break;
		case 'p': case 'n':
			ptr = true;
			percent = false;
			break;
		case 'm': case '%':
			percent = false;
			continue;
		default:
			continue;
		}
		struct lt_type *t;
		if (str || ptr) {
			struct lt_type *tp = &pc->pack_t[npack][0], *ta = &pc->pack_t[npack][1];
			memset(pc->pack_t[npack], 0, sizeof(pc->pack_t[npack]));
			tp->kind = LT_PTR;
			tp->sub = ta;
			if (ptr) {
				ta->kind = LT_VOID;
			} else {
				struct lt_expr *z = &pc->pack_x[npack][0], *m = &pc->pack_x[npack][1];
				*z = (struct lt_expr){ .kind = X_ZERO };
				if (have_future || lenlen) {
					lenbuf[lenlen] = 0;
					*m = (struct lt_expr){ .kind = X_CONST,
							       .n = have_future ? future
									       : atol(lenbuf) };
					z->max = m;
					have_future = false;
				}
				ta->kind = LT_ARRAY;
				ta->sub = lt_type_simple(LT_CHAR);
				ta->len = z;
				tp->lens = LENS_STRING;
			}
			npack++;
			t = tp;
		} else {
			t = simple_lens(k, lens);
		}
		struct fval *f = &pc->args[pc->nargs++];
		fetch_one(pc, c, t, f);
		if (star) {
			future = f->ok ? (long)(int)lt_word(t, f->b) : 0;
			if (future < 0)
				future = 0;
		}
	}
}

/*
 * A context for one printing (about 20 KB): the same one each time, as printing is not
 * reentered; a fresh one only if it ever were.
 */
static struct pctx pctx_one;
static bool pctx_busy;

static struct pctx *pctx_get(void)
{
	if (pctx_busy)
		return calloc(1, sizeof(struct pctx));
	pctx_busy = true;
	return &pctx_one;
}

static void pctx_put(struct pctx *pc)
{
	if (pc == &pctx_one)
		pctx_busy = false;
	else
		free(pc);
}

/* Fetch every argument of P (the fallback when NULL) into PC. */
static void fetch_all(struct pctx *pc, const struct lt_proto *p, struct lt_vctx *v,
		      struct strbuf *sb, bool at_ret)
{
	struct cursor c = { 0 };

	/* Only the counters: fetch_one fills every fval it hands out, and the pointer stack and
	 * struct context are used below their counts.  Clearing the 7 KB of args per line was
	 * the biggest single cost of printing a call. */
	pc->nargs = 0;
	pc->nptrs = 0;
	pc->st = NULL;
	pc->stb = NULL;
	pc->v = v;
	pc->sb = sb;
	pc->at_ret = at_ret;
	if (!p)
		p = lt_proto_unknown();
	/* A struct returned in memory: its address goes in rdi. */
	if (p->ret->kind == LT_STRUCT && lt_type_size(p->ret) > 16)
		c.gi = 1;
	pc->stop = -1;
	for (int i = 0; i < p->nparams && pc->nargs < MAXARGS; i++) {
		if (i == p->stop)
			pc->stop = pc->nargs;
		if (p->params[i].pack) {
			fetch_pack(pc, &c, p->params[i].fmt_arg);
			continue;
		}
		const struct lt_type *t = p->params[i].t;
		if (t->kind == LT_ARRAY) {
			/* arrays decay into pointers, keeping the lens */
			struct lt_type *d = &pc->pack_t[MAXARGS - 1 - pc->nargs][0];
			memset(d, 0, sizeof(*d));
			d->kind = LT_PTR;
			d->sub = (struct lt_type *)t;
			d->lens = t->lens;
			t = d;
		}
		fetch_one(pc, &c, t, &pc->args[pc->nargs++]);
	}
	if (pc->stop < 0)
		pc->stop = pc->nargs;
}

static void print_range(struct pctx *pc, int from, int to, bool need_delim)
{
	for (int i = from; i < to; i++) {
		size_t mark = pc->sb->len;
		if (need_delim)
			sb_puts(pc->sb, ", ");
		size_t body = pc->sb->len;
		struct fval *f = &pc->args[i];
		if (!f->ok || lt_fmt(pc, f->t, LENS_NONE, f->b) < 0) {
			sb_trunc(pc->sb, body);
			sb_puts(pc->sb, "?");
		}
		if (pc->sb->len == body)
			sb_trunc(pc->sb, mark);
		else
			need_delim = true;
	}
	sb_str(pc->sb);
}

void lt_proto_print_args(struct strbuf *sb, const struct lt_proto *p, struct lt_vctx *v)
{
	struct pctx *pc = pctx_get();

	if (!pc)
		return;
	fetch_all(pc, p, v, sb, false);
	print_range(pc, 0, pc->stop, false);
	pctx_put(pc);
}

void lt_proto_print_out_args(struct strbuf *sb, const struct lt_proto *p, struct lt_vctx *v,
			     bool need_delim)
{
	if (!lt_proto_has_out_args(p))
		return;
	struct pctx *pc = pctx_get();
	if (!pc)
		return;
	fetch_all(pc, p, v, sb, true);
	print_range(pc, pc->stop, pc->nargs, need_delim);
	pctx_put(pc);
}

bool lt_proto_has_out_args(const struct lt_proto *p)
{
	return p && p->stop < p->nparams;
}

void lt_proto_print_ret(struct strbuf *sb, const struct lt_proto *p, struct lt_vctx *v)
{
	struct pctx *pc = pctx_get();

	if (!pc)
		return;
	fetch_all(pc, p, v, sb, true);
	if (!p)
		p = lt_proto_unknown();
	const struct lt_type *t = p->ret;
	size_t sz = lt_type_size(t);
	uint8_t b[VALMAX] = { 0 };
	bool ok = true;
	if (t->kind == LT_STRUCT && sz > 16) {
		/* returned in memory; rax holds its address */
		ok = sz <= sizeof(b) && lt_rd(pc, v->ret, b, sz) == sz;
	} else if (t->kind == LT_STRUCT && sz > 8) {
		/* Each eightbyte in the next register of its class: rax then rdx, xmm0 then xmm1
		 * (a struct of floats or doubles: { float, float, float } in xmm0 and xmm1). */
		const uint64_t ints[2] = { v->ret, v->ret2 };
		const double flts[2] = { v->fret, v->fret2 };
		int ni = 0, nf = 0;
		ok = v->have_ret2;
		for (size_t k = 0; k < 2 && ok; k++) {
			size_t n = sz - k * 8 < 8 ? sz - k * 8 : 8;
			if (all_sse(t, 0, k * 8, k * 8 + 8)) {
				ok = v->have_fregs;
				memcpy(b + k * 8, &flts[nf++], n);
			} else {
				memcpy(b + k * 8, &ints[ni++], n);
			}
		}
	} else if (t->kind == LT_STRUCT && !sz) {
		ok = true; /* nothing returned: { } */
	} else if (is_sse(t->kind) || (t->kind == LT_STRUCT && all_sse(t, 0, 0, 8))) {
		ok = v->have_fregs;
		memcpy(b, &v->fret, 8);
	} else {
		memcpy(b, &v->ret, 8);
	}
	size_t body = sb->len;
	if (!ok || lt_fmt(pc, t, LENS_NONE, b) < 0) {
		sb_trunc(sb, body);
		sb_puts(sb, "?");
	}
	sb_str(sb);
	pctx_put(pc);
}

int lt_proto_nslots(const struct lt_proto *p)
{
	if (!p)
		p = lt_proto_unknown();
	int gi = p->ret->kind == LT_STRUCT && lt_type_size(p->ret) > 16;
	int fi = 0, stk = 0;
	for (int i = 0; i < p->nparams; i++) {
		const struct lt_type *t = p->params[i].t;
		if (p->params[i].pack)
			return 6 + 16; /* a printf pack: the registers and 16 stack words */
		size_t words = t->kind == LT_STRUCT ? (lt_type_size(t) + 7) / 8 : 1;
		if (t->kind == LT_STRUCT && lt_type_size(t) > 16) {
			stk += words;
		} else if (is_sse(t->kind)) {
			if (fi++ >= 8)
				stk++;
		} else if (t->kind != LT_VOID) {
			if (gi + (int)words <= 6)
				gi += words;
			else
				stk += words;
		}
	}
	return stk ? 6 + stk : gi;
}

void lt_vctx_set_regs(struct lt_vctx *v, const struct user_regs_struct *r,
		      const struct user_fpregs_struct *fp)
{
	v->iregs[0] = r->rdi;
	v->iregs[1] = r->rsi;
	v->iregs[2] = r->rdx;
	v->iregs[3] = r->rcx;
	v->iregs[4] = r->r8;
	v->iregs[5] = r->r9;
	v->sp = r->rsp;
	v->ret = r->rax;
	v->ret2 = r->rdx;
	v->have_ret2 = true;
	v->have_fregs = fp != NULL;
	for (int i = 0; fp && i < 8; i++)
		memcpy(&v->fregs[i], &fp->xmm_space[i * 4], sizeof(double));
	if (fp) {
		memcpy(&v->fret, &fp->xmm_space[0], sizeof(double));
		memcpy(&v->fret2, &fp->xmm_space[4], sizeof(double));
	}
}
