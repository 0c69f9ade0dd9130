// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * NETLINK_ROUTE links: a device's virtual functions (IFLA_VFINFO_LIST: MAC, VLANs, rates,
 * statistics, GUIDs) and a bridge's own IFLA_AF_SPEC (flags, mode, VLANs, tunnels).
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <linux/if_bridge.h>
#include <linux/if_link.h>
#include <linux/rtnetlink.h>
#include <string.h>

#include "strace-lite/decode/netlink/netlink-route.h"

/* The VF structs that are {__u32 vf; __u32 NAME;}. */
static bool decode_vf_pair(struct dctx *c, uint64_t addr, unsigned int len, const char *name)
{
	uint32_t v[2];

	NLA_READ_OR_RETURN(c, addr, len, v);
	tprintf(c, "{vf=%u, %s=%u}", v[0], name, v[1]);
	return true;
}

NLA_FN_HEAD(decode_vf_mac)
{
	struct ifla_vf_mac m;

	NLA_READ_OR_RETURN(c, addr, len, m);
	tprintf(c, "{vf=%u, ", m.vf);
	print_mac_field(c, "mac", m.mac, sizeof(m.mac));
	tprint_struct_end(c);
	return true;
}

NLA_STRUCT_FN(decode_vf_vlan, struct ifla_vf_vlan, v,
	      tprintf(c, "{vf=%u, vlan=%u, qos=%u}", v.vf, v.vlan, v.qos))

NLA_FN_HEAD(decode_vf_tx_rate)
{
	return decode_vf_pair(c, addr, len, "rate");
}

NLA_FN_HEAD(decode_vf_setting)
{
	return decode_vf_pair(c, addr, len, "setting");
}

NLA_FN_HEAD(decode_vf_link_state)
{
	struct ifla_vf_link_state s;

	NLA_READ_OR_RETURN(c, addr, len, s);
	tprintf(c, "{vf=%u, link_state=", s.vf);
	printxval(c, xlat_rtnl_ifla_vf_link_states, s.link_state, "IFLA_VF_LINK_STATE_???");
	tprint_struct_end(c);
	return true;
}

NLA_STRUCT_FN(decode_vf_rate, struct ifla_vf_rate, r,
	      tprintf(c, "{vf=%u, min_tx_rate=%u, max_tx_rate=%u}", r.vf, r.min_tx_rate,
		      r.max_tx_rate))

NLA_NEST_FN(decode_vf_stats, xlat_rtnl_ifla_vf_stats_attrs, "IFLA_VF_STATS_???",
	    [IFLA_VF_STATS_RX_PACKETS] = decode_nla_u64,
	    [IFLA_VF_STATS_TX_PACKETS] = decode_nla_u64, [IFLA_VF_STATS_RX_BYTES] = decode_nla_u64,
	    [IFLA_VF_STATS_TX_BYTES] = decode_nla_u64, [IFLA_VF_STATS_BROADCAST] = decode_nla_u64,
	    [IFLA_VF_STATS_MULTICAST] = decode_nla_u64, [IFLA_VF_STATS_RX_DROPPED] = decode_nla_u64,
	    [IFLA_VF_STATS_TX_DROPPED] = decode_nla_u64)

/* struct ifla_vf_guid: a u32 and a u64, 12 bytes packed or 16 aligned, by who sent it. */
NLA_FN_HEAD(decode_vf_guid)
{
	unsigned char b[16];
	uint32_t vf;
	uint64_t guid;

	if (len != 12 && len != 16)
		return false;
	if (umoven_or_printaddr(c, addr, len, b))
		return true;
	memcpy(&vf, b, 4);
	memcpy(&guid, b + (len == 12 ? 4 : 8), 8);
	tprintf(c, "{vf=%u, guid=%#llx}", vf, (unsigned long long)guid);
	return true;
}

NLA_FN_HEAD(decode_vf_vlan_info)
{
	struct ifla_vf_vlan_info v;

	NLA_READ_OR_RETURN(c, addr, len, v);
	tprintf(c, "{vf=%u, vlan=%u, qos=%u, vlan_proto=htons(", v.vf, v.vlan, v.qos);
	printxval(c, xlat_ethernet_protocols, ntohs(v.vlan_proto), "ETH_P_???");
	tprints(c, ")}");
	return true;
}

NLA_NEST_FN(decode_vf_vlan_list, xlat_rtnl_ifla_vf_vlan_list_attrs, "IFLA_VF_VLAN_INFO_???",
	    [IFLA_VF_VLAN_INFO] = decode_vf_vlan_info)

