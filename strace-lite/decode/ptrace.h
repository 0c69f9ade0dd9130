/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* ptrace(2) as a traced call (ptrace.c) and its PTRACE_GET_SYSCALL_INFO answer (ptrace-info.c). */
#pragma once
#include <stdint.h>

struct dctx;

/* At exit of PTRACE_GET_SYSCALL_INFO: the structure at ADDR, as much of it as both the
 * caller's USER_LEN and the length the kernel returned say. */
/* As many bytes as USER_LEN and KERNEL_LEN both cover (GET: the result; SET: its size). */
void print_ptrace_syscall_info(struct dctx *c, uint64_t addr, uint64_t user_len,
			       uint64_t kernel_len);
