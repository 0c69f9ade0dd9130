// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * NETLINK_ROUTE traffic control: struct tcmsg (qdiscs, classes, filters, chains) and struct
 * tcamsg (actions) with their attributes: statistics (old tc_stats and the nested gnet_stats
 * ones), rate estimators, size tables.
 */
#include <netinet/in.h>
#include <linux/gen_stats.h>
#include <linux/pkt_cls.h>
#include <linux/pkt_sched.h>
#include <linux/rtnetlink.h>
#include <stddef.h>

#include "strace-lite/decode/array.h"
#include "strace-lite/decode/netlink/netlink-route.h"
#include "strace-lite/decode/net/sockaddr.h"

#define ULL(x) ((unsigned long long)(x))

NLA_FN_HEAD(decode_tc_stats)
{
	struct tc_stats st;
	/* Up to backlog: the padding after it is not the kernel's to fill. */
	unsigned int size = offsetof(struct tc_stats, backlog) + sizeof(st.backlog);

	if (len < size)
		return false;
	if (!umoven_or_printaddr(c, addr, size, &st))
		tprintf(c, "{bytes=%llu, packets=%u, drops=%u, overlimits=%u, bps=%u, pps=%u"
			   ", qlen=%u, backlog=%u}",
			ULL(st.bytes), st.packets, st.drops, st.overlimits, st.bps, st.pps, st.qlen,
			st.backlog);
	return true;
}

NLA_STRUCT_FN(decode_tc_estimator, struct tc_estimator, e,
	      tprintf(c, "{interval=%d, ewma_log=%u}", e.interval, e.ewma_log))

NLA_FN_HEAD(decode_stats_basic)
{
	struct gnet_stats_basic b;
	unsigned int size = offsetof(struct gnet_stats_basic, packets) + sizeof(b.packets);

	if (len < size)
		return false;
	if (!umoven_or_printaddr(c, addr, size, &b))
		tprintf(c, "{bytes=%llu, packets=%u}", ULL(b.bytes), b.packets);
	return true;
}

NLA_STRUCT_FN(decode_rate_est, struct gnet_stats_rate_est, e,
	      tprintf(c, "{bps=%u, pps=%u}", e.bps, e.pps))

NLA_STRUCT_FN(decode_stats_queue, struct gnet_stats_queue, q,
	      tprintf(c, "{qlen=%u, backlog=%u, drops=%u, requeues=%u, overlimits=%u}", q.qlen,
		      q.backlog, q.drops, q.requeues, q.overlimits))

NLA_STRUCT_FN(decode_rate_est64, struct gnet_stats_rate_est64, e,
	      tprintf(c, "{bps=%llu, pps=%llu}", ULL(e.bps), ULL(e.pps)))

NLA_NEST_FN(decode_tca_stats, xlat_rtnl_tca_stats_attrs, "TCA_STATS_???",
	    [TCA_STATS_BASIC] = decode_stats_basic, [TCA_STATS_RATE_EST] = decode_rate_est,
	    [TCA_STATS_QUEUE] = decode_stats_queue, [TCA_STATS_RATE_EST64] = decode_rate_est64,
	    [TCA_STATS_BASIC_HW] = decode_stats_basic, [TCA_STATS_PKT64] = decode_nla_u64)

NLA_STRUCT_FN(decode_sizespec, struct tc_sizespec, s,
	      tprintf(c, "{cell_log=%u, size_log=%u, cell_align=%d, overhead=%d, linklayer=%u"
		         ", mpu=%u, mtu=%u, tsize=%u}",
		      s.cell_log, s.size_log, s.cell_align, s.overhead, s.linklayer, s.mpu, s.mtu,
		      s.tsize))

static bool print_u16_elem(struct dctx *c, void *elem, size_t size, void *data)
{
	(void)size;
	(void)data;
	tprintf(c, "%u", *(uint16_t *)elem);
	return true;
}

NLA_ARRAY_FN(decode_stab_data, uint16_t, print_u16_elem)

