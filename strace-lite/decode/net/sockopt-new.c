// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Socket options strace 7.2 decodes and 6.1 printed raw: a pidfd (SO_PEERPIDFD), IPv4's
 * local port range (a u32 with its "lo..hi" in a comment) and protocol, and the TIPC level
 * (SOL_TIPC: importance, the group joined, the rest as ints), TCP-AO's key (TCP_AO_ADD_KEY).  A value of another length than
 * the option's prints as hex bytes, as 7.2 does.
 */
#include <stdio.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <linux/tipc.h>

#include "strace-lite/decode/decode.h"
#include "strace-lite/decode/ioctl/ioctl-int.h"
#include "strace-lite/decode/net/sockaddr.h"
#include "strace-lite/decode/net/sockopt-new.h"
#include "strace-lite/decode/util-print.h"
#include "gen/xlat.h"

#define SO_PEERPIDFD_ 77
#define IP_LOCAL_PORT_RANGE_ 51
#define IP_PROTOCOL_ 52
#define TCP_AO_ADD_KEY_ 38
#define SOL_TCP_ 6
#ifndef SOL_TIPC
#define SOL_TIPC 271
#endif

/* LEN bytes at ADDR in hex escapes, at most 256. */
static void print_hex(struct dctx *c, uint64_t addr, unsigned int len)
{
	printstr_ex(c, addr, len, QUOTE_FORCE_HEX);
}

/* "[V]" of the u32 at ADDR when LEN is its size (at least its size: AT_LEAST), else hex. */
static bool get_u32(struct dctx *c, uint64_t addr, unsigned int len, bool at_least, uint32_t *v)
{
	if (len < sizeof(*v) || (!at_least && len != sizeof(*v))) {
		print_hex(c, addr, len);
		return false;
	}
	return !umove_or_printaddr(c, addr, v);
}

static void print_port_range(struct dctx *c, uint64_t addr, unsigned int len)
{
	uint32_t ports;

	if (!get_u32(c, addr, len, false, &ports))
		return;
	tprints(c, "[");
	print_xlat_val(c->sb, ports);
	if (print_opts_get()->xstyle != XSTYLE_RAW) {
		unsigned short lo = ports & 0xffff, hi = ports >> 16;
		char text[16];

		/* "%.0hu": a zero bound prints as nothing ("..5000", "1024..") */
		if (ports && (!lo || !hi || lo <= hi)) {
			snprintf(text, sizeof(text), "%.0hu..%.0hu", lo, hi);
			print_comment(c->sb, text);
		}
	}
	tprints(c, "]");
}

static void print_ip_protocol(struct dctx *c, uint64_t addr, unsigned int len)
{
	uint32_t proto;

	if (!get_u32(c, addr, len, false, &proto))
		return;
	tprints(c, "[");
	printxval(c, xlat_inet_protocols, proto, "IPPROTO_???");
	tprints(c, "]");
}

static void print_peer_pidfd(struct dctx *c, uint64_t addr, unsigned int len)
{
	uint32_t fd;

	if (!get_u32(c, addr, len, true, &fd))
		return;
	tprints(c, "[");
	printfd(c, (int)fd);
	tprints(c, "]");
}

static void print_tipc_importance(struct dctx *c, uint64_t addr, int len)
{
	if (len < (int)sizeof(uint32_t))
		printaddr(c, addr);
	else
		print_u32_ref(c, addr, xlat_af_tipc_importance, false, "TIPC_???_IMPORTANCE");
}

static void print_tipc_group_join(struct dctx *c, uint64_t addr, int len)
{
	struct tipc_group_req g;

	if (len < (int)sizeof(g)) {
		printaddr(c, addr);
		return;
	}
	if (umove_or_printaddr(c, addr, &g))
		return;
	tprintf(c, "{type=%u, instance=%u, scope=", g.type, g.instance);
	printxval(c, xlat_af_tipc_scope, g.scope, "TIPC_???_SCOPE");
	tprints(c, ", flags=");
	printflags(c, xlat_af_tipc_flags, g.flags, "TIPC_GROUP_???");
	tprints(c, "}");
}

