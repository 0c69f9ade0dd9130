// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * setsockopt and getsockopt: the level (SOL_*), the option name from the level's table (for
 * SOL_SOCKET, SOL_IP and SOL_IPV6 a second, direction-specific table of netfilter-style names),
 * and the value: an int as [N] for the int-like options, struct linger, struct ucred
 * (SO_PEERCRED), an errno name (SO_ERROR), IPv4/IPv6 multicast requests, and otherwise, as
 * strace, [N] when the length is an int's and the raw bytes when not.
 *
 * getsockopt reads the caller's length at entry: at exit "[IN => OUT]" when the kernel
 * changed it, and the value is printed with the length the kernel returned.
 */
#include <inttypes.h>
#include <netinet/in.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>

#include "strace-lite/decode/cbpf.h"
#include "strace-lite/decode/decode.h"
#include "strace-lite/decode/net/sockaddr.h"
#include "strace-lite/decode/net/sockopt-new.h"
#include "strace-lite/decode/util-print.h"

#ifndef SOL_TCP
#define SOL_TCP 6
#endif
#ifndef SOL_NETLINK
#define SOL_NETLINK 270
#endif
#ifndef SOL_PACKET
#define SOL_PACKET 263
#endif
#ifndef SOL_RAW
#define SOL_RAW 255
#endif
#ifndef SOL_UDP
#define SOL_UDP 17
#endif
#define NETLINK_LIST_MEMBERSHIPS_ 9

/* strace's printxvals: the first table that names VAL, or the number with DFLT. */
static void print_xvals2(struct dctx *c, unsigned int val, const char *dflt,
			 const struct xlat *a, const struct xlat *b)
{
	const char *s = xlat_lookup(a, val);

	if (!s && b)
		s = xlat_lookup(b, val);
	if (s)
		print_xlat_named(c->sb, val, s);
	else
		printxval(c, a, val, dflt);
}

/* Each level's option names, and those of getsockopt or setsockopt only. */
static const struct {
	unsigned int level;
	const struct xlat *names, *get, *set;
	const char *dflt;
} levels[] = {
	{ SOL_SOCKET, xlat_sock_options, xlat_getsock_options, xlat_setsock_options, "SO_???" },
	{ SOL_IP, xlat_sock_ip_options, xlat_getsock_ip_options, xlat_setsock_ip_options, "IP_???" },
	{ SOL_IPV6, xlat_sock_ipv6_options, xlat_getsock_ipv6_options, xlat_setsock_ipv6_options,
	  "IPV6_???" },
	{ SOL_TCP, xlat_sock_tcp_options, NULL, NULL, "TCP_???" },
	{ SOL_UDP, xlat_sock_udp_options, NULL, NULL, "UDP_???" },
	{ SOL_PACKET, xlat_sock_packet_options, NULL, NULL, "PACKET_???" },
	{ SOL_RAW, xlat_sock_raw_options, NULL, NULL, "RAW_???" },
	{ SOL_NETLINK, xlat_sock_netlink_options, NULL, NULL, "NETLINK_???" },
	{ SOL_TIPC, xlat_sock_tipc_options, NULL, NULL, "TIPC_???" },
};

static void print_level_name(struct dctx *c, bool get)
{
	unsigned int level = (unsigned int)c->arg[1], name = (unsigned int)c->arg[2];

	printfd(c, (int)c->arg[0]);
	tprint_arg_next(c);
	printxval(c, xlat_socketlayers, level, "SOL_??");
	tprint_arg_next(c);
	for (size_t i = 0; i < sizeof(levels) / sizeof(levels[0]); i++)
		if (levels[i].level == level) {
			print_xvals2(c, name, levels[i].dflt, levels[i].names,
				     get ? levels[i].get : levels[i].set);
			return;
		}
	tprintf(c, "%u", name);
}

