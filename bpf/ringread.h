/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Reading a BPF ring buffer map, as libbpf's ring_buffer__* do, but telling the kernel how far
 * the reader has got once per RINGREAD_BATCH bytes rather than after every record.  The
 * program sending the records reads that position at every record it reserves; moved at every
 * record, it is a cache line taken back from the reader's CPU each time, a third of what a
 * traced getppid costs under --bpf (issue 31).  libbpf 1.1 (Debian 12) has no way to batch it.
 * Same callback and return conventions as libbpf's; library code: -errno, no output.
 */
#pragma once
#include <bpf/libbpf.h>

#define RINGREAD_BATCH (64 << 10)

struct ringread;

/* A reader of ring buffer map MAP_FD calling FN(CTX, record, size) for each record; NULL and
 * errno set on failure. */
struct ringread *ringread_new(int map_fd, ring_buffer_sample_fn fn, void *ctx);
/* Every record waiting, now: how many (capped at INT_MAX), or the callback's error (< 0). */
int ringread_consume(struct ringread *r);
/* Wait up to TIMEOUT_MS for records (-1: for ever), then consume them: as above, or -errno. */
int ringread_poll(struct ringread *r, int timeout_ms);
/* A descriptor that polls readable when records wait. */
int ringread_epoll_fd(const struct ringread *r);
void ringread_free(struct ringread *r);
