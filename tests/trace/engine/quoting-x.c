// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/* quoting.c with -x. */
#define XFLAG 1
#include "quoting.c"
