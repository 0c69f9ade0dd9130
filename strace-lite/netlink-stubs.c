// SPDX-License-Identifier: LGPL-2.1-or-later
/* Netlink families whose payloads are not decoded yet: false prints them in hex. */
#include "strace-lite/netlink-int.h"

/* inet_diag and smc_diag structs: the family and the rest in hex, for now. */
static void diag_todo(struct dctx *c, uint8_t family, uint64_t addr, unsigned int len)
{
	tprints(c, "{family=");
	printxval(c, xlat_addrfams, family, "AF_???");
	if (len > 1) {
		tprints(c, ", data=");
		print_nl_hex(c, addr + 1, len - 1);
	}
	tprint_struct_end(c);
}

void inet_diag_msg(struct dctx *c, uint8_t family, uint64_t addr, unsigned int len)
{
	diag_todo(c, family, addr, len);
}

void smc_diag_req(struct dctx *c, uint8_t family, uint64_t addr, unsigned int len)
{
	diag_todo(c, family, addr, len);
}

void smc_diag_msg(struct dctx *c, uint8_t family, uint64_t addr, unsigned int len)
{
	diag_todo(c, family, addr, len);
}

bool decode_netlink_crypto(struct dctx *c, const struct nlmsghdr *h, uint64_t addr,
			   unsigned int len)
{
	(void)c; (void)h; (void)addr; (void)len;
	return false;
}
