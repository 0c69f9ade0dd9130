// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * inotify: inotify_init1, inotify_add_watch (IN_* event mask), inotify_rm_watch; fanotify:
 * fanotify_init (a class value with flag bits, open modes for the event files) and fanotify_mark.
 */
#include <inttypes.h>

#include "strace-lite/decode/fs/open.h"
#include "strace-lite/decode/decode.h"

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

#define FAN_ALL_CLASS_BITS 0xcu
#define FAN_NOFD_ (-1)

SYS_FUNC(fanotify_init)
{
	unsigned int flags = (unsigned int)c->arg[0];

	printxval(c, xlat_fan_classes, flags & FAN_ALL_CLASS_BITS, "FAN_CLASS_???");
	flags &= ~FAN_ALL_CLASS_BITS;
	if (flags) {
		tprints(c, "|");
		printflags(c, xlat_fan_init_flags, flags, "FAN_???");
	}
	tprint_arg_next(c);
	print_open_modes(c, (unsigned int)c->arg[1]);
	return RVAL_DECODED;
}

SYS_FUNC(fanotify_mark)
{
	enum xlat_style xs = print_opts_get()->xstyle;
	int dirfd = (int)c->arg[3];

	printfd(c, (int)c->arg[0]);
	tprint_arg_next(c);
	printflags(c, xlat_fan_mark_flags, (unsigned int)c->arg[1], "FAN_MARK_???");
	tprint_arg_next(c);
	printflags(c, xlat_fan_event_flags, c->arg[2], "FAN_???");
	tprint_arg_next(c);
	if (dirfd == FAN_NOFD_) {
		if (xs != XSTYLE_ABBREV)
			tprintf(c, "%d", dirfd);
		if (xs == XSTYLE_ABBREV)
			tprints(c, "FAN_NOFD");
		else if (xs == XSTYLE_VERBOSE)
			tprints(c, " /* FAN_NOFD */");
	} else {
		print_dirfd(c, dirfd);
	}
	tprint_arg_next(c);
	printpath(c, c->arg[4]);
	return RVAL_DECODED;
}
