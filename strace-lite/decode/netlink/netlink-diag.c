// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * NETLINK_SOCK_DIAG payloads: a request (NLM_F_REQUEST set) or an answer, its struct chosen by
 * the address family in its first byte: unix_diag, netlink_diag, packet_diag (inet_diag and
 * smc_diag print their family and the rest in hex).  Attributes follow the answers.
 */
#include <linux/netlink_diag.h>
#include <linux/filter.h>
#include <linux/packet_diag.h>
#include <linux/sock_diag.h>
#include <linux/unix_diag.h>
#include <sys/socket.h>

#include "strace-lite/decode/array.h"
#include "strace-lite/decode/cbpf.h"
#include "strace-lite/decode/netlink/netlink-int.h"
#include "strace-lite/decode/netlink/netlink-route.h"
#include "strace-lite/decode/net/sockaddr.h"
#include "strace-lite/decode/util-print.h"

#ifndef NDIAG_PROTO_ALL
#define NDIAG_PROTO_ALL ((uint8_t)~0)
#endif

static void print_cookie(struct dctx *c, const char *field, const uint32_t ck[2])
{
	tprintf(c, ", %s=[%u, %u]", field, ck[0], ck[1]);
}

/* --- unix ------------------------------------------------------------------------------ */

static void unix_req(struct dctx *c, uint8_t family, uint64_t addr, unsigned int len)
{
	struct unix_diag_req r = { .sdiag_family = family };

	if (rtnl_struct_head(c, "sdiag_family", family, addr, len, &r, sizeof(r))) {
		tprintf(c, "sdiag_protocol=%u, udiag_states=", r.sdiag_protocol);
		printflags(c, xlat_tcp_state_flags, r.udiag_states, "1<<TCP_???");
		tprintf(c, ", udiag_ino=%u, udiag_show=", r.udiag_ino);
		printflags(c, xlat_unix_diag_show, r.udiag_show, "UDIAG_SHOW_???");
		print_cookie(c, "udiag_cookie", r.udiag_cookie);
	}
	tprint_struct_end(c);
}

NLA_FN_HEAD(decode_unix_vfs)
{
	struct unix_diag_vfs v;

	NLA_READ_OR_RETURN(c, addr, len, v);
	tprints(c, "{udiag_vfs_dev=");
	print_dev(c, v.udiag_vfs_dev);
	tprintf(c, ", udiag_vfs_ino=%u}", v.udiag_vfs_ino);
	return true;
}

NLA_ARRAY_FN(decode_unix_icons, uint32_t, print_elem_u32)

NLA_STRUCT_FN(decode_unix_rqlen, struct unix_diag_rqlen, q,
	      tprintf(c, "{udiag_rqueue=%u, udiag_wqueue=%u}", q.udiag_rqueue, q.udiag_wqueue))

static void unix_msg(struct dctx *c, uint8_t family, uint64_t addr, unsigned int len)
{
	static const nla_fn fns[] = {
		[UNIX_DIAG_NAME] = decode_nla_str,     [UNIX_DIAG_VFS] = decode_unix_vfs,
		[UNIX_DIAG_PEER] = decode_nla_u32,     [UNIX_DIAG_ICONS] = decode_unix_icons,
		[UNIX_DIAG_RQLEN] = decode_unix_rqlen, [UNIX_DIAG_MEMINFO] = decode_nla_meminfo,
		[UNIX_DIAG_SHUTDOWN] = decode_nla_u8,  [UNIX_DIAG_UID] = decode_nla_uid,
	};
	struct unix_diag_msg m = { .udiag_family = family };

	bool ok = rtnl_struct_head(c, "udiag_family", family, addr, len, &m, sizeof(m));
	if (ok) {
		tprints(c, "udiag_type=");
		printxval(c, xlat_socktypes, m.udiag_type, "SOCK_???");
		tprints(c, ", udiag_state=");
		printxval(c, xlat_tcp_states, m.udiag_state, "TCP_???");
		tprintf(c, ", udiag_ino=%u", m.udiag_ino);
		print_cookie(c, "udiag_cookie", m.udiag_cookie);
	}
	rtnl_attrs(c, ok, addr, len, sizeof(m), xlat_unix_diag_attrs, "UNIX_DIAG_???", NLA_FNS(fns),
		   NULL);
}

/* --- netlink ---------------------------------------------------------------------------- */

