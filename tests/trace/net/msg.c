// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * sendmsg, recvmsg: struct msghdr with a socket address, iovec arrays cut by -s and, for
 * recvmsg, by the return value; control messages SCM_RIGHTS (descriptors) and SCM_CREDENTIALS;
 * msg_namelen changed by the kernel (IN => OUT); MSG_* flags with unknown bits; failures
 * (a bad descriptor, an unreadable msghdr, a failed recvmsg showing only msg_namelen).
 * Run with -a0 -s5 -e trace=sendmsg,recvmsg.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/un.h>

#include "tests.h"

int main(void)
{
	int sv[2];
	long rc;

	if (socketpair(AF_UNIX, SOCK_DGRAM, 0, sv))
		FAIL("socketpair: %m");
	int one = 1;
	if (setsockopt(sv[1], SOL_SOCKET, SO_PASSCRED, &one, sizeof(one)))
		FAIL("setsockopt: %m");

	/* SCM_RIGHTS: two descriptors */
	struct iovec iov[] = { { "hello, world", 12 }, { "!", 1 } };
	union {
		char buf[CMSG_SPACE(2 * sizeof(int))];
		struct cmsghdr align;
	} ctl;
	struct msghdr m = { .msg_iov = iov, .msg_iovlen = 2, .msg_control = ctl.buf,
			    .msg_controllen = sizeof(ctl.buf) };
	struct cmsghdr *cm = CMSG_FIRSTHDR(&m);
	cm->cmsg_level = SOL_SOCKET;
	cm->cmsg_type = SCM_RIGHTS;
	cm->cmsg_len = CMSG_LEN(2 * sizeof(int));
	int fds[2] = { 0, 1 };
	memcpy(CMSG_DATA(cm), fds, sizeof(fds));
	rc = syscall(__NR_sendmsg, sv[0], &m, MSG_DONTWAIT | MSG_NOSIGNAL);
	printf("sendmsg(%d, {msg_name=NULL, msg_namelen=0, msg_iov=[{iov_base=\"hello\"..., "
	       "iov_len=12}, {iov_base=\"!\", iov_len=1}], msg_iovlen=2, msg_control=[{cmsg_len=%zu,"
	       " cmsg_level=SOL_SOCKET, cmsg_type=SCM_RIGHTS, cmsg_data=[0, 1]}], "
	       "msg_controllen=%zu, msg_flags=0}, MSG_DONTWAIT|MSG_NOSIGNAL) = %s\n", sv[0],
	       (size_t)CMSG_LEN(2 * sizeof(int)), sizeof(ctl.buf), sprintrc(rc));

	/* recvmsg: the data over two buffers, the descriptors and our credentials come back */
	char a[4], b[32];
	struct iovec riov[] = { { a, sizeof(a) }, { b, sizeof(b) } };
	union {
		char buf[256];
		struct cmsghdr align;
	} rctl;
	struct sockaddr_un from;
	struct msghdr r = { .msg_name = &from, .msg_namelen = sizeof(from), .msg_iov = riov,
			    .msg_iovlen = 2, .msg_control = rctl.buf,
			    .msg_controllen = sizeof(rctl.buf) };
	rc = syscall(__NR_recvmsg, sv[1], &r, MSG_CMSG_CLOEXEC);
	printf("recvmsg(%d, {msg_name=%p, msg_namelen=%zu => %d, msg_iov=[{iov_base=\"hell\", "
	       "iov_len=4}, {iov_base=\"o, wo\"..., iov_len=32}], msg_iovlen=2, msg_control=[",
	       sv[1], (void *)&from, sizeof(from), (int)r.msg_namelen);
	int first = 1;
	for (cm = CMSG_FIRSTHDR(&r); cm; cm = CMSG_NXTHDR(&r, cm)) {
		printf("%s{cmsg_len=%zu, cmsg_level=SOL_SOCKET, cmsg_type=", first ? "" : ", ",
		       (size_t)cm->cmsg_len);
		first = 0;
		if (cm->cmsg_type == SCM_RIGHTS) {
			int got[2];
			memcpy(got, CMSG_DATA(cm), sizeof(got));
			printf("SCM_RIGHTS, cmsg_data=[%d, %d]}", got[0], got[1]);
		} else {
			struct ucred uc;
			memcpy(&uc, CMSG_DATA(cm), sizeof(uc));
			printf("SCM_CREDENTIALS, cmsg_data={pid=%d, uid=%u, gid=%u}}", uc.pid,
			       uc.uid, uc.gid);
		}
	}
	printf("], msg_controllen=%zu, msg_flags=MSG_CMSG_CLOEXEC}, MSG_CMSG_CLOEXEC) = %s\n",
	       (size_t)r.msg_controllen, sprintrc(rc));

	/* sendmsg with an address and an unknown flag bit; the socket is connected: EISCONN */
	struct sockaddr_in sin = { .sin_family = AF_INET, .sin_port = htons(7),
				   .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	struct msghdr n = { .msg_name = &sin, .msg_namelen = sizeof(sin), .msg_iov = iov,
			    .msg_iovlen = 1 };
	rc = syscall(__NR_sendmsg, sv[0], &n, MSG_MORE | 0x1000000);
	printf("sendmsg(%d, {msg_name={sa_family=AF_INET, sin_port=htons(7), "
	       "sin_addr=inet_addr(\"127.0.0.1\")}, msg_namelen=16, msg_iov=[{iov_base=\"hello\"...,"
	       " iov_len=12}], msg_iovlen=1, msg_controllen=0, msg_flags=0}, MSG_MORE|0x1000000)"
	       " = %s\n", sv[0], sprintrc(rc));

	/* failures */
	rc = syscall(__NR_sendmsg, -1, (void *)8, 0);
	printf("sendmsg(-1, 0x8, 0) = %s\n", sprintrc(rc));
	rc = syscall(__NR_recvmsg, sv[1], NULL, 0);
	printf("recvmsg(%d, NULL, 0) = %s\n", sv[1], sprintrc(rc));
	r.msg_namelen = 20;
	rc = syscall(__NR_recvmsg, sv[1], &r, MSG_DONTWAIT);
	printf("recvmsg(%d, {msg_namelen=20}, MSG_DONTWAIT) = %s\n", sv[1], sprintrc(rc));

	printf("+++ exited with 0 +++\n");
	return 0;
}
