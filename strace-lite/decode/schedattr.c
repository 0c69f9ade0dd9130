// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * sched_setattr/sched_getattr: struct sched_attr, whose size field says how much of it there
 * is (48 bytes, 56 with the utilization clamps); sched_setattr's KEEP flags hide what the
 * kernel ignores, and an E2BIG failure shows the size the kernel wrote back; sched_setattr's
 * flags in hex, sched_getattr's by name.  And the policy of sched_setscheduler and
 * sched_getscheduler, SCHED_RESET_ON_FORK joined to its name (strace 7.2).
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "strace-lite/decode/decode.h"
#include "strace-lite/decode/struct-printers.h"
#include "gen/xlat.h"

#define ATTR_MIN_SIZE 48
#define ATTR_SIZE_VER1 56
#define FLAG_KEEP_POLICY 0x08
#define FLAG_KEEP_PARAMS 0x10
#define RESET_ON_FORK 0x40000000

/* "SCHED_FIFO", "SCHED_RESET_ON_FORK|SCHED_FIFO", "SCHED_RESET_ON_FORK|0x8", or NULL. */
static const char *sprint_policy(int64_t policy)
{
	static char buf[64];
	const char *name;

	if (policy < 0)
		return NULL;
	name = xlat_lookup(xlat_schedulers, (uint64_t)policy & ~RESET_ON_FORK);
	if (!(policy & RESET_ON_FORK))
		return name;
	if (name)
		snprintf(buf, sizeof(buf), "SCHED_RESET_ON_FORK|%s", name);
	else
		snprintf(buf, sizeof(buf), "SCHED_RESET_ON_FORK|%#" PRIx64,
			 (uint64_t)policy & ~RESET_ON_FORK);
	return buf;
}

SYS_FUNC(sched_setscheduler)
{
	int policy = (int)c->arg[1];
	const char *name = sprint_policy(policy);

	printpid(c, (int)c->arg[0], PT_TGID);
	tprint_arg_next(c);
	if (name)
		print_xlat_named(c->sb, (unsigned int)policy, name);
	else
		print_xval(c->sb, xlat_schedulers, (unsigned int)policy, "SCHED_???");
	tprint_arg_next(c);
	print_struct_sched_param(c, c->arg[2]);
	return RVAL_DECODED;
}

SYS_FUNC(sched_getscheduler)
{
	if (entering(c)) {
		printpid(c, (int)c->arg[0], PT_TGID);
		return 0;
	}
	if (syserror(c))
		return 0;
	c->auxstr = sprint_policy(c->rval);
	return RVAL_KIND(RK_X) | RVAL_STR;
}

struct k_sched_attr {
	uint32_t size, policy;
	uint64_t flags;
	int32_t nice;
	uint32_t priority;
	uint64_t runtime, deadline, period;
	uint32_t util_min, util_max;
};

/* USIZE: sched_getattr's size argument; 0 for sched_setattr (the size is the struct's own). */
static void print_sched_attr(struct dctx *c, uint64_t addr, unsigned int usize)
{
	struct k_sched_attr a;
	unsigned int size;
	bool is_set = !usize;

	memset(&a, 0, sizeof(a));
	if (!is_set) {
		size = usize < sizeof(a) ? usize : (unsigned int)sizeof(a);
		if (umoven_or_printaddr(c, addr, size, &a))
			return;
		size = a.size; /* what the kernel wrote */
	} else {
		if (umoven_or_printaddr(c, addr, sizeof(a.size), &a.size))
			return;
		usize = a.size ? a.size : ATTR_MIN_SIZE;
		size = usize < sizeof(a) ? usize : (unsigned int)sizeof(a);
		if (size >= ATTR_MIN_SIZE && umoven_or_printaddr(c, addr, size, &a))
			return;
	}
	tprintf(c, "{size=%u", a.size);
	if (size >= ATTR_MIN_SIZE) {
		if (!is_set || (int)a.policy < 0 ||
		    !(a.flags & (FLAG_KEEP_POLICY | FLAG_KEEP_PARAMS))) {
			tprints(c, ", sched_policy=");
			printxval(c, xlat_schedulers, a.policy, "SCHED_???");
		}
		tprints(c, ", sched_flags=");
		printflags(c, xlat_sched_flags, a.flags, "SCHED_FLAG_???");
		if (!is_set || !(a.flags & FLAG_KEEP_PARAMS))
			tprintf(c, ", sched_nice=%d, sched_priority=%u, sched_runtime=%" PRIu64
				", sched_deadline=%" PRIu64 ", sched_period=%" PRIu64, a.nice,
				a.priority, a.runtime, a.deadline, a.period);
		if (size >= ATTR_SIZE_VER1)
			tprintf(c, ", sched_util_min=%u, sched_util_max=%u", a.util_min,
				a.util_max);
	}
	if ((is_set ? usize : a.size) > size)
		tprints(c, ", ...");
	tprints(c, "}");
}

SYS_FUNC(sched_setattr)
{
	uint32_t size;

	if (entering(c)) {
		printpid(c, (int)c->arg[0], PT_TGID);
		tprint_arg_next(c);
		print_sched_attr(c, c->arg[1], 0);
		return 0;
	}
	if (c->err == 7 /* E2BIG */ && umoven(c, c->arg[1], sizeof(size), &size) == 0)
		tprintf(c, " => {size=%u}", size);
	tprint_arg_next(c);
	print_xlat_val(c->sb, (unsigned int)c->arg[2]);
	return 0;
}

SYS_FUNC(sched_getattr)
{
	unsigned int size = (unsigned int)c->arg[2];

	if (entering(c)) {
		printpid(c, (int)c->arg[0], PT_TGID);
		tprint_arg_next(c);
		return 0;
	}
	if (size)
		print_sched_attr(c, c->arg[1], size);
	else
		printaddr(c, c->arg[1]);
	tprintf(c, ", %u, ", size);
	printflags(c, xlat_sched_getattr_flags, (unsigned int)c->arg[3], "SCHED_GETATTR_FLAG_???");
	return 0;
}
