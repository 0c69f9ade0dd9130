// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * ioctl(2), type 'M': memory technology devices (MEM*, OTP*, ECC*, MTDFILEMODE): erase
 * ranges, out-of-band buffers, write requests, OTP regions, device info, NAND layouts and
 * ECC statistics.  Request codes of this type are also OSS mixer requests: the name reads
 * "MIXER_READ(13) or OTPSELECT", the argument is decoded as the MTD request.
 */
#include <inttypes.h>
#include <linux/ioctl.h>
#include <linux/types.h>
#include <mtd/mtd-abi.h>

#include "strace-lite/decode/ioctl/ioctl-int.h"

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

/* N words in hex, "[0x1, 0, ...]", cut after -s of them unless -v. */
static void print_x32s(struct dctx *c, const uint32_t *a, size_t n)
{
	tprint_array_begin(c);
	for (size_t i = 0; i < n; i++) {
		if (!ioctl_array_elem(c, i))
			break;
		ioctl_print_x(c, a[i]);
	}
	tprint_array_end(c);
}

static void print_start_length(struct dctx *c, uint64_t start, uint64_t length)
{
	tprint_field(c, "{start");
	ioctl_print_x(c, start);
	tprint_next_field(c, "length");
	ioctl_print_x(c, length);
}

static void decode_erase(struct dctx *c, uint64_t arg, bool is64)
{
	union { struct erase_info_user e; struct erase_info_user64 e64; } u;

	if (umoven_or_printaddr(c, arg, is64 ? sizeof(u.e64) : sizeof(u.e), &u))
		return;
	if (is64)
		print_start_length(c, u.e64.start, u.e64.length);
	else
		print_start_length(c, u.e.start, u.e.length);
	tprint_struct_end(c);
}

static void decode_oob(struct dctx *c, uint64_t arg, bool is64)
{
	union { struct mtd_oob_buf b; struct mtd_oob_buf64 b64; } u;

	if (umoven_or_printaddr(c, arg, is64 ? sizeof(u.b64) : sizeof(u.b), &u))
		return;
	if (is64) {
		print_start_length(c, u.b64.start, u.b64.length);
		NEXT_ADDR(c, u.b64, usr_ptr);
	} else {
		print_start_length(c, u.b.start, u.b.length);
		tprint_next_field(c, "ptr");
		printaddr(c, (uint64_t)(uintptr_t)u.b.ptr);
	}
	tprint_struct_end(c);
}

static void decode_write_req(struct dctx *c, uint64_t arg)
{
	struct mtd_write_req r;

	if (umove_or_printaddr(c, arg, &r))
		return;
	tprint_struct_begin(c);
	FLD_X(c, r, start);
	NEXT_X(c, r, len);
	NEXT_X(c, r, ooblen);
	NEXT_ADDR(c, r, usr_data);
	NEXT_ADDR(c, r, usr_oob);
	NEXT_XVAL(c, r, mode, xlat_mtd_mode_options, "MTD_OPS_???");
	tprint_struct_end(c);
}

static void decode_otp_info(struct dctx *c, uint64_t arg)
{
	struct otp_info o;

	if (umove_or_printaddr(c, arg, &o))
		return;
	print_start_length(c, o.start, o.length);
	NEXT_U(c, o, locked);
	tprint_struct_end(c);
}

static void decode_info_user(struct dctx *c, uint64_t arg)
{
	struct mtd_info_user m;

	if (umove_or_printaddr(c, arg, &m))
		return;
	tprint_struct_begin(c);
	FLD_XVAL(c, m, type, xlat_mtd_type_options, "MTD_???");
	NEXT_FLAGS(c, m, flags, xlat_mtd_flags_options, "MTD_???");
	NEXT_X(c, m, size);
	NEXT_X(c, m, erasesize);
	NEXT_X(c, m, writesize);
	NEXT_X(c, m, oobsize);
	NEXT_X(c, m, padding);
	tprint_struct_end(c);
}

static void decode_oobinfo(struct dctx *c, uint64_t arg)
{
	struct nand_oobinfo n;

	if (umove_or_printaddr(c, arg, &n))
		return;
	tprint_struct_begin(c);
	FLD_XVAL(c, n, useecc, xlat_mtd_nandecc_options, "MTD_NANDECC_???");
	NEXT_X(c, n, eccbytes);
	tprint_next_field(c, "oobfree");
	tprint_array_begin(c);
	for (size_t i = 0; i < NELEM(n.oobfree); i++) {
		if (!ioctl_array_elem(c, i))
			break;
		print_x32s(c, n.oobfree[i], 2);
	}
	tprint_array_end(c);
	tprint_next_field(c, "eccpos");
	print_x32s(c, n.eccpos, NELEM(n.eccpos));
	tprint_struct_end(c);
}

