// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * POSIX message queues: mq_open (its mode and attributes only with O_CREAT), mq_timedreceive
 * (the message as long as the result, the priority, and the timeout, which the kernel reads
 * at entry and so prints even when the call failed), struct mq_attr (mq_getsetattr, whose
 * flags print by name), struct sigevent (mq_notify, timer_create) and timer_create's timer
 * id.  mq_timedsend, mq_notify, mq_getsetattr and mq_unlink print through the table.
 */
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <time.h>

#include "strace-lite/decode/decode.h"
#include "strace-lite/decode/fs/open.h"
#include "strace-lite/decode/struct-printers.h"

struct k_mq_attr {
	int64_t mq_flags, mq_maxmsg, mq_msgsize, mq_curmsgs, pad[4];
};

static void print_mq_attr(struct dctx *c, uint64_t addr, bool decode_flags)
{
	struct k_mq_attr a;

	if (umove_or_printaddr(c, addr, &a))
		return;
	tprints(c, "{mq_flags=");
	if (decode_flags)
		printflags(c, xlat_mq_attr_flags, (uint64_t)a.mq_flags, "O_???");
	else
		tprintf(c, "%#" PRIx64, (uint64_t)a.mq_flags);
	tprintf(c, ", mq_maxmsg=%" PRId64 ", mq_msgsize=%" PRId64 ", mq_curmsgs=%" PRId64 "}",
		a.mq_maxmsg, a.mq_msgsize, a.mq_curmsgs);
}

void print_struct_mq_attr(struct dctx *c, uint64_t addr);
void print_struct_mq_attr(struct dctx *c, uint64_t addr)
{
	print_mq_attr(c, addr, true);
}

SYS_FUNC(mq_open)
{
	printpath(c, c->arg[0]);
	tprint_arg_next(c);
	print_open_modes(c, (unsigned int)c->arg[1]);
	if (c->arg[1] & O_CREAT) {
		tprintf(c, ", %#03o, ", (unsigned int)(unsigned short)c->arg[2]);
		print_mq_attr(c, c->arg[3], false);
	}
	return RVAL_DECODED;
}

SYS_FUNC(mq_timedreceive)
{
	struct timespec ts;

	if (entering(c)) {
		printfd(c, (int)c->arg[0]);
		tprint_arg_next(c);
		return 0;
	}
	if (syserror(c))
		printaddr(c, c->arg[1]);
	else
		printstrn(c, c->arg[1], (uint64_t)c->rval);
	tprintf(c, ", %" PRIu64 ", ", c->arg[2]);
	printnum_int(c, c->arg[3], "%u");
	tprint_arg_next(c);
	/* Read at entry by the kernel: shown whatever the result. */
	if (!c->arg[4] || umoven(c, c->arg[4], sizeof(ts), &ts) < 0)
		printaddr(c, c->arg[4]);
	else
		tprintf(c, "{tv_sec=%lld, tv_nsec=%llu}", (long long)ts.tv_sec,
			(unsigned long long)ts.tv_nsec);
	return 0;
}

