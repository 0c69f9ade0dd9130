// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Memory mapping syscalls that kinds cannot print: brk (its argument is an address, its result
 * too) and mmap, whose flags word holds an enumerated mapping type (MAP_SHARED, MAP_PRIVATE,
 * MAP_SHARED_VALIDATE in MAP_TYPE) besides real flag bits and a huge page size shifted in at
 * MAP_HUGE_SHIFT (also remap_file_pages'), and the protection keys calls, whose arguments are
 * whole longs.  munmap, mprotect and the rest print from their kinds in syscalls.in.
 */
#include <inttypes.h>

#include "strace-lite/decode/decode.h"

#define MAP_TYPE_MASK 0xf
#define MAP_HUGE_SHIFT_ 26
#define MAP_HUGE_MASK_ 0x3f

SYS_FUNC(brk)
{
	printaddr(c, c->arg[0]);
	return RVAL_DECODED | RVAL_KIND(RK_X);
}

static void print_mmap_flags(struct dctx *c, uint64_t flags)
{
	struct strbuf *sb = c->sb;
	const char *type = xlat_lookup(xlat_mmap_flags, flags & MAP_TYPE_MASK);

	if (print_opts_get()->xstyle != XSTYLE_ABBREV)
		tprintf(c, "%#" PRIx64, flags);
	if (print_opts_get()->xstyle == XSTYLE_RAW)
		return;
	if (print_opts_get()->xstyle == XSTYLE_VERBOSE)
		tprints(c, " /* ");
	/* The type is one value, not bits: MAP_SHARED_VALIDATE is not MAP_SHARED|MAP_PRIVATE. */
	if (type)
		tprints(c, type);
	else
		tprintf(c, "%#" PRIx64 " /* MAP_??? */", flags & MAP_TYPE_MASK);
	flags &= ~(uint64_t)MAP_TYPE_MASK;

	uint64_t huge = flags & ((uint64_t)MAP_HUGE_MASK_ << MAP_HUGE_SHIFT_);
	flags &= ~huge;
	if (flags) {
		tprints(c, "|");
		/* Abbreviated names whatever -X says: we may be inside a comment already. */
		struct print_opts saved = *print_opts_get(), abbr = saved;
		abbr.xstyle = XSTYLE_ABBREV;
		print_opts_set(&abbr);
		print_flags(sb, xlat_mmap_flags, flags, NULL);
		print_opts_set(&saved);
	}
	if (huge)
		tprintf(c, "|%" PRIu64 "<<MAP_HUGE_SHIFT", huge >> MAP_HUGE_SHIFT_);
	if (print_opts_get()->xstyle == XSTYLE_VERBOSE)
		tprints(c, " */");
}

SYS_FUNC(mmap)
{
	printaddr(c, c->arg[0]);
	tprintf(c, ", %" PRIu64 ", ", c->arg[1]);
	printflags(c, xlat_mmap_prot, c->arg[2], "PROT_???");
	tprint_arg_next(c);
	print_mmap_flags(c, c->arg[3]);
	tprint_arg_next(c);
	printfd(c, (int)c->arg[4]);
	tprintf(c, ", %#" PRIx64, c->arg[5]);
	return RVAL_DECODED | RVAL_KIND(RK_X);
}

/* remap_file_pages: prot is a whole long (printflags64), flags as mmap's. */
SYS_FUNC(remap_file_pages)
{
	printaddr(c, c->arg[0]);
	tprintf(c, ", %" PRIu64 ", ", c->arg[1]);
	printflags(c, xlat_mmap_prot, c->arg[2], "PROT_???");
	tprintf(c, ", %" PRIu64 ", ", c->arg[3]);
	print_mmap_flags(c, c->arg[4]);
	return RVAL_DECODED;
}

/* Protection keys: the access rights and the protection are whole longs. */
SYS_FUNC(pkey_alloc)
{
	tprintf(c, "%#" PRIx64 ", ", c->arg[0]);
	printflags(c, xlat_pkey_access, c->arg[1], "PKEY_???");
	return RVAL_DECODED;
}

SYS_FUNC(pkey_mprotect)
{
	printaddr(c, c->arg[0]);
	tprintf(c, ", %" PRIu64 ", ", c->arg[1]);
	printflags(c, xlat_mmap_prot, c->arg[2], "PROT_???");
	tprintf(c, ", %d", (int)c->arg[3]);
	return RVAL_DECODED;
}
