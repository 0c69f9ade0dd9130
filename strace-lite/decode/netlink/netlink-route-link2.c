// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * NETLINK_ROUTE links: the nested, family-specific IFLA_* attributes.  IFLA_PROTINFO and
 * IFLA_AF_SPEC mean different things by the message's family (bridge ports, IPv6; the bridge's
 * own attributes, or one nest per address family); IFLA_LINKINFO's data is read after its kind
 * ("bridge", "tun", "can"), which the walker meets first, so the kind is kept in a context.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <linux/if_bridge.h>
#include <linux/if_link.h>
#include <linux/rtnetlink.h>
#include <string.h>

#include "strace-lite/decode/netlink/netlink-route.h"

#define ULL(x) ((unsigned long long)(x))

/* --- bridge ports (IFLA_PROTINFO of AF_BRIDGE, a bridge slave's data) -------------------- */

NLA_FN_HEAD(decode_bridge_id)
{
	struct ifla_bridge_id id;

	NLA_READ_OR_RETURN(c, addr, len, id);
	tprintf(c, "{prio=[%u, %u], ", id.prio[0], id.prio[1]);
	print_mac_field(c, "addr", id.addr, sizeof(id.addr));
	tprint_struct_end(c);
	return true;
}

static const nla_fn brport_fns[] = {
	[IFLA_BRPORT_STATE] = decode_nla_u8,
	[IFLA_BRPORT_PRIORITY] = decode_nla_u16,
	[IFLA_BRPORT_COST] = decode_nla_u32,
	[IFLA_BRPORT_MODE] = decode_nla_u8,
	[IFLA_BRPORT_GUARD] = decode_nla_u8,
	[IFLA_BRPORT_PROTECT] = decode_nla_u8,
	[IFLA_BRPORT_FAST_LEAVE] = decode_nla_u8,
	[IFLA_BRPORT_LEARNING] = decode_nla_u8,
	[IFLA_BRPORT_UNICAST_FLOOD] = decode_nla_u8,
	[IFLA_BRPORT_PROXYARP] = decode_nla_u8,
	[IFLA_BRPORT_LEARNING_SYNC] = decode_nla_u8,
	[IFLA_BRPORT_PROXYARP_WIFI] = decode_nla_u8,
	[IFLA_BRPORT_ROOT_ID] = decode_bridge_id,
	[IFLA_BRPORT_BRIDGE_ID] = decode_bridge_id,
	[IFLA_BRPORT_DESIGNATED_PORT] = decode_nla_u16,
	[IFLA_BRPORT_DESIGNATED_COST] = decode_nla_u16,
	[IFLA_BRPORT_ID] = decode_nla_u16,
	[IFLA_BRPORT_NO] = decode_nla_u16,
	[IFLA_BRPORT_TOPOLOGY_CHANGE_ACK] = decode_nla_u8,
	[IFLA_BRPORT_CONFIG_PENDING] = decode_nla_u8,
	[IFLA_BRPORT_MESSAGE_AGE_TIMER] = decode_nla_clock_t,
	[IFLA_BRPORT_FORWARD_DELAY_TIMER] = decode_nla_clock_t,
	[IFLA_BRPORT_HOLD_TIMER] = decode_nla_clock_t,
	[IFLA_BRPORT_MULTICAST_ROUTER] = decode_nla_u8,
	[IFLA_BRPORT_MCAST_FLOOD] = decode_nla_u8,
	[IFLA_BRPORT_MCAST_TO_UCAST] = decode_nla_u8,
	[IFLA_BRPORT_VLAN_TUNNEL] = decode_nla_u8,
	[IFLA_BRPORT_BCAST_FLOOD] = decode_nla_u8,
	[IFLA_BRPORT_GROUP_FWD_MASK] = decode_nla_x16,
	[IFLA_BRPORT_NEIGH_SUPPRESS] = decode_nla_u8,
	[IFLA_BRPORT_ISOLATED] = decode_nla_u8,
	[IFLA_BRPORT_BACKUP_PORT] = decode_nla_ifindex,
	[IFLA_BRPORT_MRP_RING_OPEN] = decode_nla_u8,
	[IFLA_BRPORT_MRP_IN_OPEN] = decode_nla_u8,
	[IFLA_BRPORT_MCAST_EHT_HOSTS_LIMIT] = decode_nla_u32,
	[IFLA_BRPORT_MCAST_EHT_HOSTS_CNT] = decode_nla_u32,
	[IFLA_BRPORT_LOCKED] = decode_nla_u8,
	/* Linux 6.2-6.17, as strace 7.2 (the 6.1 headers lack the names) */
	[0x28 /* IFLA_BRPORT_MAB */] = decode_nla_u8,
	[0x29 /* IFLA_BRPORT_MCAST_N_GROUPS */] = decode_nla_u32,
	[0x2a /* IFLA_BRPORT_MCAST_MAX_GROUPS */] = decode_nla_u32,
	[0x2b /* IFLA_BRPORT_NEIGH_VLAN_SUPPRESS */] = decode_nla_u8,
	[0x2c /* IFLA_BRPORT_BACKUP_NHID */] = decode_nla_u32,
	[0x2d /* IFLA_BRPORT_NEIGH_FORWARD_GRAT */] = decode_nla_u8,
};

