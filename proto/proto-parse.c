// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The ltrace.conf language (ltrace.conf(5) of ltrace 0.7.3), line by line: see proto.c for the
 * summary of the syntax and the scopes.  The parser mirrors ltrace's read_config_file.c in what
 * it accepts (bare `octal`, stringN, `format` only at the top level of a parameter list, a
 * sole `void` parameter, `typedef X = struct;` forward declarations completed in place), and
 * reports the first error of a file as "FILE:LINE: reason".
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "proto/proto-int.h"

struct tdef {
	char *name;
	struct lt_type *t;
	int scope;
	struct tdef *next;
};

static struct tdef *tdefs;

struct parser {
	const char *file;
	int line;
	const char *s;
	int scope;
	char *err;
	size_t errlen;
	bool failed;
	lt_conf_report *report; /* set: each bad line told here, the next lines read on */
	void *ctx;
	int nbad;
};

__attribute__((format(printf, 2, 3))) static void perr(struct parser *ps, const char *fmt, ...)
{
	va_list ap;

	if (ps->failed)
		return;
	ps->failed = true;
	ps->nbad++;
	if (ps->report) {
		char msg[512];
		va_start(ap, fmt);
		vsnprintf(msg, sizeof(msg), fmt, ap);
		va_end(ap);
		ps->report(ps->ctx, ps->file, ps->line, msg);
		return;
	}
	if (!ps->err || !ps->errlen)
		return;
	int n = snprintf(ps->err, ps->errlen, "%s:%d: ", ps->file, ps->line);
	if (n < 0 || (size_t)n >= ps->errlen)
		return;
	va_start(ap, fmt);
	vsnprintf(ps->err + n, ps->errlen - n, fmt, ap);
	va_end(ap);
}

/* ---- lexing ------------------------------------------------------------------------------- */

static void skip_ws(struct parser *ps)
{
	while (*ps->s == ' ' || *ps->s == '\t' || *ps->s == '\r' || *ps->s == '\n')
		ps->s++;
}

static bool is_ident(int c)
{
	return isalnum(c) || c == '_';
}

/* Consume KW when it is next and not followed by an identifier character. */
static bool kw(struct parser *ps, const char *k)
{
	size_t n = strlen(k);

	if (strncmp(ps->s, k, n) || is_ident((unsigned char)ps->s[n]))
		return false;
	ps->s += n;
	skip_ws(ps);
	return true;
}

static bool expect(struct parser *ps, char c)
{
	skip_ws(ps);
	if (*ps->s != c) {
		if (*ps->s)
			perr(ps, "expected '%c' at \"%.20s\"", c, ps->s);
		else
			perr(ps, "expected '%c' at end of line", c);
		return false;
	}
	ps->s++;
	skip_ws(ps);
	return true;
}

static char *ident(struct parser *ps)
{
	const char *b = ps->s;

	while (is_ident((unsigned char)*ps->s))
		ps->s++;
	if (ps->s == b) {
		perr(ps, *b ? "expected a name at \"%.20s\"" : "expected a name%s", b);
		return NULL;
	}
	char *r = lt_xstrndup(b, ps->s - b);
	skip_ws(ps);
	return r;
}

static bool number(struct parser *ps, long *out)
{
	char *end;

	errno = 0;
	long v = strtol(ps->s, &end, 0);
	if (end == ps->s || errno) {
		perr(ps, "expected a number at \"%.20s\"", ps->s);
		return false;
	}
	ps->s = end;
	skip_ws(ps);
	*out = v;
	return true;
}

/* ---- typedefs ------------------------------------------------------------------------------ */

static struct tdef *tdef_find(const char *name, int scope, bool exact)
{
	struct tdef *best = NULL;

	for (struct tdef *d = tdefs; d; d = d->next) {
		if (strcmp(d->name, name))
			continue;
		if (d->scope == scope)
			return d;
		if (!exact && d->scope < scope && (!best || d->scope > best->scope))
			best = d;
	}
	return best;
}

void lt_tdef_add(const char *name, struct lt_type *t, int scope)
{
	struct tdef *d = lt_xcalloc(1, sizeof(*d));

	d->name = lt_xstrndup(name, strlen(name));
	d->t = t;
	d->scope = scope;
	d->next = tdefs;
	tdefs = d;
}

