// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * Without -f, a child's syscalls are not printed -- and with the seccomp prefilter the child
 * must still be able to make the selected syscall (a filtered child with no tracer would get
 * ENOSYS), so the child's openat has to succeed.
 */
#include <fcntl.h>
#include <sys/wait.h>
#include "tests.h"

int main(void)
{
	pid_t pid = test_fork();
	if (pid == 0)
		_exit(syscall(__NR_openat, AT_FDCWD, "/dev/null", O_RDONLY) < 0 ? errno : 0);
	int status;
	if (waitpid(pid, &status, 0) != pid)
		FAIL("waitpid: %m");
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		FAIL("the child's openat failed: %s", strerror(WEXITSTATUS(status)));
	long fd = syscall(__NR_openat, AT_FDCWD, "/dev/null", O_RDONLY);
	printf("openat(AT_FDCWD, \"/dev/null\", O_RDONLY) = %ld\n", fd);
	printf("+++ exited with 0 +++\n");
	return 0;
}