/* SOL_TIPC's value, for getsockopt and setsockopt alike. */
static void print_tipc(struct dctx *c, unsigned int name, uint64_t addr, int len)
{
	if (name == TIPC_IMPORTANCE)
		print_tipc_importance(c, addr, len);
	else if (name == TIPC_GROUP_JOIN)
		print_tipc_group_join(c, addr, len);
	else
		printnum_int(c, addr, "%d");
}

/* struct tcp_ao_add (Linux 6.7), 288 bytes. */
struct tcp_ao_add_k {
	unsigned char addr[128];
	char alg_name[64];
	int32_t ifindex;
	uint32_t set_current : 1, set_rnext : 1, reserved : 30;
	uint16_t reserved2;
	uint8_t prefix, sndid, rcvid, maclen, keyflags, keylen;
	uint8_t key[80];
} __attribute__((aligned(8)));

/* setsockopt(TCP_AO_ADD_KEY): the key (as much of it as keylen says) in hex. */
static void print_tcp_ao_add_key(struct dctx *c, uint64_t addr, int len)
{
	struct tcp_ao_add_k k = { 0 };

	if (len <= 0) {
		printaddr(c, addr);
		return;
	}
	if (len > (int)sizeof(k))
		len = sizeof(k);
	if (umoven_or_printaddr(c, addr, (size_t)len, &k))
		return;
	tprints(c, "{addr=");
	print_sockaddr(c, k.addr, sizeof(k.addr));
	tprintf(c, ", prefix=%u, alg_name=", k.prefix);
	ioctl_print_cstring(c, k.alg_name, sizeof(k.alg_name));
	tprints(c, ", ifindex=");
	print_ifindex(c, (unsigned int)k.ifindex);
	tprintf(c, ", set_current=%u, set_rnext=%u, sndid=%u, rcvid=%u, maclen=%u, keyflags=",
		k.set_current, k.set_rnext, k.sndid, k.rcvid, k.maclen);
	printflags(c, xlat_tcp_ao_keyf_flags, k.keyflags, "TCP_AO_KEYF_???");
	tprints(c, ", key=");
	quote_string(c->sb, k.key, k.keylen < sizeof(k.key) ? k.keylen : sizeof(k.key),
		     QUOTE_FORCE_HEX);
	tprintf(c, ", keylen=%u}", k.keylen);
}

bool sockopt_get_new(struct dctx *c, unsigned int level, unsigned int name, uint64_t addr,
		     int rlen)
{
	switch (level) {
	case SOL_SOCKET:
		if (name != SO_PEERPIDFD_)
			return false;
		print_peer_pidfd(c, addr, (unsigned int)rlen);
		return true;
	case SOL_IP:
		if (name == IP_LOCAL_PORT_RANGE_)
			print_port_range(c, addr, (unsigned int)rlen);
		else if (name == IP_PROTOCOL_)
			print_ip_protocol(c, addr, (unsigned int)rlen);
		else
			return false;
		return true;
	case SOL_TIPC:
		print_tipc(c, name, addr, rlen);
		return true;
	}
	return false;
}

bool sockopt_set_new(struct dctx *c, unsigned int level, unsigned int name, uint64_t addr,
		     int len)
{
	switch (level) {
	case SOL_IP:
		if (name != IP_LOCAL_PORT_RANGE_)
			return false;
		print_port_range(c, addr, (unsigned int)len);
		return true;
	case SOL_TIPC:
		print_tipc(c, name, addr, len);
		return true;
	case SOL_TCP_:
		if (name != TCP_AO_ADD_KEY_)
			return false;
		print_tcp_ao_add_key(c, addr, len);
		return true;
	}
	return false;
}
