// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Netlink attributes (struct nlattr, and rtnetlink's struct rtattr of the same layout): the
 * walker every family uses and the payload decoders they share.
 *
 * The walk mirrors the message walk in netlink.c: an attribute's payload is the smaller of
 * nla_len and what is left, the next one starts NLA_ALIGN(nla_len) further on, an attribute
 * shorter than its header ends it, an unreadable header prints as "..." and its address.
 * A payload decoder that cannot make sense of its bytes (too short, say) returns false and the
 * walker prints them in hex.
 */
#include <arpa/inet.h>
#include <endian.h>
#include <netinet/in.h>
#include <inttypes.h>
#include <string.h>

#include "strace-lite/decode/array.h"
#include "strace-lite/decode/netlink/netlink.h"
#include "strace-lite/decode/net/sockaddr.h"
#include "strace-lite/decode/util-print.h"

static void print_nlattr_hdr(struct dctx *c, const struct nlattr *a, const struct xlat *types,
			     const char *dflt)
{
	tprintf(c, "{nla_len=%u, nla_type=", a->nla_len);
	if (a->nla_type & NLA_F_NESTED) {
		print_xlat_named(c->sb, NLA_F_NESTED, "NLA_F_NESTED");
		tprint_or(c);
	}
	if (a->nla_type & NLA_F_NET_BYTEORDER) {
		print_xlat_named(c->sb, NLA_F_NET_BYTEORDER, "NLA_F_NET_BYTEORDER");
		tprint_or(c);
	}
	printxval(c, types, a->nla_type & NLA_TYPE_MASK, dflt);
	tprint_struct_end(c);
}

static void print_nlattr(struct dctx *c, const struct nlattr *a, uint64_t addr,
			 unsigned int len, const struct xlat *types, const char *dflt,
			 const nla_fn *fns, unsigned int n, const void *opaque, bool notype)
{
	unsigned int alen = a->nla_len < len ? a->nla_len : len;

	if (alen > NLA_HDRLEN)
		tprint_array_begin(c);
	print_nlattr_hdr(c, a, types, dflt);
	if (alen <= NLA_HDRLEN)
		return;
	unsigned int idx = n ? a->nla_type & NLA_TYPE_MASK : 0;
	const void *arg = n || notype ? opaque : (const void *)(uintptr_t)a->nla_type;

	tprint_array_next(c);
	if (!fns || (n && idx >= n) || !fns[idx] ||
	    !fns[idx](c, addr + NLA_HDRLEN, alen - NLA_HDRLEN, arg))
		print_nl_hex(c, addr + NLA_HDRLEN, alen - NLA_HDRLEN);
	tprint_array_end(c);
}

static void walk_nlattr(struct dctx *c, uint64_t addr, unsigned int len, const struct xlat *types,
			const char *dflt, const nla_fn *fns, unsigned int n, const void *opaque,
			bool notype)
{
	struct nlattr a;
	bool is_array = false;

	for (unsigned int elt = 0; fetch_nl_header(c, &a, sizeof(a), addr, len, is_array); elt++) {
		if (!dopts.verbose && elt == print_opts_get()->max_strlen) {
			tprint_more_data_follows(c);
			break;
		}
		unsigned int step = NLA_ALIGN(a.nla_len), left = 0;
		uint64_t next = 0;
		if (a.nla_len >= NLA_HDRLEN) {
			left = len >= step ? len - step : 0;
			if (left && addr + step > addr)
				next = addr + step;
		}
		if (!is_array && next) {
			tprint_array_begin(c);
			is_array = true;
		}
		print_nlattr(c, &a, addr, len, types, dflt, fns, n, opaque, notype);
		if (!next)
			break;
		tprint_array_next(c);
		addr = next;
		len = left;
	}
	if (is_array)
		tprint_array_end(c);
}

void decode_nlattr(struct dctx *c, uint64_t addr, unsigned int len, const struct xlat *types,
		   const char *dflt, const nla_fn *fns, unsigned int n, const void *opaque)
{
	walk_nlattr(c, addr, len, types, dflt, fns, n, opaque, false);
}

void decode_nlattr_notype(struct dctx *c, uint64_t addr, unsigned int len, nla_fn fn,
			  const void *opaque)
{
	walk_nlattr(c, addr, len, NULL, NULL, &fn, 0, opaque, true);
}

/* --- payload decoders --------------------------------------------------------------------- */

bool decode_nla_str(struct dctx *c, uint64_t addr, unsigned int len, const void *opaque)
{
	(void)opaque;
	printstr_ex(c, addr, len, QUOTE_OMIT_TRAILING_0 | QUOTE_EXPECT_TRAILING_0);
	return true;
}

bool decode_nla_strn(struct dctx *c, uint64_t addr, unsigned int len, const void *opaque)
{
	(void)opaque;
	printstrn(c, addr, len);
	return true;
}

