// SPDX-License-Identifier: LGPL-2.1-or-later
/* usdt-fork under -f: the child's hits carry its pid. */
// untraced: its child checks that the semaphore it inherits is raised, as only a tracer does
#define FOLLOW 1
#include "usdt-fork.c"
