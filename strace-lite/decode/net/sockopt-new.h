/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Between sockopt.c and sockopt-new.c: the options strace 7.2 decodes and 6.1 did not. */
#pragma once
#include <stdbool.h>
#include <stdint.h>

struct dctx;

/* getsockopt's value (RLEN bytes) or setsockopt's (LEN) at ADDR, when the option is one of
 * sockopt-new.c's: printed, and true. */
bool sockopt_get_new(struct dctx *c, unsigned int level, unsigned int name, uint64_t addr,
		     int rlen);
bool sockopt_set_new(struct dctx *c, unsigned int level, unsigned int name, uint64_t addr,
		     int len);
