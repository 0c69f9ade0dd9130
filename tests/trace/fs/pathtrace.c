// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * -P: only the calls that name a path or use a descriptor open on it are shown.  Descriptors
 * match through their /proc link, a canonical path: /dev/null's do; ptest.file's do not,
 * since it does not exist when -P resolves it (as in strace), so only the calls naming it show.
 * The same calls on another file do not show.  Run in the test's own directory with
 * -a0 -P ptest.file -P /dev/null.
 */
#include <fcntl.h>
#include "tests.h"

int main(void)
{
	long fd = syscall(__NR_openat, AT_FDCWD, "ptest.file", O_RDWR | O_CREAT | O_TRUNC, 0600);
	long null = open("/dev/null", O_WRONLY);
	long wn = syscall(__NR_write, null, "0123", 4);
	long cn = syscall(__NR_close, null);
	long other = syscall(__NR_openat, AT_FDCWD, "other.file", O_RDWR | O_CREAT | O_TRUNC, 0600);
	long w1 = syscall(__NR_write, fd, "abc", 3);
	syscall(__NR_write, other, "xyz", 3);
	long l = syscall(__NR_lseek, fd, 0, SEEK_SET);
	syscall(__NR_close, other);
	long c = syscall(__NR_close, fd);
	long u = syscall(__NR_unlink, "ptest.file");
	syscall(__NR_unlink, "other.file");
	printf("openat(AT_FDCWD, \"ptest.file\", O_RDWR|O_CREAT|O_TRUNC, 0600) = %ld\n", fd);
	printf("openat(AT_FDCWD, \"/dev/null\", O_WRONLY) = %ld\n", null);
	printf("write(%ld, \"0123\", 4) = %ld\n", null, wn);
	printf("close(%ld) = %ld\n", null, cn);
	(void)w1, (void)l, (void)c;
	printf("unlink(\"ptest.file\") = %ld\n", u);
	printf("+++ exited with 0 +++\n");
	return 0;
}
