// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The tracee table (common/tidtab.c) against a plain array as the model: thread ids that
 * collide in one bucket, removal while iterating, rekeying (an exec'ing thread takes its
 * leader's id), removing what is not there.  Exit 0 when the table and the model agree.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "common/tidtab.h"

struct thread {
	int payload;
	struct tid_node node;
};

#define N 3000
static struct thread threads[N];
static bool in[N];
static int bad;

static void check(const struct tidtab *t, const char *when)
{
	unsigned int want = 0, seen = 0;

	for (int i = 0; i < N; i++) {
		struct tid_node *n = tidtab_find(t, threads[i].node.tid);
		if (in[i]) {
			want++;
			if (!n || container_of(n, struct thread, node) != &threads[i]) {
				printf("FAIL: %s: thread %d not found\n", when, threads[i].node.tid);
				bad++;
			}
		}
	}
	for (struct tid_node *n = tidtab_first(t); n; n = tidtab_next(t, n)) {
		struct thread *th = container_of(n, struct thread, node);
		if (!in[th - threads]) {
			printf("FAIL: %s: thread %d iterated but removed\n", when, n->tid);
			bad++;
		}
		seen++;
	}
	if (seen != want || tidtab_count(t) != want) {
		printf("FAIL: %s: %u iterated, count %u, want %u\n", when, seen, tidtab_count(t), want);
		bad++;
	}
}

int main(void)
{
	static struct tidtab t;

	/* Ids 1, 1+1024, 1+2048... share a bucket; the rest spread. */
	for (int i = 0; i < N; i++) {
		threads[i].payload = i;
		tidtab_add(&t, &threads[i].node, i % 2 ? 1 + (i / 2) * TIDTAB_SIZE : 100000 + i);
		in[i] = true;
	}
	check(&t, "after adding");
	if (tidtab_find(&t, 424242)) {
		printf("FAIL: an id never added is found\n");
		bad++;
	}
	/* Remove every third while iterating, taking the next one first. */
	for (struct tid_node *n = tidtab_first(&t), *next; n; n = next) {
		next = tidtab_next(&t, n);
		struct thread *th = container_of(n, struct thread, node);
		if (th->payload % 3 == 0) {
			tidtab_remove(&t, n);
			in[th->payload] = false;
		}
	}
	check(&t, "after removing while iterating");
	/* Removing again, or what was never there, changes nothing. */
	tidtab_remove(&t, &threads[0].node);
	check(&t, "after removing twice");
	/* Rekey: thread 1 becomes id 7 (its leader's). */
	tidtab_rekey(&t, &threads[1].node, 7);
	if (tidtab_find(&t, 7) != &threads[1].node || tidtab_find(&t, 1)) {
		printf("FAIL: rekeyed thread not under its new id only\n");
		bad++;
	}
	check(&t, "after rekeying");
	/* Empty it the way detach-all does. */
	while (tidtab_count(&t)) {
		struct tid_node *n = tidtab_first(&t);
		in[container_of(n, struct thread, node)->payload] = false;
		tidtab_remove(&t, n);
	}
	check(&t, "after emptying");
	if (tidtab_first(&t)) {
		printf("FAIL: an empty table has a first node\n");
		bad++;
	}
	printf("tidtab: %d wrong\n", bad);
	return bad != 0;
}