static void decode_ecclayout(struct dctx *c, uint64_t arg)
{
	struct nand_ecclayout_user l;

	if (umove_or_printaddr(c, arg, &l))
		return;
	tprint_struct_begin(c);
	FLD_X(c, l, eccbytes);
	tprint_next_field(c, "eccpos");
	print_x32s(c, l.eccpos, NELEM(l.eccpos));
	NEXT_X(c, l, oobavail);
	tprint_next_field(c, "oobfree");
	tprint_array_begin(c);
	for (size_t i = 0; i < NELEM(l.oobfree); i++) {
		if (!ioctl_array_elem(c, i))
			break;
		tprint_struct_begin(c);
		FLD_X(c, l.oobfree[i], offset);
		NEXT_X(c, l.oobfree[i], length);
		tprint_struct_end(c);
	}
	tprint_array_end(c);
	tprint_struct_end(c);
}

static void decode_ecc_stats(struct dctx *c, uint64_t arg)
{
	struct mtd_ecc_stats e;

	if (umove_or_printaddr(c, arg, &e))
		return;
	tprint_struct_begin(c);
	FLD_X(c, e, corrected);
	NEXT_X(c, e, failed);
	NEXT_X(c, e, badblocks);
	NEXT_X(c, e, bbtblocks);
	tprint_struct_end(c);
}

/* The region index at entry, what the kernel filled in at exit. */
static int decode_regioninfo(struct dctx *c, uint64_t arg)
{
	struct region_info_user r;

	if (entering(c)) {
		if (!ioctl_struct_begin(c, arg, &r))
			return IOCTL_DECODED;
		FLD_X(c, r, regionindex);
		return 0;
	}
	if (!syserror(c) && !umove(c, arg, &r)) {
		NEXT_X(c, r, offset);
		NEXT_X(c, r, erasesize);
		NEXT_X(c, r, numblocks);
	}
	return ioctl_struct_done(c);
}

/* The read requests: print at exit. */
static int decode_get(struct dctx *c, unsigned int code, uint64_t arg)
{
	if (entering(c))
		return 0;
	tprint_arg_next(c);
	switch (code) {
	case OTPGETREGIONINFO:
		decode_otp_info(c, arg);
		break;
	case MEMGETINFO:
		decode_info_user(c, arg);
		break;
	case MEMGETOOBSEL:
		decode_oobinfo(c, arg);
		break;
	case ECCGETLAYOUT:
		decode_ecclayout(c, arg);
		break;
	case ECCGETSTATS:
		decode_ecc_stats(c, arg);
		break;
	case OTPGETREGIONCOUNT:
		printnum_int(c, arg, "%u");
		break;
	default: /* MEMGETREGIONCOUNT */
		printnum_int(c, arg, "%d");
		break;
	}
	return IOCTL_DECODED;
}

IOCTL_FAMILY(mtd)
{
	unsigned int otp;

	switch (code) {
	case MEMERASE:
	case MEMLOCK:
	case MEMUNLOCK:
	case MEMISLOCKED:
	case MEMERASE64:
		return ARG_DECODED(c, decode_erase(c, arg, code == MEMERASE64));
	case MEMWRITEOOB:
	case MEMREADOOB:
	case MEMWRITEOOB64:
	case MEMREADOOB64:
		tprint_arg_next(c);
		return DECODED(decode_oob(c, arg, code == MEMWRITEOOB64 || code == MEMREADOOB64));
	case MEMWRITE:
		return ARG_DECODED(c, decode_write_req(c, arg));
	case OTPLOCK:
		return ARG_DECODED(c, decode_otp_info(c, arg));
	case OTPSELECT:
		tprint_arg_next(c);
		if (!umove_or_printaddr(c, arg, &otp)) {
			tprints(c, "[");
			printxval(c, xlat_mtd_otp_options, otp, "MTD_OTP_???");
			tprints(c, "]");
		}
		return IOCTL_DECODED;
	case MTDFILEMODE:
		tprint_arg_next(c);
		return DECODED(printxval(c, xlat_mtd_file_mode_options, arg, "MTD_FILE_MODE_???"));
	case MEMGETBADBLOCK:
	case MEMSETBADBLOCK:
		return ARG_DECODED(c, printnum_int64(c, arg, "%" PRIu64));
	case OTPGETREGIONINFO:
	case MEMGETINFO:
	case MEMGETOOBSEL:
	case ECCGETLAYOUT:
	case ECCGETSTATS:
	case OTPGETREGIONCOUNT:
	case MEMGETREGIONCOUNT:
		return decode_get(c, code, arg);
	case MEMGETREGIONINFO:
		return decode_regioninfo(c, arg);
	default:
		return RVAL_DECODED;
	}
}
