// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * NETLINK_ROUTE routes: struct rtmsg and its RTA_* attributes, metrics nested, multipath as a
 * list of struct rtnexthop each followed by its own RTA_* attributes (rtnh_len bounded by
 * what is left of the attribute before it is used to step).
 */
#include <netinet/in.h>
#include <linux/lwtunnel.h>
#include <linux/rtnetlink.h>
#include <stddef.h>

#include "strace-lite/decode/netlink/netlink-route.h"
#include "strace-lite/decode/net/sockaddr.h"

NLA_NEST_FN(decode_rta_metrics, xlat_rtnl_rta_metrics_attrs, "RTAX_???",
	    [RTAX_LOCK] = decode_nla_u32,       [RTAX_MTU] = decode_nla_u32,
	    [RTAX_WINDOW] = decode_nla_u32,     [RTAX_RTT] = decode_nla_u32,
	    [RTAX_RTTVAR] = decode_nla_u32,     [RTAX_SSTHRESH] = decode_nla_u32,
	    [RTAX_CWND] = decode_nla_u32,       [RTAX_ADVMSS] = decode_nla_u32,
	    [RTAX_REORDERING] = decode_nla_u32, [RTAX_HOPLIMIT] = decode_nla_u32,
	    [RTAX_INITCWND] = decode_nla_u32,   [RTAX_FEATURES] = decode_nla_u32,
	    [RTAX_RTO_MIN] = decode_nla_u32,    [RTAX_INITRWND] = decode_nla_u32,
	    [RTAX_QUICKACK] = decode_nla_u32,   [RTAX_CC_ALGO] = decode_nla_str)

NLA_FN_HEAD(decode_rta_cacheinfo)
{
	struct rta_cacheinfo ci;

	NLA_READ_OR_RETURN(c, addr, len, ci);
	tprintf(c, "{rta_clntref=%u, rta_lastuse=%u, rta_expires=%u, rta_error=%u"
		   ", rta_used=%u, rta_id=%#x, rta_ts=%u, rta_tsage=%u}",
		ci.rta_clntref, ci.rta_lastuse, (unsigned int)ci.rta_expires, ci.rta_error, ci.rta_used,
		ci.rta_id, ci.rta_ts, ci.rta_tsage);
	return true;
}

NLA_STRUCT_FN(decode_rta_mfc_stats, struct rta_mfc_stats, s,
	      tprintf(c, "{mfcs_packets=%llu, mfcs_bytes=%llu, mfcs_wrong_if=%llu}",
		      (unsigned long long)s.mfcs_packets, (unsigned long long)s.mfcs_bytes,
		      (unsigned long long)s.mfcs_wrong_if))

NLA_FN_HEAD(decode_rtvia)
{
	struct rtvia via;
	unsigned int off = offsetof(struct rtvia, rtvia_addr);

	NLA_READ_OR_RETURN(c, addr, len, via);
	tprints(c, "{rtvia_family=");
	printxval(c, xlat_addrfams, via.rtvia_family, "AF_???");
	if (len > off) {
		tprints(c, ", ");
		decode_inet_addr(c, addr + off, len - off, via.rtvia_family, "rtvia_addr");
	}
	tprint_struct_end(c);
	return true;
}

bool decode_nla_lwt_encap_type(struct dctx *c, uint64_t addr, unsigned int len,
				  const void *o)
{
	uint16_t t;

	(void)o;
	NLA_READ_OR_RETURN(c, addr, len, t);
	printxval(c, xlat_lwtunnel_encap_types, t, "LWTUNNEL_ENCAP_???");
	return true;
}

static bool decode_rta_multipath(struct dctx *c, uint64_t addr, unsigned int len,
				 const void *o);

