// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * SG_IO's two headers, as strace prints them: the v3 one (struct sg_io_hdr, interface id 'S')
 * and the v4 one (struct sg_io_v4 of <linux/bsg.h>, guard 'Q').  At entry the request: the
 * command and the data sent, in hex; at exit the response: the data and sense bytes
 * received, the statuses.  What exit needs of entry (the id, the direction, the buffers'
 * addresses) is kept in dctx->priv.
 */
#include <stddef.h>
#include <linux/bsg.h>
#include <scsi/sg.h>

#include "strace-lite/decode/array.h"
#include "strace-lite/decode/ioctl/ioctl-int.h"

enum { PRIV_IID, PRIV_DIR, PRIV_PTR1, PRIV_PTR2 };

/* SIZE bytes at ADDR in hex, or COUNT iovecs holding them. */
static void print_buffer(struct dctx *c, const char *name, uint64_t addr, unsigned int size,
			 unsigned int count)
{
	tprint_next_field(c, name);
	if (count)
		print_iov_upto(c, count, addr, size, IOV_DECODE_STR);
	else
		printstr_ex(c, addr, size, QUOTE_FORCE_HEX);
}

static void print_ptr_field(struct dctx *c, const char *name, uint64_t addr)
{
	tprint_next_field(c, name);
	printaddr(c, addr);
}

/* The direction, an int whose names are negative numbers. */
static void print_direction(struct dctx *c, int dir)
{
	const char *name = xlat_lookup(xlat_sg_io_dxfer_direction, (uint64_t)(int64_t)dir);

	tprint_field(c, "dxfer_direction");
	if (name)
		print_xlat_named(c->sb, (uint32_t)dir, name);
	else
		printxval(c, xlat_sg_io_dxfer_direction, (uint32_t)dir, "SG_DXFER_???");
}

static int v3_request(struct dctx *c, uint64_t arg)
{
	struct sg_io_hdr h;
	const size_t skip = offsetof(struct sg_io_hdr, dxfer_direction);

	tprints(c, "{interface_id='S', ");
	if (umoven_or_printaddr(c, arg + skip, sizeof(h) - skip, &h.dxfer_direction))
		return ioctl_struct_done(c);
	print_direction(c, h.dxfer_direction);
	NEXT_U(c, h, cmd_len);
	print_buffer(c, "cmdp", (uintptr_t)h.cmdp, h.cmd_len, 0);
	NEXT_U(c, h, mx_sb_len);
	NEXT_U(c, h, iovec_count);
	NEXT_U(c, h, dxfer_len);
	NEXT_U(c, h, timeout);
	NEXT_FLAGS(c, h, flags, xlat_sg_io_flags, "SG_FLAG_???");
	if (h.dxfer_direction == SG_DXFER_TO_DEV || h.dxfer_direction == SG_DXFER_TO_FROM_DEV)
		print_buffer(c, "dxferp", (uintptr_t)h.dxferp, h.dxfer_len, h.iovec_count);
	c->priv[PRIV_IID] = 'S';
	c->priv[PRIV_DIR] = (uint32_t)h.dxfer_direction;
	c->priv[PRIV_PTR1] = (uintptr_t)h.dxferp;
	c->priv[PRIV_PTR2] = (uintptr_t)h.sbp;
	return 0;
}

static void v3_response(struct dctx *c, uint64_t arg)
{
	struct sg_io_hdr h;

	if (umove(c, arg, &h)) {
		if ((int)c->priv[PRIV_DIR] == SG_DXFER_FROM_DEV)
			print_ptr_field(c, "dxferp", c->priv[PRIV_PTR1]);
		print_ptr_field(c, "sbp", c->priv[PRIV_PTR2]);
		return;
	}
	if (h.interface_id != 'S') {
		tprints(c, " => ");
		FLD_U(c, h, interface_id);
		return;
	}
	if (h.dxfer_direction == SG_DXFER_FROM_DEV || h.dxfer_direction == SG_DXFER_TO_FROM_DEV) {
		uint32_t din_len = h.dxfer_len;

		if (h.resid > 0 && (unsigned int)h.resid <= din_len)
			din_len -= h.resid;
		if (h.dxfer_direction == SG_DXFER_FROM_DEV) {
			print_buffer(c, "dxferp", (uintptr_t)h.dxferp, din_len, h.iovec_count);
		} else if (din_len) {
			tprints(c, " => "); /* after the buffer at entry: no field name again */
			if (h.iovec_count)
				print_iov_upto(c, h.iovec_count, (uintptr_t)h.dxferp, din_len,
					       IOV_DECODE_STR);
			else
				printstr_ex(c, (uintptr_t)h.dxferp, din_len, QUOTE_FORCE_HEX);
		}
	}
	NEXT_X(c, h, status);
	NEXT_X(c, h, masked_status);
	NEXT_X(c, h, msg_status);
	NEXT_U(c, h, sb_len_wr);
	print_buffer(c, "sbp", (uintptr_t)h.sbp, h.sb_len_wr, 0);
	NEXT_X(c, h, host_status);
	NEXT_X(c, h, driver_status);
	NEXT_D(c, h, resid);
	NEXT_U(c, h, duration);
	NEXT_FLAGS(c, h, info, xlat_sg_io_info, "SG_INFO_???");
}

