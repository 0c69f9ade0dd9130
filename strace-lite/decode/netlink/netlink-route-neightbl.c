// SPDX-License-Identifier: LGPL-2.1-or-later
/* NETLINK_ROUTE neighbour tables: struct ndtmsg and its NDTA_* attributes. */
#include <netinet/in.h>
#include <linux/neighbour.h>
#include <linux/rtnetlink.h>
#include <stddef.h>

#include "strace-lite/decode/netlink/netlink-route.h"

NLA_STRUCT_FN(decode_ndt_config, struct ndt_config, n,
	      tprintf(c, "{ndtc_key_len=%u, ndtc_entry_size=%u, ndtc_entries=%u, ndtc_last_flush=%u"
		         ", ndtc_last_rand=%u, ndtc_hash_rnd=%u, ndtc_hash_mask=%#08x"
		         ", ndtc_hash_chain_gc=%u, ndtc_proxy_qlen=%u}",
		      n.ndtc_key_len, n.ndtc_entry_size, n.ndtc_entries, n.ndtc_last_flush,
		      n.ndtc_last_rand, n.ndtc_hash_rnd, n.ndtc_hash_mask, n.ndtc_hash_chain_gc,
		      n.ndtc_proxy_qlen))

NLA_NEST_FN(decode_ndta_parms, xlat_rtnl_neightbl_parms_attrs, "NDTPA_???",
	    [NDTPA_IFINDEX] = decode_nla_ifindex, [NDTPA_REFCNT] = decode_nla_u32,
	    [NDTPA_REACHABLE_TIME] = decode_nla_u64, [NDTPA_BASE_REACHABLE_TIME] = decode_nla_u64,
	    [NDTPA_RETRANS_TIME] = decode_nla_u64, [NDTPA_GC_STALETIME] = decode_nla_u64,
	    [NDTPA_DELAY_PROBE_TIME] = decode_nla_u64, [NDTPA_QUEUE_LEN] = decode_nla_u32,
	    [NDTPA_APP_PROBES] = decode_nla_u32, [NDTPA_UCAST_PROBES] = decode_nla_u32,
	    [NDTPA_MCAST_PROBES] = decode_nla_u32, [NDTPA_ANYCAST_DELAY] = decode_nla_u64,
	    [NDTPA_PROXY_DELAY] = decode_nla_u64, [NDTPA_PROXY_QLEN] = decode_nla_u32,
	    [NDTPA_LOCKTIME] = decode_nla_u64, [NDTPA_QUEUE_LENBYTES] = decode_nla_u32,
	    [NDTPA_MCAST_REPROBES] = decode_nla_u32,
	    [NDTPA_INTERVAL_PROBE_TIME_MS] = decode_nla_u64)

NLA_FN_HEAD(decode_ndt_stats)
{
	struct ndt_stats s;
	/* Older kernels lack ndts_table_fulls: a record of exactly that size is one too. */
	unsigned int min = offsetof(struct ndt_stats, ndts_table_fulls);
	unsigned int size = len >= sizeof(s) ? sizeof(s) : len == min ? min : 0;

	if (!size)
		return false;
	if (umoven_or_printaddr(c, addr, size, &s))
		return true;
	tprintf(c, "{ndts_allocs=%llu, ndts_destroys=%llu, ndts_hash_grows=%llu"
		   ", ndts_res_failed=%llu, ndts_lookups=%llu, ndts_hits=%llu"
		   ", ndts_rcv_probes_mcast=%llu, ndts_rcv_probes_ucast=%llu"
		   ", ndts_periodic_gc_runs=%llu, ndts_forced_gc_runs=%llu",
		(unsigned long long)s.ndts_allocs, (unsigned long long)s.ndts_destroys,
		(unsigned long long)s.ndts_hash_grows, (unsigned long long)s.ndts_res_failed,
		(unsigned long long)s.ndts_lookups, (unsigned long long)s.ndts_hits,
		(unsigned long long)s.ndts_rcv_probes_mcast,
		(unsigned long long)s.ndts_rcv_probes_ucast,
		(unsigned long long)s.ndts_periodic_gc_runs,
		(unsigned long long)s.ndts_forced_gc_runs);
	if (size == sizeof(s))
		tprintf(c, ", ndts_table_fulls=%llu", (unsigned long long)s.ndts_table_fulls);
	tprint_struct_end(c);
	return true;
}

void decode_ndtmsg(struct dctx *c, uint8_t family, uint64_t addr, unsigned int len)
{
	static const nla_fn fns[] = {
		[NDTA_NAME] = decode_nla_str,       [NDTA_THRESH1] = decode_nla_u32,
		[NDTA_THRESH2] = decode_nla_u32,    [NDTA_THRESH3] = decode_nla_u32,
		[NDTA_CONFIG] = decode_ndt_config,  [NDTA_PARMS] = decode_ndta_parms,
		[NDTA_STATS] = decode_ndt_stats,    [NDTA_GC_INTERVAL] = decode_nla_u64,
	};

	tprints(c, "{ndtm_family=");
	printxval(c, xlat_addrfams, family, "AF_???");
	rtnl_attrs(c, true, addr, len, sizeof(struct ndtmsg), xlat_rtnl_neightbl_attrs,
		   "NDTA_???", NLA_FNS(fns), NULL);
}
