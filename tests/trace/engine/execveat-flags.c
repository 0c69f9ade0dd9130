// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * execveat's flags are its own set, as strace 7.2 prints them: AT_SYMLINK_NOFOLLOW,
 * AT_EMPTY_PATH and AT_EXECVE_CHECK (0x10000) by name, any other bit (AT_REMOVEDIR's 0x200
 * too) in hex.  Run with -a0 -e trace=execveat -e status=failed
 */
// strace-7.2: strace 6.1 names execveat's flags from the whole AT_* set, without AT_EXECVE_CHECK
#include <fcntl.h>
#include "tests.h"

static char path[3][16] = { "/nonexistent/a", "/nonexistent/b", "/nonexistent/c" };

int main(void)
{
	long rc = syscall(__NR_execveat, AT_FDCWD, path[0], NULL, NULL,
			  0x100 | 0x1000 | 0x10000);
	printf("execveat(AT_FDCWD, \"/nonexistent/a\", NULL, NULL, "
	       "AT_SYMLINK_NOFOLLOW|AT_EMPTY_PATH|AT_EXECVE_CHECK) = %s\n", sprintrc(rc));
	rc = syscall(__NR_execveat, AT_FDCWD, path[1], NULL, NULL, 0xfffeeeff);
	printf("execveat(AT_FDCWD, \"/nonexistent/b\", NULL, NULL, 0xfffeeeff /* AT_??? */) = %s\n",
	       sprintrc(rc));
	rc = syscall(__NR_execveat, AT_FDCWD, path[2], NULL, NULL, 0x200 | 0x100);
	printf("execveat(AT_FDCWD, \"/nonexistent/c\", NULL, NULL, AT_SYMLINK_NOFOLLOW|0x200) = %s\n",
	       sprintrc(rc));
	printf("+++ exited with 0 +++\n");
	return 0;
}
