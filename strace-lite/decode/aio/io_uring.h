/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * io_uring_register's opcodes past the ones io_uring.c decodes (io_uring-reg.c), its
 * submission queue entry (io_uring-sqe.c), and the array printers they share.  Each opcode's
 * printer follows strace 7.2's io_uring_register: it returns what the syscall decoder returns
 * (0 at entry: call again at exit; RVAL_DECODED: done).
 */
#pragma once
#include <stddef.h>
#include <stdint.h>

struct dctx;

/* "[0, 0x1, 0]": N values in hex, as strace's print_xint_array_member. */
void uring_print_x32s(struct dctx *c, const uint32_t *v, size_t n);
void uring_print_x64s(struct dctx *c, const uint64_t *v, size_t n);
void uring_print_x8s(struct dctx *c, const uint8_t *v, size_t n);

/* The opcodes io_uring-reg.c decodes (the argument ADDR, NARGS of it); -1 for another one. */
int uring_register_more(struct dctx *c, unsigned int op, uint64_t addr, unsigned int nargs);

/* A struct io_uring_sqe at ADDR (and its command bytes for the 128-byte kinds). */
void uring_print_sqe(struct dctx *c, uint64_t addr);