static const nla_fn rtmsg_fns[] = {
	[RTA_DST] = decode_nla_rtnl_addr,       [RTA_SRC] = decode_nla_rtnl_addr,
	[RTA_IIF] = decode_nla_ifindex,         [RTA_OIF] = decode_nla_ifindex,
	[RTA_GATEWAY] = decode_nla_rtnl_addr,   [RTA_PRIORITY] = decode_nla_u32,
	[RTA_PREFSRC] = decode_nla_rtnl_addr,   [RTA_METRICS] = decode_rta_metrics,
	[RTA_MULTIPATH] = decode_rta_multipath, [RTA_PROTOINFO] = decode_nla_u32,
	[RTA_FLOW] = decode_nla_u32,            [RTA_CACHEINFO] = decode_rta_cacheinfo,
	[RTA_MP_ALGO] = decode_nla_u32,         [RTA_TABLE] = decode_nla_rt_class,
	[RTA_MARK] = decode_nla_u32,            [RTA_MFC_STATS] = decode_rta_mfc_stats,
	[RTA_VIA] = decode_rtvia,               [RTA_NEWDST] = decode_nla_rtnl_addr,
	[RTA_PREF] = decode_nla_u8,             [RTA_ENCAP_TYPE] = decode_nla_lwt_encap_type,
	[RTA_EXPIRES] = decode_nla_u64,         [RTA_UID] = decode_nla_u32,
	[RTA_TTL_PROPAGATE] = decode_nla_u8,    [RTA_IP_PROTO] = decode_nla_u8,
	[RTA_SPORT] = decode_nla_u16,           [RTA_DPORT] = decode_nla_u16,
};

NLA_FN_HEAD(decode_rta_multipath)
{
	const unsigned int off = RTNH_ALIGN(sizeof(struct rtnexthop));
	struct rtnexthop nh;
	uint64_t cur = addr, left = len;
	bool is_array = false;

	if (len < sizeof(nh))
		return false;
	while (!umove_or_printaddr(c, cur, &nh)) {
		unsigned int nlen = left < nh.rtnh_len ? (unsigned int)left : nh.rtnh_len;

		if (cur == addr && nh.rtnh_len < len) {
			tprint_array_begin(c);
			is_array = true;
		}
		if (cur > addr)
			tprint_array_next(c);
		if (nlen > off)
			tprint_array_begin(c);
		tprintf(c, "{rtnh_len=%u, rtnh_flags=", nh.rtnh_len);
		printflags(c, xlat_route_nexthop_flags, nh.rtnh_flags, "RTNH_F_???");
		tprintf(c, ", rtnh_hops=%u, rtnh_ifindex=", nh.rtnh_hops);
		print_ifindex(c, (unsigned int)nh.rtnh_ifindex);
		tprint_struct_end(c);
		if (nlen > off) {
			tprint_array_next(c);
			decode_nlattr(c, cur + off, nlen - off, xlat_rtnl_route_attrs, "RTA_???",
				      NLA_FNS(rtmsg_fns), o);
			tprint_array_end(c);
		}
		if (RTNH_ALIGN(nlen) >= left)
			break;
		/* rtnh_len 0 would loop forever: RTNH_ALIGN(0) is 0. */
		if (!RTNH_ALIGN(nlen))
			break;
		cur += RTNH_ALIGN(nlen);
		left -= RTNH_ALIGN(nlen);
	}
	if (is_array)
		tprint_array_end(c);
	return true;
}

void decode_rtmsg(struct dctx *c, uint8_t family, uint64_t addr, unsigned int len)
{
	struct rtmsg m = { .rtm_family = family };

	bool ok = rtnl_struct_head(c, "rtm_family", family, addr, len, &m, sizeof(m));
	if (ok) {
		tprintf(c, "rtm_dst_len=%u, rtm_src_len=%u, rtm_tos=", m.rtm_dst_len,
			m.rtm_src_len);
		printflags(c, xlat_ip_type_of_services, m.rtm_tos, "IPTOS_TOS_???");
		tprints(c, ", rtm_table=");
		printxval(c, xlat_routing_table_ids, m.rtm_table, NULL);
		tprints(c, ", rtm_protocol=");
		printxval(c, xlat_routing_protocols, m.rtm_protocol, "RTPROT_???");
		tprints(c, ", rtm_scope=");
		printxval(c, xlat_routing_scopes, m.rtm_scope, NULL);
		tprints(c, ", rtm_type=");
		printxval(c, xlat_routing_types, m.rtm_type, "RTN_???");
		tprints(c, ", rtm_flags=");
		printflags(c, xlat_routing_flags, m.rtm_flags, "RTM_F_???");
	}
	rtnl_attrs(c, ok, addr, len, sizeof(m), xlat_rtnl_route_attrs, "RTA_???",
		   NLA_FNS(rtmsg_fns), &m);
}
