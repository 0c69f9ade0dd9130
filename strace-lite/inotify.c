// SPDX-License-Identifier: LGPL-2.1-or-later
/* inotify: inotify_init1, inotify_add_watch (IN_* event mask), inotify_rm_watch. */
#include "strace-lite/decode.h"

SYS_FUNC(inotify_init1)
{
	printflags(c, xlat_inotify_init_flags, (unsigned int)c->arg[0], "IN_???");
	return RVAL_DECODED;
}

SYS_FUNC(inotify_add_watch)
{
	printfd(c, (int)c->arg[0]);
	tprint_arg_next(c);
	printpath(c, c->arg[1]);
	tprint_arg_next(c);
	printflags(c, xlat_inotify_flags, (unsigned int)c->arg[2], "IN_???");
	return RVAL_DECODED;
}

SYS_FUNC(inotify_rm_watch)
{
	printfd(c, (int)c->arg[0]);
	tprintf(c, ", %d", (int)c->arg[1]);
	return RVAL_DECODED;
}
