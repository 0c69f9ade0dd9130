// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * ioctl(2), type 'V': Video4Linux2 (VIDIOC_*), as strace prints them: what the driver is
 * given at entry, what it filled in at exit (after " => " where a field the caller set
 * changed).  This file: capabilities, formats, buffers, streaming, inputs and standards, and
 * the dispatcher; controls, tuners, cropping and frame enumeration are in ioctl-v4l2-ctrl.c.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <linux/videodev2.h>

#include "strace-lite/decode/array.h"
#include "strace-lite/decode/fs/open.h"
#include "strace-lite/decode/ioctl/ioctl-v4l2.h"

void v4l2_print_rect(struct dctx *c, const struct v4l2_rect *r)
{
	tprint_struct_begin(c);
	FLD_D(c, *r, left);
	NEXT_D(c, *r, top);
	NEXT_U(c, *r, width);
	NEXT_U(c, *r, height);
	tprint_struct_end(c);
}

/* One byte as a C character constant: 'a', '\'', '\x01'. */
static void print_char_quoted(struct dctx *c, unsigned char ch)
{
	if (ch >= ' ' && ch < 0x7f)
		tprintf(c, ch == '\'' || ch == '\\' ? "'\\%c'" : "'%c'", ch);
	else
		tprintf(c, "'\\x%02x'", ch);
}

void v4l2_print_fourcc(struct dctx *c, uint32_t fourcc, const struct xlat *x)
{
	if (print_opts_get()->xstyle == XSTYLE_RAW) {
		ioctl_print_x(c, fourcc);
		return;
	}
	tprints(c, "v4l2_fourcc(");
	for (int i = 0; i < 4; i++) {
		if (i)
			tprint_arg_next(c);
		print_char_quoted(c, (unsigned char)(fourcc >> (8 * i)));
	}
	tprints(c, ")");
	if (x)
		print_comment(c->sb, xlat_lookup(x, fourcc));
}

#define FLD_FOURCC(c, s, f, x) (tprint_field((c), #f), v4l2_print_fourcc((c), (s).f, (x)))

static int decode_querycap(struct dctx *c, uint64_t arg)
{
	struct v4l2_capability caps;
	char ver[64];

	if (entering(c))
		return 0;
	if (!ioctl_struct_begin(c, arg, &caps))
		return IOCTL_DECODED;
	FLD_CSTR(c, caps, driver);
	NEXT_CSTR(c, caps, card);
	NEXT_CSTR(c, caps, bus_info);
	tprint_next_field(c, "version");
	snprintf(ver, sizeof(ver), "KERNEL_VERSION(%u, %u, %u)", caps.version >> 16,
		 (caps.version >> 8) & 0xff, caps.version & 0xff);
	print_xlat_named(c->sb, caps.version, ver);
	NEXT_FLAGS(c, caps, capabilities, xlat_v4l2_device_capabilities_flags, "V4L2_CAP_???");
	if (caps.device_caps) {
		NEXT_FLAGS(c, caps, device_caps, xlat_v4l2_device_capabilities_flags,
			   "V4L2_CAP_???");
	}
	return ioctl_struct_done(c);
}

static int decode_enum_fmt(struct dctx *c, uint64_t arg)
{
	struct v4l2_fmtdesc f;

	if (entering(c)) {
		if (!ioctl_struct_begin(c, arg, &f))
			return IOCTL_DECODED;
		FLD_U(c, f, index);
		NEXT_XVAL(c, f, type, xlat_v4l2_buf_types, "V4L2_BUF_TYPE_???");
		return 0;
	}
	if (!syserror(c) && !umove(c, arg, &f)) {
		NEXT_FLAGS(c, f, flags, xlat_v4l2_format_description_flags, "V4L2_FMT_FLAG_???");
		NEXT_CSTR(c, f, description);
		tprint_struct_next(c);
		FLD_FOURCC(c, f, pixelformat, xlat_v4l2_pix_fmts);
	}
	return ioctl_struct_done(c);
}

