/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Open modes (access mode and O_* flags), shared by open, fcntl, dup3 and pipe2. */
#pragma once
#include <stdint.h>

#include "strace-lite/decode/decode.h"

/* "flags O_RDWR|O_CLOEXEC": the text after "flags " is the abbreviated form. */
const char *sprint_open_modes(uint64_t flags);
/* The open modes as an argument, in the current -X style. */
void print_open_modes(struct dctx *c, uint64_t flags);
