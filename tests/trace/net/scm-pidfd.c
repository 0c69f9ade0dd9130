// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * recvmsg's SCM_PIDFD control message (SO_PASSPIDFD): its data is the pidfd the kernel
 * installed in the receiver, printed as a descriptor (strace 7.2).
 * Run with -a0 -e trace=recvmsg
 */
// strace-7.2: strace 6.1 does not decode SCM_PIDFD's data
#include <string.h>
#include <sys/socket.h>
#include "tests.h"

#ifndef SO_PASSPIDFD
#define SO_PASSPIDFD 76
#endif

int main(void)
{
	int sv[2], one = 1;

	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv))
		FAIL("socketpair: %m");
	if (setsockopt(sv[0], SOL_SOCKET, SO_PASSPIDFD, &one, sizeof(one)))
		FAIL("setsockopt SO_PASSPIDFD: %m");
	if (send(sv[1], "A", 1, 0) != 1)
		FAIL("send: %m");
	union {
		struct cmsghdr h;
		char buf[CMSG_SPACE(sizeof(int))];
	} u;
	char c = 0;
	struct iovec iov = { &c, 1 };
	struct msghdr m = { .msg_iov = &iov, .msg_iovlen = 1, .msg_control = u.buf,
			    .msg_controllen = sizeof(u.buf) };
	memset(&u, 0, sizeof(u));
	long rc = recvmsg(sv[0], &m, 0);
	struct cmsghdr *h = CMSG_FIRSTHDR(&m);
	if (rc != 1 || !h || h->cmsg_type != 4 /* SCM_PIDFD */)
		FAIL("recvmsg: no SCM_PIDFD");
	int fd;
	memcpy(&fd, CMSG_DATA(h), sizeof(fd));
	printf("recvmsg(%d, {msg_name=NULL, msg_namelen=0, msg_iov=[{iov_base=\"A\", iov_len=1}], "
	       "msg_iovlen=1, msg_control=[{cmsg_len=%zu, cmsg_level=SOL_SOCKET, "
	       "cmsg_type=SCM_PIDFD, cmsg_data=%d}], msg_controllen=%zu, msg_flags=0}, 0) = 1\n",
	       sv[0], (size_t)h->cmsg_len, fd, (size_t)m.msg_controllen);
	printf("+++ exited with 0 +++\n");
	return 0;
}
