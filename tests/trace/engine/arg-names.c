// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * -N/--arg-names (strace 6.16's): "name=" before each argument, the names from the signature
 * table's NAMES column, for a decoder's arguments printed at entry and at exit alike (read's
 * buf and count come at its exit), the generic printer's (lseek), and never inside a string or
 * a structure that holds ", ".  -P /dev/null keeps libc's own calls out.
 */
// strace-7.2: -N is new in strace 6.16
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include "tests.h"

int main(void)
{
	int fd = (int)syscall(__NR_openat, AT_FDCWD, "/dev/null", O_RDWR);
	if (fd < 0)
		FAIL("open /dev/null: %m");
	printf("openat(dirfd=AT_FDCWD, pathname=\"/dev/null\", flags=O_RDWR) = %d\n", fd);

	long rc = syscall(__NR_write, fd, "a, b", 4);
	printf("write(fd=%d, buf=\"a, b\", count=4) = %ld\n", fd, rc);

	char buf[16];
	rc = syscall(__NR_read, fd, buf, sizeof(buf));
	printf("read(fd=%d, buf=\"\", count=%zu) = %ld\n", fd, sizeof(buf), rc);

	rc = syscall(__NR_lseek, fd, 0L, SEEK_SET);
	printf("lseek(fd=%d, offset=0, whence=SEEK_SET) = %ld\n", fd, rc);

	rc = syscall(__NR_flock, fd, LOCK_SH | LOCK_NB);
	printf("flock(fd=%d, op=LOCK_SH|LOCK_NB) = %ld\n", fd, rc);

	struct stat st;
	rc = syscall(__NR_fstat, fd, &st);
	printf("fstat(fd=%d, statbuf={st_mode=S_IFCHR|0666, st_rdev=makedev(0x1, 0x3), ...}) = %ld\n",
	       fd, rc);

	rc = syscall(__NR_close, fd);
	printf("close(fd=%d) = %ld\n", fd, rc);

	printf("+++ exited with 0 +++\n");
	return 0;
}
