// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * NETLINK_ROUTE interface statistics: struct if_stats_msg and its IFLA_STATS_* attributes
 * (64-bit link counters, bridge and bond extended statistics, offload counters, MPLS).
 */
#include <netinet/in.h>
#include <linux/if_bonding.h>
#include <linux/if_bridge.h>
#include <linux/if_link.h>
#include <linux/mpls.h>
#include <linux/rtnetlink.h>
#include <string.h>

#include "strace-lite/decode/netlink/netlink-route.h"
#include "strace-lite/decode/net/sockaddr.h"

#ifndef AF_MPLS
#define AF_MPLS 28
#endif

#define ULL(x) ((unsigned long long)(x))

/* The bytes after a struct, in hex, as the next array element. */
static void print_tail(struct dctx *c, uint64_t addr, unsigned int len, unsigned int size)
{
	if (len > size) {
		tprint_array_next(c);
		print_nl_hex(c, addr + size, len - size);
	}
}

NLA_FN_HEAD(decode_br_vlan)
{
	struct bridge_vlan_xstats s;

	NLA_READ_OR_RETURN(c, addr, len, s);
	tprintf(c, "{rx_bytes=%llu, rx_packets=%llu, tx_bytes=%llu, tx_packets=%llu, vid=%u"
		   ", flags=", ULL(s.rx_bytes), ULL(s.rx_packets), ULL(s.tx_bytes),
		ULL(s.tx_packets), s.vid);
	printflags(c, xlat_nl_bridge_vlan_flags, s.flags, "BRIDGE_VLAN_INFO_???");
	if (s.pad2)
		tprintf(c, ", pad2=%#x", s.pad2);
	tprint_struct_end(c);
	print_tail(c, addr, len, sizeof(s));
	return true;
}

/* "NAME=[[BR_MCAST_DIR_RX]=N, [BR_MCAST_DIR_TX]=N]" */
static void print_dirs(struct dctx *c, const char *name, const __u64 v[BR_MCAST_DIR_SIZE])
{
	tprintf(c, "%s=[", name);
	for (unsigned int i = 0; i < BR_MCAST_DIR_SIZE; i++) {
		tprints(c, i ? ", [" : "[");
		print_xval_d(c->sb, xlat_ifstats_xstats_bridge_mcast_indices, i, NULL);
		tprintf(c, "]=%llu", ULL(v[i]));
	}
	tprints(c, "]");
}

NLA_FN_HEAD(decode_br_mcast)
{
	struct br_mcast_stats s;

	NLA_READ_OR_RETURN(c, addr, len, s);
	tprints(c, "{");
	print_dirs(c, "igmp_v1queries", s.igmp_v1queries);
	print_dirs(c, ", igmp_v2queries", s.igmp_v2queries);
	print_dirs(c, ", igmp_v3queries", s.igmp_v3queries);
	print_dirs(c, ", igmp_leaves", s.igmp_leaves);
	print_dirs(c, ", igmp_v1reports", s.igmp_v1reports);
	print_dirs(c, ", igmp_v2reports", s.igmp_v2reports);
	print_dirs(c, ", igmp_v3reports", s.igmp_v3reports);
	tprintf(c, ", igmp_parse_errors=%llu", ULL(s.igmp_parse_errors));
	print_dirs(c, ", mld_v1queries", s.mld_v1queries);
	print_dirs(c, ", mld_v2queries", s.mld_v2queries);
	print_dirs(c, ", mld_leaves", s.mld_leaves);
	print_dirs(c, ", mld_v1reports", s.mld_v1reports);
	print_dirs(c, ", mld_v2reports", s.mld_v2reports);
	tprintf(c, ", mld_parse_errors=%llu", ULL(s.mld_parse_errors));
	print_dirs(c, ", mcast_bytes", s.mcast_bytes);
	print_dirs(c, ", mcast_packets", s.mcast_packets);
	tprint_struct_end(c);
	print_tail(c, addr, len, sizeof(s));
	return true;
}

NLA_FN_HEAD(decode_br_stp)
{
	struct bridge_stp_xstats s;

	NLA_READ_OR_RETURN(c, addr, len, s);
	tprintf(c, "{transition_blk=%llu, transition_fwd=%llu, rx_bpdu=%llu, tx_bpdu=%llu"
		   ", rx_tcn=%llu, tx_tcn=%llu}",
		ULL(s.transition_blk), ULL(s.transition_fwd), ULL(s.rx_bpdu), ULL(s.tx_bpdu),
		ULL(s.rx_tcn), ULL(s.tx_tcn));
	print_tail(c, addr, len, sizeof(s));
	return true;
}

NLA_NEST_FN(decode_xstats_bridge, xlat_ifstats_xstats_bridge_attrs, "BRIDGE_XSTATS_???",
	    [BRIDGE_XSTATS_VLAN] = decode_br_vlan, [BRIDGE_XSTATS_MCAST] = decode_br_mcast,
	    [BRIDGE_XSTATS_STP] = decode_br_stp)

