// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * A self-describing lttrace test of tail calls (tests/sh/lttrace-tailcall.sh), as ltrace
 * 0.7.3's ltrace.main/branch_func.exp checks them: built with -O2, tail_a jumps to tail_b,
 * which jumps to tail_c; lttrace -x 'tail_*' must show each function a jump reaches, the open
 * ones <unfinished ...>, and the one return they share closing all of them, innermost
 * first.  The program prints those lines.  `./tailcall coll`: a library call whose function
 * jumps to another one -e names (strcoll to strcmp in the C locale) is one call, as ltrace's
 * PLT sees it: -e strcoll+strcmp shows strcoll alone.
 */
#include <stdio.h>
#include <string.h>

__attribute__((noinline, noclone)) int tail_c(int x)
{
	__asm__ volatile("" ::: "memory");
	return x + 1;
}

__attribute__((noinline, noclone)) int tail_b(int x)
{
	__asm__ volatile("" ::: "memory");
	return tail_c(x * 3);
}

__attribute__((noinline, noclone)) int tail_a(int x)
{
	__asm__ volatile("" ::: "memory");
	return tail_b(x + 2);
}

int main(int argc, char **argv)
{
	int sum = 0;

	if (argc > 1 && !strcmp(argv[1], "coll")) {
		int r = strcoll("b", "a");
		printf("tailcall->strcmp(\"coll\", \"coll\") = 0\n");
		printf("tailcall->strcoll(\"b\", \"a\") = %d\n", r);
		return r > 0 ? 0 : 1;
	}
	for (int i = 0; i < 3; i++) {
		printf("tail_a(%d <unfinished ...>\n", i);
		printf("tail_b(%d <unfinished ...>\n", i + 2);
		printf("tail_c(%d) = %d\n", (i + 2) * 3, (i + 2) * 3 + 1);
		printf("<... tail_b resumed> ) = %d\n", (i + 2) * 3 + 1);
		printf("<... tail_a resumed> ) = %d\n", (i + 2) * 3 + 1);
		fflush(stdout);
		sum += tail_a(i);
	}
	return sum == 7 + 10 + 13 ? 0 : 1;
}
