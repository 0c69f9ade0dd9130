// SPDX-License-Identifier: LGPL-2.1-or-later
/* Netlink families whose payloads are not decoded yet: false prints them in hex. */
#include "strace-lite/netlink-int.h"

bool decode_netlink_crypto(struct dctx *c, const struct nlmsghdr *h, uint64_t addr,
			   unsigned int len)
{
	(void)c; (void)h; (void)addr; (void)len;
	return false;
}
