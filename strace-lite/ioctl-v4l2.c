// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * ioctl(2), type 'V': Video4Linux2 (VIDIOC_*).  Only VIDIOC_ENUMINPUT so far: the index
 * asked for at entry, the input's name and type at exit.  Other requests print their
 * argument in hex.
 */
#include <linux/videodev2.h>

#include "strace-lite/ioctl-int.h"

static int decode_enuminput(struct dctx *c, uint64_t arg)
{
	struct v4l2_input i;

	if (entering(c)) {
		tprint_arg_next(c);
		if (umove_or_printaddr(c, arg, &i))
			return IOCTL_DECODED;
		tprint_struct_begin(c);
		FLD_U(c, i, index);
		return 0;
	}
	if (!syserror(c) && !umove(c, arg, &i)) {
		tprint_struct_next(c);
		tprint_field(c, "name");
		ioctl_print_cstring(c, (const char *)i.name, sizeof(i.name));
		tprint_struct_next(c);
		FLD_XVAL(c, i, type, xlat_v4l2_input_types, "V4L2_INPUT_TYPE_???");
	}
	tprint_struct_end(c);
	return IOCTL_DECODED;
}

IOCTL_FAMILY(v4l2)
{
	switch (code) {
	case VIDIOC_ENUMINPUT:
		return decode_enuminput(c, arg);
	default:
		return RVAL_DECODED;
	}
}
