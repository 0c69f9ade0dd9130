// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * ioctl(2), type 0x03: the legacy ATA disk requests (HDIO_*): geometry, drive commands with
 * the sectors they return, and the many get/set requests of one unsigned long.
 */
#include <errno.h>
#include <linux/hdreg.h>

#include "strace-lite/decode/array.h"
#include "strace-lite/decode/ioctl/ioctl-int.h"

static int decode_getgeo(struct dctx *c, uint64_t arg)
{
	struct hd_geometry g;

	if (ioctl_arg_at_exit(c, true))
		return 0;
	if (umove_or_printaddr(c, arg, &g))
		return IOCTL_DECODED;
	tprint_struct_begin(c);
	FLD_U(c, g, heads);
	NEXT_U(c, g, sectors);
	NEXT_U(c, g, cylinders);
	NEXT_U(c, g, start);
	return ioctl_struct_done(c);
}

/* LEN bytes at ADDR in hex escapes, cut by -s (strace's printstr_ex with QUOTE_FORCE_HEX). */
static void print_hex_buf(struct dctx *c, uint64_t addr, uint64_t len)
{
	unsigned int max = print_opts_get()->max_strlen;
	size_t size = len < max ? (size_t)len : max;
	char buf[size + 1];

	if (umoven(c, addr, size, buf) < 0) {
		printaddr(c, addr);
		return;
	}
	quote_string(c->sb, buf, size, QUOTE_FORCE_HEX);
	if (len > max)
		tprint_more_data_follows(c);
}

static int decode_drive_cmd(struct dctx *c, uint64_t arg)
{
	enum { SECTOR_SIZE = 512 };
	struct hd_drive_cmd_hdr h;
	struct { uint8_t status, error, nsector, sector_count; } r;

	if (entering(c)) {
		if (!ioctl_struct_begin(c, arg, &h))
			return IOCTL_DECODED;
		FLD_XVAL(c, h, command, xlat_hdio_drive_cmds, "ATA_CMD_???");
		NEXT_U(c, h, sector_number);
		NEXT_U(c, h, feature);
		NEXT_U(c, h, sector_count);
		tprint_struct_end(c);
		return 0;
	}
	/* The status comes back even when the command failed with EIO. */
	if ((syserror(c) && c->err != EIO) || umove(c, arg, &r))
		return IOCTL_DECODED;
	tprints(c, " => ");
	tprint_struct_begin(c);
	FLD_X(c, r, status);
	NEXT_U(c, r, error);
	NEXT_U(c, r, nsector);
	if (r.sector_count) {
		tprint_next_field(c, "buf");
		print_hex_buf(c, arg + 4, (uint64_t)r.sector_count * SECTOR_SIZE);
	}
	return ioctl_struct_done(c);
}

static bool print_xint32(struct dctx *c, void *elem, size_t size UNUSED, void *data UNUSED)
{
	tprintf(c, "%#x", *(uint32_t *)elem);
	return true;
}

/* An identity block of LEN bytes, read at exit. */
static int decode_identity(struct dctx *c, uint64_t arg, unsigned int len)
{
	if (ioctl_arg_at_exit(c, true))
		return 0;
	if (syserror(c))
		printaddr(c, arg);
	else
		printstrn(c, arg, len);
	return IOCTL_DECODED;
}

IOCTL_FAMILY(hdio)
{
	uint64_t v;
	uint32_t elem;

	switch (code) {
	case HDIO_GETGEO:
		return decode_getgeo(c, arg);
	case HDIO_DRIVE_CMD:
		return decode_drive_cmd(c, arg);
	case HDIO_GET_IDENTITY:
		return decode_identity(c, arg, 512);
	case HDIO_OBSOLETE_IDENTITY:
		return decode_identity(c, arg, 142);
	case HDIO_DRIVE_RESET:
	case HDIO_SCAN_HWIF:
		tprint_arg_next(c);
		return DECODED(print_array(c, arg, 3, &elem, sizeof(elem), 0, print_xint32, NULL));
	case HDIO_GET_32BIT:
	case HDIO_GET_ACOUSTIC:
	case HDIO_GET_ADDRESS:
	case HDIO_GET_BUSSTATE:
	case HDIO_GET_DMA:
	case HDIO_GET_KEEPSETTINGS:
	case HDIO_GET_MULTCOUNT:
	case HDIO_GET_NICE:
	case HDIO_GET_NOWERR:
	case HDIO_GET_UNMASKINTR:
	case HDIO_GET_WCACHE:
		if (ioctl_arg_at_exit(c, true))
			return 0;
		if (umove_or_printaddr(c, arg, &v))
			return IOCTL_DECODED;
		tprints(c, "[");
		if (code == HDIO_GET_BUSSTATE)
			printxval(c, xlat_hdio_busstates, v, "BUSSTATE_???");
		else if (code == HDIO_GET_NICE)
			printflags(c, xlat_hdio_ide_nice, v, "IDE_NICE_???");
		else
			tprintf(c, "%llu", (unsigned long long)v);
		return DECODED(tprints(c, "]"));
	case HDIO_SET_BUSSTATE:
		return ARG_DECODED(c, printxval(c, xlat_hdio_busstates, arg, "BUSSTATE_???"));
	case HDIO_SET_NICE:
		return ARG_DECODED(c, printflags(c, xlat_hdio_ide_nice, arg, "IDE_NICE_???"));
	case HDIO_SET_32BIT:
	case HDIO_SET_ACOUSTIC:
	case HDIO_SET_ADDRESS:
	case HDIO_SET_DMA:
	case HDIO_SET_KEEPSETTINGS:
	case HDIO_SET_MULTCOUNT:
	case HDIO_SET_NOWERR:
	case HDIO_SET_PIO_MODE:
	case HDIO_SET_UNMASKINTR:
	case HDIO_SET_WCACHE:
	case HDIO_UNREGISTER_HWIF:
		return ARG_DECODED(c, tprintf(c, "%llu", (unsigned long long)arg));
	default:
		return RVAL_DECODED;
	}
}
