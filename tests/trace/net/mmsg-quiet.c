// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * -e verbose=none (strace's verbose(tcp) false): sendmmsg and recvmmsg print their vector and
 * timeout as addresses, with vlen and flags, on success and on failure; recvmmsg's "left"
 * timeout is not shown.  Run with -a0 -e verbose=none -e trace=sendmmsg,recvmmsg.
 */
#include <sys/socket.h>
#include <time.h>

#include "tests.h"

int main(void)
{
	int sv[2];
	char c = 'A';
	struct iovec iov = { .iov_base = &c, .iov_len = 1 };
	struct mmsghdr m = { .msg_hdr = { .msg_iov = &iov, .msg_iovlen = 1 } };
	struct timespec ts = { 0, 12345678 };

	if (socketpair(AF_UNIX, SOCK_DGRAM, 0, sv))
		SKIP("no socketpair");
	long rc = syscall(__NR_sendmmsg, sv[1], &m, 1, MSG_DONTWAIT);
	printf("sendmmsg(%d, %p, 1, MSG_DONTWAIT) = %ld\n", sv[1], (void *)&m, rc);
	rc = syscall(__NR_recvmmsg, sv[0], &m, 1, MSG_DONTWAIT, &ts);
	printf("recvmmsg(%d, %p, 1, MSG_DONTWAIT, %p) = %ld\n", sv[0], (void *)&m, (void *)&ts, rc);
	syscall(__NR_sendmmsg, -1, &m, 2, 0);
	printf("sendmmsg(-1, %p, 2, 0) = -1 EBADF (Bad file descriptor)\n", (void *)&m);
	syscall(__NR_recvmmsg, -1, NULL, 1, MSG_PEEK, NULL);
	printf("recvmmsg(-1, NULL, 1, MSG_PEEK, NULL) = -1 EBADF (Bad file descriptor)\n");

	printf("+++ exited with 0 +++\n");
	return 0;
}
