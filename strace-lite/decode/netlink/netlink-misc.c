// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The small netlink families: SELinux notifications, netfilter's nfgenmsg header with its
 * attributes (named by number: strace 6.1 has no per-subsystem tables), udev's
 * kobject_uevent header.  What a family does not know prints in hex.
 */
#include <arpa/inet.h>
#include <linux/netfilter/nfnetlink.h>
#include <linux/selinux_netlink.h>
#include <string.h>

#include "strace-lite/decode/netlink/netlink-int.h"

bool decode_netlink_selinux(struct dctx *c, const struct nlmsghdr *h, uint64_t addr,
			    unsigned int len)
{
	/* Both messages are one 32-bit field. */
	uint32_t v;

	if (h->nlmsg_type != SELNL_MSG_SETENFORCE && h->nlmsg_type != SELNL_MSG_POLICYLOAD)
		return false;
	if (len < sizeof(v))
		print_nl_hex(c, addr, len);
	else if (!umove_or_printaddr(c, addr, &v)) {
		if (h->nlmsg_type == SELNL_MSG_SETENFORCE)
			tprintf(c, "{val=%d}", (int32_t)v);
		else
			tprintf(c, "{seqno=%u}", v);
	}
	return true;
}

bool decode_netlink_netfilter(struct dctx *c, const struct nlmsghdr *h, uint64_t addr,
			      unsigned int len)
{
	struct nfgenmsg m;

	if (h->nlmsg_type == NLMSG_DONE)
		return false;
	if (len < sizeof(m)) {
		print_nl_hex(c, addr, len);
		return true;
	}
	if (umove_or_printaddr(c, addr, &m))
		return true;
	unsigned int subsys = h->nlmsg_type >> 8;
	uint16_t res = ntohs(m.res_id);

	tprints(c, "{nfgen_family=");
	printxval(c, xlat_addrfams, m.nfgen_family, "AF_???");
	tprints(c, ", version=");
	printxval(c, xlat_netfilter_versions, m.version, "NFNETLINK_???");
	tprints(c, ", res_id=");
	/* nftables once sent its subsystem id in host order: both spellings are named. */
	if (subsys == NFNL_SUBSYS_NFTABLES && res == NFNL_SUBSYS_NFTABLES)
		print_xlat_named(c->sb, m.res_id, "htons(NFNL_SUBSYS_NFTABLES)");
	else if (subsys == NFNL_SUBSYS_NFTABLES && m.res_id == NFNL_SUBSYS_NFTABLES)
		print_xlat_named(c->sb, m.res_id, "NFNL_SUBSYS_NFTABLES");
	else
		tprintf(c, "htons(%u)", res);
	tprint_struct_end(c);

	unsigned int off = NLMSG_ALIGN(sizeof(m));
	if (len > off) {
		tprint_array_next(c);
		if ((h->nlmsg_type >= NFNL_MSG_BATCH_BEGIN && h->nlmsg_type <= NFNL_MSG_BATCH_END) ||
		    h->nlmsg_type < NLMSG_MIN_TYPE)
			print_nl_hex(c, addr + off, len - off);
		else
			decode_nlattr(c, addr + off, len - off, NULL, NULL, NULL, 0, NULL);
	}
	return true;
}

/* udev's header before its properties (libudev's monitor messages). */
struct udev_hdr {
	char prefix[8];
	uint32_t magic, header_size, properties_off, properties_len;
	uint32_t filter_subsystem_hash, filter_devtype_hash;
	uint32_t filter_tag_bloom_hi, filter_tag_bloom_lo;
};

void decode_netlink_kobject_uevent(struct dctx *c, uint64_t addr, uint64_t len)
{
	struct udev_hdr u;

	if ((c->exiting && syserror(c)) || !addr || len < sizeof(u) || umove(c, addr, &u) ||
	    strncmp(u.prefix, "libudev", sizeof(u.prefix))) {
		printstrn(c, addr, len);
		return;
	}
	if (len > sizeof(u))
		tprint_array_begin(c);
	tprints(c, "{prefix=");
	quote_string(c->sb, u.prefix, sizeof(u.prefix), QUOTE_0_TERMINATED);
	tprintf(c, ", magic=htonl(%#x), header_size=%u, properties_off=%u, properties_len=%u",
		ntohl(u.magic), u.header_size, u.properties_off, u.properties_len);
	tprintf(c, ", filter_subsystem_hash=htonl(%#x), filter_devtype_hash=htonl(%#x)",
		ntohl(u.filter_subsystem_hash), ntohl(u.filter_devtype_hash));
	tprintf(c, ", filter_tag_bloom_hi=htonl(%#x), filter_tag_bloom_lo=htonl(%#x)}",
		ntohl(u.filter_tag_bloom_hi), ntohl(u.filter_tag_bloom_lo));
	if (len > sizeof(u)) {
		tprint_array_next(c);
		printstrn(c, addr + sizeof(u), len - sizeof(u));
		tprint_array_end(c);
	}
}
