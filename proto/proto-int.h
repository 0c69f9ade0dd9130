/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The inside of a prototype, shared by the .conf parser (proto.c), the printers (proto-print.c)
 * and the DWARF reader (proto-dwarf.c).  The model is ltrace 0.7.3's: a type is a C-like shape
 * (integer kinds, pointer, array with a length expression, struct) and a "lens" says how to show
 * it (hex, octal, string, enum, ...).  A value without a lens is shown through the lens of the
 * closest enclosing value that has one, which is how string(array(char,N)*) shows its chars
 * without quotes.  Types live for the whole run: nothing here is ever freed.
 */
#pragma once
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "proto/proto.h"

enum lt_kind {
	LT_VOID,
	LT_INT,
	LT_UINT,
	LT_LONG,
	LT_ULONG,
	LT_CHAR,
	LT_SHORT,
	LT_USHORT,
	LT_FLOAT,
	LT_DOUBLE,
	LT_PTR,
	LT_ARRAY,
	LT_STRUCT,
};

enum lt_lens {
	LENS_NONE, /* inherit from the parent, else default */
	LENS_DEFAULT,
	LENS_HIDE,
	LENS_OCT,
	LENS_HEX,
	LENS_BOOL,
	LENS_BITVEC,
	LENS_GUESS, /* decimal when small, else hex: the type of unknown functions */
	LENS_STRING,
	LENS_ENUM,
};

enum lt_xkind {
	X_CONST,
	X_ARG,    /* n: 0-based argument index */
	X_RETVAL,
	X_ELT,    /* n: 0-based field index of the enclosing struct */
	X_ZERO,   /* up to the first all-zero element; max bounds it when set */
};

struct lt_expr {
	enum lt_xkind kind;
	long n;
	struct lt_expr *max;
};

struct lt_enumv {
	const char *name;
	long val;
};

struct lt_type {
	enum lt_kind kind;
	enum lt_lens lens;
	struct lt_type *sub;    /* LT_PTR: pointee; LT_ARRAY: element */
	struct lt_expr *len;    /* LT_ARRAY */
	struct lt_type **fields; /* LT_STRUCT */
	int nfields;
	bool fwd;               /* struct declared by `typedef X = struct;` and not defined yet */
	struct lt_enumv *ev;    /* LENS_ENUM */
	int nev;
};

struct lt_param {
	struct lt_type *t;
	bool pack;   /* the printf arguments, expanded from the format string at fmt_arg */
	int fmt_arg;
};

struct lt_proto {
	const char *name;
	struct lt_type *ret;
	struct lt_param *params;
	int nparams;
	int stop; /* params from this index print at return (`+`); nparams when none */
	const char *origin; /* "FILE" or "DWARF:FILE" or the built-in file's name */
};

/* Tables of the .conf files: the user's -F files take precedence over the built-in ones. */
enum { SCOPE_BUILTIN, SCOPE_USER, NSCOPES };

/* Memory that lives until exit (types, prototypes, names), in one arena (proto.c). */
void *lt_xcalloc(size_t n, size_t sz);
char *lt_xstrndup(const char *s, size_t n);
void lt_xfree(void *p);
/* The parser (proto-parse.c): TEXT of FILE into SCOPE; 0 or -EINVAL with "FILE:LINE: reason". */
int lt_parse_text(const char *file, const char *text, int scope, char *err, size_t errlen);
/* The same, each bad line told to REPORT and the next lines read on: the number of bad lines. */
int lt_parse_text_each(const char *file, const char *text, int scope, lt_conf_report *report,
		       void *ctx);
void lt_tdef_add(const char *name, struct lt_type *t, int scope);
/* Enter P in SCOPE's table (a later prototype of the same name replaces the earlier). */
void lt_proto_add(int scope, struct lt_proto *p);

/* Simple types, shared (never modified). */
struct lt_type *lt_type_simple(enum lt_kind kind);
struct lt_type *lt_type_new(enum lt_kind kind);
size_t lt_type_size(const struct lt_type *t);
size_t lt_type_align(const struct lt_type *t);
/* The prototype used for a function nobody describes: long f(long, long, long, long) through
 * the guess lens, as ltrace 0.7.3 has it. */
const struct lt_proto *lt_proto_unknown(void);

/* ---- printing state, shared by proto-print.c and proto-fetch.c ---- */
#include "common/strbuf.h"

/* Drop what was written after LEN (a hidden value, or a value that could not be read). */
static inline void sb_trunc(struct strbuf *sb, size_t len)
{
	if (len < sb->len) {
		sb->len = len;
		sb->s[len] = 0;
	}
}

#define MAXARGS 48
#define VALMAX 128

struct fval {
	const struct lt_type *t;
	uint8_t b[VALMAX];
	bool ok;
};

struct pctx {
	struct lt_vctx *v;
	struct strbuf *sb;
	struct fval args[MAXARGS];
	int nargs;
	int stop;
	bool at_ret;
	/* eltN refers to the struct being printed */
	const struct lt_type *st;
	const uint8_t *stb;
	/* pointers being followed: recursion and depth limits, as ltrace */
	struct {
		uint64_t addr;
		const struct lt_type *pointee;
	} ptrs[32];
	int nptrs;
	/* types made up for the printf pack */
	struct lt_type pack_t[MAXARGS][2];
	struct lt_expr pack_x[MAXARGS][2];
};

/* Print the value of type T whose bytes are at B; INH the lens inherited from the parent.
 * The number of characters written, -1 when it cannot be shown. */
int lt_fmt(struct pctx *pc, const struct lt_type *t, enum lt_lens inh, const uint8_t *b);
/* Read what is mapped of [addr, addr+len): the byte count. */
size_t lt_rd(struct pctx *pc, uint64_t addr, void *buf, size_t len);
/* The zero-extended word of a scalar of type T at B. */
uint64_t lt_word(const struct lt_type *t, const uint8_t *b);
