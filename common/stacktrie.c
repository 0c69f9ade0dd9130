// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * A trie of stacks (stacktrie.h): one node per distinct prefix, children sorted by name and
 * found by binary search, so adding a stack of depth D to a trie costs D searches.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "common/stacktrie.h"

void stacktrie_init(struct stacktrie *t)
{
	memset(t, 0, sizeof(*t));
}

static void node_free(struct stacktrie_node *n)
{
	for (size_t i = 0; i < n->nkids; i++) {
		node_free(n->kids[i]);
		free(n->kids[i]);
	}
	free(n->kids);
	free(n->name);
}

void stacktrie_free(struct stacktrie *t)
{
	node_free(&t->root);
	memset(t, 0, sizeof(*t));
}

/* The child of N named NAME (LEN bytes), made when absent; NULL when out of memory. */
static struct stacktrie_node *child(struct stacktrie_node *n, const char *name, size_t len)
{
	size_t lo = 0, hi = n->nkids;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const char *k = n->kids[mid]->name;
		int c = strncmp(k, name, len);
		if (!c)
			c = k[len] ? 1 : 0;
		if (!c)
			return n->kids[mid];
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (n->nkids == n->akids) {
		size_t na = n->akids ? 2 * n->akids : 4;
		struct stacktrie_node **v = realloc(n->kids, na * sizeof(*v));
		if (!v)
			return NULL;
		n->kids = v;
		n->akids = na;
	}
	struct stacktrie_node *k = calloc(1, sizeof(*k));
	if (!k || !(k->name = strndup(name, len))) {
		free(k);
		return NULL;
	}
	memmove(&n->kids[lo + 1], &n->kids[lo], (n->nkids - lo) * sizeof(*n->kids));
	n->kids[lo] = k;
	n->nkids++;
	return k;
}

int stacktrie_add(struct stacktrie *t, const char *const *frames, size_t n, uint64_t weight)
{
	struct stacktrie_node *path[STACKTRIE_MAX_DEPTH + 1];
	struct stacktrie_node *cur = &t->root;

	if (n > STACKTRIE_MAX_DEPTH)
		return -E2BIG;

	for (size_t i = 0; i < n; i++) {
		path[i] = cur;
		if (!(cur = child(cur, frames[i], strlen(frames[i]))))
			return -ENOMEM;
	}
	path[n] = cur;
	cur->self += weight;
	for (size_t i = 0; i <= n; i++)
		path[i]->total += weight;
	return 0;
}

int stacktrie_add_folded(struct stacktrie *t, const char *folded, uint64_t weight)
{
	size_t n = 0, cap = 16;
	const char **v = malloc(cap * sizeof(*v));
	char *copy = strdup(folded);
	int rc = -ENOMEM;

	if (!v || !copy)
		goto out;
	for (char *save = NULL, *f = strtok_r(copy, ";", &save); f; f = strtok_r(NULL, ";", &save)) {
		if (n == cap) {
			const char **nv = realloc(v, 2 * cap * sizeof(*v));
			if (!nv)
				goto out;
			v = nv;
			cap *= 2;
		}
		v[n++] = f;
	}
	rc = stacktrie_add(t, v, n, weight);
out:
	free(copy);
	free(v);
	return rc;
}

static void folded_node(const struct stacktrie_node *n, struct strbuf *prefix, struct strbuf *sb)
{
	size_t keep = prefix->len;

	if (n->name) {
		if (prefix->len)
			sb_putc(prefix, ';');
		sb_puts(prefix, n->name);
		if (n->self) {
			sb_write(sb, prefix->s, prefix->len);
			sb_printf(sb, " %llu\n", (unsigned long long)n->self);
		}
	}
	for (size_t i = 0; i < n->nkids; i++)
		folded_node(n->kids[i], prefix, sb);
	prefix->len = keep;
}

void stacktrie_folded(const struct stacktrie *t, struct strbuf *sb)
{
	struct strbuf prefix = { 0 };

	folded_node(&t->root, &prefix, sb);
	sb_free(&prefix);
}
