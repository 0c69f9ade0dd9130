// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Arguments and return values, printed as ltrace 0.7.3 prints them (lens_default.c there):
 *   int/long/short %d, unsigned %u, oct "0%o", hex "%#x" (0 prints as 0), char 'c' with C escapes
 *   and \ooo for the rest, float/double %f (hex: %a), void* as hex, other NULL pointers "nil",
 *   other pointers dereferenced, structs "{ a, b }", arrays "[ a, b... ]" cut at -A, strings
 *   "abc"... cut at -s (the quote itself is not escaped), enums by name, bitvec <1,3-5>, bool,
 *   the guess lens (decimal when within +-10000, else hex) for unknown functions.
 * Where ltrace prints garbage or "?" for a pointer it cannot read, we print the pointer in hex.
 *
 * How values are found (x86_64 SysV): each argument is fetched in order from the integer
 * registers, the xmm registers or the stack; a struct of up to 16 bytes by value is split in
 * eightbytes (SSE when it holds only float/double, else INTEGER), larger ones are on the stack
 * and a struct returned that large takes rdi for its hidden pointer, which rax holds at return.
 * v->fregs/fret hold the low 8 bytes of the xmm register bit for bit (a float is their first 4).
 * Fetched values are copied into local bytes; pointers are followed through v->read at print
 * time, so out arguments (`+`) show what the callee wrote.
 */
#include <ctype.h>
#include <inttypes.h>
#include <stdarg.h>
#include <string.h>

#include "proto/proto-int.h"

#define PAGE 4096u


/* ---- memory ------------------------------------------------------------------------------- */

/* Read as much of [addr, addr+len) as is mapped, page by page; the byte count. */
size_t lt_rd(struct pctx *pc, uint64_t addr, void *buf, size_t len)
{
	if (!len || !pc->v->read)
		return 0;
	if (addr + len < addr)
		len = -addr;
	if (pc->v->read(pc->v->priv, addr, buf, len) == 0)
		return len;
	size_t done = 0;
	while (done < len) {
		size_t n = PAGE - ((addr + done) & (PAGE - 1));
		if (n > len - done)
			n = len - done;
		if (pc->v->read(pc->v->priv, addr + done, (uint8_t *)buf + done, n) < 0)
			break;
		done += n;
	}
	return done;
}

/* ---- scalars ------------------------------------------------------------------------------ */

/* The zero-extended word of a scalar, as ltrace's value_extract_word. */
uint64_t lt_word(const struct lt_type *t, const uint8_t *b)
{
	uint8_t u8;
	uint16_t u16;
	uint32_t u32;
	uint64_t u64 = 0;

	switch (lt_type_size(t)) {
	case 1:
		memcpy(&u8, b, 1);
		return u8;
	case 2:
		memcpy(&u16, b, 2);
		return u16;
	case 4:
		memcpy(&u32, b, 4);
		return u32;
	case 8:
		memcpy(&u64, b, 8);
		return u64;
	}
	return 0;
}

static int put(struct pctx *pc, const char *fmtstr, ...) __attribute__((format(printf, 2, 3)));
static int put(struct pctx *pc, const char *fmtstr, ...)
{
	va_list ap;
	size_t before = pc->sb->len;

	va_start(ap, fmtstr);
	sb_vprintf(pc->sb, fmtstr, ap);
	va_end(ap);
	return (int)(pc->sb->len - before);
}

static int fmt_integer(struct pctx *pc, size_t size, uint64_t l, enum lt_lens f, bool sign)
{
	int64_t i;
	uint64_t v;

	switch (size) {
	case 1:
		i = (int8_t)l;
		v = (uint8_t)l;
		break;
	case 2:
		i = (int16_t)l;
		v = (uint16_t)l;
		break;
	case 4:
		i = (int32_t)l;
		v = (uint32_t)l;
		break;
	default:
		i = (int64_t)l;
		v = l;
		break;
	}
	switch (f) {
	case LENS_GUESS:
		/* ltrace compares the zero-extended word, so a negative int guesses hex */
		if ((int64_t)l < -10000 || (int64_t)l > 10000)
			return put(pc, "%#" PRIx64, v);
		return put(pc, "%" PRId64, i);
	case LENS_HEX:
		return put(pc, "%#" PRIx64, v);
	case LENS_OCT:
		return put(pc, "0%" PRIo64, v);
	default:
		if (sign)
			return put(pc, "%" PRId64, i);
		return put(pc, "%" PRIu64, v);
	}
}

