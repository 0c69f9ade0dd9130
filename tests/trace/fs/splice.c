// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
// strace-7.2-lines: ^sendfile\(.* => ;; strace 7.2 prints an updated offset inside the brackets: [2 => 5], not [2] => [5]
/*
 * sendfile, copy_file_range, splice, tee, vmsplice: offsets by reference (sendfile's updated value after
 * " => "), NULL offsets, unreadable ones, SPLICE_F_* flags with unknown bits, failures.
 * Run with -a0 -e trace=sendfile,copy_file_range,splice,tee,vmsplice.
 */
#include <fcntl.h>
#include <stdint.h>
#include <sys/uio.h>

#include "tests.h"

int main(void)
{
	char path[64];
	long rc;
	int p[2], q[2];

	snprintf(path, sizeof(path), "/tmp/sttrace-splice-%d", getpid());
	int fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	unlink(path);
	if (write(fd, "0123456789", 10) != 10 || pipe(p) || pipe(q))
		FAIL("setup: %m");

	int64_t off = 2;
	rc = syscall(__NR_sendfile, p[1], fd, &off, 3);
	printf("sendfile(%d, %d, [2 => 5], 3) = %s\n", p[1], fd, sprintrc(rc));
	rc = syscall(__NR_sendfile, p[1], fd, NULL, 3);
	printf("sendfile(%d, %d, NULL, 3) = %s\n", p[1], fd, sprintrc(rc));
	off = 20;
	rc = syscall(__NR_sendfile, p[1], fd, &off, 3);
	printf("sendfile(%d, %d, [20], 3) = %s\n", p[1], fd, sprintrc(rc));
	rc = syscall(__NR_sendfile, -1, fd, &off, 3);
	printf("sendfile(-1, %d, [20], 3) = %s\n", fd, sprintrc(rc));
	rc = syscall(__NR_sendfile, p[1], fd, (void *)8, 3);
	printf("sendfile(%d, %d, 0x8, 3) = %s\n", p[1], fd, sprintrc(rc));

	rc = syscall(__NR_tee, p[0], q[1], 2, SPLICE_F_NONBLOCK | 0x100);
	printf("tee(%d, %d, 2, SPLICE_F_NONBLOCK|0x100) = %s\n", p[0], q[1], sprintrc(rc));
	off = 7;
	rc = syscall(__NR_splice, p[0], NULL, fd, &off, 3, SPLICE_F_MOVE | SPLICE_F_MORE);
	printf("splice(%d, NULL, %d, [7], 3, SPLICE_F_MOVE|SPLICE_F_MORE) = %s\n", p[0], fd,
	       sprintrc(rc));
	rc = syscall(__NR_splice, -1, NULL, fd, (void *)8, 3, 0);
	printf("splice(-1, NULL, %d, 0x8, 3, 0) = %s\n", fd, sprintrc(rc));

	struct iovec iov[] = { { "abc", 3 }, { "defghij", 7 } };
	rc = syscall(__NR_vmsplice, q[1], iov, 2, SPLICE_F_GIFT);
	printf("vmsplice(%d, [{iov_base=\"abc\", iov_len=3}, {iov_base=\"defghij\", iov_len=7}], 2, "
	       "SPLICE_F_GIFT) = %s\n", q[1], sprintrc(rc));
	rc = syscall(__NR_vmsplice, -1, NULL, 0, 0);
	printf("vmsplice(-1, NULL, 0, 0) = %s\n", sprintrc(rc));

	int64_t in = 0, out = 10;
	rc = syscall(__NR_copy_file_range, fd, &in, fd, &out, 4, 0);
	printf("copy_file_range(%d, [0], %d, [10], 4, 0) = %s\n", fd, fd, sprintrc(rc));
	rc = syscall(__NR_copy_file_range, fd, NULL, -1, NULL, 4, 5);
	printf("copy_file_range(%d, NULL, -1, NULL, 4, 5) = %s\n", fd, sprintrc(rc));

	printf("+++ exited with 0 +++\n");
	return 0;
}
