/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Socket address printers (sockaddr.c), for the socket decoders and anyone else (sendmsg). */
#pragma once
#include <stdbool.h>
#include <stdint.h>

struct dctx;

/* LEN bytes of a sockaddr already fetched into BUF, which has one spare zero byte after them. */
void print_sockaddr(struct dctx *c, const void *buf, int len);
/* Fetch and print a sockaddr of LEN bytes; returns the family or -1. */
int decode_sockaddr(struct dctx *c, uint64_t addr, int len);
/* An IPv4/IPv6 address; NAME is the field name ("sin_addr") or NULL. */
void print_inet_addr(struct dctx *c, int af, const void *addr, unsigned int len, const char *name);
/* An interface index: if_nametoindex("lo") when it names one, the number otherwise (-X styles). */
void print_ifindex(struct dctx *c, unsigned int idx);

/* Pieces of sockaddr.c that sockaddr-fam.c uses. */
#define SIN6_MIN_LEN 24 /* offsetof(struct sockaddr_in6, sin6_scope_id) */
/* NAME=htons(PORT) as the -X style wants. */
void print_net_port(struct dctx *c, const char *name, uint16_t port);
/* The fields after sa_family of a sockaddr_in / sockaddr_in6 in BUF. */
void print_sockaddr_in(struct dctx *c, const void *buf, int len);
void print_sockaddr_in6(struct dctx *c, const void *buf, int len);
/* sa_data="..." of LEN bytes (the family included). */
void print_sockaddr_raw(struct dctx *c, const void *buf, int len);
/* The fields of the families sockaddr.c leaves out (sockaddr-fam.c); false when the family has
 * no printer or LEN is too short for its struct, and nothing was printed. */
bool print_sockaddr_fam(struct dctx *c, const void *buf, int len);
