// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * --trace-fds=9 (strace 6.3's, -e fd= too): only the calls with descriptor 9 among their
 * descriptor arguments, whichever argument it is.
 */
// strace-7.2: --trace-fds is new in strace 6.3
#include "tests.h"

int main(void)
{
	int a = (int)syscall(__NR_dup2, 0, 9);
	int b = (int)syscall(__NR_dup, 1);
	int c = (int)syscall(__NR_dup, 9);

	syscall(__NR_close, b);
	syscall(__NR_close, c);
	syscall(__NR_close, 9);
	printf("dup2(0, 9) = %d\n", a);
	printf("dup(9) = %d\n", c);
	printf("close(9) = 0\n");
	printf("+++ exited with 0 +++\n");
	return 0;
}