NLA_FN_HEAD(decode_vf_broadcast)
{
	struct ifla_vf_broadcast b;

	NLA_READ_OR_RETURN(c, addr, len, b);
	tprints(c, "{");
	print_mac_field(c, "broadcast", b.broadcast, sizeof(b.broadcast));
	tprint_struct_end(c);
	return true;
}

NLA_NEST_FN(decode_vf_info, xlat_rtnl_ifla_vf_info_attrs, "IFLA_VF_???",
	    [IFLA_VF_MAC] = decode_vf_mac, [IFLA_VF_VLAN] = decode_vf_vlan,
	    [IFLA_VF_TX_RATE] = decode_vf_tx_rate, [IFLA_VF_SPOOFCHK] = decode_vf_setting,
	    [IFLA_VF_LINK_STATE] = decode_vf_link_state, [IFLA_VF_RATE] = decode_vf_rate,
	    [IFLA_VF_RSS_QUERY_EN] = decode_vf_setting, [IFLA_VF_STATS] = decode_vf_stats,
	    [IFLA_VF_TRUST] = decode_vf_setting, [IFLA_VF_IB_NODE_GUID] = decode_vf_guid,
	    [IFLA_VF_IB_PORT_GUID] = decode_vf_guid, [IFLA_VF_VLAN_LIST] = decode_vf_vlan_list,
	    [IFLA_VF_BROADCAST] = decode_vf_broadcast)

bool decode_ifla_vfinfo_list(struct dctx *c, uint64_t addr, unsigned int len, const void *o)
{
	static const nla_fn fns[] = {
		[IFLA_VF_INFO] = decode_vf_info,
	};

	decode_nlattr(c, addr, len, xlat_rtnl_ifla_vfinfo_list_attrs, "IFLA_VF_INFO_???",
		      NLA_FNS(fns), o);
	return true;
}

/* --- a bridge's IFLA_AF_SPEC ----------------------------------------------------------- */

NLA_XLAT_FN(decode_br_flags, decode_nla_flags, xlat_rtnl_ifla_bridge_flags, "BRIDGE_FLAGS_???", 2,
	    false)

NLA_XLAT_FN(decode_br_mode, decode_nla_xval, xlat_rtnl_ifla_bridge_modes, "BRIDGE_MODE_???", 2,
	    false)

NLA_XLAT_FN(decode_vlan_flags, decode_nla_flags, xlat_nl_bridge_vlan_flags, "BRIDGE_VLAN_INFO_???",
	    2, false)

NLA_FN_HEAD(decode_br_vlan_info)
{
	struct bridge_vlan_info v;

	NLA_READ_OR_RETURN(c, addr, len, v);
	tprints(c, "{flags=");
	printflags(c, xlat_nl_bridge_vlan_flags, v.flags, "BRIDGE_VLAN_INFO_???");
	tprintf(c, ", vid=%u}", v.vid);
	if (len > sizeof(v)) {
		tprint_array_next(c);
		print_nl_hex(c, addr + sizeof(v), len - sizeof(v));
	}
	return true;
}

NLA_NEST_FN(decode_br_vlan_tunnel, xlat_rtnl_ifla_af_spec_bridge_vlan_tunnel_info_attrs,
	    "IFLA_BRIDGE_VLAN_TUNNEL_???", [IFLA_BRIDGE_VLAN_TUNNEL_ID] = decode_nla_u32,
	    [IFLA_BRIDGE_VLAN_TUNNEL_VID] = decode_nla_u16,
	    [IFLA_BRIDGE_VLAN_TUNNEL_FLAGS] = decode_vlan_flags)

void decode_ifla_af_spec_bridge(struct dctx *c, uint64_t addr, unsigned int len, const void *o)
{
	static const nla_fn fns[] = {
		[IFLA_BRIDGE_FLAGS] = decode_br_flags,
		[IFLA_BRIDGE_MODE] = decode_br_mode,
		[IFLA_BRIDGE_VLAN_INFO] = decode_br_vlan_info,
		[IFLA_BRIDGE_VLAN_TUNNEL_INFO] = decode_br_vlan_tunnel,
	};

	decode_nlattr(c, addr, len, xlat_rtnl_ifla_af_spec_bridge_attrs, "IFLA_BRIDGE_???",
		      NLA_FNS(fns), o);
}
