// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * NETLINK_ROUTE payloads: the message type picks the struct that starts the payload
 * (ifinfomsg, ifaddrmsg, rtmsg, ndmsg, ...), attributes follow it at NLMSG_ALIGN(its size).
 * Every struct starts with a one-byte address family, read first: a payload too short for
 * the rest prints the family and "...", and no attributes.  This file holds the dispatch and
 * the small structs; netlink-route-*.c the bigger ones.
 */
#include <netinet/in.h>
#include <linux/dcbnl.h>
#include <linux/if_addr.h>
#include <linux/if_addrlabel.h>
#include <linux/mroute.h>
#include <linux/mroute6.h>
#include <linux/net_namespace.h>
#include <linux/netconf.h>
#include <linux/rtnetlink.h>
#include <stddef.h>
#include <string.h>

#include "strace-lite/decode/netlink/netlink-route.h"
#include "strace-lite/decode/net/sockaddr.h"

#ifndef RTNL_FAMILY_IPMR
#define RTNL_FAMILY_IPMR 128
#endif
#ifndef RTNL_FAMILY_IP6MR
#define RTNL_FAMILY_IP6MR 129
#endif

bool rtnl_struct_rest(struct dctx *c, uint64_t addr, unsigned int len, void *s, size_t size)
{
	if (len < size) {
		tprint_more_data_follows(c);
		return false;
	}
	return !umoven_or_printaddr(c, addr + 1, size - 1, (char *)s + 1);
}

bool rtnl_struct_head(struct dctx *c, const char *field, uint8_t family, uint64_t addr,
		      unsigned int len, void *s, size_t size)
{
	tprintf(c, "{%s=", field);
	printxval(c, xlat_addrfams, family, "AF_???");
	tprints(c, ", ");
	return rtnl_struct_rest(c, addr, len, s, size);
}

void rtnl_attrs(struct dctx *c, bool ok, uint64_t addr, unsigned int len, size_t size,
		const struct xlat *types, const char *dflt, const nla_fn *fns, unsigned int n,
		const void *opaque)
{
	unsigned int off = NLMSG_ALIGN(size);

	tprint_struct_end(c);
	if (ok && len > off) {
		tprint_array_next(c);
		decode_nlattr(c, addr + off, len - off, types, dflt, fns, n, opaque);
	}
}

bool decode_nla_rtnl_addr(struct dctx *c, uint64_t addr, unsigned int len, const void *o)
{
	decode_inet_addr(c, addr, len, *(const uint8_t *)o, NULL);
	return true;
}

/* --- addresses ------------------------------------------------------------------------ */

NLA_STRUCT_FN(decode_ifa_cacheinfo, struct ifa_cacheinfo, ci,
	      tprintf(c, "{ifa_prefered=%u, ifa_valid=%u, cstamp=%u, tstamp=%u}",
		      ci.ifa_prefered, ci.ifa_valid, ci.cstamp, ci.tstamp))

static const struct nla_xlat ifa_flags_x = { xlat_ifaddrflags, "IFA_F_???", 4, false };

NLA_FN_HEAD(decode_ifa_flags)
{
	if (len < 4)
		return false;
	return decode_nla_flags(c, addr, 4, &ifa_flags_x);
}

static void decode_ifaddrmsg(struct dctx *c, uint8_t family, uint64_t addr, unsigned int len)
{
	static const nla_fn fns[] = {
		[IFA_ADDRESS] = decode_nla_rtnl_addr,   [IFA_LOCAL] = decode_nla_rtnl_addr,
		[IFA_LABEL] = decode_nla_str,           [IFA_BROADCAST] = decode_nla_rtnl_addr,
		[IFA_ANYCAST] = decode_nla_rtnl_addr,   [IFA_CACHEINFO] = decode_ifa_cacheinfo,
		[IFA_MULTICAST] = decode_nla_rtnl_addr, [IFA_FLAGS] = decode_ifa_flags,
		[IFA_RT_PRIORITY] = decode_nla_u32,     [IFA_TARGET_NETNSID] = decode_nla_s32,
	};
	struct ifaddrmsg m = { .ifa_family = family };

	bool ok = rtnl_struct_head(c, "ifa_family", family, addr, len, &m, sizeof(m));
	if (ok) {
		tprintf(c, "ifa_prefixlen=%u, ifa_flags=", m.ifa_prefixlen);
		printflags(c, xlat_ifaddrflags, m.ifa_flags, "IFA_F_???");
		tprints(c, ", ifa_scope=");
		printxval(c, xlat_routing_scopes, m.ifa_scope, NULL);
		tprints(c, ", ifa_index=");
		print_ifindex(c, m.ifa_index);
	}
	rtnl_attrs(c, ok, addr, len, sizeof(m), xlat_rtnl_addr_attrs, "IFA_???", NLA_FNS(fns), &m);
}

