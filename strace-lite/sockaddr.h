/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Socket address printers (sockaddr.c), for the socket decoders and anyone else (sendmsg). */
#pragma once
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
