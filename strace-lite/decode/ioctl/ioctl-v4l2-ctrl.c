// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * ioctl(2), type 'V', second part: controls (VIDIOC_[GS]_CTRL, VIDIOC_QUERYCTRL,
 * VIDIOC_QUERY_EXT_CTRL, VIDIOC_{G,S,TRY}_EXT_CTRLS), tuners, cropping, frame sizes and
 * frame intervals, as strace prints them.  A control id prints by name, else as its class
 * plus an offset (V4L2_CTRL_CLASS_USER+0x1234), else as a number.
 */
#include <stdio.h>
#include <string.h>
#include <linux/videodev2.h>

#include "strace-lite/decode/array.h"
#include "strace-lite/decode/ioctl/ioctl-v4l2.h"

/* The class of CID: the largest class value not above it, or NULL. */
static const struct xlat *control_class(uint32_t cid)
{
	const struct xlat *best = NULL;

	for (const struct xlat *x = xlat_v4l2_control_classes; x->str; x++)
		if (x->val <= cid && (!best || x->val > best->val))
			best = x;
	return best;
}

static void print_cid(struct dctx *c, uint32_t cid, bool next_flags)
{
	const uint32_t next_mask = V4L2_CTRL_FLAG_NEXT_CTRL | V4L2_CTRL_FLAG_NEXT_COMPOUND;

	if (print_opts_get()->xstyle == XSTYLE_RAW) {
		ioctl_print_x(c, cid);
		return;
	}
	if (next_flags && (cid & next_mask)) {
		printflags(c, xlat_v4l2_control_query_flags, cid & next_mask,
			   "V4L2_CTRL_FLAG_NEXT_???");
		tprint_or(c);
		cid &= ~next_mask;
	}
	const char *name = xlat_lookup(xlat_v4l2_control_ids, cid);

	if (name) {
		print_xlat_named(c->sb, cid, name);
		return;
	}
	const struct xlat *cls = control_class(cid);

	if (!cls || cid - cls->val >= 0x10000) {
		print_xlat_val(c->sb, cid);
		print_comment(c->sb, "V4L2_CID_???");
		return;
	}
	char buf[96];

	snprintf(buf, sizeof(buf), "%s+%#llx", cls->str, (unsigned long long)(cid - cls->val));
	print_xlat_named(c->sb, cid, buf);
}

int v4l2_control(struct dctx *c, uint64_t arg, bool is_get)
{
	struct v4l2_control ctl;

	if (entering(c)) {
		if (!ioctl_struct_begin(c, arg, &ctl))
			return IOCTL_DECODED;
		tprint_field(c, "id");
		print_cid(c, ctl.id, false);
		if (!is_get) {
			NEXT_D(c, ctl, value);
			c->priv[0] = (uint32_t)ctl.value;
		}
		return 0;
	}
	if (!syserror(c) && !umove(c, arg, &ctl)) {
		if (is_get)
			NEXT_D(c, ctl, value);
		else if ((uint32_t)ctl.value != c->priv[0]) /* " => V" only when it changed */
			tprintf(c, " => %d", ctl.value);
	}
	return ioctl_struct_done(c);
}

/* VIDIOC_QUERYMENU: the control and the item at entry, the item's name and value at exit. */
int v4l2_querymenu(struct dctx *c, uint64_t arg)
{
	struct v4l2_querymenu qm;

	if (entering(c)) {
		if (!ioctl_struct_begin(c, arg, &qm))
			return IOCTL_DECODED;
		tprint_field(c, "id");
		print_cid(c, qm.id, false);
		NEXT_U(c, qm, index);
		return 0;
	}
	if (!syserror(c) && !umove(c, arg, &qm)) {
		tprints(c, "} => {");
		FLD_CSTR(c, qm, name); /* name and value share a union: strace prints both */
		NEXT_D(c, qm, value);
	}
	return ioctl_struct_done(c);
}

static void print_tuner_fields(struct dctx *c, const struct v4l2_tuner *t)
{
	FLD_CSTR(c, *t, name);
	NEXT_XVAL(c, *t, type, xlat_v4l2_tuner_types, "V4L2_TUNER_???");
	NEXT_FLAGS(c, *t, capability, xlat_v4l2_tuner_capabilities, "V4L2_TUNER_CAP_???");
	NEXT_U(c, *t, rangelow);
	NEXT_U(c, *t, rangehigh);
	NEXT_FLAGS(c, *t, rxsubchans, xlat_v4l2_tuner_rxsubchanses, "V4L2_TUNER_SUB_???");
	NEXT_XVAL(c, *t, audmode, xlat_v4l2_tuner_audmodes, "V4L2_TUNER_MODE_???");
	NEXT_D(c, *t, signal);
	NEXT_D(c, *t, afc);
}

