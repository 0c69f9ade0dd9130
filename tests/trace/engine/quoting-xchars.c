// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/* quoting.c with --strings-in-hex=non-ascii-chars. */
#define XFLAG 3
#include "quoting.c"