/* --- IPv6 (IFLA_PROTINFO of AF_INET6, IFLA_AF_SPEC's AF_INET6 nest) ---------------------- */

NLA_XLAT_FN(decode_inet6_flags, decode_nla_flags, xlat_inet6_if_flags, "IF_???", 4, false)

NLA_INDEXED_FN(decode_inet6_conf, 4, true, xlat_inet6_devconf_indices, "DEVCONF_???")

NLA_INDEXED_FN(decode_inet6_stats, 8, false, xlat_snmp_ip_stats, "IPSTATS_MIB_???")

NLA_INDEXED_FN(decode_icmp6_stats, 8, false, xlat_snmp_icmp6_stats, "ICMP6_MIB_???")

NLA_STRUCT_FN(decode_inet6_cacheinfo, struct ifla_cacheinfo, ci,
	      tprintf(c, "{max_reasm_len=%u, tstamp=%u, reachable_time=%u, retrans_time=%u}",
		      ci.max_reasm_len, ci.tstamp, ci.reachable_time, ci.retrans_time))

NLA_XLAT_FN(decode_inet6_agm, decode_nla_xval, xlat_in6_addr_gen_mode, "IN6_ADDR_GEN_MODE_???", 1,
	    false)

static const nla_fn inet6_fns[] = {
	[IFLA_INET6_FLAGS] = decode_inet6_flags,
	[IFLA_INET6_CONF] = decode_inet6_conf,
	[IFLA_INET6_STATS] = decode_inet6_stats,
	[IFLA_INET6_CACHEINFO] = decode_inet6_cacheinfo,
	[IFLA_INET6_ICMP6STATS] = decode_icmp6_stats,
	[IFLA_INET6_TOKEN] = decode_nla_in6_addr,
	[IFLA_INET6_ADDR_GEN_MODE] = decode_inet6_agm,
	[IFLA_INET6_RA_MTU] = decode_nla_u32,
};

bool decode_ifla_protinfo(struct dctx *c, uint64_t addr, unsigned int len, const void *o)
{
	const struct ifinfomsg *m = o;

	if (m->ifi_family == AF_BRIDGE)
		decode_nlattr(c, addr, len, xlat_rtnl_ifla_brport_attrs, "IFLA_BRPORT_???",
			      NLA_FNS(brport_fns), o);
	else if (m->ifi_family == AF_INET6)
		decode_nlattr(c, addr, len, xlat_rtnl_ifla_af_spec_inet6_attrs, "IFLA_INET6_???",
			      NLA_FNS(inet6_fns), o);
	else
		print_nl_hex(c, addr, len);
	return true;
}

/* --- link info ---------------------------------------------------------------------------- */

struct linkinfo_ctx {
	char kind[64];
	char slave_kind[64];
};

/* A kind, printed, and kept in S as a C string ("" when it is not one: no NUL within LEN,
 * unreadable). */
