/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Classic BPF programs: socket filters and seccomp filters (cbpf.c). */
#pragma once
#include <stdint.h>

struct dctx;

/* LEN instructions at ADDR: [BPF_STMT(...), BPF_JUMP(...), ...]; the address without -v. */
void print_sock_filter_array(struct dctx *c, uint64_t addr, unsigned int len);
/* A struct sock_fprog: {len=N, filter=[...]}. */
void print_sock_fprog(struct dctx *c, uint64_t addr);
/* A seccomp filter's struct sock_fprog, its BPF_RET values as SECCOMP_RET_... actions. */
void print_seccomp_fprog(struct dctx *c, uint64_t addr);
