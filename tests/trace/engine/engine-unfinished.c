// SPDX-License-Identifier: LGPL-2.1-or-later
// strace-7.2-lines: unfinished|resumed ;; strace 7 prints the ", " before an argument of the exit at the exit
/*
 * Interleaving under -f: the parent blocks in wait4 while its child makes a traced call, so the
 * parent's line is cut with " <unfinished ...>" and finished later as "<... wait4 resumed>".
 * The child waits until /proc says its parent sleeps in wait4 (syscall 61), so the order is fixed.
 * Signals are not traced (-e signal=none): the polling child may have used a tick of CPU time,
 * which would show in the SIGCHLD siginfo (engine-fork checks that line).
 */
#include <fcntl.h>
#include <sys/wait.h>
#include "tests.h"

static int parent_in_wait4(pid_t ppid)
{
	char path[64], buf[64] = "";
	snprintf(path, sizeof(path), "/proc/%d/syscall", ppid);
	int fd = open(path, O_RDONLY);
	if (fd < 0)
		return 0;
	ssize_t n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	return n > 3 && !strncmp(buf, "61 ", 3);
}

int main(void)
{
	pid_t parent = getpid();
	pid_t pid = test_fork();
	if (pid == 0) {
		while (!parent_in_wait4(parent))
			usleep(1000);
		syscall(__NR_getppid);
		_exit(0);
	}
	int status;
	if (syscall(__NR_wait4, pid, &status, 0, NULL) != pid)
		FAIL("wait4: %m");
	printf("%-5d wait4(%d <unfinished ...>\n", parent, pid);
	printf("%-5d getppid() = %d\n", pid, parent);
	printf("%-5d +++ exited with 0 +++\n", pid);
	printf("%-5d <... wait4 resumed>, [{WIFEXITED(s) && WEXITSTATUS(s) == 0}], 0, NULL) = %d\n",
	       parent, pid);
	printf("%-5d +++ exited with 0 +++\n", parent);
	return 0;
}