/* A value V of TYPE (too short: hex) printed by PRINT. */
#define NLA_VAL(name, type, print)                                                               \
	bool decode_nla_##name(struct dctx *c, uint64_t addr, unsigned int len,                 \
			       const void *opaque)                                               \
	{                                                                                        \
		type v;                                                                          \
		(void)opaque;                                                                    \
		if (len < sizeof(v))                                                             \
			return false;                                                            \
		if (!umove_or_printaddr(c, addr, &v))                                            \
			print;                                                                   \
		return true;                                                                     \
	}
NLA_VAL(u8, uint8_t, tprintf(c, "%" PRIu8, v))
NLA_VAL(u16, uint16_t, tprintf(c, "%" PRIu16, v))
NLA_VAL(u32, uint32_t, tprintf(c, "%" PRIu32, v))
NLA_VAL(u64, uint64_t, tprintf(c, "%" PRIu64, v))
NLA_VAL(s8, int8_t, tprintf(c, "%" PRId8, v))
NLA_VAL(s16, int16_t, tprintf(c, "%" PRId16, v))
NLA_VAL(s32, int32_t, tprintf(c, "%" PRId32, v))
NLA_VAL(s64, int64_t, tprintf(c, "%" PRId64, v))
NLA_VAL(x8, uint8_t, tprintf(c, "%#" PRIx8, v))
NLA_VAL(x16, uint16_t, tprintf(c, "%#" PRIx16, v))
NLA_VAL(x32, uint32_t, tprintf(c, "%#" PRIx32, v))
NLA_VAL(x64, uint64_t, tprintf(c, "%#" PRIx64, v))
NLA_VAL(be16, uint16_t, tprintf(c, "htons(%u)", be16toh(v)))
NLA_VAL(be32, uint32_t, tprintf(c, "htonl(%u)", be32toh(v)))
NLA_VAL(be64, uint64_t, tprintf(c, "htobe64(%" PRIu64 ")", be64toh(v)))
NLA_VAL(fd, int32_t, printfd(c, v))
NLA_VAL(ifindex, uint32_t, print_ifindex(c, v))
NLA_VAL(uid, uint32_t, v == UINT32_MAX ? tprints(c, "-1") : tprintf(c, "%u", v))
NLA_VAL(in_addr, struct in_addr, print_inet_addr(c, AF_INET, &v, sizeof(v), NULL))
NLA_VAL(in6_addr, struct in6_addr, print_inet_addr(c, AF_INET6, &v, sizeof(v), NULL))

/* An array element with its index named: [NAME]=VALUE. */
struct indexed {
	const struct xlat *x;
	const char *dflt;
	unsigned int idx;
	bool is_signed;
};

static bool print_indexed(struct dctx *c, void *elem, size_t size, void *data)
{
	struct indexed *ix = data;

	tprints(c, "[");
	print_xval_d(c->sb, ix->x, ix->idx++, ix->dflt);
	if (size == 8)
		tprintf(c, "]=%llu", (unsigned long long)*(uint64_t *)elem);
	else if (ix->is_signed)
		tprintf(c, "]=%d", *(int32_t *)elem);
	else
		tprintf(c, "]=%u", *(uint32_t *)elem);
	return true;
}

bool print_nla_indexed(struct dctx *c, uint64_t addr, unsigned int len, unsigned int width,
		       bool is_signed, const struct xlat *x, const char *dflt)
{
	struct indexed ix = { x, dflt, 0, is_signed };
	uint64_t v;

	if (len < width)
		return false;
	print_array(c, addr, len / width, &v, width, 0, print_indexed, &ix);
	return true;
}

bool decode_nla_meminfo(struct dctx *c, uint64_t addr, unsigned int len, const void *opaque)
{
	(void)opaque;
	return print_nla_indexed(c, addr, len, 4, false, xlat_netlink_sk_meminfo_indices,
				 "SK_MEMINFO_???");
}
static bool print_u8_elem(struct dctx *c, void *elem, size_t size, void *data)
{
	(void)size;
	(void)data;
	tprintf(c, "%u", *(uint8_t *)elem);
	return true;
}

bool decode_nla_u8_array(struct dctx *c, uint64_t addr, unsigned int len, const void *opaque)
{
	uint8_t v;

	(void)opaque;
	print_array(c, addr, len, &v, sizeof(v), 0, print_u8_elem, NULL);
	return true;
}

/* Up to 8 bytes of little-endian value. */
static bool fetch_uint(struct dctx *c, uint64_t addr, unsigned int len, uint64_t *v)
{
	unsigned char b[8] = { 0 };

	if (umoven_or_printaddr(c, addr, len, b))
		return false;
	*v = 0;
	for (unsigned int i = len; i-- > 0;)
		*v = (*v << 8) | b[i];
	return true;
}

static bool nla_xlat_common(struct dctx *c, uint64_t addr, unsigned int len,
			    const struct nla_xlat *o, bool flags)
{
	uint64_t v;

	if (len > sizeof(v) || len < o->size)
		return false;
	if (o->size)
		len = o->size;
	if (!fetch_uint(c, addr, len, &v))
		return true;
	if (o->net_order16) {
		v = ntohs((uint16_t)v);
		tprints(c, "htons(");
	}
	if (flags)
		printflags(c, o->xlat, v, o->dflt);
	else
		printxval(c, o->xlat, v, o->dflt);
	if (o->net_order16)
		tprints(c, ")");
	return true;
}