static int fmt_char_bare(struct pctx *pc, unsigned int c)
{
	switch (c) {
	case 0:
		return put(pc, "\\0");
	case '\a':
		return put(pc, "\\a");
	case '\b':
		return put(pc, "\\b");
	case '\t':
		return put(pc, "\\t");
	case '\n':
		return put(pc, "\\n");
	case '\v':
		return put(pc, "\\v");
	case '\f':
		return put(pc, "\\f");
	case '\r':
		return put(pc, "\\r");
	case '\\':
		return put(pc, "\\\\");
	}
	if (c < 128 && (isprint((int)c) || c == ' '))
		return put(pc, "%c", (int)c);
	return put(pc, "\\%03o", c);
}

static int fmt_float(struct pctx *pc, const struct lt_type *t, enum lt_lens f, const uint8_t *b)
{
	double d;

	if (t->kind == LT_FLOAT) {
		float fl;
		memcpy(&fl, b, 4);
		d = fl;
	} else {
		memcpy(&d, b, 8);
	}
	return f == LENS_HEX ? put(pc, "%a", d) : put(pc, "%f", d);
}

/* ---- lengths ---------------------------------------------------------------------------------- */

/* The value of EXPR, false when it cannot be known (no return value yet, bad index). */
static bool eval(struct pctx *pc, const struct lt_expr *e, uint64_t *out)
{
	switch (e->kind) {
	case X_CONST:
		*out = (uint64_t)e->n;
		return true;
	case X_ARG:
		if (e->n >= pc->nargs || !pc->args[e->n].ok || !pc->args[e->n].t)
			return false;
		*out = lt_word(pc->args[e->n].t, pc->args[e->n].b);
		return true;
	case X_RETVAL:
		if (!pc->at_ret)
			return false;
		*out = pc->v->ret;
		return true;
	case X_ELT:
		if (!pc->st || e->n >= pc->st->nfields)
			return false;
		{
			size_t off = 0;
			for (int i = 0; i <= e->n; i++) {
				size_t a = lt_type_align(pc->st->fields[i]);
				off = (off + a - 1) / a * a;
				if (i < e->n)
					off += lt_type_size(pc->st->fields[i]);
			}
			*out = lt_word(pc->st->fields[e->n], pc->stb + off);
		}
		return true;
	case X_ZERO:
		return false; /* handled by the array printer */
	}
	return false;
}

/* ---- composites ------------------------------------------------------------------------------- */

/* Print element after element of LEN (SHOWN of them present in B), ltrace's format_array. */
static int fmt_elems(struct pctx *pc, const struct lt_type *elt, enum lt_lens lens,
		     const uint8_t *b, uint64_t len, size_t maxlen, bool before, const char *open,
		     const char *close, const char *delim)
{
	size_t esz = lt_type_size(elt), start = pc->sb->len;
	uint64_t i;

	put(pc, "%s", open);
	for (i = 0; i < len && i <= maxlen; i++) {
		if (i == maxlen) {
			if (before)
				put(pc, "...");
			break;
		}
		if (i > 0)
			put(pc, "%s", delim);
		if (lt_fmt(pc, elt, lens, b + i * esz) < 0)
			return -1;
	}
	put(pc, "%s", close);
	if (i == maxlen && !before)
		put(pc, "...");
	return (int)(pc->sb->len - start);
}

