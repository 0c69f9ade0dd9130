// SPDX-License-Identifier: LGPL-2.1-or-later
/* --argv0=NAME (strace 6.3's): the program runs with NAME as its argv[0]. */
// strace-7.2: --argv0 is new in strace 6.3
// untraced: argv[0] is what --argv0 makes it
#include "tests.h"

int main(int argc, char **argv)
{
	if (strcmp(argv[0], "renamed-by-argv0"))
		FAIL("argv[0] is \"%s\"", argv[0]);
	long ppid = syscall(__NR_getppid);
	printf("getppid() = %ld\n", ppid);
	printf("+++ exited with 0 +++\n");
	return 0;
}
