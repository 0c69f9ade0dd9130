/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A constant table: value/name pairs, ending with a NULL name.  Tables are generated from
 * strace-lite/decode/xlat/NAME.in; the printers in print.h turn values into names with them.
 */
#pragma once
#include <stdint.h>
#include <stddef.h>

struct xlat {
	uint64_t val;
	const char *str;
};

/* The name of VAL in X, or NULL. */
const char *xlat_lookup(const struct xlat *x, uint64_t val);
/* The value of NAME in X; 0 if found, -ENOENT otherwise. */
int xlat_find(const struct xlat *x, const char *name, uint64_t *val);