/* The SOL_SOCKET options whose value is an int (strace's list). */
static bool so_int_like(unsigned int name)
{
	switch (name) {
	case SO_DEBUG: case SO_REUSEADDR: case SO_DONTROUTE: case SO_BROADCAST:
	case SO_SNDBUF: case SO_RCVBUF: case SO_KEEPALIVE: case SO_OOBINLINE:
	case SO_NO_CHECK: case SO_PRIORITY: case SO_BSDCOMPAT: case SO_REUSEPORT:
	case SO_PASSCRED: case SO_RCVLOWAT: case SO_SNDLOWAT: case SO_DETACH_FILTER:
	case 29 /* SO_TIMESTAMP_OLD */: case SO_ACCEPTCONN: case SO_SNDBUFFORCE:
	case SO_RCVBUFFORCE: case SO_PASSSEC: case 35 /* SO_TIMESTAMPNS_OLD */: case SO_MARK:
	case 37 /* SO_TIMESTAMPING_OLD */: case 40 /* SO_RXQ_OVFL */: case 41 /* SO_WIFI_STATUS */:
	case 42 /* SO_PEEK_OFF */: case 43 /* SO_NOFCS */: case 44 /* SO_LOCK_FILTER */:
	case 45 /* SO_SELECT_ERR_QUEUE */: case 46 /* SO_BUSY_POLL */: case 49 /* SO_INCOMING_CPU */:
	case 53 /* SO_CNX_ADVICE */: case 56 /* SO_INCOMING_NAPI_ID */: case 60 /* SO_ZEROCOPY */:
	case 63 /* SO_TIMESTAMP_NEW */: case 64 /* SO_TIMESTAMPNS_NEW */:
	case 65 /* SO_TIMESTAMPING_NEW */: case 68 /* SO_DETACH_REUSEPORT_BPF */:
	case 69 /* SO_PREFER_BUSY_POLL */: case 70 /* SO_BUSY_POLL_BUDGET */:
	case 73 /* SO_RESERVE_MEM */: case 75 /* SO_RCVMARK */: case 76 /* SO_PASSPIDFD */:
	case 82 /* SO_RCVPRIORITY */: case 83 /* SO_PASSRIGHTS */: case 84 /* SO_INQ */:
		return true;
	}
	return false;
}

/* A field of a struct the kernel returned LEN bytes of: printed whole, as hex bytes if cut. */
static bool field_begin(struct dctx *c, const char *sep, const char *name, unsigned int len,
			size_t off, size_t size, const void *base)
{
	if (len <= off)
		return false;
	tprints(c, sep);
	tprint_field(c, name);
	if (len >= off + size)
		return true;
	quote_string(c->sb, (const char *)base + off, len - off, QUOTE_FORCE_HEX);
	return false;
}

static void print_get_linger(struct dctx *c, uint64_t addr, unsigned int len)
{
	struct linger l;

	if (len > sizeof(l))
		len = sizeof(l);
	if (umoven_or_printaddr(c, addr, len, &l))
		return;
	if (field_begin(c, "{", "l_onoff", len, offsetof(struct linger, l_onoff),
			sizeof(l.l_onoff), &l))
		tprintf(c, "%d", l.l_onoff);
	if (field_begin(c, ", ", "l_linger", len, offsetof(struct linger, l_linger),
			sizeof(l.l_linger), &l))
		tprintf(c, "%d", l.l_linger);
	tprints(c, "}");
}

static void print_get_ucred(struct dctx *c, uint64_t addr, unsigned int len)
{
	struct ucred u;

	if (len > sizeof(u))
		len = sizeof(u);
	if (umoven_or_printaddr(c, addr, len, &u))
		return;
	if (field_begin(c, "{", "pid", len, offsetof(struct ucred, pid), sizeof(u.pid), &u))
		printpid(c, u.pid, PT_TGID);
	if (field_begin(c, ", ", "uid", len, offsetof(struct ucred, uid), sizeof(u.uid), &u))
		print_uid(c, u.uid);
	if (field_begin(c, ", ", "gid", len, offsetof(struct ucred, gid), sizeof(u.gid), &u))
		print_uid(c, u.gid);
	tprints(c, "}");
}