static void print_pix(struct dctx *c, const struct v4l2_pix_format *p)
{
	tprint_struct_begin(c);
	FLD_U(c, *p, width);
	NEXT_U(c, *p, height);
	tprint_struct_next(c);
	FLD_FOURCC(c, *p, pixelformat, xlat_v4l2_pix_fmts);
	NEXT_XVAL(c, *p, field, xlat_v4l2_fields, "V4L2_FIELD_???");
	NEXT_U(c, *p, bytesperline);
	NEXT_U(c, *p, sizeimage);
	NEXT_XVAL(c, *p, colorspace, xlat_v4l2_colorspaces, "V4L2_COLORSPACE_???");
	tprint_struct_end(c);
}

static void print_pix_mp(struct dctx *c, const struct v4l2_pix_format_mplane *p)
{
	unsigned int n = p->num_planes;
	size_t max = sizeof(p->plane_fmt) / sizeof(p->plane_fmt[0]);

	tprint_struct_begin(c);
	FLD_U(c, *p, width);
	NEXT_U(c, *p, height);
	tprint_struct_next(c);
	FLD_FOURCC(c, *p, pixelformat, xlat_v4l2_pix_fmts);
	NEXT_XVAL(c, *p, field, xlat_v4l2_fields, "V4L2_FIELD_???");
	NEXT_XVAL(c, *p, colorspace, xlat_v4l2_colorspaces, "V4L2_COLORSPACE_???");
	tprint_next_field(c, "plane_fmt");
	tprint_array_begin(c);
	for (size_t i = 0; i < n && i < max; i++) {
		if (!ioctl_array_elem(c, i))
			break;
		tprint_struct_begin(c);
		FLD_U(c, p->plane_fmt[i], sizeimage);
		NEXT_U(c, p->plane_fmt[i], bytesperline);
		tprint_struct_end(c);
	}
	tprint_array_end(c);
	NEXT_U(c, *p, num_planes);
	tprint_struct_end(c);
}

static bool print_clip(struct dctx *c, void *elem, size_t size UNUSED, void *data UNUSED)
{
	const struct v4l2_clip *clip = elem;

	tprint_struct_begin(c);
	FLD_RECT(c, *clip, c);
	tprint_struct_end(c);
	return true;
}

static bool print_win(struct dctx *c, const struct v4l2_window *p)
{
	struct v4l2_clip clip;
	bool rc;

	tprint_struct_begin(c);
	FLD_RECT(c, *p, w);
	NEXT_XVAL(c, *p, field, xlat_v4l2_fields, "V4L2_FIELD_???");
	NEXT_X(c, *p, chromakey);
	tprint_next_field(c, "clips");
	rc = print_array(c, (uintptr_t)p->clips, p->clipcount, &clip, sizeof(clip), 0, print_clip,
			 NULL);
	NEXT_U(c, *p, clipcount);
	tprint_next_field(c, "bitmap");
	printaddr(c, (uintptr_t)p->bitmap);
	if (p->global_alpha)
		NEXT_X(c, *p, global_alpha);
	tprint_struct_end(c);
	return rc;
}

/* "[1, 2]" of N ints, signed or not. */
static void print_int_array(struct dctx *c, const void *a, size_t n, bool is_signed)
{
	tprint_array_begin(c);
	for (size_t i = 0; i < n; i++) {
		if (i)
			tprint_array_next(c);
		if (is_signed)
			tprintf(c, "%d", ((const int32_t *)a)[i]);
		else
			tprintf(c, "%u", ((const uint32_t *)a)[i]);
	}
	tprint_array_end(c);
}

static void print_vbi(struct dctx *c, const struct v4l2_vbi_format *p)
{
	tprint_struct_begin(c);
	FLD_U(c, *p, sampling_rate);
	NEXT_U(c, *p, offset);
	NEXT_U(c, *p, samples_per_line);
	tprint_struct_next(c);
	FLD_FOURCC(c, *p, sample_format, xlat_v4l2_pix_fmts);
	tprint_next_field(c, "start");
	print_int_array(c, p->start, 2, true);
	tprint_next_field(c, "count");
	print_int_array(c, p->count, 2, false);
	NEXT_FLAGS(c, *p, flags, xlat_v4l2_vbi_flags, "V4L2_VBI_???");
	tprint_struct_end(c);
}

