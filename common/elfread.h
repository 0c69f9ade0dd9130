/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The one ELF/symbol reader (elfread.c), over libelf: open a file once, walk or look up the
 * symbols of .symtab and .dynsym, turn a link-time address into a file offset through the
 * PT_LOAD that holds it.  Files are untrusted: every count is bounded
 * by the bytes libelf hands out.  Library code: -errno, no output.
 */
#pragma once
#include <gelf.h>
#include <libelf.h>
#include <stdbool.h>
#include <stdint.h>

/* An ELF file opened for reading. */
struct elf_file {
	int fd;
	Elf *elf;
};

/* 0 with EF open, -errno from open, or -ENOEXEC when PATH is not an ELF file. */
int elfr_open(const char *path, struct elf_file *ef);
void elfr_close(struct elf_file *ef);

/* Which symbol tables elfr_syms() walks, and how elfr_sym_find() matches. */
#define ELFR_SYMTAB 1       /* .symtab */
#define ELFR_DYNSYM 2       /* .dynsym */
#define ELFR_SYMTAB_FIRST 4 /* elfr_sym_find: all of .symtab before .dynsym */
#define ELFR_FUNC 8         /* elfr_sym_find: STT_FUNC and STT_GNU_IFUNC only */
#define ELFR_NONZERO 16     /* elfr_sym_find: a nonzero value only */

/*
 * FN(ARG, ...) for each symbol with a readable name (the null one left out) of the tables WHICH
 * selects, in section then table order; SH is the table's header.  A nonzero return of FN
 * stops the walk and is returned; else 0.
 */
typedef int (*elfr_sym_fn)(void *arg, const GElf_Shdr *sh, size_t idx, const GElf_Sym *s,
			   const char *name);
int elfr_syms(Elf *elf, unsigned int which, elfr_sym_fn fn, void *arg);
/* The defined symbol NAME (no section symbol) as FLAGS ask: 0 and *OUT, or -ENOENT. */
int elfr_sym_find(Elf *elf, const char *name, unsigned int flags, GElf_Sym *out);
/*
 * File offset of link-time address VADDR through the PT_LOAD whose file bytes hold it: 0 and
 * *OFF (and its p_flags in *PFLAGS when not NULL), or -EINVAL when no segment holds it.
 */
int elfr_vaddr_off(Elf *elf, uint64_t vaddr, uint64_t *off, uint32_t *pflags);
/*
 * File offset of function (or IFUNC) SYM of the ELF file PATH: 0 and *OFF, -ENOENT (no such
 * defined function), -ENOEXEC (not ELF), -EFAULT (its segment is not executable: *OFF set all
 * the same), -EINVAL (in no segment's file bytes), or -errno from open.
 */
int elfr_func_offset(const char *path, const char *sym, uint64_t *off);
