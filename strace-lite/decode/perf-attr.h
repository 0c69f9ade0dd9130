/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * perf-attr.c: struct perf_event_attr as strace 7.2 prints it (perf_event_open, the ioctl
 * PERF_EVENT_IOC_MODIFY_ATTRIBUTES).
 */
#pragma once
#include <linux/perf_event.h>

#include "strace-lite/decode/decode.h"

/* <linux/perf_event.h>'s struct (128 bytes, PERF_ATTR_SIZE_VER7) and what Linux added after. */
struct perf_attr_ext {
	struct perf_event_attr a;
	uint64_t config3; /* PERF_ATTR_SIZE_VER8 */
	uint64_t config4; /* PERF_ATTR_SIZE_VER9 */
};

/*
 * The attribute at ADDR into A (zeroed first), as much of it as its size field ASIZE says and
 * -v shows: the bytes read, or 0 when the address was printed instead.
 */
unsigned int perf_attr_fetch(struct dctx *c, uint64_t addr, struct perf_event_attr *a,
			     uint32_t asize);
/* A (SIZE bytes read); with NEW_SIZE >= 0, what the kernel wrote back in its size field. */
void perf_attr_print(struct dctx *c, const struct perf_event_attr *a, unsigned int size,
		     int64_t new_size);
