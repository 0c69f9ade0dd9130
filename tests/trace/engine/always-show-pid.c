// SPDX-License-Identifier: LGPL-2.1-or-later
/* --always-show-pid (strace 6.9's): the "PID " prefix even for one process without -f. */
// strace-7.2: --always-show-pid is new in strace 6.9
#include "tests.h"

int main(void)
{
	int pid = (int)syscall(__NR_getpid);

	printf("%-5d getpid() = %d\n", pid, pid);
	printf("%-5d +++ exited with 0 +++\n", pid);
	return 0;
}
