/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * --flamegraph=FILE.svg: a stack trie (stacktrie.h) drawn as a flame graph, the way Brendan
 * Gregg's flamegraph.pl lays one out (the root at the bottom, callees above their callers,
 * widths proportional to weight, siblings in name order), as one self-contained SVG: no
 * script, no style sheet, no font to fetch; each frame's <title> is its hover text.
 * Library code: -errno, no output of its own.
 */
#pragma once
#include "common/stacktrie.h"
#include "common/strbuf.h"

struct flamegraph_opts {
	const char *title; /* "Flame Graph" when NULL */
	const char *unit;  /* what a weight counts, for one and for more: "call", "calls" */
	const char *units;
	const char *note;  /* a line under the title (the command), or NULL */
};

/* The SVG of T into SB. */
void flamegraph_svg(const struct stacktrie *t, const struct flamegraph_opts *o, struct strbuf *sb);
/* The same written to the file PATH: 0 or -errno. */
int flamegraph_write(const struct stacktrie *t, const struct flamegraph_opts *o, const char *path);
