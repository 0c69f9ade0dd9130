// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * In-kernel copies: sendfile, copy_file_range, splice, tee, vmsplice.
 *
 * sendfile's offset is read and written by the kernel: strace shows it at entry and, when bytes
 * moved, the new value after " => " at exit.
 */
#include <inttypes.h>

#include "strace-lite/decode/array.h"
#include "strace-lite/decode/decode.h"

/* The offset as strace 7.2 prints it: "[2 => 5]", its value after a transfer inside the
 * brackets; with a count of 0 nothing moves: "[2]" at entry. */
SYS_FUNC(sendfile)
{
	uint64_t off;

	if (entering(c)) {
		printfd(c, (int)c->arg[0]);
		tprint_arg_next(c);
		printfd(c, (int)c->arg[1]);
		tprint_arg_next(c);
		bool unread = umove_or_printaddr(c, c->arg[2], &off);
		if (unread || !c->arg[3]) {
			if (!unread)
				tprintf(c, "[%" PRIu64 "]", off);
			tprintf(c, ", %" PRIu64, c->arg[3]);
			return RVAL_DECODED;
		}
		tprintf(c, "[%" PRIu64, off);
		return 0;
	}
	if (!syserror(c) && c->rval && umove(c, c->arg[2], &off) == 0)
		tprintf(c, " => %" PRIu64, off);
	tprintf(c, "], %" PRIu64, c->arg[3]);
	return 0;
}

SYS_FUNC(copy_file_range)
{
	printfd(c, (int)c->arg[0]);
	tprint_arg_next(c);
	print_int64_ref(c, c->arg[1], "%" PRId64);
	tprint_arg_next(c);
	printfd(c, (int)c->arg[2]);
	tprint_arg_next(c);
	print_int64_ref(c, c->arg[3], "%" PRId64);
	tprintf(c, ", %" PRIu64 ", %u", c->arg[4], (unsigned int)c->arg[5]);
	return RVAL_DECODED;
}

SYS_FUNC(splice)
{
	printfd(c, (int)c->arg[0]);
	tprint_arg_next(c);
	print_int64_ref(c, c->arg[1], "%" PRId64);
	tprint_arg_next(c);
	printfd(c, (int)c->arg[2]);
	tprint_arg_next(c);
	print_int64_ref(c, c->arg[3], "%" PRId64);
	tprintf(c, ", %" PRIu64 ", ", c->arg[4]);
	printflags(c, xlat_splice_flags, (unsigned int)c->arg[5], "SPLICE_F_???");
	return RVAL_DECODED;
}

SYS_FUNC(tee)
{
	printfd(c, (int)c->arg[0]);
	tprint_arg_next(c);
	printfd(c, (int)c->arg[1]);
	tprintf(c, ", %" PRIu64 ", ", c->arg[2]);
	printflags(c, xlat_splice_flags, (unsigned int)c->arg[3], "SPLICE_F_???");
	return RVAL_DECODED;
}

/* The table's inout:loff: a loff_t offset the kernel reads and updates. */
void print_struct_loff(struct dctx *c, uint64_t addr)
{
	print_int64_ref(c, addr, "%" PRId64);
}

SYS_FUNC(vmsplice)
{
	printfd(c, (int)c->arg[0]);
	tprint_arg_next(c);
	print_iov_upto(c, c->arg[2], c->arg[1], UINT64_MAX, IOV_DECODE_STR);
	tprintf(c, ", %" PRIu64 ", ", c->arg[2]);
	printflags(c, xlat_splice_flags, (unsigned int)c->arg[3], "SPLICE_F_???");
	return RVAL_DECODED;
}
