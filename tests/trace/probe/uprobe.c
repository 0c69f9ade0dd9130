// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * -e uprobe=SYMBOL[@LIB][:args=HINTS]: breakpoints on libc functions, each call one
 * `--- uprobe:SYM(ARGS) ---` line.  malloc starts with `push %r12` (the breakpoint's step-over
 * is emulated), abs with `mov %edi,%eax` (stepped over with the single-step fallback): both
 * paths are exercised, and the program must run on unchanged after each hit.
 *
 * stdout is unbuffered, so stdio allocates nothing: the only malloc calls are ours.
 */
#include "tests.h"

static int (*volatile p_abs)(int) = abs;

int main(void)
{
	setvbuf(stdout, NULL, _IONBF, 0);
	for (int i = 0; i < 3; i++) {
		size_t n = 1000 + (size_t)i;
		void *p = malloc(n);
		printf("--- uprobe:malloc(%zu) ---\n", n);
		int r = p_abs(-7 - i);
		printf("--- uprobe:abs(%d) ---\n", -7 - i);
		if (r != 7 + i || !p)
			FAIL("abs(%d) = %d after the step-over", -7 - i, r);
		free(p);
	}
	printf("+++ exited with 0 +++\n");
	return 0;
}