NLA_NEST_FN(decode_xstats_bond_3ad, xlat_ifstats_xstats_bond_3ad_attrs, "BOND_3AD_STAT_???",
	    [BOND_3AD_STAT_LACPDU_RX] = decode_nla_u64, [BOND_3AD_STAT_LACPDU_TX] = decode_nla_u64,
	    [BOND_3AD_STAT_LACPDU_UNKNOWN_RX] = decode_nla_u64,
	    [BOND_3AD_STAT_LACPDU_ILLEGAL_RX] = decode_nla_u64,
	    [BOND_3AD_STAT_MARKER_RX] = decode_nla_u64, [BOND_3AD_STAT_MARKER_TX] = decode_nla_u64,
	    [BOND_3AD_STAT_MARKER_RESP_RX] = decode_nla_u64,
	    [BOND_3AD_STAT_MARKER_RESP_TX] = decode_nla_u64,
	    [BOND_3AD_STAT_MARKER_UNKNOWN_RX] = decode_nla_u64)

NLA_NEST_FN(decode_xstats_bond, xlat_ifstats_xstats_bond_attrs, "BOND_XSTATS_???",
	    [BOND_XSTATS_3AD] = decode_xstats_bond_3ad)

NLA_NEST_FN(decode_link_xstats, xlat_ifstats_xstats_type_attrs, "LINK_XSTATS_TYPE_???",
	    [LINK_XSTATS_TYPE_BRIDGE] = decode_xstats_bridge,
	    [LINK_XSTATS_TYPE_BOND] = decode_xstats_bond)

NLA_NEST_FN(decode_offload_xstats, xlat_ifstats_offload_attrs, "IFLA_OFFLOAD_XSTATS_???",
	    [IFLA_OFFLOAD_XSTATS_CPU_HIT] = decode_link_stats64)

NLA_FN_HEAD(decode_mpls_link)
{
	struct mpls_link_stats s;

	NLA_READ_OR_RETURN(c, addr, len, s);
	tprintf(c, "{rx_packets=%llu, tx_packets=%llu, rx_bytes=%llu, tx_bytes=%llu"
		   ", rx_errors=%llu, tx_errors=%llu, rx_dropped=%llu, tx_dropped=%llu"
		   ", rx_noroute=%llu}",
		ULL(s.rx_packets), ULL(s.tx_packets), ULL(s.rx_bytes), ULL(s.tx_bytes),
		ULL(s.rx_errors), ULL(s.tx_errors), ULL(s.rx_dropped), ULL(s.tx_dropped),
		ULL(s.rx_noroute));
	print_tail(c, addr, len, sizeof(s));
	return true;
}

NLA_FN_HEAD(decode_stats_af)
{
	static const nla_fn mpls[] = {
		[MPLS_STATS_LINK] = decode_mpls_link,
	};

	if ((unsigned int)(uintptr_t)o == AF_MPLS)
		decode_nlattr(c, addr, len, xlat_ifstats_af_spec_mpls_attrs, "MPLS_STATS_???",
			      NLA_FNS(mpls), NULL);
	else
		print_nl_hex(c, addr, len);
	return true;
}

NLA_FN_HEAD(decode_stats_af_spec)
{
	static const nla_fn af = decode_stats_af;

	decode_nlattr(c, addr, len, xlat_addrfams, "AF_???", &af, 0, NULL);
	return true;
}

void decode_ifstatsmsg(struct dctx *c, uint8_t family, uint64_t addr, unsigned int len)
{
	static const nla_fn fns[] = {
		[IFLA_STATS_LINK_64] = decode_link_stats64,
		[IFLA_STATS_LINK_XSTATS] = decode_link_xstats,
		[IFLA_STATS_LINK_XSTATS_SLAVE] = decode_link_xstats,
		[IFLA_STATS_LINK_OFFLOAD_XSTATS] = decode_offload_xstats,
		[IFLA_STATS_AF_SPEC] = decode_stats_af_spec,
	};
	struct if_stats_msg m = { .family = family };

	bool ok = rtnl_struct_head(c, "family", family, addr, len, &m, sizeof(m));
	if (ok) {
		if (m.pad1)
			tprintf(c, "pad1=%#x, ", m.pad1);
		if (m.pad2)
			tprintf(c, "pad2=%#x, ", m.pad2);
		tprints(c, "ifindex=");
		print_ifindex(c, m.ifindex);
		tprints(c, ", filter_mask=");
		printflags(c, xlat_ifstats_attr_flags, m.filter_mask, "1<<IFLA_STATS_???");
	}
	rtnl_attrs(c, ok, addr, len, sizeof(m), xlat_ifstats_attrs, "IFLA_STATS_???", NLA_FNS(fns),
		   &m);
}