static void print_sliced(struct dctx *c, const struct v4l2_sliced_vbi_format *p)
{
	tprint_struct_begin(c);
	FLD_FLAGS(c, *p, service_set, xlat_v4l2_sliced_flags, "V4L2_SLICED_???");
	tprint_next_field(c, "service_lines");
	tprint_array_begin(c);
	for (int i = 0; i < 2; i++) {
		if (i)
			tprint_array_next(c);
		tprint_array_begin(c);
		for (unsigned int j = 0; j < 24; j++) {
			if (!ioctl_array_elem(c, j))
				break;
			ioctl_print_x(c, p->service_lines[i][j]);
		}
		tprint_array_end(c);
	}
	tprint_array_end(c);
	NEXT_U(c, *p, io_size);
	tprint_struct_end(c);
}

/* The fmt union member of a type, after PREFIX; false for a type without one (or a failed
 * clips array). */
static bool print_format_fmt(struct dctx *c, const char *prefix, const struct v4l2_format *f)
{
	switch (f->type) {
	case V4L2_BUF_TYPE_VIDEO_CAPTURE:
	case V4L2_BUF_TYPE_VIDEO_OUTPUT:
		tprints(c, prefix);
		tprint_field(c, "fmt.pix");
		print_pix(c, &f->fmt.pix);
		return true;
	case V4L2_BUF_TYPE_VIDEO_CAPTURE_MPLANE:
	case V4L2_BUF_TYPE_VIDEO_OUTPUT_MPLANE:
		tprints(c, prefix);
		tprint_field(c, "fmt.pix_mp");
		print_pix_mp(c, &f->fmt.pix_mp);
		return true;
	case V4L2_BUF_TYPE_VIDEO_OUTPUT_OVERLAY:
	case V4L2_BUF_TYPE_VIDEO_OVERLAY:
		tprints(c, prefix);
		tprint_field(c, "fmt.win");
		return print_win(c, &f->fmt.win);
	case V4L2_BUF_TYPE_VBI_CAPTURE:
	case V4L2_BUF_TYPE_VBI_OUTPUT:
		tprints(c, prefix);
		tprint_field(c, "fmt.vbi");
		print_vbi(c, &f->fmt.vbi);
		return true;
	case V4L2_BUF_TYPE_SLICED_VBI_CAPTURE:
	case V4L2_BUF_TYPE_SLICED_VBI_OUTPUT:
		tprints(c, prefix);
		tprint_field(c, "fmt.sliced");
		print_sliced(c, &f->fmt.sliced);
		return true;
	case V4L2_BUF_TYPE_SDR_OUTPUT:
	case V4L2_BUF_TYPE_SDR_CAPTURE:
		tprints(c, prefix);
		tprint_field(c, "fmt.sdr");
		tprint_struct_begin(c);
		FLD_FOURCC(c, f->fmt.sdr, pixelformat, xlat_v4l2_sdr_fmts);
		if (f->fmt.sdr.buffersize)
			NEXT_U(c, f->fmt.sdr, buffersize);
		tprint_struct_end(c);
		return true;
	case V4L2_BUF_TYPE_META_OUTPUT:
	case V4L2_BUF_TYPE_META_CAPTURE:
		tprints(c, prefix);
		tprint_field(c, "fmt.meta");
		tprint_struct_begin(c);
		FLD_FOURCC(c, f->fmt.meta, dataformat, xlat_v4l2_meta_fmts);
		NEXT_U(c, f->fmt.meta, buffersize);
		tprint_struct_end(c);
		return true;
	default:
		return false;
	}
}

static int decode_format(struct dctx *c, uint64_t arg, bool is_get)
{
	struct v4l2_format f;

	if (entering(c)) {
		if (!ioctl_struct_begin(c, arg, &f))
			return IOCTL_DECODED;
		FLD_XVAL(c, f, type, xlat_v4l2_buf_types, "V4L2_BUF_TYPE_???");
		if (is_get)
			return 0;
		if (!print_format_fmt(c, ", ", &f))
			return ioctl_struct_done(c);
		return 0;
	}
	if (!syserror(c) && !umove(c, arg, &f))
		print_format_fmt(c, is_get ? ", " : "} => {", &f);
	return ioctl_struct_done(c);
}

