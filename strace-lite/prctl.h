/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Between prctl.c and prctl-more.c (the options of newer kernels and other architectures). */
#pragma once
#include <stdbool.h>

struct dctx;

/* Decode OPTION's arguments if it is one of prctl-more.c's: true, with the decoder's return
 * value in *RC. */
bool prctl_more(struct dctx *c, unsigned int option, int *rc);
