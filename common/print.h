/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Value printers shared by every tool: strings quoted and escaped as strace does (so no raw
 * control byte from a tracee ever reaches the output), flags and enums named through xlat
 * tables, in the three -X styles.
 */
#pragma once
#include <stdbool.h>
#include <stdint.h>

#include "common/strbuf.h"
#include "common/xlat_types.h"

enum xflag {
	XFLAG_NONE,
	XFLAG_NON_ASCII, /* -x */
	XFLAG_ALL, /* -xx */
	XFLAG_NON_ASCII_CHARS, /* --strings-in-hex=non-ascii-chars: \x.. for each such byte */
};
enum xlat_style { XSTYLE_ABBREV, XSTYLE_RAW, XSTYLE_VERBOSE };

struct print_opts {
	enum xflag xflag;
	enum xlat_style xstyle;
	unsigned int max_strlen; /* -s */
};
/* The options every value printer follows (set by the front end; a decoder may change xstyle
 * around one value and put it back). */
const struct print_opts *print_opts_get(void);
void print_opts_set(const struct print_opts *o);

/* Quoting styles (strace's QUOTE_*). */
enum {
	QUOTE_0_TERMINATED = 1 << 0,       /* stop at the first NUL */
	QUOTE_OMIT_QUOTES = 1 << 1,        /* no surrounding "" */
	QUOTE_OMIT_TRAILING_0 = 1 << 2,    /* a last NUL byte is not printed */
	QUOTE_EXPECT_TRAILING_0 = 1 << 3,  /* the string should end in NUL within size */
	QUOTE_FORCE_HEX = 1 << 4,          /* as -xx, whatever the option says */
};

/*
 * Quote SIZE bytes of S into SB.  Returns 1 when QUOTE_0_TERMINATED was asked and no NUL was
 * seen within SIZE (the string goes on: the caller prints "..."), or when
 * QUOTE_EXPECT_TRAILING_0 was and the string did not end in the NUL it should; 0 otherwise.
 */
int quote_string(struct strbuf *sb, const void *s, size_t size, unsigned int style);
/* Same, with the characters of ESCAPE printed as octal too. */
int quote_string_ex(struct strbuf *sb, const void *s, size_t size, unsigned int style,
		    const char *escape);

/*
 * A string of LEN bytes already fetched (FETCHED of them available) printed as strace prints a
 * buffer: at most -s bytes, then "..." when there was more.
 */
void print_quoted_buf(struct strbuf *sb, const void *s, size_t fetched, uint64_t len);

/* A value as the -X style wants numbers: hex, "0" for zero. */
void print_xlat_val(struct strbuf *sb, uint64_t val);
/* One value: its name, or the number with DFLT as a comment. Returns true if named. */
bool print_xval(struct strbuf *sb, const struct xlat *x, uint64_t val, const char *dflt);
/* Like print_xval, numbers in decimal (for tables of small enums printed as %u by strace). */
bool print_xval_d(struct strbuf *sb, const struct xlat *x, uint64_t val, const char *dflt);
/* Bit flags: NAME|NAME|0xrest. Returns the number of names printed. */
int print_flags(struct strbuf *sb, const struct xlat *x, uint64_t flags, const char *dflt);
/* A name and its number, as -X wants: "NAME", "0x1" or "0x1 /\* NAME *\/". */
void print_xlat_named(struct strbuf *sb, uint64_t val, const char *name);
/* " /\* TEXT *\/" (nothing for NULL). */
void print_comment(struct strbuf *sb, const char *text);
/* "SIGINT", "SIGRT_3", or NULL. */
const char *signame(int sig);