/* LEN raw bytes as hex escapes (strace's printstr_ex with QUOTE_FORCE_HEX). */
static void print_hex_bytes(struct dctx *c, uint64_t addr, unsigned int len)
{
	unsigned char buf[sizeof(int)];

	if (len > sizeof(buf))
		len = sizeof(buf);
	if (umoven_or_printaddr(c, addr, len, buf))
		return;
	quote_string(c->sb, buf, len, QUOTE_FORCE_HEX);
}

static void print_get_error(struct dctx *c, uint64_t addr, unsigned int len)
{
	unsigned int err;

	if (len < sizeof(err)) {
		print_hex_bytes(c, addr, len);
		return;
	}
	if (umove_or_printaddr(c, addr, &err))
		return;
	const char *s = err ? xlat_lookup(xlat_errnos, err) : NULL;
	tprints(c, "[");
	if (!s || print_opts_get()->xstyle != XSTYLE_ABBREV)
		tprintf(c, "%u", err);
	if (s && print_opts_get()->xstyle == XSTYLE_VERBOSE)
		print_comment(c->sb, s);
	else if (s && print_opts_get()->xstyle == XSTYLE_ABBREV)
		tprints(c, s);
	tprints(c, "]");
}

#define SO_TXREHASH_ 74

/* SO_TXREHASH's value: [SOCK_TXREHASH_...], signed; a short one as hex bytes at exit. */
static void print_txrehash(struct dctx *c, uint64_t addr, int len)
{
	int v;

	if (len < (int)sizeof(v)) {
		if (entering(c))
			printaddr(c, addr);
		else
			print_hex_bytes(c, addr, (unsigned int)len);
		return;
	}
	if (umove_or_printaddr(c, addr, &v))
		return;
	tprints(c, "[");
	printxval_signed(c, xlat_sockopt_txrehash_vals, v, "SOCK_TXREHASH_???");
	tprints(c, "]");
}

/* ICMP_FILTER: the set of filtered ICMP types, "~[...]" (those not in it) when most are. */
static void print_icmp_filter(struct dctx *c, uint64_t addr, int len)
{
	uint32_t data = ~0u;
	bool next = false;

	if (len > (int)sizeof(data))
		len = sizeof(data);
	else if (len <= 0) {
		printaddr(c, addr);
		return;
	}
	if (umoven_or_printaddr(c, addr, (size_t)len, &data))
		return;
	if (__builtin_popcount(data) > 16) {
		data = ~data;
		tprints(c, "~");
	}
	tprints(c, "[");
	for (unsigned int i = 0; i < 32; i++) {
		if (!(data & (1u << i)))
			continue;
		if (next)
			tprints(c, " ");
		next = true;
		printxval(c, xlat_icmp_filter_flags, i, "ICMP_???");
	}
	tprints(c, "]");
}

/* PACKET_STATISTICS: struct tpacket_stats, as much of it as the kernel wrote; a cut field as
 * hex bytes. */
static void print_tpacket_stats(struct dctx *c, uint64_t addr, unsigned int len)
{
	static const char *const names[] = { "tp_packets", "tp_drops", "tp_freeze_q_cnt" };
	uint32_t st[3];

	if (len > sizeof(st))
		len = sizeof(st);
	if (umoven_or_printaddr(c, addr, len, st))
		return;
	for (unsigned int i = 0; i < 3 && len > i * 4; i++) {
		tprintf(c, "%s%s=", i ? ", " : "{", names[i]);
		if (len >= (i + 1) * 4)
			tprintf(c, "%u", st[i]);
		else
			quote_string(c->sb, &st[i], len - i * 4, QUOTE_FORCE_HEX);
	}
	tprints(c, "}");
}

