/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The tracee table: threads by id, for every pipeline (sttrace's tcbs, lttrace's threads, the
 * captured memory of a stop).  Intrusive: a tool embeds a struct tid_node in its own per-thread
 * record and gets the record back with container_of, so the table allocates nothing and a
 * thread costs one hash link.  The table's layout is its own: find, add, remove, rekey (a
 * thread that execs takes its leader's id), count and iterate go through these functions.
 */
#pragma once
#include <stddef.h>
#include <sys/types.h>

#define TIDTAB_SIZE 1024 /* buckets; a power of two */

struct tid_node {
	struct tid_node *next;
	pid_t tid;
};

struct tidtab {
	struct tid_node *bucket[TIDTAB_SIZE];
	unsigned int count;
};

#ifndef container_of
#define container_of(ptr, type, member) ((type *)((char *)(ptr) - offsetof(type, member)))
#endif

/* The node of thread TID, or NULL. */
struct tid_node *tidtab_find(const struct tidtab *t, pid_t tid);
/* Add N as thread TID (no check for a duplicate: find first). */
void tidtab_add(struct tidtab *t, struct tid_node *n, pid_t tid);
/* Remove N (nothing if it is not in T). */
void tidtab_remove(struct tidtab *t, struct tid_node *n);
/* N is now thread TID. */
void tidtab_rekey(struct tidtab *t, struct tid_node *n, pid_t tid);
/* Threads in T. */
unsigned int tidtab_count(const struct tidtab *t);
/*
 * Iteration in no particular order: the first node, and the one after N.  Removing N (and
 * only N) between the two calls is allowed when NEXT was taken before: for (n = first(t);
 * n; n = next) { next = tidtab_next(t, n); ... }.
 */
struct tid_node *tidtab_first(const struct tidtab *t);
struct tid_node *tidtab_next(const struct tidtab *t, const struct tid_node *n);
