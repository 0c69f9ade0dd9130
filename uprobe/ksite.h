/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Where a kernel uprobe may go (ksite.c): the rules that keep a probe from changing what the
 * traced program computes.  Every --bpf probe site of sttrace and lttrace goes through them.
 * Library code: -errno and a reason, no output.
 */
#pragma once
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Bytes of code a caller reads at a site for the functions below. */
#define KSITE_CODE 64

/*
 * Whether a kernel uprobe on the first instruction of CODE (N bytes) leaves the program's
 * results alone: NULL when it does, else why not (a static string).  AT_ENTRY: the site is a
 * function's first instruction (nothing of the function lives in the red zone yet).
 */
const char *ksite_unsafe(const uint8_t *code, size_t n, bool at_entry);

/*
 * A function entry's probe site: the offset from the entry (*SKIP) of the first instruction
 * that is safe for a kernel uprobe and before which nothing the probe reads has changed (the
 * arguments, the stack pointer, the return address): a VEX or EVEX instruction that only
 * writes vector registers or flags may be passed over.  FAST: also pass a flags-only test that precedes an
 * instruction the kernel emulates in one trap (a conditional jump, say).  0, or -ENOTSUP with
 * *WHY (a static string) when no such site exists.
 */
int ksite_entry(const uint8_t *code, size_t n, bool fast, size_t *skip, const char **why);

/*
 * A call's return site (the instruction after it, CODE of N bytes) as a plain uprobe's place:
 * where the kernel emulates the instruction in the trap (a relative jump or call, a push),
 * or the next one after a flags-only test/cmp (what it reads of the call's result, rax, rdx
 * and the stack pointer, is unchanged there).  0 with *SKIP its offset, or -ENOTSUP with *WHY.
 */
int ksite_return(const uint8_t *code, size_t n, size_t *skip, const char **why);

/* The same, reading the code at file offset OFF of PATH: *POFF becomes OFF + skip. */
int ksite_entry_file(const char *path, uint64_t off, bool fast, uint64_t *poff,
		     const char **why);
/* ksite_unsafe() for the instruction at file offset OFF of PATH; a read error is a reason. */
const char *ksite_unsafe_file(const char *path, uint64_t off, bool at_entry);

/* Why a 5-byte nop inside a function is no place for a kernel uprobe (see ksite.c). */
#define KSITE_NOP5_WHY                                                                      \
	"a 5-byte nop inside a function, which the kernel turns into a call that writes the " \
	"red zone"

/* Whether CODE (N bytes) begins with a 5-byte nop (nopl/nopw, any encoding). */
bool ksite_nop5(const uint8_t *code, size_t n);

/*
 * A site REL bytes into the function at file offset OFF of PATH (-e uprobe=SYM+REL): NULL when
 * a probe may go there, else why not (a static string): REL is not on an instruction boundary
 * when the function is decoded from its entry, or the instruction there is a 5-byte nop inside
 * the function; KERNEL: also every other rule of ksite_unsafe() (the --bpf backend's).
 */
const char *ksite_offset_file(const char *path, uint64_t off, uint64_t rel, bool kernel);
