/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Netlink messages in socket buffers (sendto, recvfrom, sendmsg, recvmsg), as strace 6.1
 * prints them: a message is {nlmsghdr} or [{nlmsghdr}, payload], several make an array, and a
 * payload is decoded by the socket's netlink family (route, sock_diag, netfilter, ...), its
 * attributes by the nlattr walker with one table of decoders per attribute set.
 *
 * Every length here (nlmsg_len, nla_len) comes from the tracee: the walkers bound each by
 * what is left of the buffer before they read or step.
 */
#pragma once
#include <stdbool.h>
#include <stdint.h>
#include <linux/netlink.h>

#include "strace-lite/decode/decode.h"

/*
 * A socket buffer of LEN bytes at ADDR sent or received on FD: netlink messages when FD is a
 * netlink socket, else a string (printstrn).
 */
void decode_sockbuf(struct dctx *c, int fd, uint64_t addr, uint64_t len);
/* -2: FD is no netlink socket; -1: one whose protocol the kernel would not say; else NETLINK_*
 * (sockdiag.c, which knows how to ask). */
int netlink_fd_family(struct dctx *c, int fd);

/* --- attributes ---------------------------------------------------------------------- */

/*
 * The decoder of one attribute's payload (LEN bytes at ADDR): true when it printed something,
 * false to have the payload printed in hex.  OPAQUE is the walker's, or, for a table of size 0,
 * the attribute's type.
 */
typedef bool (*nla_fn)(struct dctx *c, uint64_t addr, unsigned int len, const void *opaque);

/*
 * The attributes in LEN bytes at ADDR: {nla_len, nla_type} or [{...}, payload], several as an
 * array cut after -s of them unless -v.  TYPES names the types (DFLT the unknown ones); FNS,
 * of N entries indexed by type, decodes the payloads (NULL or a NULL entry: hex).
 */
void decode_nlattr(struct dctx *c, uint64_t addr, unsigned int len, const struct xlat *types,
		   const char *dflt, const nla_fn *fns, unsigned int n, const void *opaque);
#define NLA_FNS(fns) (fns), (sizeof(fns) / sizeof((fns)[0]))
/* A nest used as an array: every attribute, whatever its type (printed in hex: an index),
 * decoded by FN with OPAQUE. */
void decode_nlattr_notype(struct dctx *c, uint64_t addr, unsigned int len, nla_fn fn,
			  const void *opaque);

/* Payload decoders shared by the families. */
bool decode_nla_str(struct dctx *c, uint64_t addr, unsigned int len, const void *opaque);
bool decode_nla_strn(struct dctx *c, uint64_t addr, unsigned int len, const void *opaque);
bool decode_nla_u8(struct dctx *c, uint64_t addr, unsigned int len, const void *opaque);
bool decode_nla_u16(struct dctx *c, uint64_t addr, unsigned int len, const void *opaque);
bool decode_nla_u32(struct dctx *c, uint64_t addr, unsigned int len, const void *opaque);
bool decode_nla_u64(struct dctx *c, uint64_t addr, unsigned int len, const void *opaque);
bool decode_nla_s8(struct dctx *c, uint64_t addr, unsigned int len, const void *opaque);
bool decode_nla_s16(struct dctx *c, uint64_t addr, unsigned int len, const void *opaque);
bool decode_nla_s32(struct dctx *c, uint64_t addr, unsigned int len, const void *opaque);
bool decode_nla_s64(struct dctx *c, uint64_t addr, unsigned int len, const void *opaque);
bool decode_nla_x8(struct dctx *c, uint64_t addr, unsigned int len, const void *opaque);
bool decode_nla_x16(struct dctx *c, uint64_t addr, unsigned int len, const void *opaque);
bool decode_nla_x32(struct dctx *c, uint64_t addr, unsigned int len, const void *opaque);
bool decode_nla_x64(struct dctx *c, uint64_t addr, unsigned int len, const void *opaque);
bool decode_nla_be16(struct dctx *c, uint64_t addr, unsigned int len, const void *opaque);
bool decode_nla_be32(struct dctx *c, uint64_t addr, unsigned int len, const void *opaque);
bool decode_nla_be64(struct dctx *c, uint64_t addr, unsigned int len, const void *opaque);
bool decode_nla_fd(struct dctx *c, uint64_t addr, unsigned int len, const void *opaque);
bool decode_nla_ifindex(struct dctx *c, uint64_t addr, unsigned int len, const void *opaque);
/* SK_MEMINFO_* counters: [[SK_MEMINFO_RMEM_ALLOC]=N, ...]. */
bool decode_nla_meminfo(struct dctx *c, uint64_t addr, unsigned int len, const void *opaque);
/* An array of WIDTH-byte (4 or 8) numbers with their indices named by X: [[NAME]=N, ...];
 * false when LEN holds none. */
