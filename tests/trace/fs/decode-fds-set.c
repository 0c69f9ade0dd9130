// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * -e decode-fds=SET: only the kinds of descriptor SET names are decorated.  With socket, dev
 * and pidfd (no path): a socket as <UNIX-STREAM:[INODE]>, a device as </dev/null<char 1:3>>, a
 * pidfd as <pid:N<comm>> (-Y), and a regular file or a pipe bare, since path is not asked for;
 * AT_FDCWD bare too.
 * Run with -a0 -Y -e decode-fds=socket,dev,pidfd -e trace=close,openat.
 */
#include <fcntl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include "tests.h"

int main(void)
{
	char comm[32];
	struct stat st;
	int p[2];

	own_comm(comm, sizeof(comm));
	int dev = (int)syscall(__NR_openat, AT_FDCWD, "/dev/null", O_RDONLY);
	printf("openat(AT_FDCWD, \"/dev/null\", O_RDONLY) = %d</dev/null<char 1:3>>\n", dev);
	int file = (int)syscall(__NR_openat, AT_FDCWD, "/proc/self/exe", O_RDONLY);
	printf("openat(AT_FDCWD, \"/proc/self/exe\", O_RDONLY) = %d\n", file);
	int s = socket(AF_UNIX, SOCK_STREAM, 0);
	if (s < 0 || pipe(p) || fstat(s, &st))
		FAIL("socket, pipe: %m");
	int pidfd = (int)syscall(__NR_pidfd_open, getpid(), 0);
	if (pidfd < 0)
		SKIP("pidfd_open: %m");
	syscall(__NR_close, dev);
	printf("close(%d</dev/null<char 1:3>>) = 0\n", dev);
	syscall(__NR_close, file);
	printf("close(%d) = 0\n", file);
	syscall(__NR_close, p[0]);
	printf("close(%d) = 0\n", p[0]);
	syscall(__NR_close, pidfd);
	printf("close(%d<pid:%d<%s>>) = 0\n", pidfd, getpid(), comm);
	syscall(__NR_close, s);
	printf("close(%d<UNIX-STREAM:[%lu]>) = 0\n", s, (unsigned long)st.st_ino);
	printf("+++ exited with 0 +++\n");
	return 0;
}
