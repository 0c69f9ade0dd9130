/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Video4Linux2 requests, split over ioctl-v4l2.c (capabilities, formats, buffers, streaming,
 * inputs and standards: the dispatcher) and ioctl-v4l2-ctrl.c (controls, tuners, cropping,
 * frame sizes and intervals).  Each printer follows ioctl-int.h's return convention.
 */
#pragma once
#include <stdbool.h>
#include <stdint.h>

#include "strace-lite/decode/ioctl/ioctl-int.h"

/* "{left=0, top=0, width=1, height=1}" */
struct v4l2_rect;
void v4l2_print_rect(struct dctx *c, const struct v4l2_rect *r);
#define FLD_RECT(c, s, f) (tprint_field((c), #f), v4l2_print_rect((c), &(s).f))
#define NEXT_RECT(c, s, f) (tprint_struct_next(c), FLD_RECT(c, s, f))
/* "NAME=N/D" of a struct v4l2_fract field. */
#define FLD_FRACT(c, s, f) \
	(tprint_field((c), #f), tprintf((c), "%u/%u", (s).f.numerator, (s).f.denominator))
#define NEXT_FRACT(c, s, f) (tprint_struct_next(c), FLD_FRACT(c, s, f))
/* A fourcc as v4l2_fourcc('Y', 'U', 'Y', 'V'), named in a comment by table X (may be NULL). */
void v4l2_print_fourcc(struct dctx *c, uint32_t fourcc, const struct xlat *x);

int v4l2_control(struct dctx *c, uint64_t arg, bool is_get);
int v4l2_tuner(struct dctx *c, uint64_t arg, bool is_get);
int v4l2_queryctrl(struct dctx *c, uint64_t arg);
int v4l2_querymenu(struct dctx *c, uint64_t arg);
int v4l2_query_ext_ctrl(struct dctx *c, uint64_t arg);
int v4l2_cropcap(struct dctx *c, uint64_t arg);
int v4l2_crop(struct dctx *c, uint64_t arg, bool is_get);
int v4l2_ext_controls(struct dctx *c, uint64_t arg, bool is_get);
int v4l2_frmsizeenum(struct dctx *c, uint64_t arg);
int v4l2_frmivalenum(struct dctx *c, uint64_t arg);
