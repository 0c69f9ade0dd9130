// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
#define XFLAG 2
#include "rw.c"
