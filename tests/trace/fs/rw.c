// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * read, write, pread64, pwrite64: buffers cut by -s, non-printable bytes escaped, the buffer
 * of a failed read shown as its address, offsets signed.  The expected text goes out with
 * writev (see fdtest.h), so write can be traced.  Run with -a0 -s10 -e trace=read,write,
 * pread64,pwrite64; the -x and -xx variants build with XFLAG 1 or 2.
 */
#include <fcntl.h>

#include "fdtest.h"

#ifndef XFLAG
#define XFLAG 0
#endif

int main(void)
{
	static const char data[] = "hello\tworld\001\0002 and more";
	char path[64], buf[64];
	long rc;

	snprintf(path, sizeof(path), "/tmp/sttrace-rw-%d", getpid());
	int fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	unlink(path);

	rc = syscall(__NR_write, fd, data, 5);
#if XFLAG == 2
	out("write(%d, \"\\x68\\x65\\x6c\\x6c\\x6f\", 5) = %s\n", fd, sprintrc(rc));
#else
	out("write(%d, \"hello\", 5) = %s\n", fd, sprintrc(rc));
#endif
	rc = syscall(__NR_write, fd, data + 5, sizeof(data) - 6);
#if XFLAG == 2
	out("write(%d, \"\\x09\\x77\\x6f\\x72\\x6c\\x64\\x01\\x00\\x32\\x20\"..., %zu) = %s\n",
	    fd, sizeof(data) - 6, sprintrc(rc));
#elif XFLAG == 1
	out("write(%d, \"\\x09\\x77\\x6f\\x72\\x6c\\x64\\x01\\x00\\x32\\x20\"..., %zu) = %s\n",
	    fd, sizeof(data) - 6, sprintrc(rc));
#else
	out("write(%d, \"\\tworld\\1\\0002 \"..., %zu) = %s\n", fd, sizeof(data) - 6, sprintrc(rc));
#endif
	rc = syscall(__NR_lseek, fd, 0, SEEK_SET);
	rc = syscall(__NR_read, fd, buf, 3);
#if XFLAG == 2
	out("read(%d, \"\\x68\\x65\\x6c\", 3) = %s\n", fd, sprintrc(rc));
#else
	out("read(%d, \"hel\", 3) = %s\n", fd, sprintrc(rc));
#endif
	rc = syscall(__NR_read, -1, buf, 3);
	out("read(-1, %p, 3) = %s\n", buf, sprintrc(rc));
	rc = syscall(__NR_read, fd, NULL, 3);
	out("read(%d, NULL, 3) = %s\n", fd, sprintrc(rc));
	rc = syscall(__NR_pread64, fd, buf, 2, 3L);
#if XFLAG == 2
	out("pread64(%d, \"\\x6c\\x6f\", 2, 3) = %s\n", fd, sprintrc(rc));
#else
	out("pread64(%d, \"lo\", 2, 3) = %s\n", fd, sprintrc(rc));
#endif
	rc = syscall(__NR_pread64, fd, buf, 2, -1L);
	out("pread64(%d, %p, 2, -1) = %s\n", fd, buf, sprintrc(rc));
	rc = syscall(__NR_pread64, fd, buf, sizeof(buf), 1000L);
#if XFLAG
	out("pread64(%d, \"\", %zu, 1000) = %s\n", fd, sizeof(buf), sprintrc(rc));
#else
	out("pread64(%d, \"\", %zu, 1000) = %s\n", fd, sizeof(buf), sprintrc(rc));
#endif
	rc = syscall(__NR_pwrite64, fd, "\377\376", 2, 4096L);
#if XFLAG
	out("pwrite64(%d, \"\\xff\\xfe\", 2, 4096) = %s\n", fd, sprintrc(rc));
#else
	out("pwrite64(%d, \"\\377\\376\", 2, 4096) = %s\n", fd, sprintrc(rc));
#endif
	rc = syscall(__NR_write, fd, (void *)8, 1);
	out("write(%d, 0x8, 1) = %s\n", fd, sprintrc(rc));
	close(fd);
	out("+++ exited with 0 +++\n");
	return 0;
}