static void netlink_req(struct dctx *c, uint8_t family, uint64_t addr, unsigned int len)
{
	struct netlink_diag_req r = { .sdiag_family = family };

	if (rtnl_struct_head(c, "sdiag_family", family, addr, len, &r, sizeof(r))) {
		tprints(c, "sdiag_protocol=");
		if (r.sdiag_protocol == NDIAG_PROTO_ALL)
			print_xlat_named(c->sb, NDIAG_PROTO_ALL, "NDIAG_PROTO_ALL");
		else
			printxval(c, xlat_netlink_protocols, r.sdiag_protocol, "NETLINK_???");
		tprintf(c, ", ndiag_ino=%u, ndiag_show=", r.ndiag_ino);
		printflags(c, xlat_netlink_diag_show, r.ndiag_show, "NDIAG_SHOW_???");
		print_cookie(c, "ndiag_cookie", r.ndiag_cookie);
	}
	tprint_struct_end(c);
}

static bool print_group(struct dctx *c, void *elem, size_t size, void *data)
{
	(void)size;
	(void)data;
	tprintf(c, "%#016llx", (unsigned long long)*(uint64_t *)elem);
	return true;
}

NLA_ARRAY_FN(decode_nl_groups, uint64_t, print_group)

NLA_STRUCT_FN(decode_nl_ring, struct netlink_diag_ring, r,
	      tprintf(c, "{ndr_block_size=%u, ndr_block_nr=%u, ndr_frame_size=%u, ndr_frame_nr=%u}",
		      r.ndr_block_size, r.ndr_block_nr, r.ndr_frame_size, r.ndr_frame_nr))

NLA_STRUCT_FN(decode_nl_flags, uint32_t, f,
	      printflags(c, xlat_netlink_socket_flags, f, "NDIAG_FLAG_???"))

static void netlink_msg(struct dctx *c, uint8_t family, uint64_t addr, unsigned int len)
{
	static const nla_fn fns[] = {
		[NETLINK_DIAG_MEMINFO] = decode_nla_meminfo,
		[NETLINK_DIAG_GROUPS] = decode_nl_groups,
		[NETLINK_DIAG_RX_RING] = decode_nl_ring,
		[NETLINK_DIAG_TX_RING] = decode_nl_ring,
		[NETLINK_DIAG_FLAGS] = decode_nl_flags,
	};
	struct netlink_diag_msg m = { .ndiag_family = family };

	bool ok = rtnl_struct_head(c, "ndiag_family", family, addr, len, &m, sizeof(m));
	if (ok) {
		tprints(c, "ndiag_type=");
		printxval(c, xlat_socktypes, m.ndiag_type, "SOCK_???");
		tprints(c, ", ndiag_protocol=");
		printxval(c, xlat_netlink_protocols, m.ndiag_protocol, "NETLINK_???");
		tprints(c, ", ndiag_state=");
		printxval(c, xlat_netlink_states, m.ndiag_state, "NETLINK_???");
		tprintf(c, ", ndiag_portid=%u, ndiag_dst_portid=%u, ndiag_dst_group=%u, ndiag_ino=%u",
			m.ndiag_portid, m.ndiag_dst_portid, m.ndiag_dst_group, m.ndiag_ino);
		print_cookie(c, "ndiag_cookie", m.ndiag_cookie);
	}
	rtnl_attrs(c, ok, addr, len, sizeof(m), xlat_netlink_diag_attrs, "NETLINK_DIAG_???",
		   NLA_FNS(fns), NULL);
}

/* --- packet ----------------------------------------------------------------------------- */

static void packet_req(struct dctx *c, uint8_t family, uint64_t addr, unsigned int len)
{
	struct packet_diag_req r = { .sdiag_family = family };

	if (rtnl_struct_head(c, "sdiag_family", family, addr, len, &r, sizeof(r))) {
		tprints(c, "sdiag_protocol=");
		print_xlat_val(c->sb, r.sdiag_protocol);
		tprintf(c, ", pdiag_ino=%u, pdiag_show=", r.pdiag_ino);
		printflags(c, xlat_packet_diag_show, r.pdiag_show, "PACKET_SHOW_???");
		print_cookie(c, "pdiag_cookie", r.pdiag_cookie);
	}
	tprint_struct_end(c);
}

NLA_FN_HEAD(decode_pkt_info)
{
	struct packet_diag_info p;

	NLA_READ_OR_RETURN(c, addr, len, p);
	tprints(c, "{pdi_index=");
	print_ifindex(c, p.pdi_index);
	tprints(c, ", pdi_version=");
	printxval(c, xlat_af_packet_versions, p.pdi_version, "TPACKET_???");
	tprintf(c, ", pdi_reserve=%u, pdi_copy_thresh=%u, pdi_tstamp=%u, pdi_flags=",
		p.pdi_reserve, p.pdi_copy_thresh, p.pdi_tstamp);
	printflags(c, xlat_packet_diag_info_flags, p.pdi_flags, "PDI_???");
	tprint_struct_end(c);
	return true;
}

