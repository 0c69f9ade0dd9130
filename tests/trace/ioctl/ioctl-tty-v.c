// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
// untraced-varies: TIOCGPTN, \[[0-9]+\]
#define VERBOSE 1
#include "ioctl-tty.c"
