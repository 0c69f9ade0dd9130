/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libsdt: the USDT catalog.  Reads the stapsdt notes of an ELF file (note.c) and turns each
 * probe's argument string into locations a tracer can fetch (argspec.c).  Both the ptrace and
 * the BPF backends attach from what this returns, so everything a backend needs is resolved
 * here once: the pc as a virtual address and as a file offset (uprobes want offsets), the
 * semaphore likewise (the kernel's ref_ctr_offset), and every argument as {size, sign, float,
 * where}.
 *
 * The input is hostile: files are whatever the user points us at.  Every read is bounded by
 * the section or segment it comes from; a damaged note fails the whole file with -EINVAL and a
 * static reason string, never a crash.  Nothing here prints or exits.
 */
#pragma once
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define USDT_MAX_ARGS 12

enum usdt_arch {
	USDT_ARCH_X86_64,
	USDT_ARCH_AARCH64,
};

enum usdt_loc {
	USDT_LOC_NONE,  /* not parsed */
	USDT_LOC_CONST, /* the value is `offset` (plus `address` when a symbol is named) */
	USDT_LOC_REG,   /* the value is in register `reg` */
	USDT_LOC_MEM,   /* at reg + offset (reg < 0: no base) [+ index * scale] */
	USDT_LOC_PCREL, /* at address: symbol + offset relative to the pc (x86 `sym(%rip)`) */
	USDT_LOC_ABS,   /* at an absolute address: symbol + offset */
};

/*
 * Register numbers are DWARF numbers, which both backends can map to pt_regs:
 * x86_64: rax 0, rdx 1, rcx 2, rbx 3, rsi 4, rdi 5, rbp 6, rsp 7, r8-r15 8-15, rip 16,
 * xmm0-15 17-32.  aarch64: x0-x30 0-30, sp 31, v0-v31 64-95.
 */
struct usdt_arg {
	int size;           /* bytes; 0 when the spec gave none (STAP_PROBE_ASM) */
	bool is_signed;
	bool is_float;
	enum usdt_loc kind;
	int reg;            /* base register (DWARF), -1 for none */
	int reg_width;      /* bytes of the register named (%eax: 4), 0 for none */
	int reg_shift;      /* bit offset inside the register (%ah: 8) */
	int index;          /* index register for MEM, -1 for none */
	int scale;          /* 1, 2, 4 or 8 with an index */
	int64_t offset;     /* displacement, or the immediate for CONST */
	uint64_t address;   /* resolved symbol address (link-time vaddr), 0 when none */
	bool unresolved;    /* a symbol is named but was not found in the file */
	char symbol[128];   /* the symbol named, "" for none (cut when longer: then unresolved) */
	char reg_name[8];   /* as written, without the % */
	char index_name[8];
	unsigned short text_off; /* this argument's text inside the probe's argument string */
	unsigned short text_len;
};

struct usdt_probe {
	const char *provider;
	const char *name;
	const char *args;      /* the argument string as in the note */
	uint64_t pc;           /* virtual address of the nop, after the .stapsdt.base adjustment */
	uint64_t pc_offset;    /* file offset of the nop (through its executable PT_LOAD) */
	uint64_t note_pc;      /* as recorded in the note */
	uint64_t base;         /* .stapsdt.base from the note (0 if none) */
	uint64_t semaphore;    /* virtual address, adjusted; 0 for none */
	uint64_t sem_offset;   /* file offset (through the writable PT_LOAD); 0 for none */
	int nargs;             /* -1 when the argument string did not parse */
	int args_error;        /* -errno from the parser, 0 when nargs >= 0 */
	struct usdt_arg argv[USDT_MAX_ARGS];
};

struct usdt_file {
	char *path;
	enum usdt_arch arch;
	int elf_type;          /* ET_EXEC or ET_DYN */
	bool has_base;         /* a .stapsdt.base section exists */
	uint64_t base_addr;    /* its address */
	size_t count;
	struct usdt_probe *probes;
	char *strings;         /* backing store of provider/name/args */
};

/*
 * Read every probe of PATH.  Returns 0 and a catalog (count may be 0), or -errno:
 * -ENOENT/-EACCES/... from open, -ENOEXEC when PATH is not an ELF executable or shared object
 * of a supported machine, -EINVAL when a note is damaged.  *WHY (optional) gets a static
 * description of the failure.
 */
int usdt_open(const char *path, struct usdt_file **out, const char **why);
/* The same from bytes in memory (copied first: libelf may write to its image). */
int usdt_open_mem(const void *buf, size_t len, const char *name, struct usdt_file **out,
		  const char **why);
void usdt_free(struct usdt_file *f);

/*
 * Parse one probe's argument string into at most MAX arguments.  Returns their number or
 * -EINVAL (a form we do not know), -E2BIG (too many).  Symbols are left unresolved.
 */
int usdt_parse_args(enum usdt_arch arch, const char *spec, struct usdt_arg *argv, int max);
/* Parse one argument ("-4@%edi"), TEXT..TEXT+LEN. */
int usdt_parse_arg(enum usdt_arch arch, const char *text, size_t len, struct usdt_arg *arg);

/* "int32 in rdi (edi)", "uint64 at [rbp - 8]", "int32 = 42": ARG in words, into BUF. */
void usdt_arg_describe(enum usdt_arch arch, const struct usdt_arg *arg, char *buf, size_t size);

/* Names for output. */
const char *usdt_loc_name(enum usdt_loc kind);
const char *usdt_arch_name(enum usdt_arch arch);
/* The canonical (full-width) name of DWARF register REG, "?" when unknown. */
const char *usdt_reg_name(enum usdt_arch arch, int reg);
