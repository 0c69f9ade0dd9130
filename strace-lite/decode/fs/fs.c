// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Small file and descriptor decoders the argument kinds cannot express: getcwd (the buffer is a
 * path whose length the return value gives, NUL included) and the fd pair that pipe and pipe2
 * write ("out:fdpair" in the table; socketpair can share it).
 */
#include <inttypes.h>

#include "strace-lite/decode/util-print.h"

/* int[2] written by the kernel: [rfd, wfd]. */
void print_struct_fdpair(struct dctx *c, uint64_t addr)
{
	int fds[2];

	if (umove_or_printaddr(c, addr, &fds))
		return;
	tprint_array_begin(c);
	printfd(c, fds[0]);
	tprint_array_next(c);
	printfd(c, fds[1]);
	tprint_array_end(c);
}

SYS_FUNC(getcwd)
{
	if (entering(c))
		return 0;
	if (syserror(c))
		printaddr(c, c->arg[0]);
	else
		printpathn(c, c->arg[0], (unsigned int)(c->rval - 1));
	tprint_arg_next(c);
	tprintf(c, "%" PRIu64, c->arg[1]);
	return 0;
}