static int v4_request(struct dctx *c, uint64_t arg)
{
	struct sg_io_v4 h;
	const size_t skip = offsetof(struct sg_io_v4, protocol);

	tprints(c, "{guard='Q', ");
	if (umoven_or_printaddr(c, arg + skip, sizeof(h) - skip, &h.protocol))
		return ioctl_struct_done(c);
	FLD_XVAL(c, h, protocol, xlat_bsg_protocol, "BSG_PROTOCOL_???");
	NEXT_XVAL(c, h, subprotocol, xlat_bsg_subprotocol, "BSG_SUB_PROTOCOL_???");
	NEXT_U(c, h, request_len);
	print_buffer(c, "request", h.request, h.request_len, 0);
	NEXT_X(c, h, request_tag);
	NEXT_U(c, h, request_attr);
	NEXT_U(c, h, request_priority);
	NEXT_U(c, h, request_extra);
	NEXT_U(c, h, max_response_len);
	NEXT_U(c, h, dout_iovec_count);
	NEXT_U(c, h, dout_xfer_len);
	NEXT_U(c, h, din_iovec_count);
	NEXT_U(c, h, din_xfer_len);
	print_buffer(c, "dout_xferp", h.dout_xferp, h.dout_xfer_len, h.dout_iovec_count);
	NEXT_U(c, h, timeout);
	NEXT_FLAGS(c, h, flags, xlat_bsg_flags, "BSG_FLAG_???");
	NEXT_X(c, h, usr_ptr);
	c->priv[PRIV_IID] = 'Q';
	c->priv[PRIV_PTR1] = h.response;
	c->priv[PRIV_PTR2] = h.din_xferp;
	return 0;
}

static void v4_response(struct dctx *c, uint64_t arg)
{
	struct sg_io_v4 h;
	uint32_t din_len;

	if (umove(c, arg, &h)) {
		tprint_next_field(c, "response");
		ioctl_print_x(c, c->priv[PRIV_PTR1]);
		tprint_next_field(c, "din_xferp");
		ioctl_print_x(c, c->priv[PRIV_PTR2]);
		return;
	}
	if (h.guard != 'Q') {
		tprints(c, " => ");
		FLD_U(c, h, guard);
		return;
	}
	NEXT_U(c, h, response_len);
	print_buffer(c, "response", h.response, h.response_len, 0);
	din_len = h.din_xfer_len;
	if (h.din_resid > 0 && (unsigned int)h.din_resid <= din_len)
		din_len -= h.din_resid;
	print_buffer(c, "din_xferp", h.din_xferp, din_len, h.din_iovec_count);
	NEXT_X(c, h, driver_status);
	NEXT_X(c, h, transport_status);
	NEXT_X(c, h, device_status);
	NEXT_U(c, h, retry_delay);
	NEXT_FLAGS(c, h, info, xlat_sg_io_info, "SG_INFO_???");
	NEXT_U(c, h, duration);
	NEXT_U(c, h, response_len);
	NEXT_D(c, h, din_resid);
	NEXT_D(c, h, dout_resid);
	NEXT_X(c, h, generated_tag);
}

int scsi_sg_io(struct dctx *c, uint64_t arg)
{
	uint32_t iid;

	if (!entering(c)) {
		if (c->priv[PRIV_IID] == 'S')
			v3_response(c, arg);
		else if (c->priv[PRIV_IID] == 'Q')
			v4_response(c, arg);
		return ioctl_struct_done(c);
	}
	c->priv[PRIV_IID] = 0;
	tprint_arg_next(c);
	if (umove_or_printaddr(c, arg, &iid))
		return IOCTL_DECODED;
	switch (iid) {
	case 'S':
		return v3_request(c, arg);
	case 'Q':
		return v4_request(c, arg);
	default:
		return DECODED(tprintf(c, "[%u]", iid));
	}
}