int v4l2_tuner(struct dctx *c, uint64_t arg, bool is_get)
{
	struct v4l2_tuner t;

	if (entering(c)) {
		if (!ioctl_struct_begin(c, arg, &t))
			return IOCTL_DECODED;
		FLD_U(c, t, index);
		if (is_get)
			return 0;
		tprint_struct_next(c);
		print_tuner_fields(c, &t);
		return 0;
	}
	if (syserror(c) || umove(c, arg, &t))
		return ioctl_struct_done(c);
	tprints(c, is_get ? ", " : "} => {");
	print_tuner_fields(c, &t);
	return ioctl_struct_done(c);
}

/* ", reserved=[0x1, 0]" when any of the N words is set. */
static void print_reserved(struct dctx *c, const uint32_t *a, size_t n)
{
	size_t i;

	for (i = 0; i < n && !a[i]; i++)
		;
	if (i == n)
		return;
	tprint_next_field(c, "reserved");
	tprint_array_begin(c);
	for (i = 0; i < n; i++) {
		if (!ioctl_array_elem(c, i))
			break;
		ioctl_print_x(c, a[i]);
	}
	tprint_array_end(c);
}

/* At entry "{id=...": the id asked for, with its NEXT flags; kept to compare at exit. */
static bool queryctrl_entry(struct dctx *c, uint64_t arg, void *buf, size_t size)
{
	uint32_t id;

	tprint_arg_next(c);
	if (umoven_or_printaddr(c, arg, size, buf))
		return false;
	memcpy(&id, buf, sizeof(id));
	c->priv[0] = id;
	tprint_struct_begin(c);
	tprint_field(c, "id");
	print_cid(c, id, true);
	return true;
}

/* At exit: " => id" when the driver changed it, then type and name. */
static void queryctrl_common(struct dctx *c, uint32_t id, uint32_t type, const char *name,
			     size_t namesz)
{
	if (id != c->priv[0]) {
		tprints(c, " => ");
		print_cid(c, id, false);
	}
	tprint_next_field(c, "type");
	printxval(c, xlat_v4l2_control_types, type, "V4L2_CTRL_TYPE_???");
	tprint_next_field(c, "name");
	ioctl_print_cstring(c, name, namesz);
}

int v4l2_queryctrl(struct dctx *c, uint64_t arg)
{
	struct v4l2_queryctrl q;

	if (entering(c))
		return queryctrl_entry(c, arg, &q, sizeof(q)) ? 0 : IOCTL_DECODED;
	if (syserror(c) || umove(c, arg, &q))
		return ioctl_struct_done(c);
	queryctrl_common(c, q.id, q.type, (const char *)q.name, sizeof(q.name));
	tprint_struct_next(c);
	if (dopts.verbose) {
		FLD_D(c, q, minimum);
		NEXT_D(c, q, maximum);
		NEXT_D(c, q, step);
		NEXT_D(c, q, default_value);
		NEXT_FLAGS(c, q, flags, xlat_v4l2_control_flags, "V4L2_CTRL_FLAG_???");
		print_reserved(c, q.reserved, sizeof(q.reserved) / sizeof(q.reserved[0]));
	} else {
		tprint_more_data_follows(c);
	}
	return ioctl_struct_done(c);
}

int v4l2_query_ext_ctrl(struct dctx *c, uint64_t arg)
{
	struct v4l2_query_ext_ctrl q;

	if (entering(c))
		return queryctrl_entry(c, arg, &q, sizeof(q)) ? 0 : IOCTL_DECODED;
	if (syserror(c) || umove(c, arg, &q))
		return ioctl_struct_done(c);
	queryctrl_common(c, q.id, q.type, q.name, sizeof(q.name));
	tprint_struct_next(c);
	if (dopts.verbose) {
		FLD_D(c, q, minimum);
		NEXT_D(c, q, maximum);
		NEXT_U(c, q, step);
		NEXT_D(c, q, default_value);
		NEXT_FLAGS(c, q, flags, xlat_v4l2_control_flags, "V4L2_CTRL_FLAG_???");
		NEXT_U(c, q, elem_size);
		NEXT_U(c, q, elems);
		NEXT_U(c, q, nr_of_dims);
		tprint_next_field(c, "dims");
		ioctl_print_u32_array(c, q.dims, q.nr_of_dims < V4L2_CTRL_MAX_DIMS ?
						 q.nr_of_dims : V4L2_CTRL_MAX_DIMS);
		print_reserved(c, q.reserved, sizeof(q.reserved) / sizeof(q.reserved[0]));
	} else {
		tprint_more_data_follows(c);
	}
	return ioctl_struct_done(c);
}

int v4l2_cropcap(struct dctx *c, uint64_t arg)
{
	struct v4l2_cropcap cc;

	if (entering(c)) {
		if (!ioctl_struct_begin(c, arg, &cc))
			return IOCTL_DECODED;
		FLD_XVAL(c, cc, type, xlat_v4l2_buf_types, "V4L2_BUF_TYPE_???");
		return 0;
	}
	if (!syserror(c) && !umove(c, arg, &cc)) {
		NEXT_RECT(c, cc, bounds);
		NEXT_RECT(c, cc, defrect);
		NEXT_FRACT(c, cc, pixelaspect);
	}
	return ioctl_struct_done(c);
}

