// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
// strace-7.2-lines: ^getxattr\( ;; strace 6.1 prints a size query's buffer as the value it read
/*
 * getxattr, lgetxattr, fgetxattr: a size query (size 0) prints its buffer as an address even
 * when it succeeds, as strace 7.2 does; with a size the value the kernel wrote, as long as the
 * result says.  The attribute is set untraced on a file in the test's directory (skipped
 * where the file system has no user attributes).  Run with -a0 -e trace=getxattr,lgetxattr,
 * fgetxattr.
 */
#include <fcntl.h>
#include <sys/xattr.h>

#include "fdtest.h"

int main(void)
{
	static const char name[] = "user.sttrace";
	char val[16];
	long rc;
	int fd = open("xattr-get.file", O_RDWR | O_CREAT | O_TRUNC, 0600);

	if (fd < 0)
		FAIL("open: %m");
	if (fsetxattr(fd, name, "abc", 3, 0))
		SKIP("no user attributes here: %m");
	rc = syscall(__NR_getxattr, "xattr-get.file", name, val, 0);
	out("getxattr(\"xattr-get.file\", \"%s\", %p, 0) = %s\n", name, (void *)val, sprintrc(rc));
	rc = syscall(__NR_lgetxattr, "xattr-get.file", name, NULL, 0);
	out("lgetxattr(\"xattr-get.file\", \"%s\", NULL, 0) = %s\n", name, sprintrc(rc));
	rc = syscall(__NR_fgetxattr, fd, name, val, sizeof(val));
	out("fgetxattr(%d, \"%s\", \"abc\", %zu) = %s\n", fd, name, sizeof(val), sprintrc(rc));
	rc = syscall(__NR_fgetxattr, fd, name, val, 1);
	out("fgetxattr(%d, \"%s\", %p, 1) = %s\n", fd, name, (void *)val, sprintrc(rc));
	close(fd);
	unlink("xattr-get.file");
	out("+++ exited with 0 +++\n");
	return 0;
}