static bool print_u32_elem(struct dctx *c, uint64_t addr, unsigned int n)
{
	tprint_array_begin(c);
	for (unsigned int i = 0; i < n; i++) {
		uint32_t v;
		if (i)
			tprint_array_next(c);
		if (!dopts.verbose && i >= print_opts_get()->max_strlen) {
			tprint_more_data_follows(c);
			break;
		}
		if (umove(c, addr + i * sizeof(v), &v) < 0) {
			tprint_more_data_follows(c);
			tprintf(c, " /* %#" PRIx64 " */", addr + i * sizeof(v));
			break;
		}
		tprintf(c, "%u", v);
	}
	tprint_array_end(c);
	return true;
}

static void print_getsockopt(struct dctx *c, int ulen, int rlen)
{
	unsigned int level = (unsigned int)c->arg[1], name = (unsigned int)c->arg[2];
	uint64_t addr = c->arg[3];

	if (ulen <= 0 || rlen <= 0) {
		printaddr(c, addr);
		return;
	}
	if (addr && sockopt_get_new(c, level, name, addr, rlen))
		return;
	if (addr) {
		switch (level) {
		case SOL_SOCKET:
			if (name == SO_LINGER) {
				print_get_linger(c, addr, (unsigned int)rlen);
				return;
			}
			if (name == SO_PEERCRED) {
				print_get_ucred(c, addr, (unsigned int)rlen);
				return;
			}
			if (name == SO_ERROR) {
				print_get_error(c, addr, (unsigned int)rlen);
				return;
			}
			if (name == SO_TXREHASH_) {
				print_txrehash(c, addr, rlen);
				return;
			}
			if (name == SO_ATTACH_FILTER && dopts.verbose) {
				/* The kernel answers a count of instructions, an unsigned short. */
				if ((unsigned short)rlen == (unsigned int)rlen)
					print_sock_filter_array(c, addr, (unsigned int)rlen);
				else
					printaddr(c, addr);
				return;
			}
			if (so_int_like(name)) {
				if (rlen >= (int)sizeof(int))
					printnum_int(c, addr, "%d");
				else
					print_hex_bytes(c, addr, (unsigned int)rlen);
				return;
			}
			break;
		case SOL_RAW:
			if (name == 1 /* ICMP_FILTER */) {
				print_icmp_filter(c, addr, rlen);
				return;
			}
			break;
		case SOL_PACKET:
			if (name == 6 /* PACKET_STATISTICS */) {
				print_tpacket_stats(c, addr, (unsigned int)rlen);
				return;
			}
			break;
		case SOL_NETLINK:
			if (name == NETLINK_LIST_MEMBERSHIPS_) {
				unsigned int n = (unsigned int)(ulen < rlen ? ulen : rlen) / 4;
				if (!n) {
					tprints(c, "[]");
					return;
				}
				uint32_t first;
				if (umove_or_printaddr(c, addr, &first))
					return;
				print_u32_elem(c, addr, n);
			} else {
				printnum_int(c, addr, "%d");
			}
			return;
		}
	}
	if (rlen == (int)sizeof(int))
		printnum_int(c, addr, "%d");
	else
		printstrn(c, addr, (uint64_t)rlen);
}

SYS_FUNC(getsockopt)
{
	int ulen, rlen;

	if (entering(c)) {
		print_level_name(c, true);
		tprint_arg_next(c);
		if (c->arg[4] && umove(c, c->arg[4], &ulen) == 0) {
			c->priv[0] = (uint64_t)(int64_t)ulen;
			return 0;
		}
		printaddr(c, c->arg[3]);
		tprint_arg_next(c);
		printaddr(c, c->arg[4]);
		return RVAL_DECODED;
	}
	ulen = (int)c->priv[0];
	if (umove(c, c->arg[4], &rlen) < 0) {
		printaddr(c, c->arg[3]);
		tprintf(c, ", [%d]", ulen);
		return 0;
	}
	/* strace 7.2: after an error too, the length the kernel left */
	if (syserror(c))
		printaddr(c, c->arg[3]);
	else
		print_getsockopt(c, ulen, rlen);
	if (ulen != rlen)
		tprintf(c, ", [%d => %d]", ulen, rlen);
	else
		tprintf(c, ", [%d]", rlen);
	return 0;
}

