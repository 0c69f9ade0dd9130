/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Request structs that begin with their own size (struct mnt_id_req of listmount and
 * statmount, struct ns_id_req of listns), read as strace 7.2 prints them.
 */
#pragma once
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct dctx;

struct mnt_id_req_k {
	uint32_t size, mnt_ns_fd;
	uint64_t mnt_id, param, mnt_ns_id;
};

#define MNT_ID_REQ_SIZE_VER0 24
#define MNT_ID_REQ_SIZE_VER1 32

/* Reads the request at ADDR into REQ (LEN bytes known, MIN_SIZE the first version's) after
 * printing "{size=N"; false when nothing more is to print (the struct is then closed, or the
 * address printed). */
bool read_req(struct dctx *c, uint64_t addr, void *req, size_t len, uint32_t min_size);
/* The non-zero bytes from FROM to the request's SIZE (at most a page), then "}". */
void end_req(struct dctx *c, uint64_t addr, uint32_t size, size_t from);
