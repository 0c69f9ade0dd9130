/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* eBPF programs (ebpf.c): BPF_PROG_LOAD's instructions. */
#pragma once
#include <stdint.h>

struct dctx;

/* LEN instructions at ADDR: [{code=.., dst_reg=.., src_reg=.., off=.., imm=..}, ...]; the
 * address without -v. */
void print_ebpf_prog(struct dctx *c, uint64_t addr, uint32_t len);
