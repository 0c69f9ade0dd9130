/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Between prctl.c and prctl-more.c (the options of newer kernels and other architectures). */
#pragma once
#include <stdbool.h>

struct dctx;
struct xlat;

/* strace's print_prctl_args: arguments FIRST..4, each ", %#lx". */
void prctl_print_args_from(struct dctx *c, int first);
/* The return value in hex with X's flags as its comment; the decoder's return value. */
int prctl_rval_flags(struct dctx *c, const struct xlat *x);
/* ", " then PRINT; the call is decoded. */
#define PRCTL_ARG(c, print) (tprints((c), ", "), (print), RVAL_DECODED)

/* Decode OPTION's arguments if it is one of prctl-more.c's: true, with the decoder's return
 * value in *RC. */
bool prctl_more(struct dctx *c, unsigned int option, int *rc);
/* The same for prctl-new.c's options (those strace 7.2 decodes and 6.1 did not). */
bool prctl_new(struct dctx *c, unsigned int option, int *rc);
