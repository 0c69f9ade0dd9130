// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * NETLINK_SOCK_DIAG for AF_INET and AF_INET6: requests (the old inet_diag_req of
 * TCPDIAG_GETSOCK/DCCPDIAG_GETSOCK, inet_diag_req_v2 otherwise) with their filter bytecode.
 * and answers (inet_diag_msg) with the simpler of their attributes (the rest prints in hex).
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <linux/inet_diag.h>
#include <linux/tcp.h>
#include <string.h>
#include <linux/sock_diag.h>

#include "strace-lite/decode/netlink/netlink-int.h"
#include "strace-lite/decode/netlink/netlink-route.h"
#include "strace-lite/decode/net/sockaddr.h"
#include "strace-lite/decode/util-print.h"

#ifndef TCPDIAG_GETSOCK
#define TCPDIAG_GETSOCK 18
#define DCCPDIAG_GETSOCK 19
#endif

void print_inet_diag_sockid(struct dctx *c, const struct inet_diag_sockid *id, int family)
{
	tprintf(c, "{idiag_sport=htons(%u), idiag_dport=htons(%u), ", ntohs(id->idiag_sport),
		ntohs(id->idiag_dport));
	print_inet_addr(c, family, id->idiag_src, sizeof(id->idiag_src), "idiag_src");
	tprints(c, ", ");
	print_inet_addr(c, family, id->idiag_dst, sizeof(id->idiag_dst), "idiag_dst");
	tprints(c, ", idiag_if=");
	print_ifindex(c, id->idiag_if);
	tprintf(c, ", idiag_cookie=[%u, %u]}", id->idiag_cookie[0], id->idiag_cookie[1]);
}

static void print_bc_op(struct dctx *c, const struct inet_diag_bc_op *op)
{
	tprints(c, "{code=");
	printxval(c, xlat_inet_diag_bytecodes, op->code, "INET_DIAG_BC_???");
	tprintf(c, ", yes=%u, no=%u}", op->yes, op->no);
}

NLA_FN_HEAD(decode_hostcond)
{
	struct inet_diag_hostcond h;

	NLA_READ_OR_RETURN(c, addr, len, h);
	tprints(c, "{family=");
	printxval(c, xlat_addrfams, h.family, "AF_???");
	tprintf(c, ", prefix_len=%u, port=%d", h.prefix_len, h.port);
	if (len > sizeof(h)) {
		tprints(c, ", ");
		decode_inet_addr(c, addr + sizeof(h), len - sizeof(h), h.family, "addr");
	}
	tprint_struct_end(c);
	return true;
}

NLA_STRUCT_FN(decode_bc_op, struct inet_diag_bc_op, op, print_bc_op(c, &op))

NLA_STRUCT_FN(decode_markcond, struct inet_diag_markcond, m,
	      tprintf(c, "{mark=%u, mask=%u}", m.mark, m.mask))

/* The data after a bytecode op of CODE (hex when it is none of these or too short). */
static void decode_bc_data(struct dctx *c, uint64_t addr, unsigned int len, unsigned char code)
{
	nla_fn fn = NULL;

	switch (code) {
	case INET_DIAG_BC_S_COND: case INET_DIAG_BC_D_COND:
		fn = decode_hostcond;
		break;
	case INET_DIAG_BC_DEV_COND:
		fn = decode_nla_ifindex;
		break;
	case INET_DIAG_BC_S_GE: case INET_DIAG_BC_S_LE: case INET_DIAG_BC_D_GE:
	case INET_DIAG_BC_D_LE:
		fn = decode_bc_op;
		break;
	case INET_DIAG_BC_MARK_COND:
		fn = decode_markcond;
		break;
	}
	if (!fn || !fn(c, addr, len, NULL))
		print_nl_hex(c, addr, len);
}

NLA_FN_HEAD(decode_bytecode)
{
	struct inet_diag_bc_op op;

	NLA_READ_OR_RETURN(c, addr, len, op);
	print_bc_op(c, &op);
	if (len > sizeof(op)) {
		tprint_array_next(c);
		decode_bc_data(c, addr + sizeof(op), len - sizeof(op), op.code);
	}
	return true;
}

