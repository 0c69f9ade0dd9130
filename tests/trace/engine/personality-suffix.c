// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * strace's personality designators in -e trace=: NAME@64 is the native call, NAME@32 and
 * NAME@x32 the compat ones, which a 64-bit program does not make.  The registry gives
 * -e trace=getcwd@64,getppid@32,getpid@x32.
 */
#include "tests.h"

int main(void)
{
	char buf[4096];
	long rc = syscall(__NR_getcwd, buf, sizeof(buf));

	syscall(__NR_getppid);
	syscall(__NR_getpid);
	if (rc < 0)
		FAIL("getcwd: %s", strerror(errno));
	printf("getcwd(");
	print_quoted_str(buf);
	printf(", 4096) = %ld\n", rc);
	printf("+++ exited with 0 +++\n");
	return 0;
}
