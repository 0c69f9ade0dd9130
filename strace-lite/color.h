/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * --color=auto|always|never (strace 7.0): the trace's lines coloured with ANSI SGR sequences,
 * strace 7.2's palette, NO_COLOR and STRACE_COLORS (color.c).
 */
#pragma once
#include <stdbool.h>
#include <stddef.h>

#include "common/strbuf.h"

enum color_mode { COLOR_AUTO = 0, COLOR_NEVER, COLOR_ALWAYS };

/* "auto", "always", "never": the mode, or -1. */
int color_mode_parse(const char *s);
/*
 * Decide once the output is open: never; always; auto when FD is a terminal, the output is
 * not one file per process (-ff -o), NO_COLOR is not set and $TERM has 8 colours or more.
 * When on, the palette is strace's, changed by STRACE_COLORS ("syscall=1;31:punct=34").
 */
void color_init(int mode, int fd, bool output_separately);
bool color_enabled(void);

/* Where the colouring of one thread's output stands between its pieces of a line. */
struct colorlex {
	unsigned char state; /* at a line's start, in the arguments, in the result, plain */
	bool in_str, esc, in_comment;
	unsigned int depth;  /* parentheses open, the call's own included */
};

/* A new line begins (after its pid and time prefix). */
void color_line_start(struct colorlex *lx);
/* TEXT, a piece of a trace line (or lines), coloured into OUT. */
void color_text(struct colorlex *lx, const char *text, size_t n, struct strbuf *out);