static const nla_fn req_fns[] = {
	[INET_DIAG_REQ_BYTECODE] = decode_bytecode,
	[INET_DIAG_REQ_PROTOCOL] = decode_nla_ip_proto,
};

static void req_compat(struct dctx *c, uint8_t family, uint64_t addr, unsigned int len)
{
	struct inet_diag_req r = { .idiag_family = family };

	bool ok = rtnl_struct_head(c, "idiag_family", family, addr, len, &r, sizeof(r));
	if (ok) {
		tprintf(c, "idiag_src_len=%u, idiag_dst_len=%u, idiag_ext=", r.idiag_src_len,
			r.idiag_dst_len);
		printflags(c, xlat_inet_diag_extended_flags, r.idiag_ext, "1<<INET_DIAG_??\?-1");
		tprints(c, ", id=");
		print_inet_diag_sockid(c, &r.id, r.idiag_family);
		tprints(c, ", idiag_states=");
		printflags(c, xlat_tcp_state_flags, r.idiag_states, "1<<TCP_???");
		tprintf(c, ", idiag_dbs=%u", r.idiag_dbs);
	}
	rtnl_attrs(c, ok, addr, len, sizeof(r), xlat_inet_diag_req_attrs, "INET_DIAG_REQ_???",
		   NLA_FNS(req_fns), NULL);
}

static void req_v2(struct dctx *c, uint8_t family, uint64_t addr, unsigned int len)
{
	struct inet_diag_req_v2 r = { .sdiag_family = family };

	bool ok = rtnl_struct_head(c, "sdiag_family", family, addr, len, &r, sizeof(r));
	if (ok) {
		tprints(c, "sdiag_protocol=");
		printxval(c, xlat_inet_protocols, r.sdiag_protocol, "IPPROTO_???");
		tprints(c, ", idiag_ext=");
		printflags(c, xlat_inet_diag_extended_flags, r.idiag_ext, "1<<INET_DIAG_??\?-1");
		tprints(c, ", idiag_states=");
		printflags(c, xlat_tcp_state_flags, r.idiag_states, "1<<TCP_???");
		tprints(c, ", id=");
		print_inet_diag_sockid(c, &r.id, r.sdiag_family);
	}
	rtnl_attrs(c, ok, addr, len, sizeof(r), xlat_inet_diag_req_attrs, "INET_DIAG_REQ_???",
		   NLA_FNS(req_fns), NULL);
}

void inet_diag_req(struct dctx *c, const struct nlmsghdr *h, uint8_t family, uint64_t addr,
		   unsigned int len)
{
	if (h->nlmsg_type == TCPDIAG_GETSOCK || h->nlmsg_type == DCCPDIAG_GETSOCK)
		req_compat(c, family, addr, len);
	else
		req_v2(c, family, addr, len);
}

/* --- answers -------------------------------------------------------------------------- */

NLA_STRUCT_FN(decode_meminfo, struct inet_diag_meminfo, m,
	      tprintf(c, "{idiag_rmem=%u, idiag_wmem=%u, idiag_fmem=%u, idiag_tmem=%u}",
		      m.idiag_rmem, m.idiag_wmem, m.idiag_fmem, m.idiag_tmem))

NLA_STRUCT_FN(decode_vegas, struct tcpvegas_info, v,
	      tprintf(c, "{tcpv_enabled=%u, tcpv_rttcnt=%u, tcpv_rtt=%u, tcpv_minrtt=%u}",
		      v.tcpv_enabled, v.tcpv_rttcnt, v.tcpv_rtt, v.tcpv_minrtt))

NLA_STRUCT_FN(decode_dctcp, struct tcp_dctcp_info, d,
	      tprintf(c, "{dctcp_enabled=%u, dctcp_ce_state=%u, dctcp_alpha=%u, dctcp_ab_ecn=%u"
		         ", dctcp_ab_tot=%u}",
		      d.dctcp_enabled, d.dctcp_ce_state, d.dctcp_alpha, d.dctcp_ab_ecn,
		      d.dctcp_ab_tot))

