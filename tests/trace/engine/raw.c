// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * -e raw=SET: the calls of SET print their arguments and their result as numbers, in hex as
 * strace prints them (its qual_fault tests read them so); a failure is "-1 ENAME (text)".
 * The result is in hex even where the call, decoded, returns an octal mode or an fd.
 */
// link: -static
#include "tests.h"

int main(void)
{
	long old = syscall(SYS_umask, 022L);
	printf("umask(0x12) = %#lx\n", old);

	long fd = syscall(SYS_dup, 1);
	printf("dup(0x1) = %#lx\n", fd);
	syscall(SYS_close, fd);
	printf("close(%#lx) = 0\n", fd);

	syscall(SYS_close, -1L);
	printf("close(0xffffffffffffffff) = -1 EBADF (%s)\n", strerror(EBADF));

	printf("+++ exited with 0 +++\n");
	return 0;
}