static void decode_ifaddrlblmsg(struct dctx *c, uint8_t family, uint64_t addr,
				unsigned int len)
{
	static const nla_fn fns[] = {
		[IFAL_ADDRESS] = decode_nla_rtnl_addr,
		[IFAL_LABEL] = decode_nla_u32,
	};
	struct ifaddrlblmsg m = { .ifal_family = family };

	bool ok = rtnl_struct_head(c, "ifal_family", family, addr, len, &m, sizeof(m));
	if (ok) {
		tprintf(c, "ifal_prefixlen=%u, ifal_flags=%u, ifal_index=", m.ifal_prefixlen,
			m.ifal_flags);
		print_ifindex(c, m.ifal_index);
		tprintf(c, ", ifal_seq=%u", m.ifal_seq);
	}
	rtnl_attrs(c, ok, addr, len, sizeof(m), xlat_rtnl_addrlabel_attrs, "IFAL_???",
		   NLA_FNS(fns), &m);
}

/* --- dcb, netconf, nsid, cache reports -------------------------------------------------- */

static void decode_dcbmsg(struct dctx *c, uint8_t family, uint64_t addr, unsigned int len)
{
	struct dcbmsg m = { .dcb_family = family };

	bool ok = rtnl_struct_head(c, "dcb_family", family, addr, len, &m, sizeof(m));
	if (ok) {
		tprints(c, "cmd=");
		printxval(c, xlat_dcb_commands, m.cmd, "DCB_CMD_???");
	}
	rtnl_attrs(c, ok, addr, len, sizeof(m), xlat_rtnl_dcb_attrs, "DCB_ATTR_???", NULL, 0, NULL);
}

static void decode_netconfmsg(struct dctx *c, uint8_t family, uint64_t addr, unsigned int len)
{
	static const nla_fn fns[] = {
		[NETCONFA_IFINDEX] = decode_nla_ifindex,
		[NETCONFA_FORWARDING] = decode_nla_s32,
		[NETCONFA_RP_FILTER] = decode_nla_s32,
		[NETCONFA_MC_FORWARDING] = decode_nla_s32,
		[NETCONFA_PROXY_NEIGH] = decode_nla_s32,
		[NETCONFA_IGNORE_ROUTES_WITH_LINKDOWN] = decode_nla_s32,
		[NETCONFA_INPUT] = decode_nla_s32,
		[NETCONFA_BC_FORWARDING] = decode_nla_s32,
	};

	tprints(c, "{ncm_family=");
	printxval(c, xlat_addrfams, family, "AF_???");
	rtnl_attrs(c, true, addr, len, sizeof(struct netconfmsg), xlat_rtnl_netconf_attrs,
		   "NETCONFA_???", NLA_FNS(fns), NULL);
}

static void decode_nsid(struct dctx *c, uint8_t family, uint64_t addr, unsigned int len)
{
	static const nla_fn fns[] = {
		[NETNSA_NSID] = decode_nla_s32,        [NETNSA_PID] = decode_nla_u32,
		[NETNSA_FD] = decode_nla_fd,           [NETNSA_TARGET_NSID] = decode_nla_s32,
		[NETNSA_CURRENT_NSID] = decode_nla_s32,
	};

	tprints(c, "{rtgen_family=");
	printxval(c, xlat_addrfams, family, "AF_???");
	rtnl_attrs(c, true, addr, len, sizeof(struct rtgenmsg), xlat_rtnl_nsid_attrs,
		   "NETNSA_???", NLA_FNS(fns), NULL);
}

NLA_XLAT_FN(decode_ipmra_msg, decode_nla_xval, xlat_rtnl_ipmra_msg_types, "IGMPMSG_???", 1, false)

NLA_XLAT_FN(decode_ip6mra_msg, decode_nla_xval, xlat_rtnl_ip6mra_msg_types, "MRT6MSG_???", 1, false)

static void decode_cachereport(struct dctx *c, uint8_t family, uint64_t addr, unsigned int len)
{
	static const nla_fn ip4[] = {
		[IPMRA_CREPORT_MSGTYPE] = decode_ipmra_msg,
		[IPMRA_CREPORT_VIF_ID] = decode_nla_u32,
		[IPMRA_CREPORT_SRC_ADDR] = decode_nla_in_addr,
		[IPMRA_CREPORT_DST_ADDR] = decode_nla_in_addr,
		[IPMRA_CREPORT_TABLE] = decode_nla_u32,
	};
	static const nla_fn ip6[] = {
		[IP6MRA_CREPORT_MSGTYPE] = decode_ip6mra_msg,
		[IP6MRA_CREPORT_MIF_ID] = decode_nla_u32,
		[IP6MRA_CREPORT_SRC_ADDR] = decode_nla_in6_addr,
		[IP6MRA_CREPORT_DST_ADDR] = decode_nla_in6_addr,
	};
	unsigned int off = NLMSG_ALIGN(sizeof(struct rtgenmsg));

	tprints(c, "{rtgen_family=");
	if (xlat_lookup(xlat_rtnl_family, family))
		printxval(c, xlat_rtnl_family, family, "RTNL_FAMILY_???");
	else
		printxval(c, xlat_addrfams, family, "RTNL_FAMILY_???");
	tprint_struct_end(c);
	if (len <= off)
		return;
	tprint_array_next(c);
	if (family == RTNL_FAMILY_IPMR)
		decode_nlattr(c, addr + off, len - off, xlat_rtnl_ipmra_creport_attr,
			      "IPMRA_CREPORT_???", NLA_FNS(ip4), NULL);
	else if (family == RTNL_FAMILY_IP6MR)
		decode_nlattr(c, addr + off, len - off, xlat_rtnl_ip6mra_creport_attr,
			      "IP6MRA_CREPORT_???", NLA_FNS(ip6), NULL);
	else
		print_nl_hex(c, addr + off, len - off);
}

