/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Function prototypes and the printing of arguments and return values in ltrace's style,
 * shared by lttrace and by sttrace's -e uprobe=/uretprobe= (a catalog below both tools).
 *
 * Prototypes come from, in order of precedence: user .conf files (-F), DWARF of the defining
 * object (libdw), the built-in table (protos/ *.conf, ltrace.conf syntax).  A function with no
 * prototype prints ltrace's fallback (hex registers).
 *
 * Values are read through struct lt_vctx, which hides the backend: registers at entry/return
 * and tracee memory come from ptrace or from what the BPF backend captured.
 */
#pragma once
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "common/strbuf.h"

struct lt_proto; /* opaque */

/* What the printers may look at.  x86_64 SysV: integer args in rdi, rsi, rdx, rcx, r8, r9, the
 * rest on the stack at sp+8, sp+16, ... (sp as at function entry); floats in xmm0-7. */
struct lt_vctx {
	pid_t pid;
	uint64_t iregs[6]; /* rdi rsi rdx rcx r8 r9 at entry */
	uint64_t sp;       /* rsp at entry (points at the return address) */
	double fregs[8];   /* xmm0-7 low doubles at entry */
	bool have_fregs;   /* false when the backend could not read them: floats print as ? */
	uint64_t ret;      /* rax at return */
	double fret;       /* xmm0 at return */
	uint64_t ret2;     /* rdx at return: a struct of 9 to 16 bytes, its integer half */
	double fret2;      /* xmm1 at return: ... its floating-point half */
	bool have_ret2;    /* ret2 and fret2 were read: such structs print, else as ? */
	/* Tracee memory: 0 or -errno. */
	int (*read)(void *priv, uint64_t addr, void *buf, size_t len);
	void *priv;
	unsigned int strsize; /* -s: string bytes shown (ltrace default 32) */
	unsigned int arraylen; /* -A: array elements shown (ltrace default 4) */
};

struct user_regs_struct;
struct user_fpregs_struct;
/* V's registers from a ptrace stop: the integer argument registers and sp of R, rax (and rdx)
 * as the return value, and from FP (NULL: have_fregs false) the low 8 bytes of xmm0-7, xmm0
 * (and xmm1) as fret (fret2). */
void lt_vctx_set_regs(struct lt_vctx *v, const struct user_regs_struct *r,
		      const struct user_fpregs_struct *fp);

/* Load the built-in table.  0 or -errno (a syntax error in the table is a bug: reported). */
int lt_proto_init(char *err, size_t errlen);
/* -F FILE: a user .conf file, taking precedence over the built-in table.  0 or -errno with a
 * one-line message in ERR ("FILE:LINE: reason"). */
int lt_proto_load_file(const char *path, char *err, size_t errlen);
/* A bad line of a .conf file: FILE, LINE (0: the file as a whole), what is wrong. */
typedef void lt_conf_report(void *ctx, const char *file, int line, const char *msg);
/* -F FILE as ltrace reads it: each bad line told to REPORT and skipped, the others loaded.  The
 * number of bad lines, or -errno when FILE cannot be read (told to REPORT with line 0). */
int lt_proto_load_file_each(const char *path, lt_conf_report *report, void *ctx);
/* The prototype of NAME from the .conf tables, or NULL. */
const struct lt_proto *lt_proto_lookup(const char *name);
/* The prototype of the function at link-time address VADDR of the object file PATH from its
 * DWARF (abstract_origin, ranges), or NULL when it has no debug info for it.  Cached. */
const struct lt_proto *lt_proto_dwarf(const char *path, uint64_t vaddr, const char *name);

/* Arguments as ltrace prints them between the parentheses: `"hello", 5`.  Arguments the callee
 * writes (out pointers) print at return when the prototype says so; see lt_proto_print_ret.
 * P NULL prints the fallback for functions without a prototype (hex integer registers). */
