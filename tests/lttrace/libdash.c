// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * A self-describing lttrace -l test (tests/sh/lttrace-libdash.sh): built as liba-b.so and
 * liba+b.so (-DLIB=1 / -DLIB=2) and as the program `libdash` calling both; `lttrace -l
 * liba-b.so` must show the calls into that library only, `-l 'liba?b.so'` into both: a '-' or
 * '+' in a library's name is part of the name (ltrace.main/main-vfork.exp's -l
 * libmain-vfork.so).  The program prints those lines, each `libdash->F(ARG) = RESULT`.
 * `./libdash ex`: the lines of -e ab_twice -x ab_twice, the call seen twice.
 */
#include <stdio.h>
#include <stdbool.h>
#include <string.h>

#if LIB == 1
int ab_twice(int x)
{
	return 2 * x;
}
#elif LIB == 2
int ab_thrice(int x)
{
	return 3 * x;
}
#else
int ab_twice(int x);
int ab_thrice(int x);

int main(int argc, char **argv)
{
	bool both = argc > 1 && !strcmp(argv[1], "both");

	if (argc > 1 && !strcmp(argv[1], "ex")) {
		/* -e ab_twice -x ab_twice: the call, then the function's entry (tests/sh/lttrace-filters.sh) */
		printf("libdash->ab_twice(21 <unfinished ...>\n");
		printf("ab_twice@liba-b.so(21) = 42\n");
		printf("<... ab_twice resumed> ) = 42\n");
	} else
		printf("libdash->ab_twice(21) = 42\n");
	if (both)
		printf("libdash->ab_thrice(14) = 42\n");
	fflush(stdout);
	return ab_twice(21) + ab_thrice(14) == 84 ? 0 : 1;
}
#endif
