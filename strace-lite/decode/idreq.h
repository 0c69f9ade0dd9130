/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * struct mnt_id_req, the request of listmount and statmount (idlists.c), read as strace 7.2
 * prints it: only its size under the first version's, "???" when the rest cannot be read,
 * non-zero bytes past the known struct.
 */
#pragma once
#include <stdbool.h>
#include <stdint.h>

struct dctx;

struct mnt_id_req_k {
	uint32_t size, mnt_ns_fd;
	uint64_t mnt_id, param, mnt_ns_id;
};

#define MNT_ID_REQ_SIZE_VER0 24
#define MNT_ID_REQ_SIZE_VER1 32

/* The request at ADDR; STAT: statmount's (param is a STATMOUNT_* mask, mnt_id plain hex),
 * else listmount's (mnt_id may be LSMT_ROOT, param in hex). */
void print_mnt_id_req(struct dctx *c, uint64_t addr, bool stat);