/* ---- types --------------------------------------------------------------------------------- */

static struct lt_type *parse_lens(struct parser *ps, int *fmt_arg);

static struct lt_expr *expr_new(enum lt_xkind kind, long n)
{
	struct lt_expr *e = lt_xcalloc(1, sizeof(*e));

	e->kind = kind;
	e->n = n;
	return e;
}

/* EXPR; ZERO wraps it in zero(EXPR), as string[EXPR] does. */
static struct lt_expr *parse_expr(struct parser *ps, bool zero)
{
	struct lt_expr *e;

	skip_ws(ps);
	if (isdigit((unsigned char)*ps->s)) {
		long n;
		if (!number(ps, &n))
			return NULL;
		if (n < 0 || n > 0x7fffffff) {
			perr(ps, "length out of range");
			return NULL;
		}
		e = expr_new(X_CONST, n);
	} else {
		char *name = ident(ps);
		if (!name)
			return NULL;
		if (!strncmp(name, "arg", 3) || !strncmp(name, "elt", 3)) {
			char *end;
			long n = strtol(name + 3, &end, 10);
			if (end == name + 3 || *end || n < 0 || n > 64 ||
			    (n == 0 && name[0] == 'e')) {
				perr(ps, "bad length specifier '%s'", name);
				lt_xfree(name);
				return NULL;
			}
			if (name[0] == 'a')
				e = n ? expr_new(X_ARG, n - 1) : expr_new(X_RETVAL, 0);
			else
				e = expr_new(X_ELT, n - 1);
		} else if (!strcmp(name, "retval")) {
			e = expr_new(X_RETVAL, 0);
		} else if (!strcmp(name, "zero")) {
			lt_xfree(name);
			e = expr_new(X_ZERO, 0);
			if (*ps->s == '(') {
				ps->s++;
				e->max = parse_expr(ps, false);
				if (!e->max || !expect(ps, ')'))
					return NULL;
			}
			return e;
		} else {
			perr(ps, "unknown length specifier '%s'", name);
			lt_xfree(name);
			return NULL;
		}
		lt_xfree(name);
	}
	if (zero) {
		struct lt_expr *z = expr_new(X_ZERO, 0);
		z->max = e;
		e = z;
	}
	return e;
}

static struct lt_type *string_of(struct lt_expr *len)
{
	struct lt_type *arr = lt_type_new(LT_ARRAY), *p = lt_type_new(LT_PTR);

	arr->sub = lt_type_simple(LT_CHAR);
	arr->len = len;
	p->sub = arr;
	p->lens = LENS_STRING;
	return p;
}

/* After "string": [EXPR], N (legacy stringN: zero(argN), string0 = zero(retval)), (TYPE) or
 * nothing (zero). */
static struct lt_type *parse_string(struct parser *ps)
{
	if (isdigit((unsigned char)*ps->s)) {
		long n;
		if (!number(ps, &n))
			return NULL;
		if (n < 0 || n > 64) {
			perr(ps, "bad string argument number");
			return NULL;
		}
		struct lt_expr *z = expr_new(X_ZERO, 0);
		z->max = n ? expr_new(X_ARG, n - 1) : expr_new(X_RETVAL, 0);
		return string_of(z);
	}
	skip_ws(ps);
	if (*ps->s == '[') {
		ps->s++;
		struct lt_expr *e = parse_expr(ps, true);
		if (!e || !expect(ps, ']'))
			return NULL;
		return string_of(e);
	}
	if (*ps->s == '(') {
		ps->s++;
		skip_ws(ps);
		struct lt_type *t = parse_lens(ps, NULL);
		if (!t || !expect(ps, ')'))
			return NULL;
		struct lt_type *c = lt_type_new(t->kind);
		*c = *t;
		c->lens = LENS_STRING;
		return c;
	}
	return string_of(expr_new(X_ZERO, 0));
}

static bool is_integral(enum lt_kind k)
{
	return k == LT_INT || k == LT_UINT || k == LT_LONG || k == LT_ULONG || k == LT_CHAR ||
	       k == LT_SHORT || k == LT_USHORT;
}

