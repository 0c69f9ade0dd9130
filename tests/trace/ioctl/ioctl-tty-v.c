// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
#define VERBOSE 1
#include "ioctl-tty.c"