static bool print_mclist(struct dctx *c, void *elem, size_t size, void *data)
{
	const struct packet_diag_mclist *m = elem;
	unsigned int alen = m->pdmc_alen < sizeof(m->pdmc_addr) ? m->pdmc_alen
								 : sizeof(m->pdmc_addr);

	(void)size;
	(void)data;
	tprints(c, "{pdmc_index=");
	print_ifindex(c, m->pdmc_index);
	tprintf(c, ", pdmc_count=%u, pdmc_type=%u, pdmc_alen=%u, pdmc_addr=", m->pdmc_count,
		m->pdmc_type, m->pdmc_alen);
	quote_string(c->sb, m->pdmc_addr, alen, QUOTE_FORCE_HEX);
	tprint_struct_end(c);
	return true;
}

NLA_ARRAY_FN(decode_pkt_mclist, struct packet_diag_mclist, print_mclist)

NLA_STRUCT_FN(decode_pkt_ring, struct packet_diag_ring, r,
	      tprintf(c, "{pdr_block_size=%u, pdr_block_nr=%u, pdr_frame_size=%u, pdr_frame_nr=%u"
		         ", pdr_retire_tmo=%u, pdr_sizeof_priv=%u, pdr_features=%u}",
		      r.pdr_block_size, r.pdr_block_nr, r.pdr_frame_size, r.pdr_frame_nr,
		      r.pdr_retire_tmo, r.pdr_sizeof_priv, r.pdr_features))

/* The socket's classic BPF filter: as many instructions as fit (at most 65535). */
NLA_FN_HEAD(decode_pkt_filter)
{
	unsigned int n = len / sizeof(struct sock_filter);

	if (!n || n > 0xffff)
		return false;
	print_sock_filter_array(c, addr, n);
	return true;
}

static void packet_msg(struct dctx *c, uint8_t family, uint64_t addr, unsigned int len)
{
	static const nla_fn fns[] = {
		[PACKET_DIAG_FILTER] = decode_pkt_filter,
		[PACKET_DIAG_INFO] = decode_pkt_info,     [PACKET_DIAG_MCLIST] = decode_pkt_mclist,
		[PACKET_DIAG_RX_RING] = decode_pkt_ring,  [PACKET_DIAG_TX_RING] = decode_pkt_ring,
		[PACKET_DIAG_FANOUT] = decode_nla_u32,    [PACKET_DIAG_UID] = decode_nla_uid,
		[PACKET_DIAG_MEMINFO] = decode_nla_meminfo,
	};
	struct packet_diag_msg m = { .pdiag_family = family };

	bool ok = rtnl_struct_head(c, "pdiag_family", family, addr, len, &m, sizeof(m));
	if (ok) {
		tprints(c, "pdiag_type=");
		printxval(c, xlat_socktypes, m.pdiag_type, "SOCK_???");
		tprints(c, ", pdiag_num=");
		printxval(c, xlat_ethernet_protocols, m.pdiag_num, "ETH_P_???");
		tprintf(c, ", pdiag_ino=%u", m.pdiag_ino);
		print_cookie(c, "pdiag_cookie", m.pdiag_cookie);
	}
	rtnl_attrs(c, ok, addr, len, sizeof(m), xlat_packet_diag_attrs, "PACKET_DIAG_???",
		   NLA_FNS(fns), NULL);
}

/* --- dispatch ----------------------------------------------------------------------------- */

typedef void (*diag_fn)(struct dctx *c, uint8_t family, uint64_t addr, unsigned int len);

bool decode_netlink_sock_diag(struct dctx *c, const struct nlmsghdr *h, uint64_t addr,
			      unsigned int len)
{
	bool req = h->nlmsg_flags & NLM_F_REQUEST;
	diag_fn fn = NULL;
	uint8_t family;

	if (h->nlmsg_type == NLMSG_DONE)
		return false;
	if (umove_or_printaddr(c, addr, &family))
		return true;
	if (len > 1) {
		switch (family) {
		case AF_UNIX: fn = req ? unix_req : unix_msg; break;
		case AF_NETLINK: fn = req ? netlink_req : netlink_msg; break;
		case AF_PACKET: fn = req ? packet_req : packet_msg; break;
		case AF_INET: case AF_INET6:
			if (req) {
				inet_diag_req(c, h, family, addr, len);
				return true;
			}
			fn = inet_diag_msg;
			break;
		case AF_SMC: fn = req ? smc_diag_req : smc_diag_msg; break;
		}
	}
	if (fn) {
		fn(c, family, addr, len);
		return true;
	}
	tprints(c, "{family=");
	printxval(c, xlat_addrfams, family, "AF_???");
	if (len > 1) {
		tprints(c, ", data=");
		print_nl_hex(c, addr + 1, len - 1);
	}
	tprint_struct_end(c);
	return true;
}
