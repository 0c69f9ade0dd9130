// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * epoll: epoll_create1, epoll_ctl, epoll_wait, epoll_pwait, epoll_pwait2.
 *
 * An event's data is a union the tracer cannot interpret: strace 7.2 prints it as one hex
 * number (6.1 printed it as both u32 and u64).  The wait calls print their events at exit, as many as the return value says.
 */
#include <inttypes.h>
#include <sys/epoll.h>

#include "strace-lite/decode/array.h"
#include "strace-lite/decode/decode.h"
#include "strace-lite/decode/siginfo.h"
#include "strace-lite/decode/struct-printers.h"

SYS_FUNC(epoll_create1)
{
	printflags(c, xlat_epollflags, (unsigned int)c->arg[0], "EPOLL_???");
	return RVAL_DECODED;
}

static PRINT_ELEM_FN(print_epoll_event)
{
	const struct epoll_event *ev = elem;

	tprints(c, "{events=");
	printflags(c, xlat_epollevents, ev->events, "EPOLL???");
	tprintf(c, ", data=%#" PRIx64 "}", (uint64_t)ev->data.u64);
	return true;
}

/* The table's in:epoll_event / out:epoll_event: one event. */
void print_struct_epoll_event(struct dctx *c, uint64_t addr)
{
	struct epoll_event ev;

	if (!umove_or_printaddr(c, addr, &ev))
		print_epoll_event(c, &ev, sizeof(ev), NULL);
}

SYS_FUNC(epoll_ctl)
{
	unsigned int op = (unsigned int)c->arg[1];

	printfd(c, (int)c->arg[0]);
	tprint_arg_next(c);
	printxval(c, xlat_epollctls, op, "EPOLL_CTL_???");
	tprint_arg_next(c);
	printfd(c, (int)c->arg[2]);
	tprint_arg_next(c);
	if (op == EPOLL_CTL_DEL)
		printaddr(c, c->arg[3]);
	else
		print_struct_epoll_event(c, c->arg[3]);
	return RVAL_DECODED;
}

static void epoll_wait_common(struct dctx *c)
{
	struct epoll_event ev;

	if (entering(c)) {
		printfd(c, (int)c->arg[0]);
		tprint_arg_next(c);
		return;
	}
	print_array(c, c->arg[1], (uint64_t)c->rval, &ev, sizeof(ev), 0, print_epoll_event, NULL);
	tprintf(c, ", %d, ", (int)c->arg[2]);
}

SYS_FUNC(epoll_wait)
{
	epoll_wait_common(c);
	if (c->exiting)
		tprintf(c, "%d", (int)c->arg[3]);
	return 0;
}

SYS_FUNC(epoll_pwait)
{
	epoll_wait_common(c);
	if (c->exiting) {
		tprintf(c, "%d, ", (int)c->arg[3]);
		print_sigset_addr_len(c, c->arg[4], c->arg[5]);
		tprintf(c, ", %" PRIu64, c->arg[5]);
	}
	return 0;
}

SYS_FUNC(epoll_pwait2)
{
	epoll_wait_common(c);
	if (c->exiting) {
		print_struct_timespec(c, c->arg[3]);
		tprint_arg_next(c);
		print_sigset_addr_len(c, c->arg[4], c->arg[5]);
		tprintf(c, ", %" PRIu64, c->arg[5]);
	}
	return 0;
}
