// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The ltrace.conf parser and the prototype tables.
 *
 * The language is ltrace 0.7.3's (ltrace.conf(5)): one item per line, `;` starts a comment line,
 * `typedef NAME = LENS;` or `LENS NAME(LENS, ...);`.  Types: void int uint long ulong char short
 * ushort float double, array(LENS,EXPR), struct(LENS,...), LENS*, the typedefs addr and file
 * (void*), string / string[EXPR] / stringN / string(TYPE), format (a string that also expands
 * into the printf arguments that follow), enum(A,B=3,...) / enum[TYPE](...).  Lenses: hide oct
 * octal hex bool bitvec guess; a bare `octal` is oct(int).  EXPR: NUM, argN, eltN, retval, zero,
 * zero(EXPR); in string[EXPR] the length is zero(EXPR) (stops at the NUL).  `+` before a
 * parameter moves it and all that follow to the return.
 *
 * Tables: the user's -F files form one scope and the built-in files another; a name is looked up
 * in the user scope first.  Typedefs are scoped the same way, so a user file may reuse a typedef
 * name of the built-in table.  Precedence across sources (lt_proto_resolve): -F, then DWARF, then
 * built-in, then the guess fallback.
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "proto/proto-int.h"
#include "common/log.h"

struct lt_builtin_file {
	const char *name;
	const char *text;
};
extern const struct lt_builtin_file lt_builtin_protos[];

#define NBUCKETS 1024

struct pnode {
	struct lt_proto *p;
	struct pnode *next;
};

static struct pnode *ptabs[NSCOPES][NBUCKETS];
static int pcount[NSCOPES];
static bool builtin_loaded, builtin_typedefs;

/*
 * Everything the parser makes lives until exit, in one arena: each block is chained to the
 * previous one, so nothing is lost, even what a line that failed half-way had made.
 */
struct ablock {
	struct ablock *next;
	max_align_t pad[];
};
static struct ablock *arena;

void *lt_xcalloc(size_t n, size_t sz)
{
	if (n && sz > (SIZE_MAX - sizeof(struct ablock)) / n) {
		log_raw("out of memory\n");
		abort();
	}
	struct ablock *b = calloc(1, sizeof(*b) + (n ? n : 1) * sz);

	if (!b) {
		log_raw("out of memory\n");
		abort();
	}
	b->next = arena;
	arena = b;
	return b->pad;
}

void lt_xfree(void *p)
{
	(void)p; /* arena memory: kept */
}

char *lt_xstrndup(const char *s, size_t n)
{
	char *p = lt_xcalloc(n + 1, 1);

	memcpy(p, s, n);
	return p;
}

static unsigned int hash(const char *s)
{
	unsigned int h = 5381;

	while (*s)
		h = h * 33 + (unsigned char)*s++;
	return h % NBUCKETS;
}

/* ---- simple types ------------------------------------------------------------------------- */

struct lt_type *lt_type_new(enum lt_kind kind)
{
	struct lt_type *t = lt_xcalloc(1, sizeof(*t));

	t->kind = kind;
	return t;
}

struct lt_type *lt_type_simple(enum lt_kind kind)
{
	static struct lt_type simple[LT_DOUBLE + 1];

	if (kind > LT_DOUBLE)
		return NULL;
	simple[kind].kind = kind;
	return &simple[kind];
}

size_t lt_type_align(const struct lt_type *t)
{
	switch (t->kind) {
	case LT_VOID:
	case LT_CHAR:
		return 1;
	case LT_SHORT:
	case LT_USHORT:
		return 2;
	case LT_INT:
	case LT_UINT:
	case LT_FLOAT:
		return 4;
	case LT_LONG:
	case LT_ULONG:
	case LT_DOUBLE:
	case LT_PTR:
		return 8;
	case LT_ARRAY:
		return lt_type_align(t->sub);
	case LT_STRUCT: {
		size_t a = 1;
		for (int i = 0; i < t->nfields; i++) {
			size_t fa = lt_type_align(t->fields[i]);
			if (fa > a)
				a = fa;
		}
		return a;
	}
	}
	return 1;
}

size_t lt_type_size(const struct lt_type *t)
{
	switch (t->kind) {
	case LT_VOID:
		return 0;
	case LT_ARRAY:
		/* Only constant lengths have a static size; a variable array inside a struct is
		 * sized as empty (ltrace would evaluate it, which no prototype here needs). */
		if (t->len && t->len->kind == X_CONST && t->len->n > 0)
			return (size_t)t->len->n * lt_type_size(t->sub);
		return 0;
	case LT_STRUCT: {
		size_t off = 0;
		for (int i = 0; i < t->nfields; i++) {
			size_t a = lt_type_align(t->fields[i]);
			off = (off + a - 1) / a * a + lt_type_size(t->fields[i]);
		}
		size_t a = lt_type_align(t);
		return (off + a - 1) / a * a;
	}
	default:
		return lt_type_align(t);
	}
}

void lt_proto_add(int scope, struct lt_proto *p)
{
	unsigned int h = hash(p->name);

	for (struct pnode *n = ptabs[scope][h]; n; n = n->next) {
		if (!strcmp(n->p->name, p->name)) {
			n->p = p; /* the later line wins */
			return;
		}
	}
	struct pnode *n = lt_xcalloc(1, sizeof(*n));
	n->p = p;
	n->next = ptabs[scope][h];
	ptabs[scope][h] = n;
	pcount[scope]++;
}

/* ---- the API --------------------------------------------------------------------------------- */

