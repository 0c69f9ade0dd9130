// SPDX-License-Identifier: LGPL-2.1-or-later
/* NETLINK_ROUTE links: the nested, family-specific IFLA_* attributes. */
#include <netinet/in.h>
#include <linux/if_link.h>
#include <linux/rtnetlink.h>

#include "strace-lite/netlink-route.h"

bool decode_ifla_protinfo(struct dctx *c, uint64_t addr, unsigned int len, const void *o)
{
	(void)c; (void)addr; (void)len; (void)o;
	return false;
}

bool decode_ifla_linkinfo(struct dctx *c, uint64_t addr, unsigned int len, const void *o)
{
	(void)c; (void)addr; (void)len; (void)o;
	return false;
}

bool decode_ifla_vfinfo_list(struct dctx *c, uint64_t addr, unsigned int len, const void *o)
{
	(void)c; (void)addr; (void)len; (void)o;
	return false;
}

bool decode_ifla_af_spec(struct dctx *c, uint64_t addr, unsigned int len, const void *o)
{
	(void)c; (void)addr; (void)len; (void)o;
	return false;
}
