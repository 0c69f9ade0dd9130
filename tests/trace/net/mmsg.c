// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * sendmmsg and recvmmsg on a datagram socket pair: the mmsghdr vector with each message's
 * msg_len, recvmmsg's timeout as passed and "(left ...)" after, a failed sendmmsg still showing
 * its vector, and "(Timeout)"-less EAGAIN with MSG_DONTWAIT.  Run with -a0 -e trace=sendmmsg,recvmmsg.
 */

#include <sys/socket.h>
#include <sys/syscall.h>
#include <time.h>

#include "fdtest.h"

#define HDR(b) "{msg_hdr={msg_name=NULL, msg_namelen=0, msg_iov=[{iov_base=\"" b "\", "

int main(void)
{
	int sv[2];
	char r0[8], r1[8];
	struct iovec s_iov[2] = { { (void *)"one", 3 }, { (void *)"three", 5 } };
	struct iovec r_iov[2] = { { r0, sizeof(r0) }, { r1, sizeof(r1) } };
	struct mmsghdr s[2] = { { .msg_hdr = { .msg_iov = &s_iov[0], .msg_iovlen = 1 } },
				{ .msg_hdr = { .msg_iov = &s_iov[1], .msg_iovlen = 1 } } };
	struct mmsghdr r[2] = { { .msg_hdr = { .msg_iov = &r_iov[0], .msg_iovlen = 1 } },
				{ .msg_hdr = { .msg_iov = &r_iov[1], .msg_iovlen = 1 } } };
	struct timespec ts = { 5, 0 };
	long rc;

	if (socketpair(AF_UNIX, SOCK_DGRAM, 0, sv))
		FAIL("socketpair: %m");
	rc = syscall(__NR_sendmmsg, sv[0], s, 2, 0);
	out("sendmmsg(%d, [" HDR("one") "iov_len=3}], msg_iovlen=1, msg_controllen=0, "
	    "msg_flags=0}, msg_len=3}, " HDR("three") "iov_len=5}], msg_iovlen=1, "
	    "msg_controllen=0, msg_flags=0}, msg_len=5}], 2, 0) = %s\n", sv[0], sprintrc(rc));
	rc = syscall(__NR_sendmmsg, -1, s, 1, 0);
	out("sendmmsg(-1, [" HDR("one") "iov_len=3}], msg_iovlen=1, msg_controllen=0, "
	    "msg_flags=0}}], 1, 0) = %s\n", sprintrc(rc));
	rc = syscall(__NR_recvmmsg, sv[1], r, 2, 0, &ts);
	out("recvmmsg(%d, [" HDR("one") "iov_len=8}], msg_iovlen=1, msg_controllen=0, "
	    "msg_flags=0}, msg_len=3}, " HDR("three") "iov_len=8}], msg_iovlen=1, "
	    "msg_controllen=0, msg_flags=0}, msg_len=5}], 2, 0, {tv_sec=5, tv_nsec=0}) = %s "
	    "(left {tv_sec=%lld, tv_nsec=%llu})\n", sv[1], sprintrc(rc), (long long)ts.tv_sec,
	    (unsigned long long)ts.tv_nsec);
	rc = syscall(__NR_recvmmsg, sv[1], r, 2, MSG_DONTWAIT, NULL);
	out("recvmmsg(%d, %p, 2, MSG_DONTWAIT, NULL) = %s\n", sv[1], (void *)r, sprintrc(rc));
	out("+++ exited with 0 +++\n");
	return 0;
}
