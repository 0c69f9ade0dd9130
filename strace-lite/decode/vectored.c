// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Vectored I/O: readv, writev, preadv, pwritev, preadv2, pwritev2.
 *
 * A write's iovecs print at entry with their buffers cut by -s; a read's print at exit, where
 * only the first "return value" bytes across the buffers hold data (the rest print as ""),
 * and as addresses when the call failed.
 */
#include <inttypes.h>

#include "strace-lite/decode/array.h"
#include "strace-lite/decode/decode.h"

static int do_readv(struct dctx *c, int offset_arg, int flags_arg)
{
	if (entering(c)) {
		printfd(c, (int)c->arg[0]);
		tprint_arg_next(c);
		return 0;
	}
	print_iov_upto(c, c->arg[2], c->arg[1], syserror(c) ? 0 : (uint64_t)c->rval,
		       syserror(c) ? IOV_DECODE_ADDR : IOV_DECODE_STR);
	tprintf(c, ", %" PRIu64, c->arg[2]);
	if (offset_arg >= 0)
		tprintf(c, ", %" PRId64, (int64_t)c->arg[offset_arg]);
	if (flags_arg >= 0) {
		tprint_arg_next(c);
		printflags(c, xlat_rwf_flags, (unsigned int)c->arg[flags_arg], "RWF_???");
	}
	return 0;
}

static int do_writev(struct dctx *c, int offset_arg, int flags_arg)
{
	printfd(c, (int)c->arg[0]);
	tprint_arg_next(c);
	print_iov_upto(c, c->arg[2], c->arg[1], UINT64_MAX, IOV_DECODE_STR);
	tprintf(c, ", %" PRIu64, c->arg[2]);
	if (offset_arg >= 0)
		tprintf(c, ", %" PRId64, (int64_t)c->arg[offset_arg]);
	if (flags_arg >= 0) {
		tprint_arg_next(c);
		printflags(c, xlat_rwf_flags, (unsigned int)c->arg[flags_arg], "RWF_???");
	}
	return RVAL_DECODED;
}

SYS_FUNC(readv)
{
	return do_readv(c, -1, -1);
}

SYS_FUNC(writev)
{
	return do_writev(c, -1, -1);
}

SYS_FUNC(preadv)
{
	return do_readv(c, 3, -1);
}

SYS_FUNC(pwritev)
{
	return do_writev(c, 3, -1);
}

/* On x86_64 the offset is one register (arg 3, arg 4 its unused high half) and flags arg 5. */
SYS_FUNC(preadv2)
{
	return do_readv(c, 3, 5);
}

SYS_FUNC(pwritev2)
{
	return do_writev(c, 3, 5);
}

/* The table's in:iovec/out:iovec: one struct iovec (the decoders above print whole arrays). */
void print_struct_iovec(struct dctx *c, uint64_t addr)
{
	print_iov_upto(c, 1, addr, UINT64_MAX, IOV_DECODE_ADDR);
}
