// SPDX-License-Identifier: LGPL-2.1-or-later
/* NETLINK_ROUTE policy routing rules: struct fib_rule_hdr and its FRA_* attributes. */
#include <netinet/in.h>
#include <linux/fib_rules.h>
#include <linux/rtnetlink.h>

#include "strace-lite/decode/netlink/netlink-route.h"

bool decode_nla_rt_class(struct dctx *c, uint64_t addr, unsigned int len, const void *o)
{
	uint32_t v;

	(void)o;
	NLA_READ_OR_RETURN(c, addr, len, v);
	printxval(c, xlat_routing_table_ids, v, NULL);
	return true;
}

bool decode_nla_rt_proto(struct dctx *c, uint64_t addr, unsigned int len, const void *o)
{
	uint8_t v;

	(void)o;
	NLA_READ_OR_RETURN(c, addr, len, v);
	printxval(c, xlat_routing_protocols, v, "RTPROT_???");
	return true;
}

/* fib_rule_uid_range (two u32) and fib_rule_port_range (two u16): {start=, end=}. */
NLA_STRUCT_FN(decode_uid_range, struct fib_rule_uid_range, r,
	      tprintf(c, "{start=%u, end=%u}", r.start, r.end))

NLA_STRUCT_FN(decode_port_range, struct fib_rule_port_range, r,
	      tprintf(c, "{start=%u, end=%u}", r.start, r.end))

void decode_fib_rule_hdr(struct dctx *c, uint8_t family, uint64_t addr, unsigned int len)
{
	static const nla_fn fns[] = {
		[FRA_DST] = decode_nla_rtnl_addr,
		[FRA_SRC] = decode_nla_rtnl_addr,
		[FRA_IIFNAME] = decode_nla_str,
		[FRA_GOTO] = decode_nla_u32,
		[FRA_PRIORITY] = decode_nla_u32,
		[FRA_FWMARK] = decode_nla_u32,
		[FRA_FLOW] = decode_nla_u32,
		[FRA_TUN_ID] = decode_nla_be64,
		[FRA_SUPPRESS_IFGROUP] = decode_nla_u32,
		[FRA_SUPPRESS_PREFIXLEN] = decode_nla_u32,
		[FRA_TABLE] = decode_nla_rt_class,
		[FRA_FWMASK] = decode_nla_u32,
		[FRA_OIFNAME] = decode_nla_str,
		[FRA_L3MDEV] = decode_nla_u8,
		[FRA_UID_RANGE] = decode_uid_range,
		[FRA_PROTOCOL] = decode_nla_rt_proto,
		[FRA_IP_PROTO] = decode_nla_ip_proto,
		[FRA_SPORT_RANGE] = decode_port_range,
		[FRA_DPORT_RANGE] = decode_port_range,
		/* Linux 6.10-6.18, as strace 7.2 (the 6.1 headers lack the names) */
		[0x19 /* FRA_DSCP */] = decode_nla_u8,
		[0x1a /* FRA_FLOWLABEL */] = decode_nla_be32,
		[0x1b /* FRA_FLOWLABEL_MASK */] = decode_nla_be32,
		[0x1c /* FRA_SPORT_MASK */] = decode_nla_x16,
		[0x1d /* FRA_DPORT_MASK */] = decode_nla_x16,
		[0x1e /* FRA_DSCP_MASK */] = decode_nla_x8,
	};
	struct fib_rule_hdr m = { .family = family };

	bool ok = rtnl_struct_head(c, "family", family, addr, len, &m, sizeof(m));
	if (ok) {
		tprintf(c, "dst_len=%u, src_len=%u, tos=", m.dst_len, m.src_len);
		printflags(c, xlat_ip_type_of_services, m.tos, "IPTOS_TOS_???");
		tprints(c, ", table=");
		printxval(c, xlat_routing_table_ids, m.table, "RT_TABLE_???");
		tprints(c, ", action=");
		printxval(c, xlat_fib_rule_actions, m.action, "FR_ACT_???");
		tprints(c, ", flags=");
		printflags(c, xlat_fib_rule_flags, m.flags, "FIB_RULE_???");
	}
	rtnl_attrs(c, ok, addr, len, sizeof(m), xlat_rtnl_rule_attrs, "FRA_???", NLA_FNS(fns), &m);
}
