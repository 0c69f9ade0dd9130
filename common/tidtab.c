// SPDX-License-Identifier: LGPL-2.1-or-later
/* The tracee table (see tidtab.h): chained buckets by thread id. */
#include "common/tidtab.h"

static unsigned int slot(pid_t tid)
{
	return (unsigned int)tid & (TIDTAB_SIZE - 1);
}

struct tid_node *tidtab_find(const struct tidtab *t, pid_t tid)
{
	for (struct tid_node *n = t->bucket[slot(tid)]; n; n = n->next)
		if (n->tid == tid)
			return n;
	return NULL;
}

void tidtab_add(struct tidtab *t, struct tid_node *n, pid_t tid)
{
	n->tid = tid;
	n->next = t->bucket[slot(tid)];
	t->bucket[slot(tid)] = n;
	t->count++;
}

void tidtab_remove(struct tidtab *t, struct tid_node *n)
{
	struct tid_node **pp = &t->bucket[slot(n->tid)];

	while (*pp && *pp != n)
		pp = &(*pp)->next;
	if (!*pp)
		return;
	*pp = n->next;
	n->next = NULL;
	t->count--;
}

void tidtab_rekey(struct tidtab *t, struct tid_node *n, pid_t tid)
{
	tidtab_remove(t, n);
	tidtab_add(t, n, tid);
}

unsigned int tidtab_count(const struct tidtab *t)
{
	return t->count;
}

static struct tid_node *from_slot(const struct tidtab *t, unsigned int i)
{
	for (; i < TIDTAB_SIZE; i++)
		if (t->bucket[i])
			return t->bucket[i];
	return NULL;
}

struct tid_node *tidtab_first(const struct tidtab *t)
{
	return t->count ? from_slot(t, 0) : NULL;
}

struct tid_node *tidtab_next(const struct tidtab *t, const struct tid_node *n)
{
	return n->next ? n->next : from_slot(t, slot(n->tid) + 1);
}