static bool keep_kind(struct dctx *c, uint64_t addr, unsigned int len, char *s, size_t size)
{
	memset(s, 0, size);
	if (len < size && (umoven(c, addr, len, s) < 0 || strnlen(s, size) > len))
		s[0] = '\0';
	printstr_ex(c, addr, len, QUOTE_0_TERMINATED);
	return true;
}

NLA_FN_HEAD(decode_info_kind)
{
	struct linkinfo_ctx *ctx = (struct linkinfo_ctx *)o;

	return keep_kind(c, addr, len, ctx->kind, sizeof(ctx->kind));
}

NLA_FN_HEAD(decode_info_slave_kind)
{
	struct linkinfo_ctx *ctx = (struct linkinfo_ctx *)o;

	return keep_kind(c, addr, len, ctx->slave_kind, sizeof(ctx->slave_kind));
}

static bool decode_xstats_can(struct dctx *c, uint64_t addr, unsigned int len)
{
	uint32_t st[6];

	NLA_READ_OR_RETURN(c, addr, len, st);
	tprintf(c, "{bus_error=%u, error_warning=%u, error_passive=%u, bus_off=%u"
		   ", arbitration_lost=%u, restarts=%u}",
		st[0], st[1], st[2], st[3], st[4], st[5]);
	return true;
}

NLA_FN_HEAD(decode_info_xstats)
{
	const struct linkinfo_ctx *ctx = o;

	if (!strcmp(ctx->kind, "can"))
		return decode_xstats_can(c, addr, len);
	return false;
}

NLA_FN_HEAD(decode_br_boolopt)
{
	struct br_boolopt_multi b;

	NLA_READ_OR_RETURN(c, addr, len, b);
	tprints(c, "{optval=");
	printflags(c, xlat_rtnl_ifla_br_boolopt_flags, b.optval, "1<<BR_BOOLOPT_???");
	tprints(c, ", optmask=");
	printflags(c, xlat_rtnl_ifla_br_boolopt_flags, b.optmask, "1<<BR_BOOLOPT_???");
	tprint_struct_end(c);
	return true;
}

NLA_XLAT_FN(decode_br_stp_mode, decode_nla_xval, xlat_rtnl_br_stp_mode, "BR_STP_MODE_???", 4,
	    false)

NLA_NEST_FN(decode_br_mcast_qstate, xlat_rtnl_ifla_br_mcast_querier_attrs, "BRIDGE_QUERIER_???",
	    [BRIDGE_QUERIER_IP_ADDRESS] = decode_nla_in_addr,
	    [BRIDGE_QUERIER_IP_PORT] = decode_nla_ifindex,
	    [BRIDGE_QUERIER_IP_OTHER_TIMER] = decode_nla_clock_t,
	    [BRIDGE_QUERIER_IPV6_ADDRESS] = decode_nla_in6_addr,
	    [BRIDGE_QUERIER_IPV6_PORT] = decode_nla_ifindex,
	    [BRIDGE_QUERIER_IPV6_OTHER_TIMER] = decode_nla_clock_t)

NLA_XLAT_FN(decode_ether_proto, decode_nla_xval, xlat_ethernet_protocols, "ETHER_P_???", 2, true)

