/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Functions' first instructions that leave the arguments alone (prologue.c): where a probe may
 * go one instruction later (lttrace, when the entry holds someone else's int3), and whether
 * argument registers seen after the first instruction has run (a kernel uprobe's hit, once its
 * thread is stopped) are still the arguments.
 */
#pragma once
#include <stddef.h>
#include <stdint.h>

/*
 * The length of the instruction at C (N bytes read) when it is one with which functions begin
 * and that changes no argument register, integer or vector — endbr64, nop, push, test,
 * mov %rsp,%rbp, sub $n,%rsp — with what it takes off the stack pointer in *SP_ADJ; 0 when it
 * is anything else.
 */
int uprobe_prologue_insn(const uint8_t *c, size_t n, int *sp_adj);
/* Up to LEN bytes of the file PATH at offset OFF into BUF: how many, 0 when none. */
size_t uprobe_read_code(const char *path, uint64_t off, uint8_t *buf, size_t len);
