// SPDX-License-Identifier: LGPL-2.1-or-later
/* NETLINK_CRYPTO payloads are not decoded yet: false prints them in hex (strace 6.1 decodes
 * crypto_user_alg; the kernel here refuses the family, so its tests skip). */
#include "strace-lite/decode/netlink/netlink-int.h"

bool decode_netlink_crypto(struct dctx *c, const struct nlmsghdr *h, uint64_t addr,
			   unsigned int len)
{
	(void)c; (void)h; (void)addr; (void)len;
	return false;
}
