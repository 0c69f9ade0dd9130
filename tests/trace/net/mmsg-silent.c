// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * -e verbose=none: sendmmsg and recvmmsg print their vector (and recvmmsg its timeout) as
 * addresses, all at entry, and recvmmsg no "(left ...)" after; a failed call the same.
 * Run with -a0 -e verbose=none -e trace=sendmmsg,recvmmsg.
 */

#include <sys/socket.h>
#include <sys/syscall.h>
#include <time.h>

#include "fdtest.h"

int main(void)
{
	int sv[2];
	char buf[8];
	struct iovec s_iov = { (void *)"one", 3 }, r_iov = { buf, sizeof(buf) };
	struct mmsghdr s = { .msg_hdr = { .msg_iov = &s_iov, .msg_iovlen = 1 } };
	struct mmsghdr r = { .msg_hdr = { .msg_iov = &r_iov, .msg_iovlen = 1 } };
	struct timespec ts = { 5, 0 };
	long rc;

	if (socketpair(AF_UNIX, SOCK_DGRAM, 0, sv))
		FAIL("socketpair: %m");
	rc = syscall(__NR_sendmmsg, sv[0], &s, 1, MSG_DONTWAIT);
	out("sendmmsg(%d, %p, 1, MSG_DONTWAIT) = %s\n", sv[0], (void *)&s, sprintrc(rc));
	rc = syscall(__NR_sendmmsg, -1, &s, 1, 0);
	out("sendmmsg(-1, %p, 1, 0) = %s\n", (void *)&s, sprintrc(rc));
	rc = syscall(__NR_recvmmsg, sv[1], &r, 1, 0, &ts);
	out("recvmmsg(%d, %p, 1, 0, %p) = %s\n", sv[1], (void *)&r, (void *)&ts, sprintrc(rc));
	rc = syscall(__NR_recvmmsg, sv[1], &r, 1, MSG_DONTWAIT, NULL);
	out("recvmmsg(%d, %p, 1, MSG_DONTWAIT, NULL) = %s\n", sv[1], (void *)&r, sprintrc(rc));
	out("+++ exited with 0 +++\n");
	return 0;
}
