// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * -c counts a syscall number without a name, as "syscall_0x1f4", whatever -e trace= says
 * (strace 7.1): here -e trace=getpid counts getpid and the unknown numbers.
 * Run with -c -U calls,errors,name -S name -e trace=getpid
 */
// strace-7.2: strace 6.1 does not count a syscall number without a name in -c
#include "tests.h"

int main(void)
{
	for (int i = 0; i < 2; i++)
		if (syscall(500, 0, 0, 0, 0, 0, 0) != -1 || syscall(1000) != -1)
			FAIL("unknown syscalls succeeded");
	(void)syscall(__NR_getpid);
	(void)syscall(__NR_getppid);
	printf("    calls    errors syscall\n");
	printf("--------- --------- ----------------\n");
	printf("        1           getpid\n");
	printf("        2         2 syscall_0x1f4\n");
	printf("        2         2 syscall_0x3e8\n");
	printf("--------- --------- ----------------\n");
	printf("        5         4 total\n");
	return 0;
}
