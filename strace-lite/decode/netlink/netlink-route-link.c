// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * NETLINK_ROUTE links: struct ifinfomsg and its IFLA_* attributes.  This file holds the
 * top-level table and the flat attributes (statistics, device map, XDP, ports, events);
 * netlink-route-link2.c the nested, family-specific ones (protocol info, link info, VF info,
 * per-family specs).
 */
#include <netinet/in.h>
#include <linux/if_link.h>
#include <linux/rtnetlink.h>
#include <stddef.h>
#include <string.h>

#include "strace-lite/decode/netlink/netlink-route.h"
#include "strace-lite/decode/net/sockaddr.h"

NLA_FN_HEAD(decode_ifla_hwaddr)
{
	const struct ifinfomsg *m = o;

	return decode_nla_hwaddr_dev(c, addr, len, m->ifi_family);
}

/* rtnl_link_stats and rtnl_link_stats64 name the same counters, in the same order. */
static const char *const link_stats[] = {
	"rx_packets", "tx_packets", "rx_bytes", "tx_bytes", "rx_errors", "tx_errors",
	"rx_dropped", "tx_dropped", "multicast", "collisions", "rx_length_errors",
	"rx_over_errors", "rx_crc_errors", "rx_frame_errors", "rx_fifo_errors",
	"rx_missed_errors", "tx_aborted_errors", "tx_carrier_errors", "tx_fifo_errors",
	"tx_heartbeat_errors", "tx_window_errors", "rx_compressed", "tx_compressed",
	"rx_nohandler", "rx_otherhost_dropped",
};

/* N counters of WIDTH bytes each: the kernel's older layouts are shorter, at known sizes. */
static void print_link_stats(struct dctx *c, const void *buf, unsigned int n, unsigned int width)
{
	tprint_struct_begin(c);
	for (unsigned int i = 0; i < n; i++) {
		uint64_t v = 0;
		memcpy(&v, (const char *)buf + i * width, width);
		tprintf(c, "%s%s=%llu", i ? ", " : "", link_stats[i], (unsigned long long)v);
	}
	tprint_struct_end(c);
}

NLA_FN_HEAD(decode_link_stats)
{
	uint32_t st[24];
	unsigned int n = len >= sizeof(st) ? 24 : len == 23 * 4 ? 23 : 0;

	if (!n)
		return false;
	if (!umoven_or_printaddr(c, addr, n * 4, st))
		print_link_stats(c, st, n, 4);
	return true;
}

bool decode_link_stats64(struct dctx *c, uint64_t addr, unsigned int len, const void *o)
{
	uint64_t st[25];
	unsigned int n = len >= sizeof(st) ? 25 : len == 24 * 8 ? 24 : len == 23 * 8 ? 23 : 0;

	(void)o;
	if (!n)
		return false;
	if (!umoven_or_printaddr(c, addr, n * 8, st))
		print_link_stats(c, st, n, 8);
	return true;
}

NLA_FN_HEAD(decode_link_ifmap)
{
	struct rtnl_link_ifmap m;
	/* Up to port: the padding after it is not the kernel's to fill. */
	unsigned int size = offsetof(struct rtnl_link_ifmap, port) + sizeof(m.port);

	if (len < size)
		return false;
	if (!umoven_or_printaddr(c, addr, size, &m))
		tprintf(c, "{mem_start=%#llx, mem_end=%#llx, base_addr=%#llx, irq=%u, dma=%u, port=%u}",
			(unsigned long long)m.mem_start, (unsigned long long)m.mem_end,
			(unsigned long long)m.base_addr, m.irq, m.dma, m.port);
	return true;
}

NLA_FN_HEAD(decode_port_vsi)
{
	struct ifla_port_vsi v;
	static const unsigned char zero[sizeof(v.pad)];

	NLA_READ_OR_RETURN(c, addr, len, v);
	tprintf(c, "{vsi_mgr_id=%u, vsi_type_id=", v.vsi_mgr_id);
	quote_string(c->sb, v.vsi_type_id, sizeof(v.vsi_type_id), QUOTE_FORCE_HEX);
	tprintf(c, ", vsi_type_version=%u", v.vsi_type_version);
	if (memcmp(v.pad, zero, sizeof(zero))) {
		tprints(c, ", pad=");
		quote_string(c->sb, v.pad, sizeof(v.pad), QUOTE_FORCE_HEX);
	}
	tprint_struct_end(c);
	return true;
}