static int decode_reqbufs(struct dctx *c, uint64_t arg)
{
	struct v4l2_requestbuffers r;

	if (entering(c)) {
		if (!ioctl_struct_begin(c, arg, &r))
			return IOCTL_DECODED;
		FLD_XVAL(c, r, type, xlat_v4l2_buf_types, "V4L2_BUF_TYPE_???");
		NEXT_XVAL(c, r, memory, xlat_v4l2_memories, "V4L2_MEMORY_???");
		NEXT_U(c, r, count);
		c->priv[0] = r.count;
		return 0;
	}
	if (!syserror(c) && !umove(c, arg, &r) && r.count != c->priv[0])
		tprintf(c, " => %u", r.count);
	return ioctl_struct_done(c);
}

/* VIDIOC_EXPBUF: the buffer and the open flags at entry, the descriptor made at exit. */
static int decode_expbuf(struct dctx *c, uint64_t arg)
{
	struct v4l2_exportbuffer e;

	if (entering(c)) {
		if (!ioctl_struct_begin(c, arg, &e))
			return IOCTL_DECODED;
		FLD_XVAL(c, e, type, xlat_v4l2_buf_types, "V4L2_BUF_TYPE_???");
		NEXT_U(c, e, index);
		NEXT_U(c, e, plane);
		tprint_next_field(c, "flags");
		print_open_modes(c, e.flags);
		return 0;
	}
	if (!syserror(c) && !umove(c, arg, &e)) {
		tprints(c, "} => {");
		tprint_field(c, "fd");
		printfd(c, e.fd);
	}
	return ioctl_struct_done(c);
}

static void print_buf_flags(struct dctx *c, uint32_t val)
{
	uint32_t ts_type = val & V4L2_BUF_FLAG_TIMESTAMP_MASK;
	uint32_t ts_src = val & V4L2_BUF_FLAG_TSTAMP_SRC_MASK;
	uint32_t flags = val & ~ts_type & ~ts_src;

	if (print_opts_get()->xstyle == XSTYLE_RAW) {
		ioctl_print_x(c, val);
		return;
	}
	if (flags) {
		printflags(c, xlat_v4l2_buf_flags, flags, "V4L2_BUF_FLAG_???");
		tprint_or(c);
	}
	printxval(c, xlat_v4l2_buf_flags_ts_type, ts_type, "V4L2_BUF_FLAG_TIMESTAMP_???");
	tprint_or(c);
	printxval(c, xlat_v4l2_buf_flags_ts_src, ts_src, "V4L2_BUF_FLAG_TSTAMP_SRC_???");
}

/*
 * struct v4l2_buffer with a 32-bit timeval: what a 32-bit program passes, and what the
 * VIDIOC_*BUF_TIME32 requests (the kernel's compat numbers, which a 64-bit program can issue
 * too) carry.  Its layout, from the kernel's media/v4l2-ioctl.h.
 */
struct v4l2_buffer_time32 {
	uint32_t index, type, bytesused, flags, field;
	int32_t tv_sec, tv_usec;
	struct v4l2_timecode timecode;
	uint32_t sequence, memory;
	union {
		uint32_t offset;
		unsigned long userptr;
		int32_t fd;
	} m;
	uint32_t length, reserved2, request_fd;
};
_Static_assert(sizeof(struct v4l2_buffer_time32) == 80, "v4l2_buffer_time32 layout");
#define VIDIOC_QUERYBUF_TIME32 _IOWR('V', 9, struct v4l2_buffer_time32)
#define VIDIOC_QBUF_TIME32 _IOWR('V', 15, struct v4l2_buffer_time32)
#define VIDIOC_DQBUF_TIME32 _IOWR('V', 17, struct v4l2_buffer_time32)

union v4l2_buffer_any {
	struct v4l2_buffer b;
	struct v4l2_buffer_time32 b32;
};

