// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The futex2 calls: futex_waitv (Linux 5.16), futex_wake, futex_wait and futex_requeue (6.7),
 * whose flags hold a size (FUTEX2_SIZE_U8..U64, always named) and FUTEX2_* bits, as strace
 * 7.2 prints them.  futex_waitv takes an array of struct futex_waitv (at most 128 shown),
 * futex_requeue a pair of them (the futex woken from, the one requeued to).
 */
#include <inttypes.h>

#include "strace-lite/decode/array.h"
#include "strace-lite/decode/decode.h"
#include "strace-lite/decode/struct-printers.h"
#include "strace-lite/decode/util-print.h"
#include "gen/xlat.h"

#define FUTEX2_SIZE_MASK 3u

/* "FUTEX2_SIZE_U32|FUTEX2_PRIVATE", in hex under -X raw, both under -X verbose. */
static void print_futex2_flags(struct dctx *c, unsigned int flags)
{
	const char *size = xlat_lookup(xlat_futex2_sizes, flags & FUTEX2_SIZE_MASK);
	const char *all = sprint_flags_ex(size, xlat_futex2_flags, flags & ~FUTEX2_SIZE_MASK, '|',
					  XSTYLE_ABBREV, false);

	print_xlat_named(c->sb, flags, all ? all : size);
}

struct waitv2 {
	uint64_t val;
	uint64_t uaddr;
	uint32_t flags;
	uint32_t reserved;
};

#define FUTEX_WAITV_MAX 128

/* DATA counts the waiters printed. */
static PRINT_ELEM_FN(print_waiter)
{
	const struct waitv2 *w = elem;
	unsigned int *count = data;

	if ((*count)++ >= FUTEX_WAITV_MAX) {
		tprint_more_data_follows(c);
		return false;
	}
	tprintf(c, "{val=%#" PRIx64 ", uaddr=", w->val);
	printaddr(c, w->uaddr);
	tprints(c, ", flags=");
	print_futex2_flags(c, w->flags);
	if (w->reserved)
		tprintf(c, ", __reserved=%#x", w->reserved);
	tprint_struct_end(c);
	return true;
}

/* NR waiters at ADDR. */
static void print_waiters(struct dctx *c, uint64_t addr, unsigned int nr)
{
	struct waitv2 buf;
	unsigned int count = 0;

	print_array(c, addr, nr, &buf, sizeof(buf), 0, print_waiter, &count);
}

SYS_FUNC(futex_waitv)
{
	unsigned int nr = (unsigned int)c->arg[1];

	print_waiters(c, c->arg[0], nr);
	tprintf(c, ", %u, %#x, ", nr, (unsigned int)c->arg[2]);
	print_struct_timespec(c, c->arg[3]);
	tprint_arg_next(c);
	printxval(c, xlat_clocknames, (unsigned int)c->arg[4], "CLOCK_???");
	return RVAL_DECODED;
}

SYS_FUNC(futex_wake)
{
	printaddr(c, c->arg[0]);
	tprint_arg_next(c);
	printxval(c, xlat_futexbitset, c->arg[1], NULL);
	tprintf(c, ", %d, ", (int)c->arg[2]);
	print_futex2_flags(c, (unsigned int)c->arg[3]);
	return RVAL_DECODED;
}

SYS_FUNC(futex_wait)
{
	printaddr(c, c->arg[0]);
	tprintf(c, ", %" PRIu64 ", ", c->arg[1]);
	printxval(c, xlat_futexbitset, c->arg[2], NULL);
	tprint_arg_next(c);
	print_futex2_flags(c, (unsigned int)c->arg[3]);
	tprint_arg_next(c);
	print_struct_timespec(c, c->arg[4]);
	tprint_arg_next(c);
	printxval(c, xlat_clocknames, (unsigned int)c->arg[5], "CLOCK_???");
	return RVAL_DECODED;
}

SYS_FUNC(futex_requeue)
{
	print_waiters(c, c->arg[0], 2);
	tprintf(c, ", %#x, %d, %d", (unsigned int)c->arg[1], (int)c->arg[2], (int)c->arg[3]);
	return RVAL_DECODED;
}