NLA_NEST_FN(decode_ifla_port, xlat_rtnl_ifla_port_attrs, "IFLA_VF_PORT_???",
	    [IFLA_PORT_VF] = decode_nla_u32, [IFLA_PORT_PROFILE] = decode_nla_str,
	    [IFLA_PORT_VSI_TYPE] = decode_port_vsi, [IFLA_PORT_REQUEST] = decode_nla_u8,
	    [IFLA_PORT_RESPONSE] = decode_nla_u16)

NLA_NEST_FN(decode_vf_ports, xlat_rtnl_ifla_vf_port_attrs, "IFLA_VF_PORT_???",
	    [IFLA_VF_PORT] = decode_ifla_port)

NLA_XLAT_FN(decode_ext_mask, decode_nla_flags, xlat_rtnl_ifla_ext_filter_flags, "RTEXT_FILTER_???",
	    4, false)

NLA_STRUCT_FN(decode_xdp_flags, uint32_t, f, printflags(c, xlat_xdp_flags, f, "XDP_FLAGS_???"))

NLA_XLAT_FN(decode_xdp_attached, decode_nla_xval, xlat_rtnl_ifla_xdp_attached_mode,
	    "XDP_ATTACHED_???", 1, false)

NLA_NEST_FN(decode_ifla_xdp, xlat_rtnl_ifla_xdp_attrs, "IFLA_XDP_???",
	    [IFLA_XDP_FD] = decode_nla_fd, [IFLA_XDP_ATTACHED] = decode_xdp_attached,
	    [IFLA_XDP_FLAGS] = decode_xdp_flags, [IFLA_XDP_PROG_ID] = decode_nla_u32,
	    [IFLA_XDP_DRV_PROG_ID] = decode_nla_u32, [IFLA_XDP_SKB_PROG_ID] = decode_nla_u32,
	    [IFLA_XDP_HW_PROG_ID] = decode_nla_u32, [IFLA_XDP_EXPECTED_FD] = decode_nla_fd)

NLA_STRUCT_FN(decode_ifla_event, uint32_t, ev,
	      printxval(c, xlat_rtnl_ifla_events, ev, "IFLA_EVENT_???"))

/* Inside IFLA_PROP_LIST only IFLA_ALT_IFNAME is known (a table of size 0 passes the type). */
NLA_FN_HEAD(decode_prop_list_attr)
{
	if ((uintptr_t)o == IFLA_ALT_IFNAME)
		return decode_nla_str(c, addr, len, NULL);
	return false;
}

NLA_FN_HEAD(decode_prop_list)
{
	static const nla_fn fn = decode_prop_list_attr;

	decode_nlattr(c, addr, len, xlat_rtnl_link_attrs, "IFLA_???", &fn, 0, NULL);
	return true;
}

NLA_NEST_FN(decode_proto_down_reason, xlat_rtnl_ifla_proto_down_reason_attrs,
	    "IFLA_PROTO_DOWN_REASON_???", [IFLA_PROTO_DOWN_REASON_MASK] = decode_nla_x32,
	    [IFLA_PROTO_DOWN_REASON_VALUE] = decode_nla_x32)