/* --- dispatch ----------------------------------------------------------------------------- */

static void decode_family(struct dctx *c, uint8_t family, uint64_t addr, unsigned int len)
{
	tprints(c, "{family=");
	printxval(c, xlat_addrfams, family, "AF_???");
	if (len > 1) {
		tprints(c, ", data=");
		print_nl_hex(c, addr + 1, len - 1);
	}
	tprint_struct_end(c);
}

typedef void (*rtnl_fn)(struct dctx *c, uint8_t family, uint64_t addr, unsigned int len);

static rtnl_fn route_decoder(uint16_t type)
{
	switch (type) {
	case RTM_NEWLINK: case RTM_DELLINK: case RTM_GETLINK: case RTM_SETLINK:
		return decode_ifinfomsg;
	case RTM_NEWADDR: case RTM_DELADDR: case RTM_GETADDR:
	case RTM_GETMULTICAST: case RTM_GETANYCAST:
	/* Linux 6.13 (not in the 6.1 headers); strace 7.2 */
	case 0x38 /* RTM_NEWMULTICAST */: case 0x39 /* RTM_DELMULTICAST */:
	case 0x3c /* RTM_NEWANYCAST */: case 0x3d /* RTM_DELANYCAST */:
		return decode_ifaddrmsg;
	case RTM_NEWROUTE: case RTM_DELROUTE: case RTM_GETROUTE:
		return decode_rtmsg;
	case RTM_NEWNEIGH: case RTM_DELNEIGH:
		return decode_ndmsg;
	case RTM_GETNEIGH:
		return decode_rtm_getneigh;
	case RTM_NEWRULE: case RTM_DELRULE: case RTM_GETRULE:
		return decode_fib_rule_hdr;
	case RTM_NEWQDISC: case RTM_DELQDISC: case RTM_GETQDISC:
	case RTM_NEWTCLASS: case RTM_DELTCLASS: case RTM_GETTCLASS:
	case RTM_NEWTFILTER: case RTM_DELTFILTER: case RTM_GETTFILTER:
	case RTM_NEWCHAIN: case RTM_DELCHAIN: case RTM_GETCHAIN:
		return decode_tcmsg;
	case RTM_NEWACTION: case RTM_DELACTION: case RTM_GETACTION:
		return decode_tcamsg;
	case RTM_NEWNEIGHTBL: case RTM_GETNEIGHTBL: case RTM_SETNEIGHTBL:
		return decode_ndtmsg;
	case RTM_NEWADDRLABEL: case RTM_DELADDRLABEL: case RTM_GETADDRLABEL:
		return decode_ifaddrlblmsg;
	case RTM_GETDCB: case RTM_SETDCB:
		return decode_dcbmsg;
	case RTM_NEWNETCONF: case RTM_DELNETCONF: case RTM_GETNETCONF:
		return decode_netconfmsg;
	case RTM_NEWMDB: case RTM_DELMDB: case RTM_GETMDB:
		return decode_br_port_msg;
	case RTM_NEWNSID: case RTM_DELNSID: case RTM_GETNSID:
		return decode_nsid;
	case RTM_NEWSTATS: case RTM_GETSTATS:
		return decode_ifstatsmsg;
	case RTM_NEWCACHEREPORT:
		return decode_cachereport;
	case RTM_NEWNEXTHOP: case RTM_DELNEXTHOP: case RTM_GETNEXTHOP:
		return decode_nhmsg;
	}
	return NULL;
}

bool decode_netlink_route(struct dctx *c, const struct nlmsghdr *h, uint64_t addr,
			  unsigned int len)
{
	uint8_t family;

	if (h->nlmsg_type == NLMSG_DONE)
		return false;
	if (umove_or_printaddr(c, addr, &family))
		return true;
	rtnl_fn fn = route_decoder(h->nlmsg_type);
	if (fn)
		fn(c, family, addr, len);
	else
		decode_family(c, family, addr, len);
	return true;
}
