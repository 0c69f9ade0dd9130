/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * One capstone handle for libuprobe (x86-64, with instruction details), shared by the
 * out-of-line stepping of ptrace breakpoints (xol.c) and the kernel probe placement rules
 * (ksite.c), and what both say of an instruction.
 */
#pragma once
#include <stdbool.h>
#include <capstone/capstone.h>

/* The handle, opened on first use: true with *H, false when capstone cannot open. */
bool uprobe_disasm(csh *h);
/* Whether IN traps or enters the kernel: int, int3, iret, privileged ones, syscall, sysenter. */
bool uprobe_insn_traps(csh h, const cs_insn *in);
