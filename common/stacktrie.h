/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Stacks aggregated into a trie (-k --stack-format=folded, --flamegraph): each path from the
 * root is a stack, outermost frame first, with the weight of the stacks that end there (calls,
 * or microseconds in the call with -T).  Children are kept sorted by name, so a walk gives the
 * folded lines in the order FlameGraph's stackcollapse scripts write them.  Shared by the
 * tools: sttrace today, lttrace later.  Library code: -errno, no output of its own.
 */
#pragma once
#include <stddef.h>
#include <stdint.h>

#include "common/strbuf.h"

struct stacktrie_node {
	char *name;
	uint64_t self;  /* weight of the stacks ending here */
	uint64_t total; /* self + the children's totals */
	struct stacktrie_node **kids;
	size_t nkids, akids;
};

struct stacktrie {
	struct stacktrie_node root; /* nameless: the frames are its descendants */
};

#define STACKTRIE_MAX_DEPTH 1024

void stacktrie_init(struct stacktrie *t);
void stacktrie_free(struct stacktrie *t);
/* Adds WEIGHT to the stack FRAMES[0] (outermost) .. FRAMES[N-1]: 0, -E2BIG or -ENOMEM. */
int stacktrie_add(struct stacktrie *t, const char *const *frames, size_t n, uint64_t weight);
/* The same with the frames as one folded string "outer;...;inner" (empty names skipped). */
int stacktrie_add_folded(struct stacktrie *t, const char *folded, uint64_t weight);
/* One line "outer;...;inner WEIGHT\n" per stack with a weight, sorted, into SB. */
void stacktrie_folded(const struct stacktrie *t, struct strbuf *sb);
