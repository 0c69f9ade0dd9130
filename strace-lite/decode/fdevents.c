// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Descriptors that deliver events: eventfd, eventfd2, signalfd, signalfd4, timerfd_create,
 * timerfd_settime, timerfd_gettime.  timerfd_settime prints the new value at entry and the old
 * one at exit (the kernel writes it).
 */
#include <inttypes.h>
#include <time.h>

#include "strace-lite/decode/decode.h"
#include "strace-lite/decode/siginfo.h"

SYS_FUNC(eventfd)
{
	tprintf(c, "%u", (unsigned int)c->arg[0]);
	return RVAL_DECODED;
}

SYS_FUNC(eventfd2)
{
	tprintf(c, "%u, ", (unsigned int)c->arg[0]);
	printflags(c, xlat_efd_flags, (unsigned int)c->arg[1], "EFD_???");
	return RVAL_DECODED;
}

static int do_signalfd(struct dctx *c, int flags_arg)
{
	printfd(c, (int)c->arg[0]);
	tprint_arg_next(c);
	print_sigset_addr_len(c, c->arg[1], c->arg[2]);
	tprintf(c, ", %" PRIu64, c->arg[2]);
	if (flags_arg >= 0) {
		tprint_arg_next(c);
		printflags(c, xlat_sfd_flags, (unsigned int)c->arg[flags_arg], "SFD_???");
	}
	return RVAL_DECODED;
}

SYS_FUNC(signalfd)
{
	return do_signalfd(c, -1);
}

SYS_FUNC(signalfd4)
{
	return do_signalfd(c, 3);
}

SYS_FUNC(timerfd_create)
{
	/* negative ids are CPU-time and fd clocks, which timerfd refuses: shown as numbers */
	if ((int)c->arg[0] < 0)
		tprintf(c, "%d", (int)c->arg[0]);
	else
		printxval(c, xlat_clocknames, (unsigned int)c->arg[0], "CLOCK_???");
	tprint_arg_next(c);
	printflags(c, xlat_timerfdflags, (unsigned int)c->arg[1], "TFD_???");
	return RVAL_DECODED;
}

static void print_ts(struct dctx *c, const struct timespec *t)
{
	tprintf(c, "{tv_sec=%lld, tv_nsec=%llu}", (long long)t->tv_sec,
		(unsigned long long)t->tv_nsec);
}

/* The table's in:itimerspec / out:itimerspec. */
void print_struct_itimerspec(struct dctx *c, uint64_t addr)
{
	struct itimerspec its;

	if (umove_or_printaddr(c, addr, &its))
		return;
	tprints(c, "{it_interval=");
	print_ts(c, &its.it_interval);
	tprints(c, ", it_value=");
	print_ts(c, &its.it_value);
	tprints(c, "}");
}

SYS_FUNC(timerfd_settime)
{
	if (entering(c)) {
		printfd(c, (int)c->arg[0]);
		tprint_arg_next(c);
		printflags(c, xlat_timerfdflags, (unsigned int)c->arg[1], "TFD_???");
		tprint_arg_next(c);
		print_struct_itimerspec(c, c->arg[2]);
		tprint_arg_next(c);
		return 0;
	}
	print_struct_itimerspec(c, c->arg[3]);
	return 0;
}

SYS_FUNC(timerfd_gettime)
{
	if (entering(c)) {
		printfd(c, (int)c->arg[0]);
		tprint_arg_next(c);
		return 0;
	}
	print_struct_itimerspec(c, c->arg[1]);
	return 0;
}
