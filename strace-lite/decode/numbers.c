// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Pointers to one number, printed in brackets as strace's printnum_*: "[1]", "[0x7f...]",
 * "[NULL]".  The table names them out:uint (getcpu), out:int, out:ulong and out:ptr
 * (get_robust_list), in:/out:sched_param (sched_[gs]etparam), out:timer_id (timer_create).
 */
#include <inttypes.h>

#include "strace-lite/decode/decode.h"

void print_struct_uint(struct dctx *c, uint64_t addr)
{
	printnum_int(c, addr, "%u");
}

void print_struct_int(struct dctx *c, uint64_t addr)
{
	printnum_int(c, addr, "%d");
}

void print_struct_sched_param(struct dctx *c, uint64_t addr)
{
	int prio;

	/* strace 7.2: a struct, no longer an int */
	if (!umove_or_printaddr(c, addr, &prio))
		tprintf(c, "{sched_priority=%d}", prio);
}

void print_struct_timer_id(struct dctx *c, uint64_t addr)
{
	printnum_int(c, addr, "%d");
}

void print_struct_ulong(struct dctx *c, uint64_t addr)
{
	printnum_int64(c, addr, "%" PRIu64);
}

void print_struct_ptr(struct dctx *c, uint64_t addr)
{
	uint64_t v;

	if (umove_or_printaddr(c, addr, &v))
		return;
	tprints(c, "[");
	printaddr(c, v);
	tprints(c, "]");
}