static struct lt_type *parse_enum(struct parser *ps)
{
	struct lt_type *base = lt_type_simple(LT_INT);

	skip_ws(ps);
	if (*ps->s == '[') {
		ps->s++;
		skip_ws(ps);
		base = parse_lens(ps, NULL);
		if (!base)
			return NULL;
		if (!is_integral(base->kind)) {
			perr(ps, "integral type required as enum argument");
			return NULL;
		}
		if (!expect(ps, ']'))
			return NULL;
	}
	struct lt_type *t = lt_type_new(base->kind);
	t->lens = LENS_ENUM;
	if (!expect(ps, '('))
		return NULL;
	long val = 0;
	int cap = 0;
	while (*ps->s != ')') {
		if (t->nev > 0 && !expect(ps, ','))
			return NULL;
		char *name = ident(ps);
		if (!name)
			return NULL;
		if (*ps->s == '=') {
			ps->s++;
			skip_ws(ps);
			if (!number(ps, &val)) {
				lt_xfree(name);
				return NULL;
			}
		}
		if (t->nev == cap) {
			cap = cap ? 2 * cap : 8;
			struct lt_enumv *n = lt_xcalloc(cap, sizeof(*n));
			if (t->nev)
				memcpy(n, t->ev, t->nev * sizeof(*n));
			lt_xfree(t->ev);
			t->ev = n;
		}
		t->ev[t->nev].name = name;
		t->ev[t->nev].val = val++;
		t->nev++;
		skip_ws(ps);
		if (!*ps->s) {
			perr(ps, "unterminated enum");
			return NULL;
		}
	}
	ps->s++;
	skip_ws(ps);
	return t;
}

static struct lt_type *parse_struct_body(struct parser *ps, struct lt_type *t)
{
	int cap = 0;

	while (*ps->s != ')') {
		if (t->nfields > 0 && !expect(ps, ','))
			return NULL;
		struct lt_type *f = parse_lens(ps, NULL);
		if (!f)
			return NULL;
		if (t->nfields == cap) {
			cap = cap ? 2 * cap : 8;
			struct lt_type **n = lt_xcalloc(cap, sizeof(*n));
			if (t->nfields)
				memcpy(n, t->fields, t->nfields * sizeof(*n));
			lt_xfree(t->fields);
			t->fields = n;
		}
		t->fields[t->nfields++] = f;
		skip_ws(ps);
		if (!*ps->s) {
			perr(ps, "unterminated struct");
			return NULL;
		}
	}
	ps->s++;
	skip_ws(ps);
	return t;
}

static const struct {
	const char *name;
	enum lt_kind kind;
} simple_kw[] = {
	{ "void", LT_VOID },   { "int", LT_INT },       { "uint", LT_UINT },
	{ "long", LT_LONG },   { "ulong", LT_ULONG },   { "char", LT_CHAR },
	{ "short", LT_SHORT }, { "ushort", LT_USHORT }, { "float", LT_FLOAT },
	{ "double", LT_DOUBLE },
};

/* FMT_ARG: non-NULL at the top level of a parameter list, where `format` is allowed; set to 1
 * when it was seen. */
static struct lt_type *parse_nonptr(struct parser *ps, int *fmt_arg)
{
	skip_ws(ps);
	for (size_t i = 0; i < sizeof(simple_kw) / sizeof(simple_kw[0]); i++)
		if (kw(ps, simple_kw[i].name))
			return lt_type_simple(simple_kw[i].kind);
	if (kw(ps, "array")) {
		struct lt_type *t = lt_type_new(LT_ARRAY);
		if (!expect(ps, '(') || !(t->sub = parse_lens(ps, NULL)) || !expect(ps, ',') ||
		    !(t->len = parse_expr(ps, false)) || !expect(ps, ')'))
			return NULL;
		return t;
	}
	if (kw(ps, "struct")) {
		struct lt_type *t = lt_type_new(LT_STRUCT);
		if (*ps->s != '(') {
			/* `typedef X = struct;`: a forward declaration, only there. */
			t->fwd = true;
			return t;
		}
		ps->s++;
		skip_ws(ps);
		return parse_struct_body(ps, t);
	}
	if (!strncmp(ps->s, "string", 6)) {
		ps->s += 6;
		return parse_string(ps);
	}
	if (kw(ps, "format")) {
		if (!fmt_arg) {
			perr(ps, "'format' type in unexpected context");
			return NULL;
		}
		if (*fmt_arg) {
			perr(ps, "only one 'format' type per function supported");
			return NULL;
		}
		*fmt_arg = 1;
		return parse_string(ps);
	}
	if (kw(ps, "enum"))
		return parse_enum(ps);
	const char *b = ps->s;
	while (is_ident((unsigned char)*ps->s))
		ps->s++;
	if (ps->s == b) {
		perr(ps, *b ? "unknown type at \"%.20s\"" : "expected a type%s", b);
		return NULL;
	}
	char *name = lt_xstrndup(b, ps->s - b);
	struct tdef *d = tdef_find(name, ps->scope, false);
	if (!d) {
		perr(ps, "unknown type '%s'", name);
		lt_xfree(name);
		return NULL;
	}
	lt_xfree(name);
	skip_ws(ps);
	return d->t;
}