/* The struct v4l2_buffer U holds: as it is, or (TIME32) its 32-bit-time form widened. */
static void widen_buffer(const union v4l2_buffer_any *u, bool time32, struct v4l2_buffer *b)
{
	const struct v4l2_buffer_time32 *b32 = &u->b32;

	if (!time32) {
		*b = u->b;
		return;
	}
	memset(b, 0, sizeof(*b));
	b->index = b32->index;
	b->type = b32->type;
	b->bytesused = b32->bytesused;
	b->flags = b32->flags;
	b->field = b32->field;
	b->timestamp.tv_sec = b32->tv_sec;		    /* sign-extended */
	b->timestamp.tv_usec = (uint32_t)b32->tv_usec; /* zero-extended, as strace */
	b->timecode = b32->timecode;
	b->sequence = b32->sequence;
	b->memory = b32->memory;
	b->m.userptr = b32->m.userptr;
	b->length = b32->length;
}

/* VIDIOC_QUERYBUF, VIDIOC_QBUF and VIDIOC_DQBUF (CODE), of either time layout (TIME32). */
static int decode_buffer(struct dctx *c, unsigned int code, uint64_t arg, bool time32)
{
	union v4l2_buffer_any u;
	size_t size = time32 ? sizeof(u.b32) : sizeof(u.b);
	struct v4l2_buffer b;

	if (entering(c)) {
		if (!ioctl_struct_beginn(c, arg, size, &u))
			return IOCTL_DECODED;
		widen_buffer(&u, time32, &b);
		FLD_XVAL(c, b, type, xlat_v4l2_buf_types, "V4L2_BUF_TYPE_???");
		if (code != VIDIOC_DQBUF)
			NEXT_U(c, b, index);
		return 0;
	}
	if (!syserror(c) && !umoven(c, arg, size, &u)) {
		widen_buffer(&u, time32, &b);
		if (code == VIDIOC_DQBUF)
			NEXT_U(c, b, index);
		NEXT_XVAL(c, b, memory, xlat_v4l2_memories, "V4L2_MEMORY_???");
		if (b.memory == V4L2_MEMORY_MMAP) {
			tprint_next_field(c, "m.offset");
			ioctl_print_x(c, b.m.offset);
		} else if (b.memory == V4L2_MEMORY_USERPTR) {
			tprint_next_field(c, "m.userptr");
			printaddr(c, b.m.userptr);
		}
		NEXT_U(c, b, length);
		NEXT_U(c, b, bytesused);
		tprint_next_field(c, "flags");
		print_buf_flags(c, b.flags);
		if (code == VIDIOC_DQBUF)
			tprintf(c, ", timestamp={tv_sec=%lld, tv_usec=%llu}",
				(long long)b.timestamp.tv_sec,
				(unsigned long long)b.timestamp.tv_usec);
		tprint_struct_next(c);
		tprint_more_data_follows(c);
	}
	return ioctl_struct_done(c);
}

static int decode_framebuffer(struct dctx *c, uint64_t arg)
{
	struct v4l2_framebuffer b;

	tprint_arg_next(c);
	if (!umove_or_printaddr(c, arg, &b)) {
		tprint_struct_begin(c);
		FLD_X(c, b, capability);
		NEXT_X(c, b, flags);
		tprint_next_field(c, "base");
		printaddr(c, (uintptr_t)b.base);
		tprint_struct_end(c);
	}
	return IOCTL_DECODED;
}

static int decode_buf_type(struct dctx *c, uint64_t arg)
{
	int type;

	tprint_arg_next(c);
	if (!umove_or_printaddr(c, arg, &type)) {
		tprints(c, "[");
		printxval(c, xlat_v4l2_buf_types, (unsigned int)type, "V4L2_BUF_TYPE_???");
		tprints(c, "]");
	}
	return IOCTL_DECODED;
}

