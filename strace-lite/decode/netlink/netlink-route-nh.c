// SPDX-License-Identifier: LGPL-2.1-or-later
/* NETLINK_ROUTE next hops: struct nhmsg and its NHA_* attributes (groups, resilient groups). */
#include <netinet/in.h>
#include <linux/nexthop.h>
#include <linux/rtnetlink.h>

#include "strace-lite/decode/array.h"
#include "strace-lite/decode/netlink/netlink-route.h"

/* struct nexthop_grp as strace 7.2 knows it (Linux 6.12 made resvd1 weight_high). */
struct nh_grp {
	uint32_t id;
	uint8_t weight;
	uint8_t weight_high;
	uint16_t resvd2;
};

static bool print_nh_grp(struct dctx *c, void *elem, size_t size, void *data)
{
	const struct nh_grp *g = elem;

	(void)size;
	(void)data;
	tprintf(c, "{id=%u, weight=%u, weight_high=%u", g->id, g->weight, g->weight_high);
	if (g->resvd2)
		tprintf(c, ", resvd2=%#x", g->resvd2);
	tprint_struct_end(c);
	return true;
}

NLA_ARRAY_FN(decode_nh_grp, struct nh_grp, print_nh_grp)

NLA_XLAT_FN(decode_nh_grp_type, decode_nla_xval, xlat_rtnl_nexthop_grp_types,
	    "NEXTHOP_GRP_TYPE_???", 2, false)

NLA_NEST_FN(decode_res_group, xlat_rtnl_nha_res_group_attrs, "NHA_RES_GROUP_???",
	    [NHA_RES_GROUP_BUCKETS] = decode_nla_u16,
	    [NHA_RES_GROUP_IDLE_TIMER] = decode_nla_clock_t,
	    [NHA_RES_GROUP_UNBALANCED_TIMER] = decode_nla_clock_t,
	    [NHA_RES_GROUP_UNBALANCED_TIME] = decode_nla_clock_t)

NLA_NEST_FN(decode_res_bucket, xlat_rtnl_nha_res_bucket_attrs, "NHA_RES_BUCKET_???",
	    [NHA_RES_BUCKET_INDEX] = decode_nla_u16,
	    [NHA_RES_BUCKET_IDLE_TIME] = decode_nla_clock_t,
	    [NHA_RES_BUCKET_NH_ID] = decode_nla_u32)

void decode_nhmsg(struct dctx *c, uint8_t family, uint64_t addr, unsigned int len)
{
	static const nla_fn fns[] = {
		[NHA_ID] = decode_nla_u32,
		[NHA_GROUP] = decode_nh_grp,
		[NHA_GROUP_TYPE] = decode_nh_grp_type,
		[NHA_BLACKHOLE] = decode_nla_u32,
		[NHA_OIF] = decode_nla_ifindex,
		[NHA_GATEWAY] = decode_nla_rtnl_addr,
		[NHA_ENCAP_TYPE] = decode_nla_lwt_encap_type,
		[NHA_GROUPS] = decode_nla_u32,
		[NHA_MASTER] = decode_nla_ifindex,
		[NHA_FDB] = decode_nla_u32,
		[NHA_RES_GROUP] = decode_res_group,
		[NHA_RES_BUCKET] = decode_res_bucket,
	};
	struct nhmsg m = { .nh_family = family };

	bool ok = rtnl_struct_head(c, "nh_family", family, addr, len, &m, sizeof(m));
	if (ok) {
		tprints(c, "nh_scope=");
		printxval(c, xlat_routing_scopes, m.nh_scope, NULL);
		tprints(c, ", nh_protocol=");
		printxval(c, xlat_routing_protocols, m.nh_protocol, "RTPROT_???");
		if (m.resvd)
			tprintf(c, ", resvd=%#x", m.resvd);
		tprints(c, ", nh_flags=");
		printflags(c, xlat_route_nexthop_flags, m.nh_flags, "RTNH_F_???");
	}
	rtnl_attrs(c, ok, addr, len, sizeof(m), xlat_rtnl_nexthop_attrs, "NHA_???", NLA_FNS(fns),
		   &m);
}
