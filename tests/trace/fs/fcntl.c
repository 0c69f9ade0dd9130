// SPDX-License-Identifier: LGPL-2.1-or-later
// strace-7.2-lines: F_DUPFD_QUERY|_RW_HINT|F_SETDELEG|0x40[3bc] /\* F_\?\?\? \*/|0x410 /\* F_\?\?\? \*/ ;; commands 6.1 did not know or decode
// link: -static
/*
 * fcntl: each command's argument form, F_GETFD/F_GETFL results shown as flags after a hex
 * return value, struct flock read at entry (F_SETLK) or printed at exit (F_GETLK), F_DUPFD's
 * descriptor, F_DUPFD_QUERY's, the write-life hints, F_SETDELEG's struct delegation (strace
 * 7.2), an unknown command, EBADF.  Run with -a0 -e trace=fcntl.
 */
#include <fcntl.h>
#include <stdint.h>
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
	/* strace 7.2: */
	rc = syscall(__NR_fcntl, pfd[0], 1027 /* F_DUPFD_QUERY */, pfd[1]);
	out("fcntl(%d, F_DUPFD_QUERY, %d) = %s\n", pfd[0], pfd[1], sprintrc(rc));
	uint64_t hint = 2 /* RWH_WRITE_LIFE_SHORT */;
	rc = syscall(__NR_fcntl, fd, 1036 /* F_SET_RW_HINT */, &hint);
	out("fcntl(%d, F_SET_RW_HINT, [RWH_WRITE_LIFE_SHORT]) = %s\n", fd, sprintrc(rc));
	hint = 0;
	rc = syscall(__NR_fcntl, fd, 1035 /* F_GET_RW_HINT */, &hint);
	if (rc == 0 && hint == 2)
		out("fcntl(%d, F_GET_RW_HINT, [RWH_WRITE_LIFE_SHORT]) = 0\n", fd);
	else
		out("fcntl(%d, F_GET_RW_HINT, %p) = %s\n", fd, (void *)&hint, sprintrc(rc));
	struct { uint32_t d_flags; uint16_t d_type, pad; } deleg = { 0, F_RDLCK, 0 };
	rc = syscall(__NR_fcntl, -1, 1040 /* F_SETDELEG */, &deleg);
	out("fcntl(-1, F_SETDELEG, {d_flags=0, d_type=F_RDLCK, __pad=0}) = %s\n", sprintrc(rc));
	rc = syscall(__NR_fcntl, fd, 0xdead, 0x1234);
	out("fcntl(%d, 0xdead /* F_??? */, 0x1234) = %s\n", fd, sprintrc(rc));
	out("+++ exited with 0 +++\n");
	return 0;
}
