// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * ioctl(2), type 0x22: the SCSI generic driver (SG_*): ints passed by value or by pointer,
 * reset requests, the device id and request table read at exit.  SG_IO's v3 and v4
 * headers ('S' and 'Q' interfaces) are in ioctl-sg-io.c.
 */
#include <scsi/sg.h>

#include "strace-lite/decode/ioctl/ioctl-int.h"

/* Newer than glibc's <scsi/sg.h>. */
#ifndef SG_SCSI_RESET_NO_ESCALATE
#define SG_SCSI_RESET_NO_ESCALATE 0x100
#endif
#ifndef SG_GET_ACCESS_COUNT
#define SG_GET_ACCESS_COUNT 0x2289
#endif

static int decode_scsi_id(struct dctx *c, uint64_t arg)
{
	struct sg_scsi_id id;

	if (entering(c))
		return 0;
	if (!ioctl_struct_begin(c, arg, &id))
		return IOCTL_DECODED;
	FLD_D(c, id, host_no);
	NEXT_D(c, id, channel);
	NEXT_X(c, id, scsi_id);
	NEXT_D(c, id, lun);
	NEXT_X(c, id, scsi_type);
	NEXT_D(c, id, h_cmd_per_lun);
	NEXT_D(c, id, d_queue_depth);
	return ioctl_struct_done(c);
}

static int decode_req_info(struct dctx *c, uint64_t arg)
{
	sg_req_info_t r;

	if (entering(c))
		return 0;
	if (!ioctl_struct_begin(c, arg, &r))
		return IOCTL_DECODED;
	FLD_D(c, r, req_state);
	NEXT_D(c, r, orphan);
	NEXT_D(c, r, sg_io_owned);
	NEXT_D(c, r, problem);
	NEXT_D(c, r, pack_id);
	tprint_next_field(c, "usr_ptr");
	printaddr(c, (uint64_t)(uintptr_t)r.usr_ptr);
	NEXT_U(c, r, duration);
	return ioctl_struct_done(c);
}

IOCTL_FAMILY(scsi)
{
	unsigned int v;

	switch (code) {
	case SG_IO:
		return scsi_sg_io(c, arg);
	case SG_GET_SCSI_ID:
		return decode_scsi_id(c, arg);
	case SG_GET_REQUEST_TABLE:
		return decode_req_info(c, arg);
	case SG_SCSI_RESET:
		tprint_arg_next(c);
		if (umove_or_printaddr(c, arg, &v))
			return IOCTL_DECODED;
		tprints(c, "[");
		if (v & SG_SCSI_RESET_NO_ESCALATE) {
			printxval(c, xlat_sg_scsi_reset, SG_SCSI_RESET_NO_ESCALATE, NULL);
			tprints(c, "|");
		}
		printxval(c, xlat_sg_scsi_reset, v & ~SG_SCSI_RESET_NO_ESCALATE,
			  "SG_SCSI_RESET_???");
		return DECODED(tprints(c, "]"));
	case SG_NEXT_CMD_LEN:
	case SG_SET_COMMAND_Q:
	case SG_SET_DEBUG:
	case SG_SET_FORCE_LOW_DMA:
	case SG_SET_FORCE_PACK_ID:
	case SG_SET_KEEP_ORPHAN:
	case SG_SET_RESERVED_SIZE:
	case SG_SET_TIMEOUT:
		return ARG_DECODED(c, printnum_int(c, arg, "%d"));
	case SG_EMULATED_HOST:
	case SG_GET_ACCESS_COUNT:
	case SG_GET_COMMAND_Q:
	case SG_GET_KEEP_ORPHAN:
	case SG_GET_LOW_DMA:
	case SG_GET_NUM_WAITING:
	case SG_GET_PACK_ID:
	case SG_GET_RESERVED_SIZE:
	case SG_GET_SG_TABLESIZE:
	case SG_GET_TRANSFORM:
	case SG_GET_VERSION_NUM:
		if (entering(c))
			return 0;
		return ARG_DECODED(c, printnum_int(c, arg, "%d"));
	case SG_SET_TRANSFORM:
		return ARG_DECODED(c, ioctl_print_x(c, (unsigned int)arg));
	case SG_GET_TIMEOUT:
		return IOCTL_DECODED;
	default:
		return RVAL_DECODED;
	}
}
