// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * NETLINK_ROUTE bridge multicast database: struct br_port_msg and the nested MDBA_*
 * attributes (entries with their br_mdb_entry and extra attributes, router ports).
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <linux/if_bridge.h>
#include <linux/rtnetlink.h>

#include "strace-lite/decode/netlink/netlink-route.h"
#include "strace-lite/decode/net/sockaddr.h"

NLA_FN_HEAD(decode_mdb_entry_info)
{
	static const nla_fn eattr[] = {
		[MDBA_MDB_EATTR_TIMER] = decode_nla_clock_t,
	};
	struct br_mdb_entry e;
	unsigned int off = NLMSG_ALIGN(sizeof(e));

	if (len < sizeof(e))
		return false;
	if (!umove_or_printaddr(c, addr, &e)) {
		int proto = ntohs(e.addr.proto);

		tprints(c, "{ifindex=");
		print_ifindex(c, e.ifindex);
		tprints(c, ", state=");
		printxval(c, xlat_mdb_states, e.state, "MDB_???");
		tprints(c, ", flags=");
		printflags(c, xlat_mdb_flags, e.flags, "MDB_FLAGS_???");
		tprintf(c, ", vid=%u, addr={", e.vid);
		print_inet_addr(c, proto, &e.addr.u, sizeof(e.addr.u), "u");
		tprints(c, ", proto=htons(");
		printxval(c, xlat_addrfams, (unsigned int)proto, "AF_???");
		tprints(c, ")}}");
	}
	if (len > off) {
		tprint_array_next(c);
		decode_nlattr(c, addr + off, len - off, xlat_rtnl_mdba_mdb_eattr_attrs,
			      "MDBA_MDB_EATTR_???", NLA_FNS(eattr), NULL);
	}
	return true;
}

/* (The nests' decoders take no opaque.) */
NLA_NEST_FN(decode_mdb_entry, xlat_rtnl_mdba_mdb_entry_attrs, "MDBA_MDB_ENTRY_???",
	    [MDBA_MDB_ENTRY_INFO] = decode_mdb_entry_info)

NLA_NEST_FN(decode_mdba_mdb, xlat_rtnl_mdba_mdb_attrs, "MDBA_MDB_???",
	    [MDBA_MDB_ENTRY] = decode_mdb_entry)

NLA_FN_HEAD(decode_router_type)
{
	uint8_t t;

	(void)len;
	if (!umove_or_printaddr(c, addr, &t))
		printxval(c, xlat_multicast_router_types, t, "MDB_RTR_TYPE_???");
	return true;
}

NLA_FN_HEAD(decode_router_port)
{
	static const nla_fn fns[] = {
		[MDBA_ROUTER_PATTR_TIMER] = decode_nla_clock_t,
		[MDBA_ROUTER_PATTR_TYPE] = decode_router_type,
		[MDBA_ROUTER_PATTR_INET_TIMER] = decode_nla_clock_t,
		[MDBA_ROUTER_PATTR_INET6_TIMER] = decode_nla_clock_t,
	};
	uint32_t idx;
	unsigned int off = NLMSG_ALIGN(sizeof(idx));

	if (len < sizeof(idx))
		return false;
	if (!umove_or_printaddr(c, addr, &idx))
		print_ifindex(c, idx);
	if (len > off) {
		tprint_array_next(c);
		decode_nlattr(c, addr + off, len - off, xlat_rtnl_mdba_router_pattr_attrs,
			      "MDBA_ROUTER_PATTR_???", NLA_FNS(fns), NULL);
	}
	return true;
}

NLA_FN_HEAD(decode_mdba_router)
{
	static const nla_fn fns[] = {
		[MDBA_ROUTER_PORT] = decode_router_port,
	};

	decode_nlattr(c, addr, len, xlat_rtnl_mdba_router_attrs, "MDBA_ROUTER_???", NLA_FNS(fns),
		      NULL);
	return true;
}

void decode_br_port_msg(struct dctx *c, uint8_t family, uint64_t addr, unsigned int len)
{
	static const nla_fn fns[] = {
		[MDBA_MDB] = decode_mdba_mdb,
		[MDBA_ROUTER] = decode_mdba_router,
	};
	struct br_port_msg m = { .family = family };

	bool ok = rtnl_struct_head(c, "family", family, addr, len, &m, sizeof(m));
	if (ok) {
		tprints(c, "ifindex=");
		print_ifindex(c, m.ifindex);
	}
	rtnl_attrs(c, ok, addr, len, sizeof(m), xlat_rtnl_mdb_attrs, "MDBA_???", NLA_FNS(fns), NULL);
}