static void print_streamparm(struct dctx *c, const struct v4l2_streamparm *s)
{
	const struct v4l2_captureparm *cp = &s->parm.capture;
	const struct v4l2_outputparm *op = &s->parm.output;
	bool cap = s->type == V4L2_BUF_TYPE_VIDEO_CAPTURE;

	tprint_field(c, cap ? "parm.capture" : "parm.output");
	tprint_struct_begin(c);
	/* The two members have the same layout but for the names of two fields. */
	FLD_FLAGS(c, *cp, capability, xlat_v4l2_streaming_capabilities, "V4L2_CAP_???");
	tprint_next_field(c, cap ? "capturemode" : "outputmode");
	printflags(c, xlat_v4l2_capture_modes, cap ? cp->capturemode : op->outputmode,
		   "V4L2_MODE_???");
	NEXT_FRACT(c, *cp, timeperframe);
	NEXT_X(c, *cp, extendedmode);
	tprint_next_field(c, cap ? "readbuffers" : "writebuffers");
	tprintf(c, "%u", cap ? cp->readbuffers : op->writebuffers);
	tprint_struct_end(c);
}

static int decode_streamparm(struct dctx *c, uint64_t arg, bool is_get)
{
	struct v4l2_streamparm s;

	if (entering(c)) {
		if (!ioctl_struct_begin(c, arg, &s))
			return IOCTL_DECODED;
		FLD_XVAL(c, s, type, xlat_v4l2_buf_types, "V4L2_BUF_TYPE_???");
		if (s.type != V4L2_BUF_TYPE_VIDEO_CAPTURE && s.type != V4L2_BUF_TYPE_VIDEO_OUTPUT)
			return ioctl_struct_done(c);
		if (is_get)
			return 0;
		tprint_struct_next(c);
		print_streamparm(c, &s);
		return 0;
	}
	if (syserror(c) || umove(c, arg, &s))
		return ioctl_struct_done(c);
	tprints(c, is_get ? ", " : "} => {");
	print_streamparm(c, &s);
	return ioctl_struct_done(c);
}

/* VIDIOC_ENUMSTD and VIDIOC_ENUMINPUT: the index, at exit the name and what it names. */
static int decode_enum_named(struct dctx *c, uint64_t arg, bool input)
{
	union {
		struct v4l2_standard s;
		struct v4l2_input i;
	} u;
	size_t size = input ? sizeof(u.i) : sizeof(u.s);

	if (entering(c)) {
		if (!ioctl_struct_beginn(c, arg, size, &u))
			return IOCTL_DECODED;
		FLD_U(c, u.s, index); /* first in both */
		return 0;
	}
	if (syserror(c) || umoven(c, arg, size, &u))
		return ioctl_struct_done(c);
	if (input) {
		NEXT_CSTR(c, u.i, name);
		NEXT_XVAL(c, u.i, type, xlat_v4l2_input_types, "V4L2_INPUT_TYPE_???");
		NEXT_X(c, u.i, audioset);
		NEXT_U(c, u.i, tuner);
		NEXT_FLAGS(c, u.i, std, xlat_v4l2_std_ids, "V4L2_STD_???");
		NEXT_FLAGS(c, u.i, status, xlat_v4l2_input_status_flags, "V4L2_IN_ST_???");
		NEXT_FLAGS(c, u.i, capabilities, xlat_v4l2_input_capabilities_flags,
			   "V4L2_IN_CAP_???");
	} else {
		NEXT_CSTR(c, u.s, name);
		NEXT_FRACT(c, u.s, frameperiod);
		NEXT_U(c, u.s, framelines);
	}
	return ioctl_struct_done(c);
}

static int decode_create_bufs(struct dctx *c, uint64_t arg)
{
	static char outstr[64];
	struct v4l2_create_buffers b;

	if (entering(c)) {
		if (!ioctl_struct_begin(c, arg, &b))
			return IOCTL_DECODED;
		FLD_U(c, b, count);
		NEXT_XVAL(c, b, memory, xlat_v4l2_memories, "V4L2_MEMORY_???");
		tprint_next_field(c, "format");
		tprint_struct_begin(c);
		FLD_XVAL(c, b.format, type, xlat_v4l2_buf_types, "V4L2_BUF_TYPE_???");
		print_format_fmt(c, ", ", &b.format);
		tprint_struct_end(c);
		tprint_struct_end(c);
		return 0;
	}
	if (syserror(c) || umove(c, arg, &b))
		return IOCTL_DECODED;
	snprintf(outstr, sizeof(outstr), "{index=%u, count=%u}", b.index, b.count);
	c->auxstr = outstr;
	return IOCTL_DECODED | RVAL_STR;
}