/* An option value of LEN bytes read into BUF (SIZE bytes); false when only its address
 * could be printed (too short, NULL, unreadable). */
static bool fetch_opt(struct dctx *c, uint64_t addr, int len, void *buf, size_t size)
{
	if (len < (int)size) {
		printaddr(c, addr);
		return false;
	}
	return !umoven_or_printaddr(c, addr, size, buf);
}

static void print_set_linger(struct dctx *c, uint64_t addr, int len)
{
	struct linger l;

	if (!fetch_opt(c, addr, len, &l, sizeof(l)))
		return;
	tprintf(c, "{l_onoff=%d, l_linger=%d}", l.l_onoff, l.l_linger);
}

static void print_mreq(struct dctx *c, uint64_t addr, int len)
{
	struct ip_mreq m;

	if (!fetch_opt(c, addr, len, &m, sizeof(m)))
		return;
	tprints(c, "{");
	print_inet_addr(c, AF_INET, &m.imr_multiaddr, sizeof(m.imr_multiaddr), "imr_multiaddr");
	tprints(c, ", ");
	print_inet_addr(c, AF_INET, &m.imr_interface, sizeof(m.imr_interface), "imr_interface");
	tprints(c, "}");
}

static void print_mreq6(struct dctx *c, uint64_t addr, int len)
{
	struct ipv6_mreq m;

	if (!fetch_opt(c, addr, len, &m, sizeof(m)))
		return;
	tprints(c, "{");
	print_inet_addr(c, AF_INET6, &m.ipv6mr_multiaddr, sizeof(m.ipv6mr_multiaddr),
			"ipv6mr_multiaddr");
	tprints(c, ", ipv6mr_interface=");
	print_ifindex(c, m.ipv6mr_interface);
	tprints(c, "}");
}

/* A hardware address: aa:bb:.. (abbreviated), "\\xaa\\xbb" (raw), both (verbose). */
static void print_mac(struct dctx *c, const unsigned char *a, unsigned int n)
{
	enum xlat_style st = print_opts_get()->xstyle;

	if (st != XSTYLE_ABBREV)
		quote_string(c->sb, a, n, QUOTE_FORCE_HEX);
	if (st == XSTYLE_RAW)
		return;
	if (st == XSTYLE_VERBOSE)
		tprints(c, " /* ");
	for (unsigned int i = 0; i < n; i++)
		tprintf(c, "%s%02x", i ? ":" : "", a[i]);
	if (st == XSTYLE_VERBOSE)
		tprints(c, " */");
}

/* MCAST_JOIN_GROUP, MCAST_LEAVE_GROUP (SOL_IP and SOL_IPV6): struct group_req. */
static void print_group_req(struct dctx *c, uint64_t addr, int len)
{
	struct group_req g;

	if (len < (int)sizeof(g)) {
		printaddr(c, addr);
		return;
	}
	if (umove_or_printaddr(c, addr, &g))
		return;
	tprints(c, "{gr_interface=");
	print_ifindex(c, g.gr_interface);
	tprints(c, ", gr_group=");
	print_sockaddr(c, &g.gr_group, sizeof(g.gr_group));
	tprints(c, "}");
}

/* PACKET_RX_RING, PACKET_TX_RING: struct tpacket_req, of exactly its size. */
static void print_tpacket_req(struct dctx *c, uint64_t addr, int len)
{
	uint32_t r[4];

	if (len != (int)sizeof(r) || umove(c, addr, &r) < 0) {
		printaddr(c, addr);
		return;
	}
	tprintf(c, "{tp_block_size=%u, tp_block_nr=%u, tp_frame_size=%u, tp_frame_nr=%u}", r[0],
		r[1], r[2], r[3]);
}

