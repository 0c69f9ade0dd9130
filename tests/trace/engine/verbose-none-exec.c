// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * execve and execveat under -e verbose=none (strace's verbose(tcp) false): argv and envp are
 * addresses, without the "/\* N vars *\/" count.  Only failed calls are shown (-e
 * status=failed), which keeps out the tracer's own first execve.
 * Run with -a0 -e verbose=none -e trace=execve,execveat -e status=failed.
 */
#include <fcntl.h>

#include "tests.h"

int main(void)
{
	char *argv[] = { "b", NULL }, *envp[] = { "A=1", NULL };
	long rc;

	rc = syscall(__NR_execve, "/nonexistent/b", argv, envp);
	printf("execve(\"/nonexistent/b\", %p, %p) = %s\n", (void *)argv, (void *)envp,
	       sprintrc(rc));
	rc = syscall(__NR_execveat, AT_FDCWD, "/nonexistent/c", argv, NULL, 0);
	printf("execveat(AT_FDCWD, \"/nonexistent/c\", %p, NULL, 0) = %s\n", (void *)argv,
	       sprintrc(rc));
	printf("+++ exited with 0 +++\n");
	return 0;
}