int lt_proto_init(char *err, size_t errlen)
{
	if (builtin_loaded)
		return 0;
	if (!builtin_typedefs) {
		builtin_typedefs = true;
		struct lt_type *vp = lt_type_new(LT_PTR);
		vp->sub = lt_type_simple(LT_VOID);
		lt_tdef_add("addr", vp, SCOPE_BUILTIN);
		lt_tdef_add("file", vp, SCOPE_BUILTIN);
	}
	for (const struct lt_builtin_file *f = lt_builtin_protos; f->name; f++) {
		int r = lt_parse_text(f->name, f->text, SCOPE_BUILTIN, err, errlen);
		if (r < 0)
			return r;
	}
	builtin_loaded = true;
	return 0;
}

/* FILE's text into *TEXT (NULL when empty): 0, or -errno with the message in ERR. */
static int read_conf(const char *path, char **text, char *err, size_t errlen)
{
	FILE *f = fopen(path, "r");

	*text = NULL;
	if (!f) {
		int e = errno;
		snprintf(err, errlen, "%s: %s", path, strerror(e));
		return -e;
	}
	char *t = NULL;
	size_t cap = 0, len = 0, n;
	char chunk[4096];
	while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0) {
		if (len + n + 1 > cap) {
			cap = (len + n + 1) * 2;
			char *g = realloc(t, cap);
			if (!g) {
				free(t);
				fclose(f);
				snprintf(err, errlen, "%s: %s", path, strerror(ENOMEM));
				return -ENOMEM;
			}
			t = g;
		}
		memcpy(t + len, chunk, n);
		len += n;
	}
	bool rerr = ferror(f);
	fclose(f);
	if (rerr) {
		free(t);
		snprintf(err, errlen, "%s: read error", path);
		return -EIO;
	}
	if (!t)
		return 0;
	t[len] = 0;
	if (strlen(t) != len) {
		/* Report the line of the NUL. */
		int line = 1;
		for (size_t i = 0; i < len && t[i]; i++)
			line += t[i] == '\n';
		snprintf(err, errlen, "%s:%d: NUL byte in line", path, line);
		free(t);
		return -EINVAL;
	}
	*text = t;
	return 0;
}

int lt_proto_load_file(const char *path, char *err, size_t errlen)
{
	char *text, msg[512];
	int r = read_conf(path, &text, msg, sizeof(msg));

	if (r < 0 || !text) {
		if (r < 0 && err && errlen)
			snprintf(err, errlen, "%s", msg);
		return r;
	}
	/* Keep a copy of the path: prototypes point at it as their origin. */
	r = lt_parse_text(lt_xstrndup(path, strlen(path)), text, SCOPE_USER, err, errlen);
	free(text);
	return r;
}

int lt_proto_load_file_each(const char *path, lt_conf_report *report, void *ctx)
{
	char *text, msg[512];
	int r = read_conf(path, &text, msg, sizeof(msg));

	if (r < 0) {
		/* "FILE:LINE: NUL byte in line" or "FILE: why": the message without the file. */
		const char *m = msg + strlen(path);
		int line = 0;
		if (*m == ':' && sscanf(m + 1, "%d", &line) == 1)
			m = strchr(m + 1, ':');
		report(ctx, path, line, m + 2);
		return r == -EINVAL ? 1 : r;
	}
	if (!text)
		return 0;
	r = lt_parse_text_each(lt_xstrndup(path, strlen(path)), text, SCOPE_USER, report, ctx);
	free(text);
	return r;
}

int lt_proto_load_text(const char *name, const char *text, char *err, size_t errlen)
{
	return lt_parse_text(lt_xstrndup(name, strlen(name)), text, SCOPE_USER, err, errlen);
}

static const struct lt_proto *lookup_scope(int scope, const char *name)
{
	for (struct pnode *n = ptabs[scope][hash(name)]; n; n = n->next)
		if (!strcmp(n->p->name, name))
			return n->p;
	return NULL;
}

const struct lt_proto *lt_proto_lookup(const char *name)
{
	const struct lt_proto *p = lookup_scope(SCOPE_USER, name);

	return p ? p : lookup_scope(SCOPE_BUILTIN, name);
}

const struct lt_proto *lt_proto_lookup_user(const char *name)
{
	return lookup_scope(SCOPE_USER, name);
}

const struct lt_proto *lt_proto_lookup_builtin(const char *name)
{
	return lookup_scope(SCOPE_BUILTIN, name);
}

const struct lt_proto *lt_proto_resolve(const char *path, uint64_t vaddr, const char *name)
{
	const struct lt_proto *p = name ? lookup_scope(SCOPE_USER, name) : NULL;

	if (!p && path)
		p = lt_proto_dwarf(path, vaddr, name);
	if (!p && name)
		p = lookup_scope(SCOPE_BUILTIN, name);
	return p;
}

int lt_proto_count(void)
{
	return pcount[SCOPE_BUILTIN];
}

const char *lt_proto_name(const struct lt_proto *p)
{
	return p ? p->name : NULL;
}

const struct lt_proto *lt_proto_unknown(void)
{
	static struct lt_type guess = { .kind = LT_LONG, .lens = LENS_GUESS };
	static struct lt_param params[4] = { { &guess }, { &guess }, { &guess }, { &guess } };
	static const struct lt_proto unknown = {
		.name = "?", .ret = &guess, .params = params, .nparams = 4, .stop = 4,
		.origin = "guess",
	};

	return &unknown;
}

