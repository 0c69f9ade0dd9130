/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* struct msghdr, shared by sendmsg/recvmsg (msghdr.c) and sendmmsg/recvmmsg (mmsg.c). */
#pragma once
#include <stdint.h>
#include <sys/socket.h>

struct dctx;

/* The most control data the decoder reads of a msghdr: the kernel's optmem_max. */
unsigned int msghdr_control_max(void);

/*
 * {msg_name=..., msg_namelen=..., msg_iov=[...], ...}: USER_NAMELEN is the length the caller
 * passed (a receive: "IN => OUT" when the kernel changed it), or NULL; at most DATA_SIZE bytes
 * of the buffers are shown (UINT64_MAX: all).
 */
void print_msghdr(struct dctx *c, const struct msghdr *m, const int *user_namelen,
		  uint64_t data_size);
