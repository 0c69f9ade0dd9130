/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Arrays in tracee memory printed as strace's print_array() does: "[e1, e2, ...]", cut after
 * -s elements unless -v, "..." and the address as a comment where an element cannot be read.
 * Also the iovec array printer shared by readv/writev, sendmsg/recvmsg and their kin.
 */
#pragma once
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct dctx;

/* Print one element; returning false stops the array there. */
typedef bool (*print_elem_fn)(struct dctx *c, void *elem, size_t size, void *data);

enum {
	PA_IGNORE_SYSERROR = 1 << 0, /* read the elements even at exit of a failed call */
	PA_TRUNCATED = 1 << 1,       /* the array goes on past NMEMB: print "..." at its end */
};

/* An element printer's head ("static PRINT_ELEM_FN(name) { ... }"): size and data may go unused. */
#define PRINT_ELEM_FN(name)                                                                 \
	bool name(struct dctx *c, void *elem, size_t size __attribute__((unused)),          \
		  void *data __attribute__((unused)))
/* An element printer for arrays of u32 in decimal (strace's print_uint_array_member). */
bool print_elem_u32(struct dctx *c, void *elem, size_t size, void *data);

/* Returns true when every element was printed. */
bool print_array(struct dctx *c, uint64_t addr, uint64_t nmemb, void *elem_buf, size_t elem_size,
		 unsigned int flags, print_elem_fn fn, void *data);

/* How an iovec's buffer prints. */
enum iov_decode { IOV_DECODE_ADDR, IOV_DECODE_STR };
/*
 * LEN iovecs at ADDR; at most DATA_SIZE bytes of their buffers in total are shown ((uint64_t)-1
 * for no limit: a write; the return value for a read).
 */
void print_iov_upto(struct dctx *c, uint64_t len, uint64_t addr, uint64_t data_size,
		    enum iov_decode how);
/* strace's printnum_int64 that says whether it printed the value: false for NULL/address. */
bool print_int64_ref(struct dctx *c, uint64_t addr, const char *fmt);
