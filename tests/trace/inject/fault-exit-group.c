// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * An error injected into exit_group: the call returns (ENOSYS, -e fault='s default), so its
 * line ends with the error like any other call's, not "= ?" (strace's qual_fault-exit_group).
 * The program then leaves by exit.  Run with -a0 -e trace=exit_group,exit -e fault=exit_group
 */
#include "tests.h"

int main(void)
{
	long rc = syscall(__NR_exit_group, 0);
	printf("exit_group(0) = %s (INJECTED)\n", sprintrc(rc));
	printf("exit(0) = ?\n");
	printf("+++ exited with 0 +++\n");
	fflush(stdout);
	syscall(__NR_exit, 0);
	return 1;
}
