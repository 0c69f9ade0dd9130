// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
#define XLAT_RAW 1
#include "poll.c"
