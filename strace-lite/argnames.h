/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * -N/--arg-names (strace 6.16): "name=" before each argument of a syscall line, the names
 * from the signature table (decode/syscalls.in's NAMES column).  No decoder knows of it: the
 * text a decoder printed is read back at strace's grammar (strings, comments, brackets) and a
 * name put before each top-level argument, so it holds for every decoder and both backends.
 */
#pragma once
#include <stdbool.h>
#include <stddef.h>

#include "common/strbuf.h"
#include "strace-lite/decode/sysent.h"

/* Where the reading of one call's arguments stands, from its entry text to its exit text. */
struct argscan {
	unsigned char stack[32]; /* the open brackets: ( [ { < */
	unsigned int depth;      /* how many are open (more than 32: counted, not kept) */
	unsigned int argi;       /* the argument being printed */
	bool pending;            /* its name is still to be put before its first character */
	bool in_str, esc;        /* inside "...", after a backslash */
	bool in_comment;         /* inside a comment */
	char prev;               /* the character before */
};

void argscan_begin(struct argscan *s);
/* Put the names into what SB holds from FROM on, the arguments of SE's call as far as they
 * were printed; S says where the earlier part left off. */
void argscan_apply(struct argscan *s, const struct sysent *se, struct strbuf *sb, size_t from);
/*
 * Whether the N bytes at TEXT, a call's arguments printed at its entry, end with the ", " of
 * an argument the exit prints: strace 7 prints that separator at the exit ("read(3
 * <unfinished ...>", "<... read resumed>, \"...\", 10) = 10").
 */
bool args_end_with_sep(const char *text, size_t n);
