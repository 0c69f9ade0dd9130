// SPDX-License-Identifier: LGPL-2.1-or-later
/* NETLINK_ROUTE structs not decoded yet: the family and the rest in hex. */
#include "strace-lite/netlink-route.h"

static void todo(struct dctx *c, uint8_t family, uint64_t addr, unsigned int len)
{
	tprints(c, "{family=");
	printxval(c, xlat_addrfams, family, "AF_???");
	if (len > 1) {
		tprints(c, ", data=");
		print_nl_hex(c, addr + 1, len - 1);
	}
	tprint_struct_end(c);
}

#define TODO(name)                                                                      \
	void name(struct dctx *c, uint8_t family, uint64_t addr, unsigned int len)      \
	{                                                                               \
		todo(c, family, addr, len);                                             \
	}
TODO(decode_ifstatsmsg)
