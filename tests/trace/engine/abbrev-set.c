// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * -e abbrev=!execve: execve's environment in full (as -v would show it), execveat's still
 * abbreviated to its count.  Only failed calls are shown (-e status=failed), which keeps out
 * the tracer's own first execve.
 * Run with -a0 -e abbrev=!execve -e trace=execve,execveat -e status=failed.
 */
#include <fcntl.h>

#include "tests.h"

int main(void)
{
	char *argv[] = { "b", NULL }, *envp[] = { "A=1", "B=2", NULL };
	long rc;

	rc = syscall(__NR_execve, "/nonexistent/b", argv, envp);
	printf("execve(\"/nonexistent/b\", [\"b\"], [\"A=1\", \"B=2\"]) = %s\n", sprintrc(rc));
	rc = syscall(__NR_execveat, AT_FDCWD, "/nonexistent/c", argv, envp, 0);
	printf("execveat(AT_FDCWD, \"/nonexistent/c\", [\"b\"], %p /* 2 vars */, 0) = %s\n",
	       (void *)envp, sprintrc(rc));
	printf("+++ exited with 0 +++\n");
	return 0;
}
