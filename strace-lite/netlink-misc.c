// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Placeholder payload decoders of the netlink families not decoded yet: returning false prints
 * the payload in hex, as strace does for what it does not know.
 */
#include "strace-lite/netlink-int.h"

bool decode_netlink_route(struct dctx *c, const struct nlmsghdr *h, uint64_t addr,
			  unsigned int len)
{
	(void)c; (void)h; (void)addr; (void)len;
	return false;
}

bool decode_netlink_sock_diag(struct dctx *c, const struct nlmsghdr *h, uint64_t addr,
			      unsigned int len)
{
	(void)c; (void)h; (void)addr; (void)len;
	return false;
}

bool decode_netlink_selinux(struct dctx *c, const struct nlmsghdr *h, uint64_t addr,
			    unsigned int len)
{
	(void)c; (void)h; (void)addr; (void)len;
	return false;
}

bool decode_netlink_netfilter(struct dctx *c, const struct nlmsghdr *h, uint64_t addr,
			      unsigned int len)
{
	(void)c; (void)h; (void)addr; (void)len;
	return false;
}

bool decode_netlink_crypto(struct dctx *c, const struct nlmsghdr *h, uint64_t addr,
			   unsigned int len)
{
	(void)c; (void)h; (void)addr; (void)len;
	return false;
}

void decode_netlink_kobject_uevent(struct dctx *c, uint64_t addr, uint64_t len)
{
	printstrn(c, addr, len);
}
