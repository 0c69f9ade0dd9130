// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * A traced process's breakpoint set over its life (see space.h): the address table every hit
 * looks up, fork, dlclose, and the step-over that ends a hit.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>

#include "common/log.h"
#include "uprobe/guard.h"
#include "uprobe/space.h"

static size_t hslot(uint64_t addr, size_t size)
{
	return (size_t)((addr * 0x9e3779b97f4a7c15ull) >> 20) & (size - 1);
}

struct bp *bp_lookup(struct bp_space *s, uint64_t addr)
{
	for (size_t i = s->hsize ? hslot(addr, s->hsize) : 0; s->hsize; i = (i + 1) & (s->hsize - 1)) {
		uint32_t v = s->hash[i];
		if (!v)
			return NULL;
		if (s->v[v - 1].addr == addr)
			return &s->v[v - 1];
	}
	return NULL;
}

static void hash_put(uint32_t *h, size_t size, uint64_t addr, size_t idx)
{
	size_t j = hslot(addr, size);

	while (h[j])
		j = (j + 1) & (size - 1);
	h[j] = (uint32_t)idx + 1;
}

int bp_hash_add(struct bp_space *s)
{
	if (s->n * 2 <= s->hsize) {
		hash_put(s->hash, s->hsize, s->v[s->n - 1].addr, s->n - 1);
		return 0;
	}
	size_t size = s->hsize ? s->hsize * 2 : 256;
	uint32_t *h = calloc(size, sizeof(*h));

	if (!h)
		return -ENOMEM;
	free(s->hash);
	s->hash = h;
	s->hsize = size;
	for (size_t i = 0; i < s->n; i++)
		hash_put(h, size, s->v[i].addr, i);
	return 0;
}

int bp_space_copy(struct bp_space *c, const struct bp_space *p)
{
	c->v = malloc((p->n + 1) * sizeof(*c->v));
	c->sems = malloc((p->nsems + 1) * sizeof(*c->sems));
	c->hash = calloc(p->hsize + 1, sizeof(*c->hash));
	if (!c->v || !c->sems || !c->hash)
		return -ENOMEM;
	if (p->n)
		memcpy(c->v, p->v, p->n * sizeof(*c->v));
	if (p->nsems)
		memcpy(c->sems, p->sems, p->nsems * sizeof(*c->sems));
	if (p->hsize)
		memcpy(c->hash, p->hash, p->hsize * sizeof(*c->hash));
	c->n = c->cap = p->n;
	c->nsems = c->semcap = p->nsems;
	c->hsize = p->hsize;
	/*
	 * Out-of-line slots the parent fills after the fork (or in a page it maps after it) are
	 * not in the child's memory: the child prepares its own, in pages of its own.
	 */
	for (size_t i = 0; i < c->n; i++) {
		struct bp *b = &c->v[i];
		b->xol = 0;
		b->guard = b->inserted ? guard_byte(c->pid, b->addr, b->orig) : 0;
	}
	for (size_t i = 0; i < c->nsems; i++)
		c->sems[i].guard = c->sems[i].raised ?
					   guard_sem(c->pid, c->sems[i].addr, c->sems[i].raised) : 0;
	c->syscall_insn = p->syscall_insn;
	c->xol_failed = p->xol_failed;
	return 0;
}

void bp_space_unbreak(const struct bp_space *p, pid_t child)
{
	struct bp_space c;

	if (bp_space_open(&c, child) == 0 && bp_space_copy(&c, p) == 0)
		bp_remove_all(&c);
	bp_space_close(&c);
}

void bp_space_forget(struct bp_space *s, uint64_t lo, uint64_t hi)
{
	for (size_t i = 0; i < s->n; i++)
		if (s->v[i].addr >= lo && s->v[i].addr < hi) {
			s->v[i].inserted = false;
			guard_drop(s->v[i].guard);
			s->v[i].guard = 0;
		}
	for (size_t i = 0; i < s->nsems; i++)
		if (s->sems[i].addr >= lo && s->sems[i].addr < hi) {
			s->sems[i].raised = 0;
			guard_drop(s->sems[i].guard);
			s->sems[i].guard = 0;
		}
}

struct bp *bp_space_trap(struct bp_space *s, pid_t tid, struct user_regs_struct *regs)
{
	if (ptrace(PTRACE_GETREGS, tid, 0L, regs) < 0)
		return NULL;
	/* hlt faults with rip on it: seen as an int3's trap, rip one past it (bp.h). */
	struct bp *b = bp_lookup(s, regs->rip);
	if (b)
		regs->rip = b->addr + 1;
	return b;
}

int bp_space_resume(struct bp_space *s, uint64_t addr, pid_t tid, struct user_regs_struct *regs)
{
	/* Looked up again: the owner may have grown the array. */
	struct bp *b = bp_lookup(s, addr);
	int rc = b ? bp_step_over(s, b, tid, regs) : -ENOENT;

	if (rc < 0 && rc != -ESRCH)
		log_errno(rc, "cannot step over the breakpoint at %#" PRIx64 " in %d", addr, tid);
	return rc < 0 ? 0 : rc;
}
