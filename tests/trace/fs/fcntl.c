// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * fcntl: each command's argument form, F_GETFD/F_GETFL results shown as flags after a hex
 * return value, struct flock read at entry (F_SETLK) or printed at exit (F_GETLK), F_DUPFD's
 * descriptor, an unknown command, EBADF.  Run with -a0 -e trace=fcntl.
 */
#include <fcntl.h>
#include <signal.h>

#include "fdtest.h"

int main(void)
{
	char path[64];
	long rc;

	snprintf(path, sizeof(path), "/tmp/sttrace-fcntl-%d", getpid());
	int fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	unlink(path);

	rc = syscall(__NR_fcntl, fd, F_GETFD);
	out("fcntl(%d, F_GETFD) = %s\n", fd, sprintrc(rc));
	rc = syscall(__NR_fcntl, fd, F_SETFD, FD_CLOEXEC);
	out("fcntl(%d, F_SETFD, FD_CLOEXEC) = %s\n", fd, sprintrc(rc));
	rc = syscall(__NR_fcntl, fd, F_GETFD);
	out("fcntl(%d, F_GETFD) = %#lx (flags FD_CLOEXEC)\n", fd, rc);
	rc = syscall(__NR_fcntl, fd, F_SETFD, 3);
	out("fcntl(%d, F_SETFD, FD_CLOEXEC|0x2) = %s\n", fd, sprintrc(rc));
	rc = syscall(__NR_fcntl, fd, F_GETFL);
	out("fcntl(%d, F_GETFL) = %#lx (flags O_RDWR|O_LARGEFILE)\n", fd, rc);
	rc = syscall(__NR_fcntl, fd, F_SETFL, O_NONBLOCK | O_APPEND);
	out("fcntl(%d, F_SETFL, O_RDONLY|O_APPEND|O_NONBLOCK) = %s\n", fd, sprintrc(rc));
	rc = syscall(__NR_fcntl, fd, F_GETFL);
	out("fcntl(%d, F_GETFL) = %#lx (flags O_RDWR|O_APPEND|O_NONBLOCK|O_LARGEFILE)\n", fd, rc);
	rc = syscall(__NR_fcntl, -1, F_GETFL);
	out("fcntl(-1, F_GETFL) = %s\n", sprintrc(rc));
	rc = syscall(__NR_fcntl, fd, F_DUPFD, 10);
	out("fcntl(%d, F_DUPFD, 10) = %s\n", fd, sprintrc(rc));
	rc = syscall(__NR_fcntl, fd, F_DUPFD_CLOEXEC, 0);
	out("fcntl(%d, F_DUPFD_CLOEXEC, 0) = %s\n", fd, sprintrc(rc));

	struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = 10, .l_len = 20 };
	rc = syscall(__NR_fcntl, fd, F_SETLK, &fl);
	out("fcntl(%d, F_SETLK, {l_type=F_WRLCK, l_whence=SEEK_SET, l_start=10, l_len=20}) = %s\n",
	    fd, sprintrc(rc));
	fl = (struct flock){ .l_type = F_RDLCK, .l_whence = SEEK_CUR, .l_start = 5, .l_len = 0 };
	rc = syscall(__NR_fcntl, fd, F_GETLK, &fl);
	/* Our own lock never conflicts: the kernel answers F_UNLCK and leaves the rest. */
	out("fcntl(%d, F_GETLK, {l_type=F_UNLCK, l_whence=SEEK_CUR, l_start=5, l_len=0, "
	    "l_pid=%d}) = %s\n", fd, fl.l_pid, sprintrc(rc));
	rc = syscall(__NR_fcntl, fd, F_SETLKW, NULL);
	out("fcntl(%d, F_SETLKW, NULL) = %s\n", fd, sprintrc(rc));
	rc = syscall(__NR_fcntl, fd, F_GETLK, (void *)8);
	out("fcntl(%d, F_GETLK, 0x8) = %s\n", fd, sprintrc(rc));

	rc = syscall(__NR_fcntl, fd, F_SETOWN, getpid());
	out("fcntl(%d, F_SETOWN, %d) = %s\n", fd, getpid(), sprintrc(rc));
	rc = syscall(__NR_fcntl, fd, F_GETOWN);
	out("fcntl(%d, F_GETOWN) = %s\n", fd, sprintrc(rc));
	rc = syscall(__NR_fcntl, fd, F_SETSIG, SIGUSR1);
	out("fcntl(%d, F_SETSIG, SIGUSR1) = %s\n", fd, sprintrc(rc));
	rc = syscall(__NR_fcntl, fd, F_GETSIG);
	out("fcntl(%d, F_GETSIG) = %s (SIGUSR1)\n", fd, sprintrc(rc));

	int pfd[2];
	if (pipe(pfd))
		FAIL("pipe: %m");
	rc = syscall(__NR_fcntl, pfd[0], F_GETPIPE_SZ);
	out("fcntl(%d, F_GETPIPE_SZ) = %s\n", pfd[0], sprintrc(rc));
	rc = syscall(__NR_fcntl, pfd[0], F_SETPIPE_SZ, 8192);
	out("fcntl(%d, F_SETPIPE_SZ, 8192) = %s\n", pfd[0], sprintrc(rc));
	rc = syscall(__NR_fcntl, fd, 0xdead, 0x1234);
	out("fcntl(%d, 0xdead /* F_??? */, 0x1234) = %s\n", fd, sprintrc(rc));
	out("+++ exited with 0 +++\n");
	return 0;
}