static struct lt_type *parse_type(struct parser *ps, int *fmt_arg)
{
	struct lt_type *t = parse_nonptr(ps, fmt_arg);

	if (!t)
		return NULL;
	skip_ws(ps);
	while (*ps->s == '*') {
		struct lt_type *p = lt_type_new(LT_PTR);
		p->sub = t;
		t = p;
		ps->s++;
		skip_ws(ps);
	}
	return t;
}

static const struct {
	const char *name;
	enum lt_lens lens;
} lens_kw[] = {
	{ "hide", LENS_HIDE }, { "octal", LENS_OCT }, { "oct", LENS_OCT },
	{ "bitvec", LENS_BITVEC }, { "hex", LENS_HEX }, { "bool", LENS_BOOL },
	{ "guess", LENS_GUESS },
};

static struct lt_type *parse_lens(struct parser *ps, int *fmt_arg)
{
	skip_ws(ps);
	for (size_t i = 0; i < sizeof(lens_kw) / sizeof(lens_kw[0]); i++) {
		if (!kw(ps, lens_kw[i].name))
			continue;
		struct lt_type *in;
		if (lens_kw[i].lens == LENS_OCT && *ps->s != '(') {
			in = lt_type_simple(LT_INT); /* bare `octal`: oct(int) */
		} else {
			if (*ps->s != '(') {
				perr(ps, "expected type argument after the lens");
				return NULL;
			}
			ps->s++;
			in = parse_type(ps, fmt_arg);
			if (!in || !expect(ps, ')'))
				return NULL;
		}
		struct lt_type *t = lt_type_new(in->kind);
		*t = *in;
		t->lens = lens_kw[i].lens;
		return t;
	}
	return parse_type(ps, fmt_arg);
}

/* ---- lines ---------------------------------------------------------------------------------- */

static bool line_end(struct parser *ps)
{
	skip_ws(ps);
	if (*ps->s == ';')
		return true; /* the item's `;`, maybe followed by a comment */
	if (*ps->s) {
		perr(ps, "junk at end of line: \"%.20s\"", ps->s);
		return false;
	}
	return true;
}

static void parse_typedef(struct parser *ps)
{
	skip_ws(ps);
	char *name = ident(ps);
	if (!name)
		return;
	if (!expect(ps, '=')) {
		lt_xfree(name);
		return;
	}
	struct tdef *old = tdef_find(name, ps->scope, true);
	struct lt_type *t = parse_lens(ps, NULL);
	if (!t || !line_end(ps)) {
		lt_xfree(name);
		return;
	}
	if (old && old->t->kind == LT_STRUCT && old->t->fwd && t->kind == LT_STRUCT && !t->fwd) {
		/* Complete the forward declaration in place: pointers to it already exist. */
		*old->t = *t;
		old->t->fwd = false;
	} else if (old) {
		perr(ps, "redefinition of typedef '%s'", name);
	} else {
		lt_tdef_add(name, t, ps->scope);
	}
	lt_xfree(name);
}