NLA_NEST_FN(decode_tca_stab, xlat_rtnl_tca_stab_attrs, "TCA_STAB_???",
	    [TCA_STAB_BASE] = decode_sizespec, [TCA_STAB_DATA] = decode_stab_data)

void decode_tcmsg(struct dctx *c, uint8_t family, uint64_t addr, unsigned int len)
{
	static const nla_fn fns[] = {
		[TCA_KIND] = decode_nla_str,          [TCA_STATS] = decode_tc_stats,
		[TCA_RATE] = decode_tc_estimator,     [TCA_FCNT] = decode_nla_u32,
		[TCA_STATS2] = decode_tca_stats,      [TCA_STAB] = decode_tca_stab,
		[TCA_CHAIN] = decode_nla_u32,         [TCA_HW_OFFLOAD] = decode_nla_u8,
		[TCA_INGRESS_BLOCK] = decode_nla_u32, [TCA_EGRESS_BLOCK] = decode_nla_u32,
		[TCA_DUMP_FLAGS] = decode_nla_u32,
	};
	struct tcmsg m = { .tcm_family = family };

	bool ok = rtnl_struct_head(c, "tcm_family", family, addr, len, &m, sizeof(m));
	if (ok) {
		tprints(c, "tcm_ifindex=");
		print_ifindex(c, (unsigned int)m.tcm_ifindex);
		tprintf(c, ", tcm_handle=%u, tcm_parent=%u, tcm_info=%u", m.tcm_handle, m.tcm_parent,
			m.tcm_info);
	}
	rtnl_attrs(c, ok, addr, len, sizeof(m), xlat_rtnl_tc_attrs, "TCA_???", NLA_FNS(fns), NULL);
}

NLA_XLAT_FN(decode_act_flags, decode_nla_flags, xlat_rtnl_tca_act_flags, "TCA_ACT_FLAGS_???", 4,
	    false)

NLA_XLAT_FN(decode_act_hw_stats, decode_nla_flags, xlat_rtnl_tca_act_hw_stats,
	    "TCA_ACT_HW_STATS_???", 4, false)

NLA_NEST_FN(decode_tca_action, xlat_rtnl_tc_action_attrs, "TCA_ACT_???",
	    [TCA_ACT_KIND] = decode_nla_str, [TCA_ACT_INDEX] = decode_nla_u32,
	    [TCA_ACT_STATS] = decode_tca_stats, [TCA_ACT_FLAGS] = decode_act_flags,
	    [TCA_ACT_HW_STATS] = decode_act_hw_stats, [TCA_ACT_USED_HW_STATS] = decode_act_hw_stats,
	    [TCA_ACT_IN_HW_COUNT] = decode_nla_u32)

/* TCA_ROOT_TAB: a nest used as an array, each element (whatever its type) an action. */
NLA_FN_HEAD(decode_tca_root_tab)
{
	decode_nlattr_notype(c, addr, len, decode_tca_action, NULL);
	return true;
}

NLA_XLAT_FN(decode_tca_root_flags, decode_nla_flags, xlat_rtnl_tca_root_flags,
	    "TCA_ACT_FLAG_???", 4, false)

/* strace 7.2: the message's attributes are TCA_ROOT_*, the actions nested in TCA_ROOT_TAB. */
void decode_tcamsg(struct dctx *c, uint8_t family, uint64_t addr, unsigned int len)
{
	static const nla_fn fns[] = {
		[TCA_ROOT_TAB] = decode_tca_root_tab,
		[TCA_ROOT_FLAGS] = decode_tca_root_flags,
		[TCA_ROOT_COUNT] = decode_nla_u32,
		[TCA_ROOT_TIME_DELTA] = decode_nla_msecs,
		[TCA_ROOT_EXT_WARN_MSG] = decode_nla_str,
	};

	tprints(c, "{tca_family=");
	printxval(c, xlat_addrfams, family, "AF_???");
	rtnl_attrs(c, true, addr, len, sizeof(struct tcamsg), xlat_rtnl_tca_root_attrs,
		   "TCA_ROOT_???", NLA_FNS(fns), NULL);
}
