// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * NETLINK_SOCK_DIAG inet answers: the attributes strace 7.2 decodes beyond the simple ones of
 * netlink-diag-inet.c: the bound and peer addresses (arrays of sockaddr_storage), the TCP-MD5
 * keys (struct tcp_diag_md5sig), the upper layer protocol's information (TLS, MPTCP subflow),
 * the socket's BPF storages and its socket options' bits (INET_DIAG_SOCKOPT).
 */
#include <sys/socket.h>
#include <stddef.h>

#include "strace-lite/decode/array.h"
#include "strace-lite/decode/netlink/netlink-int.h"
#include "strace-lite/decode/net/sockaddr.h"
#include "strace-lite/decode/util-print.h"

/* Not in the 6.1 headers (Linux's tcp.h, tls.h, sock_diag.h): fixed by the ABI. */
struct tcp_diag_md5sig_ {
	uint8_t tcpm_family;
	uint8_t tcpm_prefixlen;
	uint16_t tcpm_keylen;
	uint32_t tcpm_addr[4];
	uint8_t tcpm_key[80];
};
enum { TLS_INFO_VERSION_ = 1, TLS_INFO_CIPHER_, TLS_INFO_TXCONF_, TLS_INFO_RXCONF_ };
enum { SK_DIAG_BPF_STORAGE_MAP_ID_ = 2, SK_DIAG_BPF_STORAGE_MAP_VALUE_ = 3 };
enum { SK_DIAG_BPF_STORAGE_ = 1 };
enum { INET_ULP_INFO_NAME_ = 1, INET_ULP_INFO_TLS_, INET_ULP_INFO_MPTCP_ };
enum {
	MPTCP_TOKEN_REM = 1, MPTCP_TOKEN_LOC, MPTCP_RELWRITE_SEQ, MPTCP_MAP_SEQ, MPTCP_MAP_SFSEQ,
	MPTCP_SSN_OFFSET, MPTCP_MAP_DATALEN, MPTCP_FLAGS, MPTCP_ID_REM, MPTCP_ID_LOC,
};

static bool print_sockaddr_elem(struct dctx *c, void *elem, size_t size, void *data)
{
	(void)data;
	print_sockaddr(c, elem, (int)size);
	return true;
}

bool decode_nla_sockaddrs(struct dctx *c, uint64_t addr, unsigned int len, const void *o)
{
	/* One spare zero byte after the element, as print_sockaddr wants. */
	struct {
		struct sockaddr_storage ss;
		char nul;
	} buf = { .nul = 0 };

	(void)o;
	if (len < sizeof(buf.ss))
		return false;
	print_array(c, addr, len / sizeof(buf.ss), &buf.ss, sizeof(buf.ss), 0,
		    print_sockaddr_elem, NULL);
	return true;
}

static bool print_md5sig(struct dctx *c, void *elem, size_t size, void *data)
{
	const struct tcp_diag_md5sig_ *s = elem;
	unsigned int klen = s->tcpm_keylen < sizeof(s->tcpm_key) ? s->tcpm_keylen
								  : sizeof(s->tcpm_key);

	(void)size;
	(void)data;
	tprints(c, "{tcpm_family=");
	printxval(c, xlat_addrfams, s->tcpm_family, "AF_???");
	tprintf(c, ", tcpm_prefixlen=%u, tcpm_keylen=%u, ", s->tcpm_prefixlen, s->tcpm_keylen);
	print_inet_addr(c, s->tcpm_family, s->tcpm_addr, sizeof(s->tcpm_addr), "tcpm_addr");
	tprints(c, ", tcpm_key=");
	quote_string(c->sb, s->tcpm_key, klen, QUOTE_FORCE_HEX);
	tprint_struct_end(c);
	return true;
}

bool decode_nla_tcp_md5sig(struct dctx *c, uint64_t addr, unsigned int len, const void *o)
{
	struct tcp_diag_md5sig_ s;

	(void)o;
	if (len < sizeof(s))
		return false;
	print_array(c, addr, len / sizeof(s), &s, sizeof(s), 0, print_md5sig, NULL);
	return true;
}

NLA_XLAT_FN(decode_tls_version, decode_nla_xval, xlat_tls_info_versions, "TLS_???_VERSION", 2,
	    false)
NLA_XLAT_FN(decode_tls_cipher, decode_nla_xval, xlat_tls_info_ciphers, "TLS_CIPHER_???", 2,
	    false)
NLA_XLAT_FN(decode_tls_config, decode_nla_xval, xlat_tls_info_configs, "TLS_CONF_???", 2,
	    false)
NLA_XLAT_FN(decode_mptcp_flags, decode_nla_flags, xlat_mptcp_subflow_flags,
	    "MPTCP_SUBFLOW_FLAG_???", 4, false)

