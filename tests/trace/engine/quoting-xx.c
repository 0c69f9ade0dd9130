// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/* quoting.c with -xx. */
#define XFLAG 2
#include "quoting.c"
