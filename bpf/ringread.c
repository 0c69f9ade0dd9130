// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * A BPF ring buffer read with its position published in batches (see ringread.h).
 *
 * The map's layout is the kernel's ABI (kernel/bpf/ringbuf.c): page 0, writable, holds the
 * reader's position; page 1 the writer's, read-only; the data follows, mapped twice in a row
 * so that a record that wraps reads as one piece.  Each record starts with an 8-byte header
 * whose first word is its length and two flags: busy (still being written: stop there) and
 * discard (skip it).  Records are 8-byte aligned.
 */
#include <errno.h>
#include <limits.h>
#include <linux/bpf.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/epoll.h>
#include <sys/mman.h>
#include <unistd.h>

#include <bpf/bpf.h>

#include "bpf/ringread.h"

struct ringread {
	ring_buffer_sample_fn fn;
	void *ctx;
	uint64_t *cons;      /* the reader's position, as the kernel sees it */
	const uint64_t *prod; /* the writer's */
	const uint8_t *data;
	uint64_t mask;
	uint64_t pos;       /* ours: read up to here */
	uint64_t published; /* what *cons was last set to */
	size_t page, size;
	int epfd;
	int depth; /* consume() within a callback: only the outermost publishes */
};

struct ringread *ringread_new(int map_fd, ring_buffer_sample_fn fn, void *ctx)
{
	struct bpf_map_info info = { 0 };
	uint32_t len = sizeof(info);
	struct ringread *r;
	long page = sysconf(_SC_PAGESIZE);

	if (bpf_obj_get_info_by_fd(map_fd, &info, &len) < 0)
		return NULL;
	if (info.type != BPF_MAP_TYPE_RINGBUF || !info.max_entries ||
	    (info.max_entries & (info.max_entries - 1)) || page <= 0) {
		errno = EINVAL;
		return NULL;
	}
	r = calloc(1, sizeof(*r));
	if (!r)
		return NULL;
	r->fn = fn;
	r->ctx = ctx;
	r->page = (size_t)page;
	r->size = info.max_entries;
	r->mask = info.max_entries - 1;
	r->epfd = -1;
	void *c = mmap(NULL, r->page, PROT_READ | PROT_WRITE, MAP_SHARED, map_fd, 0);
	if (c == MAP_FAILED)
		goto fail;
	r->cons = c;
	void *p = mmap(NULL, r->page + 2 * r->size, PROT_READ, MAP_SHARED, map_fd, (off_t)r->page);
	if (p == MAP_FAILED)
		goto fail;
	r->prod = p;
	r->data = (const uint8_t *)p + r->page;
	r->pos = r->published = __atomic_load_n(r->cons, __ATOMIC_ACQUIRE);
	r->epfd = epoll_create1(EPOLL_CLOEXEC);
	struct epoll_event ev = { .events = EPOLLIN };
	if (r->epfd < 0 || epoll_ctl(r->epfd, EPOLL_CTL_ADD, map_fd, &ev) < 0)
		goto fail;
	return r;
fail:;
	int e = errno;
	ringread_free(r);
	errno = e;
	return NULL;
}

static void publish(struct ringread *r)
{
	if (r->published != r->pos) {
		__atomic_store_n(r->cons, r->pos, __ATOMIC_RELEASE);
		r->published = r->pos;
	}
}

int ringread_consume(struct ringread *r)
{
	int64_t n = 0;
	int err = 0;

	r->depth++;
	/* The writer's position once per pass: it moves it at every record. */
	for (uint64_t prod = 0;;) {
		if (r->pos >= prod && r->pos >= (prod = __atomic_load_n(r->prod, __ATOMIC_ACQUIRE)))
			break;
		const uint32_t *hdr = (const uint32_t *)(r->data + (r->pos & r->mask));
		uint32_t word = __atomic_load_n(hdr, __ATOMIC_ACQUIRE);
		if (word & BPF_RINGBUF_BUSY_BIT)
			break; /* still being written */
		uint32_t len = word & ~(BPF_RINGBUF_BUSY_BIT | BPF_RINGBUF_DISCARD_BIT);
		if (len > r->size)
			break; /* not a header: the kernel's never says so */
		/* Past it before the callback: one that consumes again goes on after it. */
		r->pos += (len + BPF_RINGBUF_HDR_SZ + 7) & ~7ull;
		if (!(word & BPF_RINGBUF_DISCARD_BIT)) {
			err = r->fn(r->ctx, (void *)((const uint8_t *)hdr + BPF_RINGBUF_HDR_SZ), len);
			if (err < 0)
				break;
			n++;
		}
		if (r->depth == 1 && r->pos - r->published >= RINGREAD_BATCH)
			publish(r);
	}
	if (--r->depth == 0)
		publish(r);
	if (err < 0)
		return err;
	return n > INT_MAX ? INT_MAX : (int)n;
}

int ringread_poll(struct ringread *r, int timeout_ms)
{
	struct epoll_event ev;

	if (epoll_wait(r->epfd, &ev, 1, timeout_ms) < 0)
		return -errno;
	return ringread_consume(r);
}

int ringread_epoll_fd(const struct ringread *r)
{
	return r->epfd;
}

void ringread_free(struct ringread *r)
{
	if (!r)
		return;
	if (r->epfd >= 0)
		close(r->epfd);
	if (r->prod)
		munmap((void *)r->prod, r->page + 2 * r->size);
	if (r->cons)
		munmap(r->cons, r->page);
	free(r);
}
