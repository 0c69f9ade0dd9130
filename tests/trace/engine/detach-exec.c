// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * -b execve (--detach-on=execve): a process is let go when it execs, its execve line closed
 * with " <detached ...>", and what the new program does is not traced (its getpid); the
 * program's own first exec is sttrace's and traced on.
 * Run with -a0 -f -v -s4096 -b execve -e trace=execve,getpid -e signal=none.
 */
#include <sys/wait.h>
#include "tests.h"

int main(int argc, char **argv)
{
	char prefix[32];

	if (argc > 1) { /* the child, exec'd: untraced */
		syscall(__NR_getpid);
		return 0;
	}
	pid_t me = (pid_t)syscall(__NR_getpid);
	snprintf(prefix, sizeof(prefix), "%-5d ", me);
	print_own_execve(prefix, argv);
	printf("%-5d getpid() = %d\n", me, me);
	pid_t child = test_fork();
	if (!child) {
		char *args[] = { argv[0], "child", NULL };
		pid_t pid = (pid_t)syscall(__NR_getpid);
		printf("%-5d getpid() = %d\n", pid, pid);
		printf("%-5d execve(\"/proc/self/exe\", [\"%s\", \"child\"], NULL <detached ...>\n",
		       pid, argv[0]);
		fflush(stdout);
		syscall(__NR_execve, "/proc/self/exe", args, NULL);
		_exit(127);
	}
	int status;
	if (waitpid(child, &status, 0) != child || status)
		FAIL("the child failed: %#x", status);
	syscall(__NR_getpid);
	printf("%-5d getpid() = %d\n", me, me);
	printf("%-5d +++ exited with 0 +++\n", me);
	return 0;
}
