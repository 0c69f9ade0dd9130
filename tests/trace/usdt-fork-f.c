// SPDX-License-Identifier: LGPL-2.1-or-later
/* usdt-fork under -f: the child's hits carry its pid. */
#define FOLLOW 1
#include "usdt-fork.c"