static const nla_fn ifla_fns[] = {
	[IFLA_ADDRESS] = decode_ifla_hwaddr,
	[IFLA_BROADCAST] = decode_ifla_hwaddr,
	[IFLA_IFNAME] = decode_nla_str,
	[IFLA_MTU] = decode_nla_u32,
	[IFLA_LINK] = decode_nla_u32,
	[IFLA_QDISC] = decode_nla_str,
	[IFLA_STATS] = decode_link_stats,
	[IFLA_MASTER] = decode_nla_u32,
	[IFLA_PROTINFO] = decode_ifla_protinfo,
	[IFLA_TXQLEN] = decode_nla_u32,
	[IFLA_MAP] = decode_link_ifmap,
	[IFLA_WEIGHT] = decode_nla_u32,
	[IFLA_OPERSTATE] = decode_nla_u8,
	[IFLA_LINKMODE] = decode_nla_u8,
	[IFLA_LINKINFO] = decode_ifla_linkinfo,
	[IFLA_NET_NS_PID] = decode_nla_u32,
	[IFLA_IFALIAS] = decode_nla_str,
	[IFLA_NUM_VF] = decode_nla_u32,
	[IFLA_VFINFO_LIST] = decode_ifla_vfinfo_list,
	[IFLA_STATS64] = decode_link_stats64,
	[IFLA_VF_PORTS] = decode_vf_ports,
	[IFLA_PORT_SELF] = decode_ifla_port,
	[IFLA_AF_SPEC] = decode_ifla_af_spec,
	[IFLA_GROUP] = decode_nla_u32,
	[IFLA_NET_NS_FD] = decode_nla_fd,
	[IFLA_EXT_MASK] = decode_ext_mask,
	[IFLA_PROMISCUITY] = decode_nla_u32,
	[IFLA_NUM_TX_QUEUES] = decode_nla_u32,
	[IFLA_NUM_RX_QUEUES] = decode_nla_u32,
	[IFLA_CARRIER] = decode_nla_u8,
	[IFLA_CARRIER_CHANGES] = decode_nla_u32,
	[IFLA_LINK_NETNSID] = decode_nla_s32,
	[IFLA_PHYS_PORT_NAME] = decode_nla_str,
	[IFLA_PROTO_DOWN] = decode_nla_u8,
	[IFLA_GSO_MAX_SEGS] = decode_nla_u32,
	[IFLA_GSO_MAX_SIZE] = decode_nla_u32,
	[IFLA_XDP] = decode_ifla_xdp,
	[IFLA_EVENT] = decode_ifla_event,
	[IFLA_NEW_NETNSID] = decode_nla_s32,
	[IFLA_IF_NETNSID] = decode_nla_s32,
	[IFLA_CARRIER_UP_COUNT] = decode_nla_u32,
	[IFLA_CARRIER_DOWN_COUNT] = decode_nla_u32,
	[IFLA_NEW_IFINDEX] = decode_nla_ifindex,
	[IFLA_MIN_MTU] = decode_nla_u32,
	[IFLA_MAX_MTU] = decode_nla_u32,
	[IFLA_PROP_LIST] = decode_prop_list,
	[IFLA_ALT_IFNAME] = decode_nla_str,
	[IFLA_PERM_ADDRESS] = decode_ifla_hwaddr,
	[IFLA_PROTO_DOWN_REASON] = decode_proto_down_reason,
	[IFLA_PARENT_DEV_NAME] = decode_nla_str,
	[IFLA_PARENT_DEV_BUS_NAME] = decode_nla_str,
	[58 /* IFLA_GRO_MAX_SIZE */] = decode_nla_u32,
	[59 /* IFLA_TSO_MAX_SIZE */] = decode_nla_u32,
	[60 /* IFLA_TSO_MAX_SEGS */] = decode_nla_u32,
	[61 /* IFLA_ALLMULTI */] = decode_nla_u32,
};

void decode_ifinfomsg(struct dctx *c, uint8_t family, uint64_t addr, unsigned int len)
{
	struct ifinfomsg m = { .ifi_family = family };

	bool ok = rtnl_struct_head(c, "ifi_family", family, addr, len, &m, sizeof(m));
	if (ok) {
		tprints(c, "ifi_type=");
		printxval(c, xlat_arp_hardware_types, m.ifi_type, "ARPHRD_???");
		tprints(c, ", ifi_index=");
		print_ifindex(c, (unsigned int)m.ifi_index);
		tprints(c, ", ifi_flags=");
		printflags(c, xlat_iffflags, m.ifi_flags, "IFF_???");
		tprintf(c, ", ifi_change=%#x", m.ifi_change);
	}
	rtnl_attrs(c, ok, addr, len, sizeof(m), xlat_rtnl_link_attrs, "IFLA_???", NLA_FNS(ifla_fns),
		   &m);
}
