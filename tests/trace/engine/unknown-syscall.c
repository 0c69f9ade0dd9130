// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * A syscall number without a name is traced whatever -e trace= says, its arguments and result
 * raw, as strace: here -e trace=none shows only them.  500 is past the table (and under the
 * eBPF backend's 512 numbers with their own slots), 1000 past both.
 * Run with -a0 -e trace=none
 */
#include "tests.h"

static void call(long nr)
{
	long rc = syscall(nr, 1, 2, 3, 4, 5, 6);

	printf("syscall_%#lx(0x1, 0x2, 0x3, 0x4, 0x5, 0x6) = %s\n", nr, sprintrc(rc));
}

int main(void)
{
	call(500);
	(void)syscall(__NR_getpid); /* named, not traced */
	call(1000);
	printf("+++ exited with 0 +++\n");
	return 0;
}
