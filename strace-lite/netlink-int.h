/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Between netlink.c (messages) and the per-family files: how each family names its message
 * types and flags (netlink-types.c) and decodes its payloads (netlink-route.c, ...).
 */
#pragma once
#include <stdint.h>
#include <linux/netlink.h>

#include "strace-lite/netlink.h"

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

bool decode_netlink_route(struct dctx *c, const struct nlmsghdr *h, uint64_t addr,
			  unsigned int len);
bool decode_netlink_sock_diag(struct dctx *c, const struct nlmsghdr *h, uint64_t addr,
			      unsigned int len);
bool decode_netlink_selinux(struct dctx *c, const struct nlmsghdr *h, uint64_t addr,
			    unsigned int len);
bool decode_netlink_netfilter(struct dctx *c, const struct nlmsghdr *h, uint64_t addr,
			      unsigned int len);
bool decode_netlink_crypto(struct dctx *c, const struct nlmsghdr *h, uint64_t addr,
			   unsigned int len);
/* sock_diag's inet and smc requests and answers (the family byte already read). */
void inet_diag_req(struct dctx *c, const struct nlmsghdr *h, uint8_t family, uint64_t addr,
		   unsigned int len);
void inet_diag_msg(struct dctx *c, uint8_t family, uint64_t addr, unsigned int len);
void smc_diag_req(struct dctx *c, uint8_t family, uint64_t addr, unsigned int len);
void smc_diag_msg(struct dctx *c, uint8_t family, uint64_t addr, unsigned int len);
struct inet_diag_sockid;
/* {idiag_sport=htons(..), ..., idiag_cookie=[..]} with addresses of FAMILY. */
void print_inet_diag_sockid(struct dctx *c, const struct inet_diag_sockid *id, int family);
void decode_netlink_kobject_uevent(struct dctx *c, uint64_t addr, uint64_t len);
