// SPDX-License-Identifier: LGPL-2.1-or-later
/* NETLINK_SOCK_DIAG for AF_SMC: smc_diag_req and smc_diag_msg with its SMC_DIAG_* attributes. */
#include <netinet/in.h>
#include <linux/inet_diag.h>
#include <linux/smc_diag.h>
#include <string.h>

#include "strace-lite/decode/array.h"
#include "strace-lite/decode/netlink/netlink-int.h"
#include "strace-lite/decode/netlink/netlink-route.h"


void smc_diag_req(struct dctx *c, uint8_t family, uint64_t addr, unsigned int len)
{
	struct smc_diag_req r = { .diag_family = family };

	if (rtnl_struct_head(c, "diag_family", family, addr, len, &r, sizeof(r))) {
		tprints(c, "diag_ext=");
		printflags(c, xlat_smc_diag_extended_flags, r.diag_ext, "1<<SMC_DIAG_??\?-1");
		/* SMC sockets keep AF_INET addresses. */
		tprints(c, ", id=");
		print_inet_diag_sockid(c, &r.id, AF_INET);
	}
	tprint_struct_end(c);
}

static void print_cursor(struct dctx *c, const char *name, const struct smc_diag_cursor *k)
{
	tprintf(c, ", %s={reserved=%u, wrap=%u, count=%u}", name, k->reserved, k->wrap, k->count);
}

NLA_FN_HEAD(decode_conninfo)
{
	struct smc_diag_conninfo i;

	NLA_READ_OR_RETURN(c, addr, len, i);
	tprintf(c, "{token=%u, sndbuf_size=%u, rmbe_size=%u, peer_rmbe_size=%u", i.token,
		i.sndbuf_size, i.rmbe_size, i.peer_rmbe_size);
	print_cursor(c, "rx_prod", &i.rx_prod);
	print_cursor(c, "rx_cons", &i.rx_cons);
	print_cursor(c, "tx_prod", &i.tx_prod);
	print_cursor(c, "tx_cons", &i.tx_cons);
	tprintf(c, ", rx_prod_flags=%#04x, rx_conn_state_flags=%#04x, tx_prod_flags=%#04x"
		   ", tx_conn_state_flags=%#04x",
		i.rx_prod_flags, i.rx_conn_state_flags, i.tx_prod_flags, i.tx_conn_state_flags);
	print_cursor(c, "tx_prep", &i.tx_prep);
	print_cursor(c, "tx_sent", &i.tx_sent);
	print_cursor(c, "tx_fin", &i.tx_fin);
	tprint_struct_end(c);
	return true;
}

/* A char array that should hold a C string: up to its NUL, else "..." after size-1 bytes. */
static void print_cstring(struct dctx *c, const char *name, const unsigned char *s, size_t size)
{
	size_t n = strnlen((const char *)s, size);

	tprintf(c, ", %s=", name);
	quote_string(c->sb, s, n < size ? n : size - 1, 0);
	if (n == size)
		tprint_more_data_follows(c);
}

NLA_FN_HEAD(decode_lgrinfo)
{
	struct smc_diag_lgrinfo l;
	const struct smc_diag_linkinfo *k = &l.lnk[0];

	NLA_READ_OR_RETURN(c, addr, len, l);
	tprintf(c, "{lnk=[{link_id=%u", k->link_id);
	print_cstring(c, "ibname", k->ibname, sizeof(k->ibname));
	tprintf(c, ", ibport=%u", k->ibport);
	print_cstring(c, "gid", k->gid, sizeof(k->gid));
	print_cstring(c, "peer_gid", k->peer_gid, sizeof(k->peer_gid));
	tprints(c, "}], role=");
	printxval(c, xlat_smc_link_group_roles, l.role, "SMC_???");
	tprint_struct_end(c);
	return true;
}

NLA_XLAT_FN(decode_shutdown, decode_nla_flags, xlat_sock_shutdown_flags, "???_SHUTDOWN", 1, false)

/* struct smcd_diag_dmbinfo; Linux 6.7 added the two _ext GIDs, printed when present (7.2). */
NLA_FN_HEAD(decode_dmbinfo)
{
	struct {
		struct smcd_diag_dmbinfo d;
		uint64_t peer_gid_ext, my_gid_ext;
	} v = { 0 };
	unsigned int n = len < sizeof(v) ? len : (unsigned int)sizeof(v);

	if (len < sizeof(v.d))
		return false;
	if (umoven_or_printaddr(c, addr, n, &v))
		return true;
	tprintf(c, "{linkid=%u, peer_gid=%#llx, my_gid=%#llx, token=%#llx, peer_token=%#llx",
		v.d.linkid, (unsigned long long)v.d.peer_gid, (unsigned long long)v.d.my_gid,
		(unsigned long long)v.d.token, (unsigned long long)v.d.peer_token);
	if (len > sizeof(v.d))
		tprintf(c, ", peer_gid_ext=%#llx, my_gid_ext=%#llx",
			(unsigned long long)v.peer_gid_ext, (unsigned long long)v.my_gid_ext);
	tprint_struct_end(c);
	return true;
}

/* The decline codes come from a kernel-internal header: always named in a comment. */
static void print_decl(struct dctx *c, uint32_t v)
{
	const char *name = xlat_lookup(xlat_smc_decl_codes, v);

	print_xlat_val(c->sb, v);
	if (print_opts_get()->xstyle != XSTYLE_RAW)
		print_comment(c->sb, name ? name : "SMC_CLC_DECL_???");
}

NLA_FN_HEAD(decode_fallback)
{
	struct smc_diag_fallback f;

	NLA_READ_OR_RETURN(c, addr, len, f);
	tprints(c, "{reason=");
	print_decl(c, f.reason);
	tprints(c, ", peer_diagnosis=");
	print_decl(c, f.peer_diagnosis);
	tprint_struct_end(c);
	return true;
}

void smc_diag_msg(struct dctx *c, uint8_t family, uint64_t addr, unsigned int len)
{
	static const nla_fn fns[] = {
		[SMC_DIAG_CONNINFO] = decode_conninfo,
		[SMC_DIAG_LGRINFO] = decode_lgrinfo,
		[SMC_DIAG_SHUTDOWN] = decode_shutdown,
		[SMC_DIAG_DMBINFO] = decode_dmbinfo,
		[SMC_DIAG_FALLBACK] = decode_fallback,
	};
	struct smc_diag_msg m = { .diag_family = family };

	bool ok = rtnl_struct_head(c, "diag_family", family, addr, len, &m, sizeof(m));
	if (ok) {
		tprints(c, "diag_state=");
		printxval(c, xlat_smc_states, m.diag_state, "SMC_???");
		tprints(c, ", diag_fallback=");
		printxval(c, xlat_smc_diag_mode, m.diag_fallback, "SMC_DIAG_MODE_???");
		tprintf(c, ", diag_shutdown=%u, id=", m.diag_shutdown);
		print_inet_diag_sockid(c, &m.id, AF_INET);
		tprintf(c, ", diag_uid=%u, diag_inode=%llu", m.diag_uid,
			(unsigned long long)m.diag_inode);
	}
	rtnl_attrs(c, ok, addr, len, sizeof(m), xlat_smc_diag_attrs, "SMC_DIAG_???", NLA_FNS(fns),
		   NULL);
}
