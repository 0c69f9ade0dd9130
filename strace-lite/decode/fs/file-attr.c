// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * file_getattr and file_setattr: a dirfd and a path, then struct file_attr (the inode's
 * FS_XFLAG_* attributes, as FS_IOC_FSGETXATTR gives them) sized by its size argument.  A size
 * under the first version's 24 bytes or over a page prints the address; bytes past the known
 * structure print when non-zero.  file_getattr prints the structure at exit, with its
 * fa_nextents, which file_setattr does not show.
 */
#include <inttypes.h>

#include "strace-lite/decode/decode.h"
#include "strace-lite/decode/util-print.h"
#include "gen/xlat.h"

#define FILE_ATTR_SIZE_VER0 24
#define FILE_ATTR_SIZE_MAX 4096 /* a page: strace prints larger ones as an address */

struct file_attr_k {
	uint64_t fa_xflags;
	uint32_t fa_extsize;
	uint32_t fa_nextents;
	uint32_t fa_projid;
	uint32_t fa_cowextsize;
};

static void print_file_attr(struct dctx *c, bool get)
{
	uint64_t addr = c->arg[2], size = c->arg[3];
	struct file_attr_k fa;

	if (size < FILE_ATTR_SIZE_VER0 || size > FILE_ATTR_SIZE_MAX) {
		printaddr(c, addr);
	} else if (!umoven_or_printaddr(c, addr, sizeof(fa), &fa)) {
		tprint_struct_begin(c);
		tprint_field(c, "fa_xflags");
		printflags(c, xlat_fs_xflags, fa.fa_xflags, "FS_XFLAG_???");
		tprint_next_field(c, "fa_extsize");
		tprintf(c, "%u", fa.fa_extsize);
		if (get) {
			tprint_next_field(c, "fa_nextents");
			tprintf(c, "%u", fa.fa_nextents);
		}
		tprint_next_field(c, "fa_projid");
		tprintf(c, "%#x", fa.fa_projid);
		tprint_next_field(c, "fa_cowextsize");
		tprintf(c, "%u", fa.fa_cowextsize);
		print_nonzero_tail(c, ", ", addr, FILE_ATTR_SIZE_VER0, size);
		tprint_struct_end(c);
	}
	tprintf(c, ", %" PRIu64 ", ", size);
	printflags(c, xlat_file_attr_flags, (unsigned int)c->arg[4], "AT_???");
}

static void print_dirfd_path(struct dctx *c)
{
	print_dirfd(c, (int)c->arg[0]);
	tprint_arg_next(c);
	printpath(c, c->arg[1]);
	tprint_arg_next(c);
}

SYS_FUNC(file_getattr)
{
	if (entering(c)) {
		print_dirfd_path(c);
		return 0;
	}
	print_file_attr(c, true);
	return 0;
}

SYS_FUNC(file_setattr)
{
	print_dirfd_path(c);
	print_file_attr(c, false);
	return RVAL_DECODED;
}
