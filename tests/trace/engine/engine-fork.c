// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * -f: a forked child's syscalls carry its pid, and each process's exit is reported.  With -o
 * and -f, strace prefixes lines with "PID " (no brackets).  Signals are not traced: SIGCHLD's
 * CPU times depend on where the clock ticks fall (engine-siginfo covers that line).
 */
#include <sys/wait.h>
#include "tests.h"

int main(void)
{
	pid_t parent = getpid(), grand = getppid();
	pid_t pid = test_fork();
	if (pid == 0) {
		syscall(__NR_getppid);
		_exit(0);
	}
	if (waitpid(pid, NULL, 0) != pid)
		FAIL("waitpid: %m");
	syscall(__NR_getppid);
	printf("%-5d getppid() = %d\n", parent, grand);
	printf("%-5d getppid() = %d\n", pid, parent);
	printf("%-5d +++ exited with 0 +++\n", pid);
	printf("%-5d getppid() = %d\n", parent, grand);
	printf("%-5d +++ exited with 0 +++\n", parent);
	return 0;
}
