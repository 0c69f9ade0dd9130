/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Between netlink-route.c (dispatch by message type) and the files decoding the bigger
 * NETLINK_ROUTE structs.  A decoder gets the payload's first byte (the address family)
 * already read.
 */
#pragma once
#include <stddef.h>
#include <stdint.h>

#include "strace-lite/decode/netlink/netlink-int.h"

/*
 * Read the rest (after the family byte) of a struct of SIZE bytes at ADDR into S: false when
 * the payload (LEN bytes) is too short, having printed "...", or unreadable (the address).
 */
bool rtnl_struct_rest(struct dctx *c, uint64_t addr, unsigned int len, void *s, size_t size);
/* The same after "{FIELD=AF_..., " (the struct's family field, FAMILY, named). */
bool rtnl_struct_head(struct dctx *c, const char *field, uint8_t family, uint64_t addr,
		      unsigned int len, void *s, size_t size);
/* "}" ending the struct, then when OK the attributes after its SIZE bytes, after ", ". */
void rtnl_attrs(struct dctx *c, bool ok, uint64_t addr, unsigned int len, size_t size,
		const struct xlat *types, const char *dflt, const nla_fn *fns, unsigned int n,
		const void *opaque);

/* A routing table id (RT_TABLE_MAIN), a u32; a routing protocol (RTPROT_*), a byte. */
bool decode_nla_rt_class(struct dctx *c, uint64_t addr, unsigned int len, const void *o);
bool decode_nla_rt_proto(struct dctx *c, uint64_t addr, unsigned int len, const void *o);

/* An address of the family in the first byte of the message's struct, the opaque O. */
bool decode_nla_rtnl_addr(struct dctx *c, uint64_t addr, unsigned int len, const void *o);
/* A LWTUNNEL_ENCAP_* u16. */
bool decode_nla_lwt_encap_type(struct dctx *c, uint64_t addr, unsigned int len, const void *o);

/* The nested IFLA_* attributes (netlink-route-link2.c); OPAQUE is the struct ifinfomsg. */
bool decode_ifla_protinfo(struct dctx *c, uint64_t addr, unsigned int len, const void *o);
bool decode_ifla_linkinfo(struct dctx *c, uint64_t addr, unsigned int len, const void *o);
bool decode_ifla_vfinfo_list(struct dctx *c, uint64_t addr, unsigned int len, const void *o);
bool decode_ifla_af_spec(struct dctx *c, uint64_t addr, unsigned int len, const void *o);
/* struct rtnl_link_stats64 (and its shorter older layouts). */
bool decode_link_stats64(struct dctx *c, uint64_t addr, unsigned int len, const void *o);
/* netlink-route-link3.c: AF_BRIDGE's IFLA_AF_SPEC. */
void decode_ifla_af_spec_bridge(struct dctx *c, uint64_t addr, unsigned int len, const void *o);

void decode_ifinfomsg(struct dctx *c, uint8_t family, uint64_t addr, unsigned int len);
void decode_rtmsg(struct dctx *c, uint8_t family, uint64_t addr, unsigned int len);
void decode_ndmsg(struct dctx *c, uint8_t family, uint64_t addr, unsigned int len);
void decode_rtm_getneigh(struct dctx *c, uint8_t family, uint64_t addr, unsigned int len);
void decode_ndtmsg(struct dctx *c, uint8_t family, uint64_t addr, unsigned int len);
void decode_fib_rule_hdr(struct dctx *c, uint8_t family, uint64_t addr, unsigned int len);
void decode_tcmsg(struct dctx *c, uint8_t family, uint64_t addr, unsigned int len);
void decode_tcamsg(struct dctx *c, uint8_t family, uint64_t addr, unsigned int len);
void decode_br_port_msg(struct dctx *c, uint8_t family, uint64_t addr, unsigned int len);
void decode_ifstatsmsg(struct dctx *c, uint8_t family, uint64_t addr, unsigned int len);
void decode_nhmsg(struct dctx *c, uint8_t family, uint64_t addr, unsigned int len);