static const nla_fn br_fns[] = {
	[IFLA_BR_FORWARD_DELAY] = decode_nla_clock_t,
	[IFLA_BR_HELLO_TIME] = decode_nla_clock_t,
	[IFLA_BR_MAX_AGE] = decode_nla_clock_t,
	[IFLA_BR_AGEING_TIME] = decode_nla_clock_t,
	[IFLA_BR_STP_STATE] = decode_nla_u32,
	[IFLA_BR_PRIORITY] = decode_nla_u16,
	[IFLA_BR_VLAN_FILTERING] = decode_nla_u8,
	[IFLA_BR_VLAN_PROTOCOL] = decode_ether_proto,
	[IFLA_BR_GROUP_FWD_MASK] = decode_nla_x16,
	[IFLA_BR_ROOT_ID] = decode_bridge_id,
	[IFLA_BR_BRIDGE_ID] = decode_bridge_id,
	[IFLA_BR_ROOT_PORT] = decode_nla_u16,
	[IFLA_BR_ROOT_PATH_COST] = decode_nla_u32,
	[IFLA_BR_TOPOLOGY_CHANGE] = decode_nla_u8,
	[IFLA_BR_TOPOLOGY_CHANGE_DETECTED] = decode_nla_u8,
	[IFLA_BR_HELLO_TIMER] = decode_nla_clock_t,
	[IFLA_BR_TCN_TIMER] = decode_nla_clock_t,
	[IFLA_BR_TOPOLOGY_CHANGE_TIMER] = decode_nla_clock_t,
	[IFLA_BR_GC_TIMER] = decode_nla_clock_t,
	[IFLA_BR_GROUP_ADDR] = decode_nla_hwaddr_nofamily,
	[IFLA_BR_MCAST_ROUTER] = decode_nla_u8,
	[IFLA_BR_MCAST_SNOOPING] = decode_nla_u8,
	[IFLA_BR_MCAST_QUERY_USE_IFADDR] = decode_nla_u8,
	[IFLA_BR_MCAST_QUERIER] = decode_nla_u8,
	[IFLA_BR_MCAST_HASH_ELASTICITY] = decode_nla_u32,
	[IFLA_BR_MCAST_HASH_MAX] = decode_nla_u32,
	[IFLA_BR_MCAST_LAST_MEMBER_CNT] = decode_nla_u32,
	[IFLA_BR_MCAST_STARTUP_QUERY_CNT] = decode_nla_u32,
	[IFLA_BR_MCAST_LAST_MEMBER_INTVL] = decode_nla_clock_t,
	[IFLA_BR_MCAST_MEMBERSHIP_INTVL] = decode_nla_clock_t,
	[IFLA_BR_MCAST_QUERIER_INTVL] = decode_nla_clock_t,
	[IFLA_BR_MCAST_QUERY_INTVL] = decode_nla_clock_t,
	[IFLA_BR_MCAST_QUERY_RESPONSE_INTVL] = decode_nla_clock_t,
	[IFLA_BR_MCAST_STARTUP_QUERY_INTVL] = decode_nla_clock_t,
	[IFLA_BR_NF_CALL_IPTABLES] = decode_nla_u8,
	[IFLA_BR_NF_CALL_IP6TABLES] = decode_nla_u8,
	[IFLA_BR_NF_CALL_ARPTABLES] = decode_nla_u8,
	[IFLA_BR_VLAN_DEFAULT_PVID] = decode_nla_u16,
	[IFLA_BR_VLAN_STATS_ENABLED] = decode_nla_u8,
	[IFLA_BR_MCAST_STATS_ENABLED] = decode_nla_u8,
	[IFLA_BR_MCAST_IGMP_VERSION] = decode_nla_u8,
	[IFLA_BR_MCAST_MLD_VERSION] = decode_nla_u8,
	[IFLA_BR_VLAN_STATS_PER_PORT] = decode_nla_u8,
	[IFLA_BR_MULTI_BOOLOPT] = decode_br_boolopt,
	[IFLA_BR_MCAST_QUERIER_STATE] = decode_br_mcast_qstate,
	/* Linux 6.5 and 7.0, as strace 7.2 (the 6.1 headers lack the names) */
	[48 /* IFLA_BR_FDB_N_LEARNED */] = decode_nla_u32,
	[49 /* IFLA_BR_FDB_MAX_LEARNED */] = decode_nla_u32,
	[50 /* IFLA_BR_STP_MODE */] = decode_br_stp_mode,
};

NLA_XLAT_FN(decode_tun_type, decode_nla_xval, xlat_tun_device_types, "IFF_???", 1, false)