static int fmt_array(struct pctx *pc, const struct lt_type *arr, enum lt_lens lens,
		     const uint8_t *b, uint64_t len)
{
	if (lens == LENS_STRING)
		return fmt_elems(pc, arr->sub, lens, b, len, pc->v->strsize, false, "\"", "\"", "");
	return fmt_elems(pc, arr->sub, lens, b, len, pc->v->arraylen, true, "[ ", " ]", ", ");
}

static int fmt_bitvec_bytes(struct pctx *pc, const uint8_t *buf, size_t sz);

/* An array in tracee memory at ADDR: work out its length, read what is shown, print. */
static int fmt_array_at(struct pctx *pc, const struct lt_type *arr, enum lt_lens lens,
			uint64_t addr)
{
	size_t esz = lt_type_size(arr->sub);
	/* A bit vector shows every byte, whatever -A says. */
	size_t maxlen = lens == LENS_STRING ? pc->v->strsize :
			lens == LENS_BITVEC ? SIZE_MAX - 1 : pc->v->arraylen;
	uint64_t len = 0;
	uint8_t buf[4096];

	if (esz == 0 || esz > sizeof(buf))
		return -1;
	/* Never more than the buffer holds: the limit shown is capped to that. */
	if (maxlen + 1 > sizeof(buf) / esz)
		maxlen = sizeof(buf) / esz - 1;
	const struct lt_expr *e = arr->len;
	if (e->kind == X_ZERO) {
		uint64_t max = UINT64_MAX;
		if (e->max && !eval(pc, e->max, &max))
			return -1;
		uint64_t want = max < maxlen + 1 ? max : maxlen + 1;
		size_t got = lt_rd(pc, addr, buf, want * esz) / esz;
		static const uint8_t zero[64];
		for (len = 0; len < got; len++)
			if (esz > sizeof(zero) || !memcmp(buf + len * esz, zero, esz))
				break;
		if (len == got && got < want)
			return -1; /* unreadable before the terminator */
	} else {
		if (!eval(pc, e, &len))
			return -1;
		uint64_t want = len < maxlen ? len : maxlen;
		if (lt_rd(pc, addr, buf, want * esz) < want * esz)
			return -1;
	}
	if (lens == LENS_BITVEC) /* one vector of the bytes, in memory order */
		return fmt_bitvec_bytes(pc, buf, (len < maxlen ? len : maxlen) * esz);
	return fmt_array(pc, arr, lens, buf, len);
}

static int fmt_struct(struct pctx *pc, const struct lt_type *t, enum lt_lens lens,
		      const uint8_t *b)
{
	const struct lt_type *ost = pc->st;
	const uint8_t *ostb = pc->stb;
	size_t start = pc->sb->len, off = 0;
	bool need_delim = false;

	pc->st = t;
	pc->stb = b;
	put(pc, "{ ");
	for (int i = 0; i < t->nfields; i++) {
		size_t a = lt_type_align(t->fields[i]);
		off = (off + a - 1) / a * a;
		size_t mark = pc->sb->len;
		if (need_delim)
			put(pc, ", ");
		size_t body = pc->sb->len;
		if (lt_fmt(pc, t->fields[i], lens, b + off) < 0) {
			sb_trunc(pc->sb, body);
			put(pc, "?");
		}
		if (pc->sb->len == body)
			sb_trunc(pc->sb, mark); /* hidden: no delimiter either */
		else
			need_delim = true;
		off += lt_type_size(t->fields[i]);
	}
	put(pc, " }");
	pc->st = ost;
	pc->stb = ostb;
	return (int)(pc->sb->len - start);
}

