/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Between netlink.c (messages) and the per-family files: how each family names its message
 * types and flags (netlink-types.c) and decodes its payloads (netlink-route.c, ...).
 */
#pragma once
#include <stdint.h>
#include <linux/netlink.h>

#include "strace-lite/decode/netlink/netlink.h"

/* The NLM_F_* flags of a type's kind (new, get, delete), or NULL. */
const struct xlat *nl_route_flags(uint16_t type);
const struct xlat *nl_sock_diag_flags(uint16_t type);
const struct xlat *nl_xfrm_flags(uint16_t type);
const struct xlat *nl_crypto_flags(uint16_t type);
const struct xlat *nl_netfilter_flags(uint16_t type);
/* NETLINK_NETFILTER types: SUBSYS<<8|MSG. */
void print_nfnl_type(struct dctx *c, uint16_t type);
/* NETLINK_GENERIC types: the family's name as the kernel says it ("nlctrl"). */
void print_genl_family(struct dctx *c, uint16_t type);
/* The name of generic netlink family TYPE as the kernel says it, or NULL. */
const char *genl_family_name(uint16_t type);
/* Its flags: NLM_F_DUMP and the common ones, whatever the command (genl_header_check). */
const struct xlat *nl_generic_flags(uint16_t type);

bool decode_netlink_route(struct dctx *c, const struct nlmsghdr *h, uint64_t addr,
			  unsigned int len);
bool decode_netlink_sock_diag(struct dctx *c, const struct nlmsghdr *h, uint64_t addr,
			      unsigned int len);
bool decode_netlink_selinux(struct dctx *c, const struct nlmsghdr *h, uint64_t addr,
			    unsigned int len);
bool decode_netlink_netfilter(struct dctx *c, const struct nlmsghdr *h, uint64_t addr,
			      unsigned int len);
/* struct genlmsghdr and its attributes (netlink-generic.c); nlctrl's by name. */
bool decode_netlink_generic(struct dctx *c, const struct nlmsghdr *h, uint64_t addr,
			    unsigned int len);
bool decode_netlink_crypto(struct dctx *c, const struct nlmsghdr *h, uint64_t addr,
			   unsigned int len);
/* sock_diag's inet and smc requests and answers (the family byte already read). */
void inet_diag_req(struct dctx *c, const struct nlmsghdr *h, uint8_t family, uint64_t addr,
		   unsigned int len);
void inet_diag_msg(struct dctx *c, uint8_t family, uint64_t addr, unsigned int len);
void smc_diag_req(struct dctx *c, uint8_t family, uint64_t addr, unsigned int len);
void smc_diag_msg(struct dctx *c, uint8_t family, uint64_t addr, unsigned int len);
/* inet_diag_msg's attributes of netlink-diag-inet-attrs.c. */
bool decode_nla_sockaddrs(struct dctx *c, uint64_t addr, unsigned int len, const void *o);
bool decode_nla_tcp_md5sig(struct dctx *c, uint64_t addr, unsigned int len, const void *o);
bool decode_nla_ulp_info(struct dctx *c, uint64_t addr, unsigned int len, const void *o);
bool decode_nla_bpf_storages(struct dctx *c, uint64_t addr, unsigned int len, const void *o);
bool decode_nla_diag_sockopt(struct dctx *c, uint64_t addr, unsigned int len, const void *o);
struct inet_diag_sockid;
/* {idiag_sport=htons(..), ..., idiag_cookie=[..]} with addresses of FAMILY. */
void print_inet_diag_sockid(struct dctx *c, const struct inet_diag_sockid *id, int family);
void decode_netlink_kobject_uevent(struct dctx *c, uint64_t addr, uint64_t len);

/*
 * NLA_FN_HEAD: the head of a static nla_fn (its opaque O may go unused).
 * Attribute decoders defined by one line each (static, opaque O as any nla_fn's):
 * NLA_NEST_FN: a nest of attributes named by TYPES (DFLT) whose payloads the designated
 * initializers after it decode (the walker's opaque passed on);
 * NLA_XLAT_FN: FN (decode_nla_xval, decode_nla_flags) with the struct nla_xlat after it;
 * NLA_INDEXED_FN: print_nla_indexed's array of WIDTH-byte numbers.
 */
#define NLA_FN_HEAD(name)                                                                 \
	static bool name(struct dctx *c, uint64_t addr, unsigned int len,                 \
			 const void *o __attribute__((unused)))
#define NLA_NEST_FN(name, types, dflt, ...)                                              \
	NLA_FN_HEAD(name)                                                                \
	{                                                                                \
		static const nla_fn fns[] = { __VA_ARGS__ };                             \
		decode_nlattr(c, addr, len, (types), (dflt), NLA_FNS(fns), o);           \
		return true;                                                             \
	}
#define NLA_XLAT_FN(name, fn, ...)                                                       \
	NLA_FN_HEAD(name)                                                                \
	{                                                                                \
		static const struct nla_xlat x = { __VA_ARGS__ };                        \
		return fn(c, addr, len, &x);                                             \
	}
#define NLA_INDEXED_FN(name, width, is_signed, x, dflt)                                  \
	NLA_FN_HEAD(name)                                                                \
	{                                                                                \
		return print_nla_indexed(c, addr, len, (width), (is_signed), (x), (dflt)); \
	}
/* An attribute decoder's payload as the struct V: false (hex) when LEN is too short for it,
 * true when it is unreadable (its address printed). */
#define NLA_READ_OR_RETURN(c, addr, len, v)                                              \
	do {                                                                             \
		if ((len) < sizeof(v))                                                   \
			return false;                                                    \
		if (umove_or_printaddr((c), (addr), &(v)))                               \
			return true;                                                     \
	} while (0)
/* NLA_ARRAY_FN: an array of as many elements of TYPE as fit, each printed by PRINT. */
#define NLA_ARRAY_FN(name, type, print)                                                  \
	NLA_FN_HEAD(name)                                                                \
	{                                                                                \
		type v;                                                                  \
		if (len < sizeof(v))                                                     \
			return false;                                                    \
		print_array(c, addr, len / sizeof(v), &v, sizeof(v), 0, (print), NULL); \
		return true;                                                             \
	}
/* NLA_STRUCT_FN: the payload read into VAR of TYPE (NLA_READ_OR_RETURN), then PRINT. */
#define NLA_STRUCT_FN(name, type, var, print)                                            \
	NLA_FN_HEAD(name)                                                                \
	{                                                                                \
		type var;                                                                \
		NLA_READ_OR_RETURN(c, addr, len, var);                                   \
		print;                                                                   \
		return true;                                                             \
	}