/* PACKET_ADD_MEMBERSHIP, PACKET_DROP_MEMBERSHIP: struct packet_mreq, of exactly its size. */
static void print_packet_mreq(struct dctx *c, uint64_t addr, int len)
{
	struct {
		int ifindex;
		unsigned short type, alen;
		unsigned char address[8];
	} m;

	if (len != (int)sizeof(m) || umove(c, addr, &m) < 0) {
		printaddr(c, addr);
		return;
	}
	tprints(c, "{mr_ifindex=");
	print_ifindex(c, (unsigned int)m.ifindex);
	tprints(c, ", mr_type=");
	printxval(c, xlat_packet_mreq_type, m.type, "PACKET_MR_???");
	tprintf(c, ", mr_alen=%u, mr_address=", m.alen);
	print_mac(c, m.address, m.alen < sizeof(m.address) ? m.alen : sizeof(m.address));
	tprints(c, "}");
}

static void print_setsockopt(struct dctx *c, int len)
{
	unsigned int level = (unsigned int)c->arg[1], name = (unsigned int)c->arg[2];
	uint64_t addr = c->arg[3];

	if (addr && sockopt_set_new(c, level, name, addr, len))
		return;
	if (addr) {
		switch (level) {
		case SOL_SOCKET:
			if (name == SO_LINGER) {
				print_set_linger(c, addr, len);
				return;
			}
			if (name == SO_TXREHASH_) {
				print_txrehash(c, addr, len);
				return;
			}
			if ((name == SO_ATTACH_FILTER || name == SO_ATTACH_REUSEPORT_CBPF) &&
			    dopts.verbose) {
				if (len == 16 /* struct sock_fprog */)
					print_sock_fprog(c, addr);
				else
					printaddr(c, addr);
				return;
			}
			if (so_int_like(name)) {
				if (len < (int)sizeof(int))
					printaddr(c, addr);
				else
					printnum_int(c, addr, "%d");
				return;
			}
			break;
		case SOL_IP:
			if (name == IP_ADD_MEMBERSHIP || name == IP_DROP_MEMBERSHIP) {
				print_mreq(c, addr, len);
				return;
			}
			if (name == MCAST_JOIN_GROUP || name == MCAST_LEAVE_GROUP) {
				print_group_req(c, addr, len);
				return;
			}
			break;
		case SOL_IPV6:
			if (name == IPV6_ADD_MEMBERSHIP || name == IPV6_DROP_MEMBERSHIP ||
			    name == IPV6_JOIN_ANYCAST || name == IPV6_LEAVE_ANYCAST) {
				print_mreq6(c, addr, len);
				return;
			}
			if (name == MCAST_JOIN_GROUP || name == MCAST_LEAVE_GROUP) {
				print_group_req(c, addr, len);
				return;
			}
			break;
		case SOL_PACKET:
			if (name == 1 /* PACKET_ADD_MEMBERSHIP */ || name == 2 /* _DROP_ */) {
				print_packet_mreq(c, addr, len);
				return;
			}
			if (name == 5 /* PACKET_RX_RING */ || name == 13 /* PACKET_TX_RING */) {
				print_tpacket_req(c, addr, len);
				return;
			}
			break;
		case SOL_RAW:
			if (name == 1 /* ICMP_FILTER */) {
				print_icmp_filter(c, addr, len);
				return;
			}
			break;
		case SOL_NETLINK:
			if (len < (int)sizeof(int))
				printaddr(c, addr);
			else
				printnum_int(c, addr, "%d");
			return;
		}
	}
	if (len == (int)sizeof(int))
		printnum_int(c, addr, "%d");
	else
		printstrn(c, addr, (uint64_t)(unsigned int)len);
}

SYS_FUNC(setsockopt)
{
	print_level_name(c, false);
	tprint_arg_next(c);
	print_setsockopt(c, (int)c->arg[4]);
	tprintf(c, ", %d", (int)c->arg[4]);
	return RVAL_DECODED;
}