int v4l2_crop(struct dctx *c, uint64_t arg, bool is_get)
{
	struct v4l2_crop cr;

	if (entering(c)) {
		if (!ioctl_struct_begin(c, arg, &cr))
			return IOCTL_DECODED;
		FLD_XVAL(c, cr, type, xlat_v4l2_buf_types, "V4L2_BUF_TYPE_???");
		if (is_get)
			return 0;
		NEXT_RECT(c, cr, c);
	} else if (!syserror(c) && !umove(c, arg, &cr)) {
		NEXT_RECT(c, cr, c);
	}
	return ioctl_struct_done(c);
}

static bool print_ext_control(struct dctx *c, void *elem, size_t size UNUSED, void *data UNUSED)
{
	const struct v4l2_ext_control *p = elem;

	tprint_struct_begin(c);
	FLD_XVAL(c, *p, id, xlat_v4l2_control_ids, "V4L2_CID_???");
	NEXT_U(c, *p, size);
	tprint_struct_next(c);
	if (p->size > 0) {
		tprint_field(c, "string");
		printstrn(c, (uintptr_t)p->string, p->size);
	} else {
		FLD_D(c, *p, value);
		NEXT_D(c, *p, value64);
	}
	tprint_struct_end(c);
	return true;
}

int v4l2_ext_controls(struct dctx *c, uint64_t arg, bool is_get)
{
	struct v4l2_ext_controls ec;
	struct v4l2_ext_control ctl;

	if (entering(c)) {
		if (!ioctl_struct_begin(c, arg, &ec))
			return IOCTL_DECODED;
		FLD_XVAL(c, ec, ctrl_class, xlat_v4l2_control_classes, "V4L2_CTRL_CLASS_???");
		NEXT_U(c, ec, count);
		if (!ec.count)
			return ioctl_struct_done(c);
		if (is_get)
			return 0;
		tprint_struct_next(c);
	} else {
		if (umove(c, arg, &ec))
			return ioctl_struct_done(c);
		tprints(c, is_get ? ", " : "} => {");
	}
	tprint_field(c, "controls");
	bool fail = !print_array(c, (uintptr_t)ec.controls, ec.count, &ctl, sizeof(ctl),
				 PA_IGNORE_SYSERROR, print_ext_control, NULL);

	if (!entering(c) && syserror(c))
		NEXT_U(c, ec, error_idx);
	if (!entering(c) || fail)
		return ioctl_struct_done(c);
	return 0;
}

int v4l2_frmsizeenum(struct dctx *c, uint64_t arg)
{
	struct v4l2_frmsizeenum s;

	if (entering(c)) {
		if (!ioctl_struct_begin(c, arg, &s))
			return IOCTL_DECODED;
		FLD_U(c, s, index);
		tprint_next_field(c, "pixel_format");
		v4l2_print_fourcc(c, s.pixel_format, xlat_v4l2_pix_fmts);
		return 0;
	}
	if (!syserror(c) && !umove(c, arg, &s)) {
		NEXT_XVAL(c, s, type, xlat_v4l2_framesize_types, "V4L2_FRMSIZE_TYPE_???");
		if (s.type == V4L2_FRMSIZE_TYPE_DISCRETE) {
			tprintf(c, ", discrete={width=%u, height=%u}", s.discrete.width,
				s.discrete.height);
		} else if (s.type == V4L2_FRMSIZE_TYPE_STEPWISE) {
			const struct v4l2_frmsize_stepwise *w = &s.stepwise;

			tprintf(c, ", stepwise={min_width=%u, max_width=%u, step_width=%u, "
				   "min_height=%u, max_height=%u, step_height=%u}",
				w->min_width, w->max_width, w->step_width, w->min_height,
				w->max_height, w->step_height);
		}
	}
	return ioctl_struct_done(c);
}

int v4l2_frmivalenum(struct dctx *c, uint64_t arg)
{
	struct v4l2_frmivalenum f;

	if (entering(c)) {
		if (!ioctl_struct_begin(c, arg, &f))
			return IOCTL_DECODED;
		FLD_U(c, f, index);
		tprint_next_field(c, "pixel_format");
		v4l2_print_fourcc(c, f.pixel_format, xlat_v4l2_pix_fmts);
		NEXT_U(c, f, width);
		NEXT_U(c, f, height);
		return 0;
	}
	if (!syserror(c) && !umove(c, arg, &f)) {
		NEXT_XVAL(c, f, type, xlat_v4l2_frameinterval_types, "V4L2_FRMIVAL_TYPE_???");
		if (f.type == V4L2_FRMIVAL_TYPE_DISCRETE) {
			NEXT_FRACT(c, f, discrete);
		} else if (f.type == V4L2_FRMIVAL_TYPE_STEPWISE ||
			   f.type == V4L2_FRMIVAL_TYPE_CONTINUOUS) {
			tprint_next_field(c, "stepwise");
			tprint_struct_begin(c);
			FLD_FRACT(c, f.stepwise, min);
			NEXT_FRACT(c, f.stepwise, max);
			NEXT_FRACT(c, f.stepwise, step);
			tprint_struct_end(c);
		}
	}
	return ioctl_struct_done(c);
}