void lt_proto_print_args(struct strbuf *sb, const struct lt_proto *p, struct lt_vctx *v);
/* Does the prototype print anything at return besides the return value (out arguments)? */
bool lt_proto_has_out_args(const struct lt_proto *p);
/* The return value, as after " = ": `5`, `"hello"`, `0x55d0c0a2b2a0`, `<void>`. */
void lt_proto_print_ret(struct strbuf *sb, const struct lt_proto *p, struct lt_vctx *v);
/* The register and stack words a BPF probe must capture for P: the number of integer argument
 * slots it reads (stack included), for the --bpf backend's capture. */
int lt_proto_nslots(const struct lt_proto *p);

/* ---- for backends that copy memory at the hit (BPF): proto-capture.c ---- */
#define LT_CAP_NREGS 6 /* integer argument registers: rdi rsi rdx rcx r8 r9 */
enum lt_capkind {
	LT_CAPK_NONE,
	LT_CAPK_STR,   /* a NUL-terminated string at entry (len: the most read, NUL included) */
	LT_CAPK_BUF,   /* len bytes at entry */
	LT_CAPK_OSTR,  /* a string at return (the pointer passed at entry, or the return value) */
	LT_CAPK_OBUF,  /* len bytes at return */
};
struct lt_capopts {
	unsigned int strsize, arraylen; /* -s, -A */
	size_t capmax;                  /* bytes of one capture at most */
};
struct lt_capture {
	uint8_t kind[LT_CAP_NREGS + 1]; /* enum lt_capkind per integer register, then rax */
	uint16_t len[LT_CAP_NREGS + 1];
	int nstk;                       /* stack words after the return address */
	bool fregs;                     /* the entry reads xmm registers (floats, a printf pack) */
	bool fret;                      /* the return value is in xmm0 */
	/* What a copy at the hit cannot give, for a backend that can hold the thread instead: */
	bool xargs;    /* a float argument in an xmm register (a struct's fields included) */
	bool xpack;    /* a printf pack: xmm registers when %al says the caller passed some */
	bool xret;     /* a float returned in xmm0 */
	bool deep;     /* the entry follows pointers beyond the copies (int ***, a list) */
	bool odeep;    /* the return does (out arguments, the returned pointer) */
};
/* Memory a probe copied at a hit, read back by the printers through lt_vctx.read. */
struct lt_region {
	uint64_t addr;
	uint32_t len;
	bool str;              /* a string: reads past its end see zeros (nothing looks there) */
	const uint8_t *data;
};
/* LEN bytes at ADDR from regions R (N; the last first: out arguments as at the return):
 * 0, or -EFAULT when no region holds them. */
int lt_regions_read(const struct lt_region *r, int n, uint64_t addr, void *buf, size_t len);
/* What P's printers read, for a probe to copy (P NULL: the fallback's). */
void lt_proto_capture(const struct lt_proto *p, const struct lt_capopts *o, struct lt_capture *c);
/* Can P's printers print a floating-point value (xmm registers wanted: PTRACE_GETFPREGS)? */
bool lt_proto_needs_fregs(const struct lt_proto *p);

/* Added with the implementation. */
/* The whole precedence in one call: -F files, then DWARF of PATH at VADDR (PATH may be NULL),
 * then the built-in table; NULL when none knows NAME (print with P NULL: the fallback). */
const struct lt_proto *lt_proto_resolve(const char *path, uint64_t vaddr, const char *name);
const struct lt_proto *lt_proto_lookup_user(const char *name);
const struct lt_proto *lt_proto_lookup_builtin(const char *name);
/* Out arguments (after `+`) at return, before the `) = `: ", x, y" -- NEED_DELIM says whether
 * lt_proto_print_args printed anything (a comma goes first then).  Uses v->ret (string[retval]).
 * Prints nothing when the prototype has none. */
void lt_proto_print_out_args(struct strbuf *sb, const struct lt_proto *p, struct lt_vctx *v,
			     bool need_delim);
/* Like lt_proto_load_file, from TEXT in memory; NAME stands for the file in messages. */
int lt_proto_load_text(const char *name, const char *text, char *err, size_t errlen);
/* Number of prototypes in the built-in table (after lt_proto_init). */
int lt_proto_count(void);
const char *lt_proto_name(const struct lt_proto *p);