static int fmt_pointer(struct pctx *pc, const struct lt_type *t, enum lt_lens lens, uint64_t p)
{
	const struct lt_type *sub = t->sub;

	if (p == 0)
		return put(pc, "nil");
	if (sub->kind == LT_STRUCT) {
		unsigned int depth = 0;
		for (int i = 0; i < pc->nptrs; i++)
			depth += pc->ptrs[i].pointee == sub;
		if (depth >= pc->v->arraylen)
			return put(pc, "...");
	}
	for (int i = pc->nptrs; i-- > 0;) {
		if (pc->ptrs[i].addr == p) {
			int n = put(pc, "recurse");
			for (int k = 0; k < pc->nptrs - i - 1; k++)
				n += put(pc, "^");
			return n;
		}
	}
	if (pc->nptrs == (int)(sizeof(pc->ptrs) / sizeof(pc->ptrs[0])))
		return put(pc, "...");
	pc->ptrs[pc->nptrs].addr = p;
	pc->ptrs[pc->nptrs].pointee = sub;
	pc->nptrs++;
	size_t start = pc->sb->len;
	int r;
	enum lt_lens el = sub->lens != LENS_NONE ? sub->lens : lens;
	if (sub->kind == LT_ARRAY) {
		r = fmt_array_at(pc, sub, el, p);
	} else {
		uint8_t buf[VALMAX];
		size_t sz = lt_type_size(sub);
		if (sz > sizeof(buf) || lt_rd(pc, p, buf, sz) < sz)
			r = -1;
		else
			r = lt_fmt(pc, sub, lens, buf);
	}
	pc->nptrs--;
	if (r < 0) {
		/* Unreadable: show where it pointed. */
		sb_trunc(pc->sb, start);
		r = put(pc, "%#" PRIx64, p);
	}
	return r;
}

static int fmt_bitvec(struct pctx *pc, const struct lt_type *t, const uint8_t *data)
{
	size_t sz = lt_type_size(t);
	uint8_t buf[VALMAX];

	if (sz > sizeof(buf))
		return -1;
	if (t->kind == LT_STRUCT || t->kind == LT_ARRAY) {
		memcpy(buf, data, sz);
	} else {
		uint64_t w = lt_word(t, data);
		for (size_t i = 0; i < sz; i++, w >>= 8)
			buf[i] = w & 0xff;
	}
	return fmt_bitvec_bytes(pc, buf, sz);
}

/* SZ bytes as ltrace's bit vector: the set bits' numbers, byte 0's lowest first, in ranges
 * (<0-1,5,8>); more than half set: the clear ones after '~'. */
static int fmt_bitvec_bytes(struct pctx *pc, const uint8_t *buf, size_t sz)
{
	size_t bits = 0;

	for (size_t i = 0; i < sz; i++)
		bits += __builtin_popcount(buf[i]);
	unsigned int neg = bits > sz * 4 ? 0xff : 0;
	size_t start = pc->sb->len, bitno = 0;
	long low = -1;
	put(pc, "%s<", neg ? "~" : "");
	for (size_t i = 0; i < sz; i++) {
		unsigned int d = buf[i] ^ neg;
		for (unsigned int m = 1; m < 0x100; m <<= 1, bitno++) {
			bool bit = m & d;
			if (low < 0) {
				if (bit) {
					if (low == -2)
						put(pc, ",");
					low = (long)bitno;
				}
			} else if (!bit) {
				if ((size_t)low == bitno - 1)
					put(pc, "%ld", low);
				else
					put(pc, "%ld-%zu", low, bitno - 1);
				low = -2;
			}
		}
	}
	if (low >= 0) {
		if ((size_t)low == bitno - 1)
			put(pc, "%ld", low);
		else
			put(pc, "%ld-%zu", low, bitno - 1);
	}
	put(pc, ">");
	return (int)(pc->sb->len - start);
}

/* ltrace's toplevel_format_lens: the shape decides, F the integer format, LENS what children
 * inherit. */
