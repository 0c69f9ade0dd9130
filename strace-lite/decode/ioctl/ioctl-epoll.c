// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * ioctl(2), type 0x8a: an epoll instance's busy-poll parameters (EPIOCSPARAMS, EPIOCGPARAMS,
 * Linux 6.9), struct epoll_params; its padding byte only when set.
 */
#include <linux/ioctl.h>

#include "strace-lite/decode/ioctl/ioctl-int.h"
#include "strace-lite/decode/util-print.h"

/* Not in the 6.1 headers. */
struct epoll_params_ {
	uint32_t busy_poll_usecs;
	uint16_t busy_poll_budget;
	uint8_t prefer_busy_poll;
	uint8_t __pad;
};
#define EPIOCSPARAMS_ _IOW(0x8a, 0x01, struct epoll_params_)
#define EPIOCGPARAMS_ _IOR(0x8a, 0x02, struct epoll_params_)

static void print_epoll_params(struct dctx *c, uint64_t arg)
{
	struct epoll_params_ p;

	if (umove_or_printaddr(c, arg, &p))
		return;
	tprint_struct_begin(c);
	tprint_field(c, "busy_poll_usecs");
	print_ticks(c, p.busy_poll_usecs, 1000000, 6);
	NEXT_U(c, p, busy_poll_budget);
	NEXT_X(c, p, prefer_busy_poll);
	if (p.__pad)
		NEXT_X(c, p, __pad);
	tprint_struct_end(c);
}

IOCTL_FAMILY(epoll)
{
	switch (code) {
	case EPIOCGPARAMS_:
		if (entering(c))
			return 0;
		/* fall through */
	case EPIOCSPARAMS_:
		return ARG_DECODED(c, print_epoll_params(c, arg));
	default:
		return RVAL_DECODED;
	}
}