/* Requests whose argument points to a number. */
static int decode_number(struct dctx *c, unsigned int code, uint64_t arg)
{
	switch (code) {
	case VIDIOC_G_STD:
	case VIDIOC_G_INPUT:
		if (entering(c))
			return 0;
		break;
	}
	tprint_arg_next(c);
	if (code == VIDIOC_G_STD || code == VIDIOC_S_STD)
		printnum_int64(c, arg, "%#" PRIx64);
	else
		printnum_int(c, arg, "%u");
	return IOCTL_DECODED;
}

IOCTL_FAMILY(v4l2)
{
	switch (code) {
	case VIDIOC_QUERYCAP:
		return decode_querycap(c, arg);
	case VIDIOC_ENUM_FMT:
		return decode_enum_fmt(c, arg);
	case VIDIOC_G_FMT:
	case VIDIOC_S_FMT:
	case VIDIOC_TRY_FMT:
		return decode_format(c, arg, code == VIDIOC_G_FMT);
	case VIDIOC_REQBUFS:
		return decode_reqbufs(c, arg);
	case VIDIOC_QUERYBUF:
	case VIDIOC_QBUF:
	case VIDIOC_DQBUF:
		return decode_buffer(c, code, arg, false);
	case VIDIOC_QUERYBUF_TIME32:
		return decode_buffer(c, VIDIOC_QUERYBUF, arg, true);
	case VIDIOC_QBUF_TIME32:
		return decode_buffer(c, VIDIOC_QBUF, arg, true);
	case VIDIOC_DQBUF_TIME32:
		return decode_buffer(c, VIDIOC_DQBUF, arg, true);
	case VIDIOC_EXPBUF:
		return decode_expbuf(c, arg);
	case VIDIOC_G_FBUF:
		if (entering(c))
			return 0;
		return decode_framebuffer(c, arg);
	case VIDIOC_S_FBUF:
		return decode_framebuffer(c, arg);
	case VIDIOC_STREAMON:
	case VIDIOC_STREAMOFF:
		return decode_buf_type(c, arg);
	case VIDIOC_G_PARM:
	case VIDIOC_S_PARM:
		return decode_streamparm(c, arg, code == VIDIOC_G_PARM);
	case VIDIOC_G_STD:
	case VIDIOC_S_STD:
	case VIDIOC_G_INPUT:
	case VIDIOC_S_INPUT:
		return decode_number(c, code, arg);
	case VIDIOC_ENUMSTD:
		return decode_enum_named(c, arg, false);
	case VIDIOC_ENUMINPUT:
		return decode_enum_named(c, arg, true);
	case VIDIOC_G_CTRL:
	case VIDIOC_S_CTRL:
		return v4l2_control(c, arg, code == VIDIOC_G_CTRL);
	case VIDIOC_G_TUNER:
	case VIDIOC_S_TUNER:
		return v4l2_tuner(c, arg, code == VIDIOC_G_TUNER);
	case VIDIOC_QUERYCTRL:
		return v4l2_queryctrl(c, arg);
	case VIDIOC_QUERYMENU:
		return v4l2_querymenu(c, arg);
	case VIDIOC_QUERY_EXT_CTRL:
		return v4l2_query_ext_ctrl(c, arg);
	case VIDIOC_CROPCAP:
		return v4l2_cropcap(c, arg);
	case VIDIOC_G_CROP:
	case VIDIOC_S_CROP:
		return v4l2_crop(c, arg, code == VIDIOC_G_CROP);
	case VIDIOC_S_EXT_CTRLS:
	case VIDIOC_TRY_EXT_CTRLS:
	case VIDIOC_G_EXT_CTRLS:
		return v4l2_ext_controls(c, arg, code == VIDIOC_G_EXT_CTRLS);
	case VIDIOC_ENUM_FRAMESIZES:
		return v4l2_frmsizeenum(c, arg);
	case VIDIOC_ENUM_FRAMEINTERVALS:
		return v4l2_frmivalenum(c, arg);
	case VIDIOC_CREATE_BUFS:
		return decode_create_bufs(c, arg);
	default:
		return RVAL_DECODED;
	}
}