static int toplevel(struct pctx *pc, const struct lt_type *t, enum lt_lens f, enum lt_lens lens,
		    const uint8_t *b)
{
	switch (t->kind) {
	case LT_VOID:
		return put(pc, "<void>");
	case LT_SHORT:
	case LT_INT:
	case LT_LONG:
		return fmt_integer(pc, lt_type_size(t), lt_word(t, b), f, true);
	case LT_USHORT:
	case LT_UINT:
	case LT_ULONG:
		return fmt_integer(pc, lt_type_size(t), lt_word(t, b), f, false);
	case LT_CHAR:
		if (f == LENS_DEFAULT) {
			int n = put(pc, "'");
			n += fmt_char_bare(pc, b[0]);
			return n + put(pc, "'");
		}
		return fmt_integer(pc, 1, b[0], f, true);
	case LT_FLOAT:
	case LT_DOUBLE:
		return fmt_float(pc, t, f, b);
	case LT_STRUCT:
		return fmt_struct(pc, t, lens, b);
	case LT_PTR:
		if (t->sub->kind != LT_VOID)
			return fmt_pointer(pc, t, lens, lt_word(t, b));
		return fmt_integer(pc, 8, lt_word(t, b), LENS_HEX, false);
	case LT_ARRAY: {
		uint64_t len = 0;
		if (t->len->kind != X_ZERO && !eval(pc, t->len, &len))
			return -1;
		size_t esz = lt_type_size(t->sub), sz = lt_type_size(t);
		if (t->len->kind == X_ZERO) {
			static const uint8_t zero[64];
			for (len = 0; esz && esz <= sizeof(zero) && (len + 1) * esz <= sz; len++)
				if (!memcmp(b + len * esz, zero, esz))
					break;
		}
		if (esz && len * esz > sz)
			len = sz / esz;
		return fmt_array(pc, t, lens, b, len);
	}
	}
	return -1;
}

int lt_fmt(struct pctx *pc, const struct lt_type *t, enum lt_lens inh, const uint8_t *b)
{
	enum lt_lens lens = t->lens != LENS_NONE ? t->lens : inh;

	switch (lens) {
	case LENS_HIDE:
		return 0;
	case LENS_ENUM:
		if (t->lens == LENS_ENUM) {
			uint64_t w = lt_word(t, b);
			size_t sz = lt_type_size(t);
			uint64_t mask = sz >= 8 ? UINT64_MAX : (1ull << (8 * sz)) - 1;
			for (int i = 0; i < t->nev; i++)
				if (((uint64_t)t->ev[i].val & mask) == w)
					return put(pc, "%s", t->ev[i].name);
		}
		return toplevel(pc, t, LENS_DEFAULT, LENS_DEFAULT, b);
	case LENS_BOOL:
		if (t->kind <= LT_USHORT && t->kind != LT_VOID && t->kind != LT_FLOAT &&
		    t->kind != LT_DOUBLE)
			return put(pc, lt_word(t, b) ? "true" : "false");
		return toplevel(pc, t, LENS_DEFAULT, lens, b);
	case LENS_BITVEC:
		if (t->kind == LT_PTR)
			return fmt_pointer(pc, t, lens, lt_word(t, b));
		return fmt_bitvec(pc, t, b);
	case LENS_STRING:
		switch (t->kind) {
		case LT_PTR:
			if (t->sub->kind == LT_CHAR) {
				/* string(char*): a zero-terminated array */
				struct lt_expr z = { .kind = X_ZERO };
				struct lt_type arr = { .kind = LT_ARRAY, .sub = t->sub, .len = &z };
				struct lt_type p = { .kind = LT_PTR, .sub = &arr, .lens = LENS_STRING };
				return fmt_pointer(pc, &p, lens, lt_word(t, b));
			}
			return toplevel(pc, t, LENS_DEFAULT, lens, b);
		case LT_CHAR:
			return fmt_char_bare(pc, b[0]);
		case LT_ARRAY:
			return toplevel(pc, t, LENS_DEFAULT, lens, b);
		default:
			return toplevel(pc, t, LENS_DEFAULT, lens, b);
		}
	case LENS_OCT:
	case LENS_HEX:
	case LENS_GUESS:
		return toplevel(pc, t, lens, lens, b);
	case LENS_NONE:
	case LENS_DEFAULT:
		break;
	}
	return toplevel(pc, t, LENS_DEFAULT, lens, b);
}
