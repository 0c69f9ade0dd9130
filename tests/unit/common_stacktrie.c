// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * common/stacktrie.c and common/flamegraph.c on their own: stacks added as arrays and as
 * folded strings merge into one trie whose folded lines are exact (sorted, weights summed,
 * empty frames skipped, a stack ending inside another kept); a stack deeper than the limit is
 * refused; the SVG has one frame per node with its weight in its <title>, names with XML's
 * special characters and control bytes escaped, and an empty trie still gives a document.
 * Exit 0 when all hold.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/flamegraph.h"
#include "common/stacktrie.h"

static int fails;

static void check(const char *what, int ok)
{
	printf("%s: %s\n", ok ? "ok" : "FAIL", what);
	fails += !ok;
}

static int count(const char *hay, const char *needle)
{
	int n = 0;

	for (const char *p = hay; (p = strstr(p, needle)); p++)
		n++;
	return n;
}

int main(void)
{
	struct stacktrie t;
	struct strbuf sb = { 0 };
	const char *ab[] = { "main", "a", "b", "getpid" };

	stacktrie_init(&t);
	check("add an array", stacktrie_add(&t, ab, 4, 2) == 0);
	check("add a folded string", stacktrie_add_folded(&t, "main;a;b;getpid", 1) == 0);
	check("add with empty frames", stacktrie_add_folded(&t, ";main;;c;getpid;", 2) == 0);
	check("add a prefix of another", stacktrie_add_folded(&t, "main;a", 5) == 0);
	stacktrie_folded(&t, &sb);
	check("folded lines", !strcmp(sb_str(&sb), "main;a 5\nmain;a;b;getpid 3\nmain;c;getpid 2\n"));
	check("totals", t.root.total == 10 && t.root.nkids == 1 && t.root.kids[0]->total == 10);

	const char **deep = calloc(STACKTRIE_MAX_DEPTH + 1, sizeof(*deep));
	for (int i = 0; deep && i <= STACKTRIE_MAX_DEPTH; i++)
		deep[i] = "f";
	check("too deep", deep && stacktrie_add(&t, deep, STACKTRIE_MAX_DEPTH + 1, 1) == -E2BIG);
	free(deep);

	check("hostile name", stacktrie_add_folded(&t, "main;<x&y>\"\x01;write", 1) == 0);
	struct flamegraph_opts o = { .title = "t<1>", .unit = "call", .units = "calls" };
	sb_reset(&sb);
	flamegraph_svg(&t, &o, &sb);
	const char *svg = sb_str(&sb);
	check("svg: one frame per node (all main a b getpid c getpid <x&y> write)",
	      count(svg, "<title>") == 9 && count(svg, "rx=\"2\"") == 9);
	check("svg: weights", strstr(svg, "<title>all (11 calls, 100.00%)") &&
				      strstr(svg, "<title>b (3 calls, ") &&
				      strstr(svg, "<title>write (1 call, "));
	check("svg: escaped", strstr(svg, "<title>&lt;x&amp;y&gt;&quot;? (1 call") &&
				      strstr(svg, "t&lt;1&gt;") && !strchr(svg, '\x01'));
	check("svg: closed", strstr(svg, "</svg>\n") != NULL);
	stacktrie_free(&t);

	sb_reset(&sb);
	stacktrie_init(&t);
	flamegraph_svg(&t, &o, &sb);
	check("empty trie: a document without frames",
	      strstr(sb_str(&sb), "</svg>") && !strstr(sb_str(&sb), "<title>"));
	stacktrie_free(&t);
	sb_free(&sb);
	return fails ? 1 : 0;
}
