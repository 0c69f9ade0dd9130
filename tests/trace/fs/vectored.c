// SPDX-License-Identifier: LGPL-2.1-or-later
// strace-7.2-lines: RWF_HIPRI\|RWF_DSYNC\| ;; RWF_NOSIGNAL (0x100) has a name
// link: -static
/*
 * readv, writev, preadv, pwritev, preadv2, pwritev2: iovec arrays with buffers cut by -s, a
 * read's data spread over its buffers up to the return value, a failed read's buffers as
 * addresses, arrays longer than -s cut to "...", an unreadable iovec array, RWF_* flags with
 * unknown bits.  Run with -a0 -s4 -e trace=readv,writev,preadv,pwritev,preadv2,pwritev2.
 */
#include <fcntl.h>
#include <sys/uio.h>

#include "tests.h"

int main(void)
{
	char path[64], a[8], b[8];
	long rc;

	snprintf(path, sizeof(path), "/tmp/sttrace-vec-%d", getpid());
	int fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	unlink(path);

	struct iovec w[] = { { "hello", 5 }, { "ab", 2 }, { "", 0 } };
	rc = syscall(__NR_writev, fd, w, 3);
	printf("writev(%d, [{iov_base=\"hell\"..., iov_len=5}, {iov_base=\"ab\", iov_len=2}, "
	       "{iov_base=\"\", iov_len=0}], 3) = %s\n", fd, sprintrc(rc));

	struct iovec r[] = { { a, 4 }, { b, 8 } };
	rc = syscall(__NR_preadv, fd, r, 2, 1);
	printf("preadv(%d, [{iov_base=\"ello\", iov_len=4}, {iov_base=\"ab\", iov_len=8}], 2, 1)"
	       " = %s\n", fd, sprintrc(rc));
	rc = syscall(__NR_lseek, fd, 0, SEEK_SET);
	rc = syscall(__NR_readv, fd, r, 2);
	printf("readv(%d, [{iov_base=\"hell\", iov_len=4}, {iov_base=\"oab\", iov_len=8}], 2)"
	       " = %s\n", fd, sprintrc(rc));
	rc = syscall(__NR_readv, -1, r, 2);
	printf("readv(-1, [{iov_base=%p, iov_len=4}, {iov_base=%p, iov_len=8}], 2) = %s\n",
	       a, b, sprintrc(rc));

	struct iovec many[6];
	for (int i = 0; i < 6; i++)
		many[i] = (struct iovec){ "x", 1 };
	rc = syscall(__NR_pwritev, fd, many, 6, 100);
	printf("pwritev(%d, [{iov_base=\"x\", iov_len=1}, {iov_base=\"x\", iov_len=1}, "
	       "{iov_base=\"x\", iov_len=1}, {iov_base=\"x\", iov_len=1}, ...], 6, 100) = %s\n",
	       fd, sprintrc(rc));
	rc = syscall(__NR_writev, fd, (void *)8, 2);
	printf("writev(%d, 0x8, 2) = %s\n", fd, sprintrc(rc));
	rc = syscall(__NR_writev, fd, NULL, 0);
	printf("writev(%d, NULL, 0) = %s\n", fd, sprintrc(rc));
	rc = syscall(__NR_writev, fd, w, 0);
	printf("writev(%d, [], 0) = %s\n", fd, sprintrc(rc));

	rc = syscall(__NR_pwritev2, fd, w, 1, 0, 0, RWF_DSYNC | RWF_HIPRI | 0x100);
	printf("pwritev2(%d, [{iov_base=\"hell\"..., iov_len=5}], 1, 0, RWF_HIPRI|RWF_DSYNC|RWF_NOSIGNAL)"
	       " = %s\n", fd, sprintrc(rc));
	rc = syscall(__NR_pwritev2, fd, w, 1, -1L, 0, RWF_APPEND);
	printf("pwritev2(%d, [{iov_base=\"hell\"..., iov_len=5}], 1, -1, RWF_APPEND) = %s\n", fd,
	       sprintrc(rc));
	rc = syscall(__NR_preadv2, fd, r, 1, 2, 0, 0);
	printf("preadv2(%d, [{iov_base=\"lloa\", iov_len=4}], 1, 2, 0) = %s\n", fd, sprintrc(rc));

	printf("+++ exited with 0 +++\n");
	return 0;
}
