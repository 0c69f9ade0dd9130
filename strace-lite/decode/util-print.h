/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Value printers shared by the file and descriptor decoders, beyond those of decode.h: flags
 * rendered into a string (for "= 0x8002 (flags O_RDWR|O_LARGEFILE)" after a return value),
 * file modes, device numbers, timestamps, bounded paths.  Each follows the -X style as
 * strace's counterpart does.
 */
#pragma once
#include <stdint.h>

#include "strace-lite/decode/decode.h"

/*
 * Flags as text: PREFIX, then SEP (if not NUL) before the first name, names joined by "|",
 * unknown bits as one hex number.  STYLE is the -X style to use (print_opts_get()->xstyle for "current").
 * AUXSTR selects strace's auxstr mode (no "0x.. /\* .. *\/" comments, the text goes in
 * parentheses after a return value).  Returns NULL when there is nothing to say (no bit set
 * and no zero-valued name).  The text lives in a static buffer, valid until the next call.
 */
const char *sprint_flags_ex(const char *prefix, const struct xlat *x, uint64_t flags, char sep,
			    enum xlat_style style, bool auxstr);
/* strace's sprintflags(): auxstr mode, current style. */
/* The same over two tables in turn (open's flags, then openat2's own). */
const char *sprint_flags_ex2(const char *prefix, const struct xlat *x, const struct xlat *x2,
			     uint64_t flags, char sep, enum xlat_style style, bool auxstr);
const char *sprint_flags(const char *prefix, const struct xlat *x, uint64_t flags);

/* "S_IFREG|0644" (abbreviated), "0100644" (raw), "0100644 /\* S_IFREG|0644 *\/" (verbose). */
void print_symbolic_mode(struct dctx *c, unsigned int mode);
/* "makedev(0x8, 0x1)", as the -X style wants. */
void print_dev(struct dctx *c, uint64_t dev);
/* A uid or gid: -1 (no change) as such, else unsigned. */
void print_uid(struct dctx *c, unsigned int id);
/* Whether the N bytes at P are all zero (reserved fields). */
bool mem_all_zero(const void *p, size_t n);
/* " /\* 2024-01-02T03:04:05.123456789+0000 *\/" for a nonzero time, nothing otherwise. */
void print_time_comment(struct dctx *c, int64_t sec, uint64_t nsec);
/*
 * "2024-01-02T03:04:05.123456+0000": SEC and PART, its fraction in WIDTH digits (9: ns,
 * 6: us, 0: none).  NULL for 0 and when PART is out of range.  A static buffer, valid until the next call.
 */
const char *sprint_date(int64_t sec, uint64_t part, unsigned int width);
/*
 * A path of at most N bytes (strace's printpathn): quoted up to the first NUL, "..." after it
 * when no NUL came within N bytes.  Returns 1 if the NUL was seen, 0 if not, -1 or -errno
 * when nothing could be read (NULL or the address printed).
 */
int printpathn(struct dctx *c, uint64_t addr, unsigned int n);
/* A number in -X style: "0x.." (or "0"), with NAME as a comment in verbose style. */
void print_flags_str(struct dctx *c, uint64_t val, const char *str);
/*
 * A dirfd: AT_FDCWD, printed as strace does under -X raw/verbose (decimal "-100", not hex),
 * or the fd.  decode.c's print_dirfd() prints -100 in hex there; until it is fixed the
 * decoders of this family use this one.
 */
/* clock_t ticks, then " /\* 1.23 s *\/" (not with -X raw, nor for 0), as strace's print_clock_t. */
void print_clock_t(struct dctx *c, uint64_t val);
/* VAL units of 1/FREQ s, then " /\* 1.000002 s *\/" in PRECISION digits (not with -X raw, nor
 * for 0), as strace's print_ticks. */
void print_ticks(struct dctx *c, uint64_t val, uint64_t freq, unsigned int precision);
/* The same for a signed VAL: " /\* -2.000000001 s *\/" (strace's print_ticks_d). */
void print_ticks_d(struct dctx *c, int64_t val, uint64_t freq, unsigned int precision);
/* A signed value named by X, as strace's printxval_d: "NAME", "-1" (raw) or "-1 /\* NAME *\/"
 * (verbose); an unknown one in decimal with DFLT as a comment. */
void printxval_signed(struct dctx *c, const struct xlat *x, int64_t v, const char *dflt);
/* The u32 at ADDR as "[NAME]", named by X's flags (FLAGS) or values; else its address. */
void print_u32_ref(struct dctx *c, uint64_t addr, const struct xlat *x, bool flags,
		   const char *dflt);
/*
 * The non-zero bytes FROM..TO-1 of the struct at ADDR that the kernel does not know (at most a
 * page), after PREFIX, as strace's print_nonzero_bytes: "/\* bytes 32..39 *\/ \"\\x01\"", or
 * "???" when unreadable.  False when they are all zero (nothing printed).
 */
bool print_nonzero_tail(struct dctx *c, const char *prefix, uint64_t addr, size_t from,
			size_t to);
