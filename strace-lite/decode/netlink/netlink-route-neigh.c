// SPDX-License-Identifier: LGPL-2.1-or-later
/* NETLINK_ROUTE neighbours: struct ndmsg and its NDA_* attributes. */
#include <netinet/in.h>
#include <linux/neighbour.h>
#include <linux/rtnetlink.h>
#include <sys/socket.h>

#include "strace-lite/decode/netlink/netlink-route.h"
#include "strace-lite/decode/net/sockaddr.h"

NLA_STRUCT_FN(decode_nda_cacheinfo, struct nda_cacheinfo, ci,
	      tprintf(c, "{ndm_confirmed=%u, ndm_used=%u, ndm_updated=%u, ndm_refcnt=%u}",
		      ci.ndm_confirmed, ci.ndm_used, ci.ndm_updated, ci.ndm_refcnt))

NLA_XLAT_FN(decode_fdb_notify, decode_nla_flags, xlat_fdb_notify_flags, "FDB_NOTIFY_???", 1, false)

NLA_NEST_FN(decode_nda_fdb_ext, xlat_rtnl_neigh_fdb_ext_attrs, "NFEA_???",
	    [NFEA_ACTIVITY_NOTIFY] = decode_fdb_notify)

NLA_XLAT_FN(decode_nda_ext_flags, decode_nla_flags, xlat_neighbor_cache_entry_ext_flags,
	    "NTF_EXT_???", 4, false)

NLA_XLAT_FN(decode_nda_states, decode_nla_flags, xlat_neighbor_cache_entry_states, "NUD_???", 2,
	    false)

NLA_XLAT_FN(decode_nda_flags, decode_nla_flags, xlat_neighbor_cache_entry_flags, "NTF_???", 1,
	    false)

void decode_ndmsg(struct dctx *c, uint8_t family, uint64_t addr, unsigned int len)
{
	static const nla_fn fns[] = {
		[NDA_DST] = decode_nla_rtnl_addr,
		[NDA_LLADDR] = decode_nla_hwaddr_nofamily,
		[NDA_CACHEINFO] = decode_nda_cacheinfo,
		[NDA_PROBES] = decode_nla_u32,
		[NDA_VLAN] = decode_nla_u16,
		[NDA_PORT] = decode_nla_be16,
		[NDA_VNI] = decode_nla_u32,
		[NDA_IFINDEX] = decode_nla_ifindex,
		[NDA_MASTER] = decode_nla_ifindex,
		[NDA_LINK_NETNSID] = decode_nla_u32,
		[NDA_SRC_VNI] = decode_nla_u32,
		[NDA_PROTOCOL] = decode_nla_ip_proto,
		[NDA_NH_ID] = decode_nla_u32,
		[NDA_FDB_EXT_ATTRS] = decode_nda_fdb_ext,
		[NDA_FLAGS_EXT] = decode_nda_ext_flags,
		[NDA_NDM_STATE_MASK] = decode_nda_states,
		[NDA_NDM_FLAGS_MASK] = decode_nda_flags,
	};
	struct ndmsg m = { .ndm_family = family };

	bool ok = rtnl_struct_head(c, "ndm_family", family, addr, len, &m, sizeof(m));
	if (ok) {
		tprints(c, "ndm_ifindex=");
		print_ifindex(c, (unsigned int)m.ndm_ifindex);
		tprints(c, ", ndm_state=");
		printflags(c, xlat_neighbor_cache_entry_states, m.ndm_state, "NUD_???");
		tprints(c, ", ndm_flags=");
		printflags(c, xlat_neighbor_cache_entry_flags, m.ndm_flags, "NTF_???");
		tprints(c, ", ndm_type=");
		printxval(c, xlat_routing_types, m.ndm_type, "RTN_???");
	}
	rtnl_attrs(c, ok, addr, len, sizeof(m), xlat_rtnl_neigh_attrs, "NDA_???", NLA_FNS(fns), &m);
}

void decode_rtm_getneigh(struct dctx *c, uint8_t family, uint64_t addr, unsigned int len)
{
	if (family == AF_BRIDGE)
		decode_ifinfomsg(c, family, addr, len);
	else
		decode_ndmsg(c, family, addr, len);
}
