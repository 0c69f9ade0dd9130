// SPDX-License-Identifier: LGPL-2.1-or-later
/* -Z keeps only failed calls, -z only successful ones; the registry runs this with -Z. */
#include "tests.h"

int main(void)
{
	syscall(__NR_close, 0x7fff0000);
	syscall(__NR_close, 1000);
	int fd = dup(0);
	syscall(__NR_close, fd);
	printf("close(2147418112) = -1 EBADF (Bad file descriptor)\n");
	printf("close(1000) = -1 EBADF (Bad file descriptor)\n");
	printf("+++ exited with 0 +++\n");
	return 0;
}