static void parse_proto(struct parser *ps)
{
	struct lt_type *ret = parse_lens(ps, NULL);
	if (!ret)
		return;
	skip_ws(ps);
	const char *b = ps->s;
	while (is_ident((unsigned char)*ps->s) || *ps->s == '.' || *ps->s == '@' || *ps->s == '$')
		ps->s++;
	if (ps->s == b) {
		perr(ps, "expected a function name at \"%.20s\"", b);
		return;
	}
	struct lt_proto *p = lt_xcalloc(1, sizeof(*p));
	p->name = lt_xstrndup(b, ps->s - b);
	p->ret = ret;
	p->stop = -1;
	p->origin = ps->file;
	if (!expect(ps, '('))
		return;
	int cap = 0, fmt = 0, fmt_index = -1;
	while (*ps->s != ')') {
		if (p->nparams > 0 && !expect(ps, ','))
			return;
		if (*ps->s == '+') {
			ps->s++;
			if (p->stop < 0)
				p->stop = p->nparams;
		}
		int had_fmt = fmt;
		struct lt_type *t = parse_lens(ps, &fmt);
		if (!t)
			return;
		if (fmt && !had_fmt)
			fmt_index = p->nparams;
		if (p->nparams + 1 >= cap) {
			cap = cap ? 2 * cap : 8;
			struct lt_param *n = lt_xcalloc(cap, sizeof(*n));
			if (p->nparams)
				memcpy(n, p->params, p->nparams * sizeof(*n));
			lt_xfree(p->params);
			p->params = n;
		}
		p->params[p->nparams++].t = t;
		skip_ws(ps);
		if (!*ps->s) {
			perr(ps, "expected ')' at end of line");
			return;
		}
	}
	ps->s++;
	if (!line_end(ps))
		return;
	/* A sole void means no parameters; a void among others is hide(int), as in ltrace. */
	if (p->nparams == 1 && p->params[0].t->kind == LT_VOID) {
		p->nparams = 0;
		if (p->stop > 0)
			p->stop = 0;
	}
	for (int i = 0; i < p->nparams; i++) {
		if (p->params[i].t->kind == LT_VOID) {
			struct lt_type *h = lt_type_new(LT_INT);
			h->lens = LENS_HIDE;
			p->params[i].t = h;
		}
	}
	if (fmt_index >= 0) {
		/* The printf pack goes last, naming the format argument by index. */
		p->params[p->nparams].pack = true;
		p->params[p->nparams].t = p->params[fmt_index].t;
		p->params[p->nparams].fmt_arg = fmt_index;
		p->nparams++;
	}
	if (p->stop < 0)
		p->stop = p->nparams;
	lt_proto_add(ps->scope, p);
}

static void parse_line(struct parser *ps)
{
	skip_ws(ps);
	if (!*ps->s || *ps->s == ';')
		return;
	if (!strncmp(ps->s, "typedef", 7) && !is_ident((unsigned char)ps->s[7])) {
		ps->s += 7;
		parse_typedef(ps);
		return;
	}
	parse_proto(ps);
}

/* TEXT's lines through PS: stops at the first bad line, or with PS->report reads on. */
static void parse_lines(struct parser *ps, const char *text)
{
	char buf[1024];

	for (const char *s = text; *s; s += strcspn(s, "\n") + (s[strcspn(s, "\n")] != 0)) {
		size_t n = strcspn(s, "\n");
		ps->line++;
		ps->failed = false;
		if (n >= sizeof(buf))
			perr(ps, "line too long");
		else {
			memcpy(buf, s, n);
			buf[n] = 0;
			ps->s = buf;
			parse_line(ps);
		}
		if (ps->failed && !ps->report)
			return;
	}
}

/* Parse TEXT (NUL-terminated, lines of at most 1023 bytes as in ltrace).  0 or -EINVAL. */
int lt_parse_text(const char *file, const char *text, int scope, char *err, size_t errlen)
{
	struct parser ps = { .file = file, .scope = scope, .err = err, .errlen = errlen };

	parse_lines(&ps, text);
	return ps.nbad ? -EINVAL : 0;
}

int lt_parse_text_each(const char *file, const char *text, int scope, lt_conf_report *report,
		       void *ctx)
{
	struct parser ps = { .file = file, .scope = scope, .report = report, .ctx = ctx };

	parse_lines(&ps, text);
	return ps.nbad;
}

