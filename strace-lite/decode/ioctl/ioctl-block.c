// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * ioctl(2), type 0x12: block devices (BLK*): the numbers they take or return, discard
 * ranges, partition requests and block trace setup.
 */
#include <inttypes.h>
#include <linux/blkpg.h>
#include <linux/blktrace_api.h>
#include <linux/blkzoned.h>
#include <linux/fs.h>

#include "strace-lite/decode/ioctl/ioctl-int.h"

/* A number of SIZE bytes at ARG as "[VALUE]", signed or not. */
static void print_num(struct dctx *c, uint64_t arg, size_t size, bool signed_)
{
	union { uint16_t u16; uint32_t u32; uint64_t u64; } v;

	if (umoven_or_printaddr(c, arg, size, &v))
		return;
	if (size == 2)
		tprintf(c, "[%hu]", v.u16);
	else if (size == 4)
		tprintf(c, signed_ ? "[%d]" : "[%u]", v.u32);
	else
		tprintf(c, signed_ ? "[%" PRId64 "]" : "[%" PRIu64 "]", v.u64);
}

static void print_blkpg(struct dctx *c, uint64_t arg)
{
	struct blkpg_ioctl_arg a;
	struct blkpg_partition p;

	if (umove_or_printaddr(c, arg, &a))
		return;
	tprint_struct_begin(c);
	FLD_XVAL(c, a, op, xlat_blkpg_ops, "BLKPG_???");
	NEXT_D(c, a, flags);
	NEXT_D(c, a, datalen);
	tprint_next_field(c, "data");
	if (!umove_or_printaddr(c, (uint64_t)(uintptr_t)a.data, &p)) {
		tprint_struct_begin(c);
		FLD_D(c, p, start);
		NEXT_D(c, p, length);
		NEXT_D(c, p, pno);
		NEXT_CSTR(c, p, devname);
		NEXT_CSTR(c, p, volname);
		tprint_struct_end(c);
	}
	tprint_struct_end(c);
}

/* The setup at entry, the name the kernel gave the trace at exit. */
static int decode_tracesetup(struct dctx *c, uint64_t arg)
{
	struct blk_user_trace_setup b;

	if (entering(c)) {
		if (!ioctl_struct_begin(c, arg, &b))
			return IOCTL_DECODED;
		FLD_U(c, b, act_mask);
		NEXT_U(c, b, buf_size);
		NEXT_U(c, b, buf_nr);
		NEXT_U(c, b, start_lba);
		NEXT_U(c, b, end_lba);
		tprint_next_field(c, "pid");
		printpid(c, (int)b.pid, PT_TGID);
		return 0;
	}
	if (!syserror(c) && !umove(c, arg, &b))
		NEXT_CSTR(c, b, name);
	return ioctl_struct_done(c);
}

IOCTL_FAMILY(block)
{
	uint64_t pair[2];

	switch (code) {
	case BLKRASET:
	case BLKFRASET:
		return ARG_DECODED(c, tprintf(c, "%llu", (unsigned long long)arg));
	case BLKSECTGET:
	case BLKROTATIONAL:
		if (entering(c))
			return 0;
		return ARG_DECODED(c, print_num(c, arg, 2, false));
	case BLKROGET:
	case BLKBSZGET:
	case BLKSSZGET:
	case BLKALIGNOFF:
		if (entering(c))
			return 0;
		/* fall through */
	case BLKROSET:
	case BLKBSZSET:
		return ARG_DECODED(c, print_num(c, arg, 4, true));
	case BLKPBSZGET:
	case BLKIOMIN:
	case BLKIOOPT:
	case BLKDISCARDZEROES:
	case BLKGETZONESZ:
	case BLKGETNRZONES:
		if (entering(c))
			return 0;
		return ARG_DECODED(c, print_num(c, arg, 4, false));
	case BLKRAGET:
	case BLKFRAGET:
	case BLKGETSIZE:
	case BLKGETSIZE64:
	case BLKGETDISKSEQ:
		if (entering(c))
			return 0;
		return ARG_DECODED(c, print_num(c, arg, 8, code == BLKRAGET || code == BLKFRAGET));
	case BLKDISCARD:
	case BLKSECDISCARD:
	case BLKZEROOUT:
		tprint_arg_next(c);
		if (!umove_or_printaddr(c, arg, &pair))
			tprintf(c, "[%" PRIu64 ", %" PRIu64 "]", pair[0], pair[1]);
		return IOCTL_DECODED;
	case BLKPG:
		return ARG_DECODED(c, print_blkpg(c, arg));
	case BLKTRACESETUP:
		return decode_tracesetup(c, arg);
	case BLKRRPART:
	case BLKFLSBUF:
	case BLKTRACESTART:
	case BLKTRACESTOP:
	case BLKTRACETEARDOWN:
		return IOCTL_DECODED;
	default:
		return RVAL_DECODED;
	}
}