static const nla_fn tun_fns[] = {
	[IFLA_TUN_OWNER] = decode_nla_uid,
	[IFLA_TUN_GROUP] = decode_nla_uid,
	[IFLA_TUN_TYPE] = decode_tun_type,
	[IFLA_TUN_PI] = decode_nla_u8,
	[IFLA_TUN_VNET_HDR] = decode_nla_u8,
	[IFLA_TUN_PERSIST] = decode_nla_u8,
	[IFLA_TUN_MULTI_QUEUE] = decode_nla_u8,
	[IFLA_TUN_NUM_QUEUES] = decode_nla_u32,
	[IFLA_TUN_NUM_DISABLED_QUEUES] = decode_nla_u32,
};

NLA_FN_HEAD(decode_info_data)
{
	const struct linkinfo_ctx *ctx = o;

	if (!strcmp(ctx->kind, "bridge"))
		decode_nlattr(c, addr, len, xlat_rtnl_ifla_info_data_bridge_attrs, "IFLA_BR_???",
			      NLA_FNS(br_fns), o);
	else if (!strcmp(ctx->kind, "tun"))
		decode_nlattr(c, addr, len, xlat_rtnl_ifla_info_data_tun_attrs, "IFLA_TUN_???",
			      NLA_FNS(tun_fns), o);
	else
		return false;
	return true;
}

NLA_FN_HEAD(decode_info_slave_data)
{
	const struct linkinfo_ctx *ctx = o;

	if (strcmp(ctx->slave_kind, "bridge"))
		return false;
	decode_nlattr(c, addr, len, xlat_rtnl_ifla_brport_attrs, "IFLA_BRPORT_???",
		      NLA_FNS(brport_fns), o);
	return true;
}

bool decode_ifla_linkinfo(struct dctx *c, uint64_t addr, unsigned int len, const void *o)
{
	static const nla_fn fns[] = {
		[IFLA_INFO_KIND] = decode_info_kind,
		[IFLA_INFO_DATA] = decode_info_data,
		[IFLA_INFO_XSTATS] = decode_info_xstats,
		[IFLA_INFO_SLAVE_KIND] = decode_info_slave_kind,
		[IFLA_INFO_SLAVE_DATA] = decode_info_slave_data,
	};
	struct linkinfo_ctx ctx = { .kind = "" };

	(void)o;
	decode_nlattr(c, addr, len, xlat_rtnl_ifla_info_attrs, "IFLA_INFO_???", NLA_FNS(fns), &ctx);
	return true;
}


/* --- per-family specs ------------------------------------------------------------------- */

NLA_INDEXED_FN(decode_inet_conf, 4, true, xlat_inet_devconf_indices, "IPV4_DEVCONF_???")

NLA_FN_HEAD(decode_ifla_af)
{
	static const nla_fn inet_fns[] = {
		[IFLA_INET_CONF] = decode_inet_conf,
	};
	static const nla_fn mctp_fns[] = {
		[1 /* IFLA_MCTP_NET */] = decode_nla_u32,
		[2 /* IFLA_MCTP_PHYS_BINDING, Linux 6.13 */] = decode_nla_x8,
	};
	unsigned int af = (unsigned int)(uintptr_t)o;

	if (af == AF_INET)
		decode_nlattr(c, addr, len, xlat_rtnl_ifla_af_spec_inet_attrs, "IFLA_INET_???",
			      NLA_FNS(inet_fns), NULL);
	else if (af == AF_INET6)
		decode_nlattr(c, addr, len, xlat_rtnl_ifla_af_spec_inet6_attrs, "IFLA_INET6_???",
			      NLA_FNS(inet6_fns), NULL);
	else if (af == 45 /* AF_MCTP */)
		decode_nlattr(c, addr, len, xlat_rtnl_ifla_af_spec_mctp_attrs, "IFLA_MCTP_???",
			      NLA_FNS(mctp_fns), NULL);
	else
		print_nl_hex(c, addr, len);
	return true;
}

bool decode_ifla_af_spec(struct dctx *c, uint64_t addr, unsigned int len, const void *o)
{
	static const nla_fn af = decode_ifla_af;
	const struct ifinfomsg *m = o;

	if (m->ifi_family == AF_BRIDGE)
		decode_ifla_af_spec_bridge(c, addr, len, o);
	else
		decode_nlattr(c, addr, len, xlat_addrfams, "AF_???", &af, 0, NULL);
	return true;
}