bool print_nla_indexed(struct dctx *c, uint64_t addr, unsigned int len, unsigned int width,
		       bool is_signed, const struct xlat *x, const char *dflt);
/* A uid: -1 or the number. */
bool decode_nla_uid(struct dctx *c, uint64_t addr, unsigned int len, const void *opaque);
/* A byte array: [1, 2, 3]. */
bool decode_nla_u8_array(struct dctx *c, uint64_t addr, unsigned int len, const void *opaque);

/* A value of SIZE bytes (0: the attribute's length, at most 8) named by an xlat table. */
struct nla_xlat {
	const struct xlat *xlat;
	const char *dflt;
	unsigned int size;
	bool net_order16; /* a 16-bit value in network order, printed as htons(NAME) */
};
bool decode_nla_xval(struct dctx *c, uint64_t addr, unsigned int len, const void *opaque);
bool decode_nla_flags(struct dctx *c, uint64_t addr, unsigned int len, const void *opaque);
bool decode_nla_in_addr(struct dctx *c, uint64_t addr, unsigned int len, const void *opaque);
bool decode_nla_in6_addr(struct dctx *c, uint64_t addr, unsigned int len, const void *opaque);
/* An address of FAMILY (AF_INET, AF_INET6) in LEN bytes; hex for other families or sizes.
 * NAME is its field name or NULL.  False when it was not printed as an address. */
bool decode_inet_addr(struct dctx *c, uint64_t addr, unsigned int len, int family,
		      const char *name);

/* A hardware address of device type ARPHRD (-1: any): aa:bb:cc (the -X styles as strace's). */
bool decode_nla_hwaddr_dev(struct dctx *c, uint64_t addr, unsigned int len, int arphrd);
/* "FIELD=aa:bb:cc" for N bytes of a MAC address already read. */
void print_mac_field(struct dctx *c, const char *field, const unsigned char *b, unsigned int n);
bool decode_nla_hwaddr_nofamily(struct dctx *c, uint64_t addr, unsigned int len,
				const void *opaque);
/* clock_t ticks of up to 8 bytes, with seconds in a comment. */
bool decode_nla_clock_t(struct dctx *c, uint64_t addr, unsigned int len, const void *opaque);
/* Milliseconds of up to 8 bytes, with seconds in a comment (strace 7.2's decode_tca_msecs). */
bool decode_nla_msecs(struct dctx *c, uint64_t addr, unsigned int len, const void *opaque);
/* An IPPROTO_* byte (or wider). */
bool decode_nla_ip_proto(struct dctx *c, uint64_t addr, unsigned int len, const void *opaque);

/* --- families --------------------------------------------------------------------------- */

/* A family's payload decoder (LEN bytes at ADDR after header H): false to print it in hex. */
typedef bool (*nl_payload_fn)(struct dctx *c, const struct nlmsghdr *h, uint64_t addr,
			      unsigned int len);
/* The start of a payload shorter than its struct, as strace prints it. */
void print_nl_hex(struct dctx *c, uint64_t addr, unsigned int len);
/*
 * Read the SIZE-byte header (nlmsghdr, nlattr) at ADDR of a buffer with LEN bytes left into
 * BUF: true, or false having printed what strace prints where the walk stops (the short rest
 * in hex, or the unreadable address, after "..." in an array).
 */
bool fetch_nl_header(struct dctx *c, void *buf, size_t size, uint64_t addr, uint64_t len,
		     bool in_array);