bool decode_nla_xval(struct dctx *c, uint64_t addr, unsigned int len, const void *opaque)
{
	return nla_xlat_common(c, addr, len, opaque, false);
}

bool decode_nla_flags(struct dctx *c, uint64_t addr, unsigned int len, const void *opaque)
{
	return nla_xlat_common(c, addr, len, opaque, true);
}

bool decode_inet_addr(struct dctx *c, uint64_t addr, unsigned int len, int family,
		      const char *name)
{
	union {
		struct in_addr a4;
		struct in6_addr a6;
	} u;
	unsigned int size = family == AF_INET ? sizeof(u.a4) : family == AF_INET6 ? sizeof(u.a6) : 0;

	if (!size || len < size) {
		if (name)
			tprint_field(c, name);
		print_nl_hex(c, addr, len);
		return false;
	}
	if (umoven(c, addr, size, &u) < 0) {
		if (name)
			tprint_field(c, name);
		printaddr(c, addr);
		return false;
	}
	print_inet_addr(c, family, &u, size, name);
	return true;
}

/* How many bytes of a hardware address of device type ARPHRD strace shows (255: all). */
static unsigned int hwaddr_size(unsigned int arphrd)
{
	switch (arphrd) {
	case 0: return 7;   /* ARPHRD_NETROM */
	case 1: return 6;   /* ARPHRD_ETHER */
	case 3: return 7;   /* ARPHRD_AX25 */
	case 6: return 6;   /* ARPHRD_IEEE802 */
	case 7: return 1;   /* ARPHRD_ARCNET */
	case 15: return 2;  /* ARPHRD_DLCI */
	case 24: return 16; /* ARPHRD_IEEE1394 */
	case 27: return 8;  /* ARPHRD_EUI64 */
	case 32: return 20; /* ARPHRD_INFINIBAND */
	}
	return 255; /* the rest of those below 256; the others are never asked for */
}

static void print_mac(struct dctx *c, const unsigned char *b, unsigned int len,
		      unsigned int shown);

bool decode_nla_hwaddr_dev(struct dctx *c, uint64_t addr, unsigned int len, int arphrd)
{
	unsigned char b[32];

	if (len > sizeof(b))
		return false;
	if (umoven_or_printaddr(c, addr, len, b))
		return true;
	unsigned int n = arphrd < 0 ? len : hwaddr_size((unsigned int)arphrd);
	print_mac(c, b, len, n < len ? n : len);
	return true;
}

/* LEN bytes of a hardware address, SHOWN of them as aa:bb:cc, as the -X style wants. */
static void print_mac(struct dctx *c, const unsigned char *b, unsigned int len,
		      unsigned int shown)
{
	if (print_opts_get()->xstyle != XSTYLE_ABBREV)
		quote_string(c->sb, b, len, QUOTE_FORCE_HEX);
	if (print_opts_get()->xstyle == XSTYLE_RAW)
		return;
	struct strbuf mac = { 0 };
	for (unsigned int i = 0; i < shown; i++)
		sb_printf(&mac, "%s%02x", i ? ":" : "", b[i]);
	if (print_opts_get()->xstyle == XSTYLE_VERBOSE)
		print_comment(c->sb, sb_str(&mac));
	else
		tprints(c, sb_str(&mac));
	sb_free(&mac);
}

void print_mac_field(struct dctx *c, const char *field, const unsigned char *b, unsigned int n)
{
	tprintf(c, "%s=", field);
	print_mac(c, b, n, n);
}

bool decode_nla_hwaddr_nofamily(struct dctx *c, uint64_t addr, unsigned int len,
				const void *opaque)
{
	(void)opaque;
	return decode_nla_hwaddr_dev(c, addr, len, -1);
}

static const struct nla_xlat ip_proto_x = { xlat_inet_protocols, "IPPROTO_???", 0, false };

bool decode_nla_ip_proto(struct dctx *c, uint64_t addr, unsigned int len, const void *opaque)
{
	(void)opaque;
	return decode_nla_xval(c, addr, len, &ip_proto_x);
}

bool decode_nla_msecs(struct dctx *c, uint64_t addr, unsigned int len, const void *opaque)
{
	uint64_t v;

	(void)opaque;
	if (len > sizeof(v))
		return false;
	if (fetch_uint(c, addr, len, &v))
		print_ticks(c, v, 1000, 3);
	return true;
}

bool decode_nla_clock_t(struct dctx *c, uint64_t addr, unsigned int len, const void *opaque)
{
	uint64_t v;

	(void)opaque;
	if (len > sizeof(v))
		return false;
	if (fetch_uint(c, addr, len, &v))
		print_clock_t(c, v);
	return true;
}
