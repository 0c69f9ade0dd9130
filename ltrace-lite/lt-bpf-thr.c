// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * lttrace --bpf: the threads seen and the calls each has open (struct uthr, struct ufr), as
 * user space follows them from the records: a frame per shown call (two for a call -e and -x
 * both show), holding what its printers read (registers, the memory the records carried).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include <linux/types.h>

#include "bpf/ltrace.h"
#include "ltrace-lite/lt-bpf.h"
#include "common/vec.h"

_Static_assert(LB_MAXREGIONS == 2 * LT_NREGS + 2, "a region per capture");

static struct uthr *threads;
static struct uthr *last; /* lb_thr_get's answer the last time */

struct uthr *lb_thr_get(pid_t tid, pid_t tgid, bool create)
{
	if (last && last->tid == tid)
		return last;
	for (struct uthr *t = threads; t; t = t->next)
		if (t->tid == tid)
			return last = t;
	if (!create)
		return NULL;
	struct uthr *t = calloc(1, sizeof(*t));
	if (!t)
		return NULL;
	t->tid = tid;
	t->tgid = tgid;
	t->next = threads;
	threads = t;
	return last = t;
}

int lb_frame_read(void *priv, uint64_t addr, void *buf, size_t len)
{
	const struct ufr *f = priv;

	/* Newest first: out arguments as at the return. */
	if (lt_regions_read(f->r, f->nr, addr, buf, len) == 0)
		return 0;
	struct iovec l = { buf, len }, r = { (void *)(uintptr_t)addr, len };
	return process_vm_readv(f->v.pid, &l, 1, &r, 1, 0) == (ssize_t)len ? 0 : -EFAULT;
}

static void frame_free(struct ufr *f)
{
	free(f->cookie);
	free(f->mem);
	free(f->omem);
}

void lb_pop(struct uthr *t)
{
	struct ufr *f = &t->f[--t->n];

	if (f->shown)
		t->nshown--;
	frame_free(f);
}

/* Frames whose slot the stack has unwound past (longjmp, exceptions) are gone. */
void lb_drop_dead(struct uthr *t, uint64_t slot)
{
	while (t->n && t->f[t->n - 1].slot < slot)
		lb_pop(t);
}

/* Copy the captured regions of record R (data D) into frame F. */
void lb_add_regions(struct ufr *f, const struct lt_rec *r, const uint8_t *d, size_t dlen,
			const struct lt_fspec *sp, bool at_ret)
{
	size_t off = 0;

	if (!dlen)
		return; /* nothing captured (most calls): no copy to keep */
	uint8_t *mem = malloc(dlen);
	if (!mem)
		return;
	memcpy(mem, d, dlen);
	if (at_ret)
		f->omem = mem;
	else
		f->mem = mem;
	const int max = (int)(sizeof(f->r) / sizeof(f->r[0]));

	if (r->nstk && (size_t)r->nstk * 8 <= dlen && f->nr < max) {
		f->r[f->nr++] = (struct lt_region){ r->sp + 8, r->nstk * 8u, false, mem };
		off = r->nstk * 8u;
	}
	for (int i = 0; i < LT_NREGS + 1; i++) {
		uint32_t n = r->caplen[i];
		uint64_t addr = at_ret ? (i < LT_NREGS ? f->v.iregs[i] : r->rval) :
					 i < LT_NREGS ? r->regs[i] : 0;
		if (!n || off + n > dlen || f->nr >= max)
			continue;
		bool str = sp->cap[i] == LT_CAP_STR || sp->cap[i] == LT_CAP_OSTR;
		f->r[f->nr++] = (struct lt_region){ addr, n, str, mem + off };
		off += (n + 7) & ~7u;
	}
}

/* Pop the top frame and the twin under it (one call). */
void lb_pop_call(struct uthr *t)
{
	lb_pop(t);
	if (t->n && t->f[t->n - 1].twin)
		lb_pop(t);
}

void lb_thr_free(struct uthr *t)
{
	for (struct uthr **p = &threads; *p; p = &(*p)->next)
		if (*p == t) {
			*p = t->next;
			break;
		}
	while (t->n)
		lb_pop(t);
	frame_free(&t->sys);
	free(t->f);
	if (last == t)
		last = NULL;
	free(t);
}

void lb_frame_reset(struct ufr *f)
{
	frame_free(f);
	memset(f, 0, sizeof(*f));
}

void lb_thr_free_all(void)
{
	while (threads)
		lb_thr_free(threads);
}
