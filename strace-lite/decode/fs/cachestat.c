// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * cachestat: the range of a file asked about (read at entry) and the page cache counters the
 * kernel writes back (printed at exit); the table line gives the rest.
 */
#include <inttypes.h>

#include "strace-lite/decode/decode.h"

void print_struct_cachestat_range(struct dctx *c, uint64_t addr);
void print_struct_cachestat(struct dctx *c, uint64_t addr);

void print_struct_cachestat_range(struct dctx *c, uint64_t addr)
{
	struct {
		uint64_t off, len;
	} r;

	if (umove_or_printaddr(c, addr, &r))
		return;
	tprintf(c, "{off=%#" PRIx64 ", len=%" PRIu64 "}", r.off, r.len);
}

void print_struct_cachestat(struct dctx *c, uint64_t addr)
{
	struct {
		uint64_t nr_cache, nr_dirty, nr_writeback, nr_evicted, nr_recently_evicted;
	} s;

	if (umove_or_printaddr(c, addr, &s))
		return;
	tprintf(c, "{nr_cache=%" PRIu64 ", nr_dirty=%" PRIu64 ", nr_writeback=%" PRIu64
		", nr_evicted=%" PRIu64 ", nr_recently_evicted=%" PRIu64 "}",
		s.nr_cache, s.nr_dirty, s.nr_writeback, s.nr_evicted, s.nr_recently_evicted);
}