NLA_NEST_FN(decode_ulp_tls, xlat_inet_diag_ulp_info_tls_attrs, "TLS_INFO_???",
	    [TLS_INFO_VERSION_] = decode_tls_version, [TLS_INFO_CIPHER_] = decode_tls_cipher,
	    [TLS_INFO_TXCONF_] = decode_tls_config, [TLS_INFO_RXCONF_] = decode_tls_config)

NLA_NEST_FN(decode_ulp_mptcp, xlat_inet_diag_ulp_info_mptcp_attrs, "MPTCP_SUBFLOW_ATTR_???",
	    [MPTCP_TOKEN_REM] = decode_nla_x32, [MPTCP_TOKEN_LOC] = decode_nla_x32,
	    [MPTCP_RELWRITE_SEQ] = decode_nla_u32, [MPTCP_MAP_SEQ] = decode_nla_u64,
	    [MPTCP_MAP_SFSEQ] = decode_nla_u32, [MPTCP_SSN_OFFSET] = decode_nla_u32,
	    [MPTCP_MAP_DATALEN] = decode_nla_u16, [MPTCP_FLAGS] = decode_mptcp_flags,
	    [MPTCP_ID_REM] = decode_nla_u8, [MPTCP_ID_LOC] = decode_nla_u8)

/* Each ULP has attributes of its own type: no need to look at INET_ULP_INFO_NAME first. */
static const nla_fn ulp_fns[] = {
	[INET_ULP_INFO_NAME_] = decode_nla_str,
	[INET_ULP_INFO_TLS_] = decode_ulp_tls,
	[INET_ULP_INFO_MPTCP_] = decode_ulp_mptcp,
};

bool decode_nla_ulp_info(struct dctx *c, uint64_t addr, unsigned int len, const void *o)
{
	decode_nlattr(c, addr, len, xlat_inet_diag_ulp_info_attrs, "INET_ULP_INFO_???",
		      NLA_FNS(ulp_fns), o);
	return true;
}

/* A map value: a number in hex when it has the size of one, else hex bytes. */
NLA_FN_HEAD(decode_xint)
{
	switch (len) {
	case 1: return decode_nla_x8(c, addr, len, o);
	case 2: return decode_nla_x16(c, addr, len, o);
	case 4: return decode_nla_x32(c, addr, len, o);
	case 8: return decode_nla_x64(c, addr, len, o);
	default: return false;
	}
}

NLA_NEST_FN(decode_bpf_storage, xlat_inet_diag_bpf_storage_attrs, "SK_DIAG_BPF_STORAGE_???",
	    [SK_DIAG_BPF_STORAGE_MAP_ID_] = decode_nla_u32,
	    [SK_DIAG_BPF_STORAGE_MAP_VALUE_] = decode_xint)

static const nla_fn storages_fns[] = { [SK_DIAG_BPF_STORAGE_] = decode_bpf_storage };

bool decode_nla_bpf_storages(struct dctx *c, uint64_t addr, unsigned int len, const void *o)
{
	decode_nlattr(c, addr, len, xlat_inet_diag_bpf_storages_attrs, "SK_DIAG_BPF_STORAGE_???",
		      NLA_FNS(storages_fns), o);
	return true;
}

/*
 * struct inet_diag_sockopt: two bytes of bit fields, the set ones only (all with -v), then
 * what the kernel's newer versions may add as bytes.
 */
bool decode_nla_diag_sockopt(struct dctx *c, uint64_t addr, unsigned int len, const void *o)
{
	static const char *const bits[] = {
		"recverr", "is_icsk", "freebind", "hdrincl", "mc_loop", "transparent",
		"mc_all", "nodefrag", "bind_address_no_port", "recverr_rfc4884",
		"defer_connect",
	};
	uint8_t b[2];
	unsigned int v, unused;
	bool first = true;

	(void)o;
	if (len < sizeof(b))
		return false;
	if (umove_or_printaddr(c, addr, &b))
		return true;
	v = b[0] | (unsigned int)b[1] << 8;
	unused = v >> 11;
	tprint_struct_begin(c);
	for (unsigned int i = 0; i < sizeof(bits) / sizeof(bits[0]); i++) {
		unsigned int bit = (v >> i) & 1;

		if (!dopts.verbose && !bit)
			continue;
		if (!first)
			tprint_struct_next(c);
		first = false;
		tprintf(c, "%s=%u", bits[i], bit);
	}
	if (dopts.verbose || unused) {
		if (!first)
			tprint_struct_next(c);
		tprints(c, "unused=");
		tprintf(c, unused ? "%#x" : "0", unused);
		tprints(c, " /* bits 3..8 */");
	}
	tprint_struct_end(c);
	print_nonzero_tail(c, ", ", addr, sizeof(b), len < 4096 ? len : 4096);
	return true;
}