NLA_STRUCT_FN(decode_bbr, struct tcp_bbr_info, b,
	      tprintf(c, "{bbr_bw_lo=%#x, bbr_bw_hi=%#x, bbr_min_rtt=%u, bbr_pacing_gain=%u"
		         ", bbr_cwnd_gain=%u}",
		      b.bbr_bw_lo, b.bbr_bw_hi, b.bbr_min_rtt, b.bbr_pacing_gain, b.bbr_cwnd_gain))

/* RCV_SHUTDOWN and SEND_SHUTDOWN are not in the uapi: always shown with their number. */
NLA_FN_HEAD(decode_shutdown)
{
	uint8_t v;

	NLA_READ_OR_RETURN(c, addr, len, v);
	print_xlat_val(c->sb, v);
	if (print_opts_get()->xstyle == XSTYLE_RAW || !v)
		return true;
	const char *s = sprint_flags_ex("", xlat_inet_diag_shutdown_flags, v, '\0',
					XSTYLE_ABBREV, false);
	if (s && strncmp(s, "0x", 2))
		print_comment(c->sb, s);
	else
		print_comment(c->sb, "???_SHUTDOWN");
	return true;
}

void inet_diag_msg(struct dctx *c, uint8_t family, uint64_t addr, unsigned int len)
{
	/* INET_DIAG_INFO: hex, as strace 7.2. */
	static const nla_fn fns[] = {
		[INET_DIAG_MEMINFO] = decode_meminfo,
		[INET_DIAG_VEGASINFO] = decode_vegas,
		[INET_DIAG_CONG] = decode_nla_str,
		[INET_DIAG_TOS] = decode_nla_u8,
		[INET_DIAG_TCLASS] = decode_nla_u8,
		[INET_DIAG_SKMEMINFO] = decode_nla_meminfo,
		[INET_DIAG_SHUTDOWN] = decode_shutdown,
		[INET_DIAG_DCTCPINFO] = decode_dctcp,
		[INET_DIAG_PROTOCOL] = decode_nla_ip_proto,
		[INET_DIAG_SKV6ONLY] = decode_nla_u8,
		[INET_DIAG_MARK] = decode_nla_u32,
		[INET_DIAG_BBRINFO] = decode_bbr,
		[INET_DIAG_CLASS_ID] = decode_nla_u32,
		[INET_DIAG_CGROUP_ID] = decode_nla_u64,
		[INET_DIAG_LOCALS] = decode_nla_sockaddrs,
		[INET_DIAG_PEERS] = decode_nla_sockaddrs,
		[INET_DIAG_MD5SIG] = decode_nla_tcp_md5sig,
		[INET_DIAG_ULP_INFO] = decode_nla_ulp_info,
		[INET_DIAG_SK_BPF_STORAGES] = decode_nla_bpf_storages,
		[INET_DIAG_SOCKOPT] = decode_nla_diag_sockopt,
	};
	struct inet_diag_msg m = { .idiag_family = family };

	bool ok = rtnl_struct_head(c, "idiag_family", family, addr, len, &m, sizeof(m));
	if (ok) {
		tprints(c, "idiag_state=");
		printxval(c, xlat_tcp_states, m.idiag_state, "TCP_???");
		tprintf(c, ", idiag_timer=%u, idiag_retrans=%u, id=", m.idiag_timer,
			m.idiag_retrans);
		print_inet_diag_sockid(c, &m.id, m.idiag_family);
		tprintf(c, ", idiag_expires=%u, idiag_rqueue=%u, idiag_wqueue=%u, idiag_uid=%u"
			   ", idiag_inode=%u",
			m.idiag_expires, m.idiag_rqueue, m.idiag_wqueue, m.idiag_uid, m.idiag_inode);
	}
	rtnl_attrs(c, ok, addr, len, sizeof(m), xlat_inet_diag_attrs, "INET_DIAG_???",
		   NLA_FNS(fns), NULL);
}
