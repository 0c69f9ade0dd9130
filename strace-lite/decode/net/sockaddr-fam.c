// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Socket addresses of the families beyond sockaddr.c's, printed as strace 6.1 prints them:
 * AF_AX25, AF_IPX, AF_X25, AF_PACKET, AF_BLUETOOTH, AF_RXRPC, AF_IEEE802154, AF_ALG, AF_NFC,
 * AF_VSOCK, AF_QIPCRTR, AF_XDP, AF_MCTP and (as strace 7.2) AF_TIPC.  Each printer runs only when the address covers
 * its struct (strace's minimum lengths; AF_BLUETOOTH's struct is told by the length), other
 * lengths stay raw sa_data.  The structs are spelled out here
 * (fixed layouts of the kernel's ABI) so that no header of an exotic family is needed.
 */
#include <arpa/inet.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>

#include "gen/xlat.h"
#include "strace-lite/decode/decode.h"
#include "strace-lite/decode/net/sockaddr.h"

#ifndef AF_MCTP
#define AF_MCTP 45
#endif
#ifndef AF_XDP
#define AF_XDP 44
#endif
#ifndef AF_QIPCRTR
#define AF_QIPCRTR 42
#endif

#define FAM_SIZE 2

struct ax25_call_s { unsigned char call[7]; };
struct sa_ax25 { uint16_t family; struct ax25_call_s call; int ndigis; };
struct sa_ax25_full { struct sa_ax25 ax; struct ax25_call_s digi[8]; };
struct sa_ipx { uint16_t family; uint16_t port; uint32_t network; unsigned char node[6];
		uint8_t type; unsigned char zero; };
struct sa_x25 { uint16_t family; char addr[16]; };
struct sa_ll { uint16_t family; uint16_t protocol; int ifindex; uint16_t hatype;
	       unsigned char pkttype, halen, addr[8]; };
struct sa_rxrpc { uint16_t family, service, transport_type, transport_len;
		  union { uint16_t family; unsigned char b[28]; } transport; };
struct sa_ieee802154 { uint16_t family; int addr_type; uint16_t pan_id;
		       union { unsigned char hwaddr[8]; uint16_t short_addr; }; };
struct sa_alg { uint16_t family; unsigned char type[14]; uint32_t feat, mask;
		unsigned char name[]; };
struct sa_nfc { uint16_t family; uint32_t dev_idx, target_idx, protocol; };
struct sa_nfc_llcp { uint16_t family; uint32_t dev_idx, target_idx, protocol;
		     uint8_t dsap, ssap; char service_name[63];
		     uint64_t __attribute__((aligned(8))) service_name_len; };
struct sa_vm { uint16_t family, reserved1; uint32_t port, cid; uint8_t flags, zero[3]; };
struct sa_qrtr { uint16_t family; uint32_t node, port; };
struct sa_xdp { uint16_t family, flags; uint32_t ifindex, queue_id, shared_umem_fd; };
struct sa_tipc { uint16_t family; uint8_t addrtype; int8_t scope; uint32_t addr[3]; };
struct sa_mctp { uint16_t family, pad0; unsigned int network; uint8_t addr, type, tag, pad1; };

/* A value as strace's *_VERBOSE field printers: "0x1 /\* NAME *\/" but under -X raw. */
static void xval_verbose(struct dctx *c, const struct xlat *x, uint64_t v, const char *dflt,
			 bool flags)
{
	struct print_opts saved = *print_opts_get(), o = saved;

	if (o.xstyle != XSTYLE_RAW)
		o.xstyle = XSTYLE_VERBOSE;
	print_opts_set(&o);
	if (flags)
		printflags(c, x, v, dflt);
	else
		printxval(c, x, v, dflt);
	print_opts_set(&saved);
}

/* BYTES as "\x01\x02" whatever -x says. */
static void hex_bytes(struct dctx *c, const void *bytes, size_t n)
{
	quote_string(c->sb, bytes, n, QUOTE_FORCE_HEX);
}

/* A char array of SIZE bytes that should hold a NUL-terminated string (strace's
 * print_quoted_cstring): at most SIZE - 1 characters, "..." after when no NUL ends them. */
static void quote_cstr(struct dctx *c, const void *str, size_t size)
{
	const unsigned char *s = str;

	if (!size) {
		tprints(c, "\"\"...");
		return;
	}
	if (quote_string(c->sb, s, size - 1, QUOTE_0_TERMINATED) && s[size - 1])
		tprints(c, "...");
}

/* ---- AX.25 ---- */

/* Can the callsign be shown as text: VERBOSE (text as a comment after the bytes), RAW (bytes
 * only) or ABBREV (whatever -X says). */
static enum xlat_style ax25_style(const struct ax25_call_s *a)
{
	enum xlat_style st = XSTYLE_ABBREV;
	bool space = false, chr = false;

	for (int i = 0; i < 6; i++) {
		unsigned char ch = a->call[i];

		if (ch & 1)
			st = XSTYLE_VERBOSE;
		ch >>= 1;
		if (ch == ' ')
			space = true;
		else
			chr = true;
		if ((ch < '0' || ch > '9') && (ch < 'A' || ch > 'Z') && ch != ' ')
			st = XSTYLE_VERBOSE;
		if (ch != ' ' && space)
			st = XSTYLE_VERBOSE;
		if (ch < ' ' || ch > 0x7e || ch == '*' || ch == '/')
			return XSTYLE_RAW;
	}
	if ((a->call[6] & ~0x1e) || (!chr && a->call[6]))
		st = XSTYLE_VERBOSE;
	return st;
}

/* "CALL-SSID", or "*" for an empty call with SSID 0. */
static void ax25_text(const struct ax25_call_s *a, char out[16])
{
	int end = 6, n = 0;

	while (end && (a->call[end - 1] >> 1) == ' ')
		end--;
	for (int i = 0; i < end; i++)
		out[n++] = (char)(a->call[i] >> 1);
	n += sprintf(out + n, "-%u", (a->call[6] >> 1) & 0xf);
	if (out[0] == '-' && out[1] == '0' && n == 2)
		strcpy(out, "*");
}

static void print_ax25_call(struct dctx *c, const struct ax25_call_s *a)
{
	enum xlat_style st = ax25_style(a);
	char text[16];

	if (st == XSTYLE_ABBREV)
		st = print_opts_get()->xstyle;
	if (st != XSTYLE_ABBREV) {
		tprints(c, "{ax25_call=");
		hex_bytes(c, a->call, sizeof(a->call));
		tprints(c, "}");
	}
	if (st == XSTYLE_RAW)
		return;
	ax25_text(a, text);
	if (st == XSTYLE_VERBOSE)
		print_comment(c->sb, text);
	else
		tprints(c, text);
}

static void print_ax25(struct dctx *c, const void *buf, int len)
{
	const struct sa_ax25_full *f = buf;
	size_t ulen = (size_t)len;
	bool full = f->ax.ndigis || ulen > sizeof(f->ax);

	if (full)
		tprints(c, "fsa_ax25={");
	tprints(c, "sax25_call=");
	print_ax25_call(c, &f->ax.call);
	tprintf(c, ", sax25_ndigis=%d", f->ax.ndigis);
	if (!full)
		return;
	tprints(c, "}");

	size_t has = (ulen - sizeof(f->ax)) / sizeof(f->digi[0]);
	size_t want = f->ax.ndigis > 0 ? (size_t)f->ax.ndigis : 0;

	if (has > 8)
		has = 8;
	if (want > 8)
		want = 8;
	if (want) {
		size_t n = has < want ? has : want, i;

		tprints(c, ", fsa_digipeater=[");
		for (i = 0; i < n; i++) {
			if (i)
				tprints(c, ", ");
			if (i >= print_opts_get()->max_strlen) {
				tprints(c, "...");
				break;
			}
			print_ax25_call(c, &f->digi[i]);
		}
		if (i == n && want > has)
			tprints(c, n ? ", ..." : "...");
		tprints(c, "]");
	}
	if (ulen > has * sizeof(f->digi[0]) + sizeof(f->ax))
		tprints(c, ", ...");
}

/* A family's printer that needs no length beyond the table's minimum. */
#define SA_PRINTER(name) void name(struct dctx *c, const void *buf, int len __attribute__((unused)))

/* ---- IPX, X.25 ---- */

static SA_PRINTER(print_ipx)
{
	const struct sa_ipx *s = buf;

	print_net_port(c, "sipx_port", s->port);
	tprintf(c, ", sipx_network=htonl(%#x), sipx_node=[", ntohl(s->network));
	for (size_t i = 0; i < sizeof(s->node); i++)
		tprintf(c, "%s%#02x", i ? ", " : "", s->node[i]);
	tprintf(c, "], sipx_type=%#02x", s->type);
	if (s->zero)
		tprintf(c, ", sipx_zero=%#x", s->zero);
}

static SA_PRINTER(print_x25)
{
	const struct sa_x25 *s = buf;

	tprints(c, "sx25_addr={x25_addr=");
	quote_cstr(c, s->addr, sizeof(s->addr));
	tprints(c, "}");
}

/* ---- AF_PACKET ---- */

static void print_ll(struct dctx *c, const void *buf, int len)
{
	const struct sa_ll *s = buf;
	enum xlat_style st = print_opts_get()->xstyle;

	tprints(c, "sll_protocol=");
	if (st != XSTYLE_ABBREV)
		hex_bytes(c, &s->protocol, sizeof(s->protocol));
	if (st != XSTYLE_RAW) {
		struct print_opts saved = *print_opts_get(), o = saved;

		tprints(c, st == XSTYLE_VERBOSE ? " /* htons(" : "htons(");
		o.xstyle = XSTYLE_ABBREV;
		print_opts_set(&o);
		printxval(c, xlat_ethernet_protocols, ntohs(s->protocol), "ETH_P_???");
		print_opts_set(&saved);
		tprints(c, st == XSTYLE_VERBOSE ? ") */" : ")");
	}
	tprints(c, ", sll_ifindex=");
	print_ifindex(c, (unsigned int)s->ifindex);
	tprints(c, ", sll_hatype=");
	printxval(c, xlat_arp_hardware_types, s->hatype, "ARPHRD_???");
	tprints(c, ", sll_pkttype=");
	printxval(c, xlat_af_packet_types, s->pkttype, "PACKET_???");
	tprintf(c, ", sll_halen=%u", s->halen);
	if (!s->halen)
		return;

	/* the address may run past the 8 bytes of sll_addr, as far as LEN goes */
	const unsigned char *a = s->addr;
	unsigned int in_len = (unsigned int)len - offsetof(struct sa_ll, addr);

	tprints(c, ", sll_addr=[");
	for (unsigned int i = 0; i < s->halen; i++) {
		if (i)
			tprints(c, ", ");
		if (i >= in_len) {
			tprints(c, "...");
			break;
		}
		tprintf(c, "%#02x", a[i]);
	}
	tprints(c, "]");
}

/* ---- AF_RXRPC ---- */

static void print_rxrpc(struct dctx *c, const void *buf, int len)
{
	const struct sa_rxrpc *s = buf;
	int tlen = len - (int)offsetof(struct sa_rxrpc, transport);
	const unsigned char *rest = s->transport.b + FAM_SIZE;

	if (s->transport_len < tlen)
		tlen = s->transport_len;
	int nrest = tlen - FAM_SIZE > 0 ? tlen - FAM_SIZE : 0;

	tprints(c, "srx_service=");
	xval_verbose(c, xlat_rxrpc_services, s->service, "???_SERVICE", false);
	tprints(c, ", transport_type=");
	printxval(c, xlat_socktypes, s->transport_type, "SOCK_???");
	tprintf(c, ", transport_len=%u, transport={", s->transport_len);
	switch (s->transport.family) {
	case AF_INET:
	case AF_INET6: {
		bool v6 = s->transport.family == AF_INET6;
		int min = v6 ? SIN6_MIN_LEN : (int)sizeof(struct sockaddr_in);

		tprints(c, v6 ? "sin6={sin6_family=" : "sin={sin_family=");
		printxval(c, xlat_addrfams, s->transport.family, "AF_???");
		if (s->transport_len >= min) {
			tprints(c, ", ");
			if (v6)
				print_sockaddr_in6(c, s->transport.b, tlen);
			else
				print_sockaddr_in(c, s->transport.b, tlen);
		} else if (nrest > 0) {
			tprints(c, ", ");
			quote_string(c->sb, rest, (size_t)nrest, 0);
		}
		tprints(c, "}");
		break;
	}
	default:
		tprints(c, "family=");
		printxval(c, xlat_addrfams, s->transport.family, "AF_???");
		if (nrest > 0) {
			tprints(c, ", ");
			quote_string(c->sb, rest, (size_t)nrest, 0);
		}
	}
	tprints(c, "}");
}

/* ---- AF_IEEE802154 ---- */

static SA_PRINTER(print_ieee802154)
{
	const struct sa_ieee802154 *s = buf;
	enum xlat_style st = print_opts_get()->xstyle;

	tprints(c, "addr={addr_type=");
	xval_verbose(c, xlat_ieee802154_addr_types, (unsigned int)s->addr_type,
		     "IEEE802154_ADDR_???", false);
	tprints(c, ", pan_id=");
	xval_verbose(c, xlat_ieee802154_pan_ids, s->pan_id, NULL, false);
	switch (s->addr_type) {
	case 0: /* IEEE802154_ADDR_NONE */
		break;
	case 2: /* IEEE802154_ADDR_SHORT */
		tprints(c, ", short_addr=");
		xval_verbose(c, xlat_ieee802154_addrs, s->short_addr, NULL, false);
		break;
	default:
		tprints(c, ", hwaddr=");
		if (st != XSTYLE_ABBREV)
			hex_bytes(c, s->hwaddr, sizeof(s->hwaddr));
		if (st != XSTYLE_RAW) {
			char text[3 * sizeof(s->hwaddr)];
			int n = 0;

			for (size_t i = 0; i < sizeof(s->hwaddr); i++)
				n += sprintf(text + n, "%s%02x", i ? ":" : "", s->hwaddr[i]);
			if (st == XSTYLE_VERBOSE)
				print_comment(c->sb, text);
			else
				tprints(c, text);
		}
	}
	tprints(c, "}");
}

/* ---- AF_ALG ---- */

static void print_alg(struct dctx *c, const void *buf, int len)
{
	const struct sa_alg *s = buf;
	tprints(c, "salg_type=");
	quote_cstr(c, s->type, sizeof(s->type));
	tprints(c, ", salg_feat=");
	xval_verbose(c, xlat_alg_sockaddr_flags, s->feat, "CRYPTO_ALG_???", true);
	tprints(c, ", salg_mask=");
	xval_verbose(c, xlat_alg_sockaddr_flags, s->mask, "CRYPTO_ALG_???", true);
	tprints(c, ", salg_name=");
	quote_cstr(c, s->name, (size_t)len - sizeof(*s));
}

/* ---- AF_NFC ---- */

static void print_nfc(struct dctx *c, const void *buf, int len)
{
	const struct sa_nfc_llcp *s = buf;

	tprints(c, "dev_idx=");
	print_ifindex(c, s->dev_idx);
	tprintf(c, ", target_idx=%#x, nfc_protocol=", s->target_idx);
	printxval(c, xlat_nfc_sockaddr_protocols, s->protocol, "NFC_PROTO_???");
	if ((unsigned int)len < sizeof(*s)) {
		if ((unsigned int)len > sizeof(struct sa_nfc))
			tprints(c, ", ...");
		return;
	}
	tprints(c, ", dsap=");
	xval_verbose(c, xlat_nfc_saps, s->dsap, NULL, false);
	tprints(c, ", ssap=");
	xval_verbose(c, xlat_nfc_saps, s->ssap, NULL, false);
	tprints(c, ", service_name=");
	uint64_t n = s->service_name_len;
	quote_string(c->sb, s->service_name,
		     n < sizeof(s->service_name) ? (size_t)n : sizeof(s->service_name), 0);
	tprintf(c, ", service_name_len=%llu", (unsigned long long)n);
}

/* ---- AF_VSOCK, AF_QIPCRTR, AF_XDP, AF_MCTP ---- */

static SA_PRINTER(print_vsock)
{
	const struct sa_vm *s = buf;

	if (s->reserved1)
		tprintf(c, "svm_reserved1=%#x, ", s->reserved1);
	tprints(c, "svm_cid=");
	printxval(c, xlat_vsock_cids, s->cid, NULL);
	tprints(c, ", svm_port=");
	printxval(c, xlat_vsock_ports, s->port, NULL);
	tprints(c, ", svm_flags=");
	printflags(c, xlat_vsock_flags, s->flags, "VMADDR_FLAG_???");
	if (s->zero[0] || s->zero[1] || s->zero[2]) {
		tprints(c, ", svm_zero=");
		hex_bytes(c, s->zero, sizeof(s->zero));
	}
}

static SA_PRINTER(print_qrtr)
{
	const struct sa_qrtr *s = buf;

	tprints(c, "sq_node=");
	printxval(c, xlat_qipcrtr_nodes, s->node, NULL);
	tprints(c, ", sq_port=");
	printxval(c, xlat_qipcrtr_ports, s->port, NULL);
}

static SA_PRINTER(print_xdp)
{
	const struct sa_xdp *s = buf;

	tprints(c, "sxdp_flags=");
	printflags(c, xlat_xdp_sockaddr_flags, s->flags, "XDP_???");
	tprints(c, ", sxdp_ifindex=");
	print_ifindex(c, s->ifindex);
	tprintf(c, ", sxdp_queue_id=%u", s->queue_id);
	if (s->flags & 1) { /* XDP_SHARED_UMEM */
		tprints(c, ", sxdp_shared_umem_fd=");
		printfd(c, (int)s->shared_umem_fd);
	} else if (s->shared_umem_fd) {
		tprintf(c, ", sxdp_shared_umem_fd=%#x", s->shared_umem_fd);
	}
}

static SA_PRINTER(print_mctp)
{
	const struct sa_mctp *s = buf;

	if (s->pad0)
		tprintf(c, "__smctp_pad0=%#x, ", s->pad0);
	tprints(c, "smctp_network=");
	printxval(c, xlat_mctp_nets, s->network, NULL);
	tprints(c, ", smctp_addr={s_addr=");
	printxval(c, xlat_mctp_addrs, s->addr, NULL);
	tprintf(c, "}, smctp_type=%#x, smctp_tag=%#x", s->type, s->tag);
	if (s->pad1)
		tprintf(c, ", __smctp_pad1=%#x", s->pad1);
}

/* ---- AF_TIPC: the address by its type; a negative scope is its name with a minus ---- */

static SA_PRINTER(print_tipc)
{
	const struct sa_tipc *s = buf;
	int scope = s->scope;

	tprints(c, "addrtype=");
	printxval(c, xlat_af_tipc_types, s->addrtype, "TIPC_???");
	tprints(c, ", scope=");
	if (scope < 0) {
		tprints(c, "-");
		scope = -scope;
	}
	printxval(c, xlat_af_tipc_scope, (unsigned int)scope, "TIPC_???_SCOPE");
	tprints(c, ", addr=");
	switch (s->addrtype) {
	case 1: /* TIPC_SERVICE_RANGE */
		tprintf(c, "{nameseq={type=%u, lower=%u, upper=%u}}", s->addr[0], s->addr[1],
			s->addr[2]);
		break;
	case 2: /* TIPC_SERVICE_ADDR */
		tprintf(c, "{name={name={type=%u, instance=%u}, domain=%#x}}", s->addr[0],
			s->addr[1], s->addr[2]);
		break;
	case 3: /* TIPC_SOCKET_ADDR */
		tprintf(c, "{id={ref=%u, node=%#x}}", s->addr[0], s->addr[1]);
		break;
	default:
		quote_string(c->sb, s->addr, sizeof(s->addr), 0);
	}
}

/* ---- AF_BLUETOOTH: which address by its length (HCI, SCO, RFCOMM, L2CAP) ---- */

/* aa:bb:cc:dd:ee:ff as the -X style wants (strace's print_mac_addr). */
static void print_bdaddr(struct dctx *c, const char *name, const unsigned char *b)
{
	enum xlat_style st = print_opts_get()->xstyle;
	char text[18];

	tprints(c, name);
	if (st != XSTYLE_ABBREV)
		hex_bytes(c, b, 6);
	if (st == XSTYLE_RAW)
		return;
	snprintf(text, sizeof(text), "%02x:%02x:%02x:%02x:%02x:%02x", b[0], b[1], b[2], b[3],
		 b[4], b[5]);
	if (st == XSTYLE_VERBOSE)
		print_comment(c->sb, text);
	else
		tprints(c, text);
}

/* htobs(L2CAP_PSM_SDP), htobs(L2CAP_PSM_DYN_START+5): a name, or a base and an offset in the
 * dynamic ranges (DYN_LO..DYN_HI, and from DYN2 on when DYN2 is not 0). */
static void print_l2_num(struct dctx *c, uint16_t le, const struct xlat *x, unsigned int lo,
			 unsigned int hi, const char *lo_name, unsigned int lo2,
			 const char *lo2_name, const char *dflt)
{
	enum xlat_style st = print_opts_get()->xstyle;
	unsigned int v = le; /* little endian on the wire: x86_64 is */
	const char *name = xlat_lookup(x, v);
	bool in1 = v >= lo && v <= hi, in2 = lo2_name && v >= lo2;
	bool named = name || in1 || in2;

	tprints(c, "htobs(");
	if (st != XSTYLE_ABBREV || !named)
		print_xlat_val(c->sb, v);
	if (st != XSTYLE_RAW) {
		if (st == XSTYLE_VERBOSE || !named)
			tprints(c, " /* ");
		if (name) {
			tprints(c, name);
		} else if (in1 || in2) {
			print_xlat_named(c->sb, in1 ? lo : lo2, in1 ? lo_name : lo2_name);
			tprintf(c, "+%u", v - (in1 ? lo : lo2));
		} else {
			tprints(c, dflt);
		}
		if (st == XSTYLE_VERBOSE || !named)
			tprints(c, " */");
	}
	tprints(c, ")");
}

static bool print_bt(struct dctx *c, const void *buf, int len)
{
	const unsigned char *b = buf;
	uint16_t u16[7];

	memcpy(u16, b, sizeof(u16));
	switch (len) {
	case 4: case 6: /* sockaddr_hci, without hci_channel before 2.6.38 */
		tprintf(c, "hci_dev=htobs(%u)", u16[1]);
		if (len == 6) {
			tprints(c, ", hci_channel=");
			printxval(c, xlat_hci_channels, u16[2], "HCI_CHANNEL_???");
		}
		return true;
	case 8: /* sockaddr_sco */
		print_bdaddr(c, "sco_bdaddr=", b + 2);
		return true;
	case 10: /* sockaddr_rc */
		print_bdaddr(c, "rc_bdaddr=", b + 2);
		tprintf(c, ", rc_channel=%u", b[8]);
		return true;
	case 12: case 14: /* sockaddr_l2, without l2_bdaddr_type before 3.7 */
		tprints(c, "l2_psm=");
		print_l2_num(c, u16[1], xlat_bluetooth_l2_psm, 0x80, 0xff, "L2CAP_PSM_LE_DYN_START",
			     0x1001, "L2CAP_PSM_DYN_START", "L2CAP_PSM_???");
		print_bdaddr(c, ", l2_bdaddr=", b + 4);
		tprints(c, ", l2_cid=");
		print_l2_num(c, u16[5], xlat_bluetooth_l2_cid, 0x40, 0xffff, "L2CAP_CID_DYN_START",
			     0, NULL, "L2CAP_CID_???");
		if (len == 14) {
			tprints(c, ", l2_bdaddr_type=");
			printxval(c, xlat_bdaddr_types, b[12], "BDADDR_???");
		}
		return true;
	}
	return false;
}

static const struct {
	unsigned short family;
	unsigned short min_len;
	void (*print)(struct dctx *c, const void *buf, int len);
} printers[] = {
	{ AF_AX25, sizeof(struct sa_ax25), print_ax25 },
	{ AF_IPX, sizeof(struct sa_ipx), print_ipx },
	{ AF_X25, sizeof(struct sa_x25), print_x25 },
	{ AF_PACKET, sizeof(struct sa_ll), print_ll },
	{ AF_RXRPC, sizeof(struct sa_rxrpc), print_rxrpc },
	{ AF_IEEE802154, sizeof(struct sa_ieee802154), print_ieee802154 },
	{ AF_ALG, sizeof(struct sa_alg) + 1, print_alg },
	{ AF_NFC, sizeof(struct sa_nfc), print_nfc },
	{ AF_VSOCK, sizeof(struct sa_vm), print_vsock },
	{ AF_QIPCRTR, sizeof(struct sa_qrtr), print_qrtr },
	{ AF_XDP, sizeof(struct sa_xdp), print_xdp },
	{ AF_MCTP, sizeof(struct sa_mctp), print_mctp },
	{ AF_TIPC, sizeof(struct sa_tipc), print_tipc },
};

bool print_sockaddr_fam(struct dctx *c, const void *buf, int len)
{
	const struct sockaddr *sa = buf;

	if (sa->sa_family == AF_BLUETOOTH)
		return print_bt(c, buf, len);
	for (size_t i = 0; i < sizeof(printers) / sizeof(printers[0]); i++) {
		if (printers[i].family != sa->sa_family)
			continue;
		if (len < (int)printers[i].min_len)
			return false;
		printers[i].print(c, buf, len);
		return true;
	}
	return false;
}
