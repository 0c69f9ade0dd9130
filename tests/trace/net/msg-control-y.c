// SPDX-License-Identifier: LGPL-2.1-or-later
// strace-7.2-lines: iov_base="A"|cmsg_len=(17|20), ;; strace 6.1 shows no SCM_PIDFD descriptor, no undecoded control data, no IP_PROTOCOL
/*
 * sendmsg and recvmsg control data with -y: the descriptors an SCM_RIGHTS message passes,
 * described as the sender's at entry and as the receiver's new ones at exit, and a control
 * buffer longer than a chased pointer's window (1 KiB of one SCM_RIGHTS), printed in full up
 * to -s elements; the pidfd of an SCM_PIDFD (SO_PASSPIDFD) described too; control data no
 * printer takes (an SCM_RIGHTS too short for a descriptor, an unknown type) in hex and
 * IP_PROTOCOL's protocol by name.  Run with -a0 -y -e trace=sendmsg,recvmsg.
 */
#include <fcntl.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>

#include "fdtest.h"

static unsigned long ino(int fd)
{
	struct stat st;

	if (fstat(fd, &st))
		FAIL("fstat: %m");
	return (unsigned long)st.st_ino;
}

static void rights(int sv[2])
{
	int fds[2] = { open("/dev/null", O_RDONLY), open("/dev/zero", O_RDONLY) };
	union {
		struct cmsghdr h;
		char buf[CMSG_SPACE(sizeof(fds))];
	} u;
	char c = 'x';
	struct iovec iov = { &c, 1 };
	struct msghdr m = { .msg_iov = &iov, .msg_iovlen = 1, .msg_control = u.buf,
			    .msg_controllen = sizeof(u.buf) };

	if (fds[0] < 0 || fds[1] < 0)
		FAIL("open: %m");
	memset(&u, 0, sizeof(u));
	u.h.cmsg_len = CMSG_LEN(sizeof(fds));
	u.h.cmsg_level = SOL_SOCKET;
	u.h.cmsg_type = SCM_RIGHTS;
	memcpy(CMSG_DATA(&u.h), fds, sizeof(fds));
	if (sendmsg(sv[1], &m, 0) != 1)
		FAIL("sendmsg: %m");
	out("sendmsg(%d<socket:[%lu]>, {msg_name=NULL, msg_namelen=0, msg_iov=[{iov_base=\"x\", "
	    "iov_len=1}], msg_iovlen=1, msg_control=[{cmsg_len=%zu, cmsg_level=SOL_SOCKET, "
	    "cmsg_type=SCM_RIGHTS, cmsg_data=[%d</dev/null>, %d</dev/zero>]}], "
	    "msg_controllen=%zu, msg_flags=0}, 0) = 1\n", sv[1], ino(sv[1]),
	    (size_t)CMSG_LEN(sizeof(fds)), fds[0], fds[1], sizeof(u.buf));
	close(fds[0]);
	close(fds[1]);

	char big[256];
	memset(big, 0, sizeof(big));
	c = 0;
	m.msg_control = big;
	m.msg_controllen = sizeof(big);
	if (recvmsg(sv[0], &m, 0) != 1)
		FAIL("recvmsg: %m");
	struct cmsghdr *h = CMSG_FIRSTHDR(&m);
	if (!h || h->cmsg_type != SCM_RIGHTS)
		FAIL("recvmsg: no SCM_RIGHTS");
	int got[2];
	memcpy(got, CMSG_DATA(h), sizeof(got));
	out("recvmsg(%d<socket:[%lu]>, {msg_name=NULL, msg_namelen=0, msg_iov=[{iov_base=\"x\", "
	    "iov_len=1}], msg_iovlen=1, msg_control=[{cmsg_len=%zu, cmsg_level=SOL_SOCKET, "
	    "cmsg_type=SCM_RIGHTS, cmsg_data=[%d</dev/null>, %d</dev/zero>]}], "
	    "msg_controllen=%zu, msg_flags=0}, 0) = 1\n", sv[0], ino(sv[0]),
	    (size_t)h->cmsg_len, got[0], got[1], (size_t)m.msg_controllen);
	close(got[0]);
	close(got[1]);
}

/* 1 KiB of control: one SCM_RIGHTS of 252 descriptors -1, on a bad socket. */
static void long_control(void)
{
	static union {
		struct cmsghdr h;
		char buf[1024];
	} u;
	struct msghdr m = { .msg_control = u.buf, .msg_controllen = sizeof(u.buf) };

	memset(u.buf, 0xff, sizeof(u.buf));
	u.h.cmsg_len = sizeof(u.buf);
	u.h.cmsg_level = SOL_SOCKET;
	u.h.cmsg_type = SCM_RIGHTS;
	const char *err = sprintrc(sendmsg(-1, &m, 0));
	out("sendmsg(-1, {msg_name=NULL, msg_namelen=0, msg_iov=NULL, msg_iovlen=0, "
	    "msg_control=[{cmsg_len=%zu, cmsg_level=SOL_SOCKET, cmsg_type=SCM_RIGHTS, cmsg_data=[",
	    sizeof(u.buf));
	for (int i = 0; i < 32; i++)
		out("-1, ");
	out("...]}], msg_controllen=%zu, msg_flags=0}, 0) = %s\n", sizeof(u.buf), err);
}

/* The pidfd of the peer an SO_PASSPIDFD socket receives with each message (Linux 6.5). */
static void pidfd(int sv[2])
{
	int one = 1;
	char c = 0;
	struct iovec iov = { &c, 1 };
	union {
		struct cmsghdr h;
		char buf[CMSG_SPACE(sizeof(int))];
	} u;
	struct msghdr m = { .msg_iov = &iov, .msg_iovlen = 1, .msg_control = u.buf,
			    .msg_controllen = sizeof(u.buf) };
	char link[64], target[256];

	if (setsockopt(sv[0], SOL_SOCKET, 76 /* SO_PASSPIDFD */, &one, sizeof(one)))
		return;
	if (write(sv[1], "A", 1) != 1)
		FAIL("write: %m");
	memset(&u, 0, sizeof(u));
	if (recvmsg(sv[0], &m, 0) != 1)
		FAIL("recvmsg: %m");
	struct cmsghdr *h = CMSG_FIRSTHDR(&m);
	if (!h || h->cmsg_type != 4 /* SCM_PIDFD */)
		FAIL("recvmsg: no SCM_PIDFD");
	int fd;
	memcpy(&fd, CMSG_DATA(h), sizeof(fd));
	snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
	ssize_t n = readlink(link, target, sizeof(target) - 1);
	if (n < 0)
		FAIL("readlink: %m");
	target[n] = '\0';
	out("recvmsg(%d<socket:[%lu]>, {msg_name=NULL, msg_namelen=0, msg_iov=[{iov_base=\"A\", "
	    "iov_len=1}], msg_iovlen=1, msg_control=[{cmsg_len=%zu, cmsg_level=SOL_SOCKET, "
	    "cmsg_type=SCM_PIDFD, cmsg_data=%d<%s>}], msg_controllen=%zu, msg_flags=0}, 0) = 1\n",
	    sv[0], ino(sv[0]), (size_t)h->cmsg_len, fd, target, (size_t)m.msg_controllen);
	close(fd);
	one = 0;
	setsockopt(sv[0], SOL_SOCKET, 76, &one, sizeof(one));
}

/* Control messages shown as hex bytes, and IP_PROTOCOL's, on a bad socket. */
static void hex_data(void)
{
	static union {
		struct cmsghdr h;
		char buf[24];
	} u;
	struct msghdr m = { .msg_control = u.buf };
	const char *err;

	u.h.cmsg_len = sizeof(u.h) + 1;
	u.h.cmsg_level = SOL_SOCKET;
	u.h.cmsg_type = SCM_RIGHTS;
	u.buf[sizeof(u.h)] = (char)0xf6;
	m.msg_controllen = sizeof(u.h) + 1;
	err = sprintrc(sendmsg(-1, &m, 0));
	out("sendmsg(-1, {msg_name=NULL, msg_namelen=0, msg_iov=NULL, msg_iovlen=0, "
	    "msg_control=[{cmsg_len=%zu, cmsg_level=SOL_SOCKET, cmsg_type=SCM_RIGHTS, "
	    "cmsg_data=\"\\xf6\"}], msg_controllen=%zu, msg_flags=0}, 0) = %s\n",
	    sizeof(u.h) + 1, sizeof(u.h) + 1, err);
	u.h.cmsg_type = 0x7e;
	err = sprintrc(sendmsg(-1, &m, 0));
	out("sendmsg(-1, {msg_name=NULL, msg_namelen=0, msg_iov=NULL, msg_iovlen=0, "
	    "msg_control=[{cmsg_len=%zu, cmsg_level=SOL_SOCKET, "
	    "cmsg_type=0x7e /* SCM_??? */, cmsg_data=\"\\xf6\"}], msg_controllen=%zu, "
	    "msg_flags=0}, 0) = %s\n", sizeof(u.h) + 1, sizeof(u.h) + 1, err);
	unsigned int proto = 255;
	u.h.cmsg_len = sizeof(u.h) + sizeof(proto);
	u.h.cmsg_level = 0 /* SOL_IP */;
	u.h.cmsg_type = 52 /* IP_PROTOCOL */;
	memcpy(u.buf + sizeof(u.h), &proto, sizeof(proto));
	m.msg_controllen = sizeof(u.buf);
	err = sprintrc(sendmsg(-1, &m, 0));
	out("sendmsg(-1, {msg_name=NULL, msg_namelen=0, msg_iov=NULL, msg_iovlen=0, "
	    "msg_control=[{cmsg_len=%zu, cmsg_level=SOL_IP, cmsg_type=IP_PROTOCOL, "
	    "cmsg_data=[IPPROTO_RAW]}], msg_controllen=%zu, msg_flags=0}, 0) = %s\n",
	    sizeof(u.h) + sizeof(proto), sizeof(u.buf), err);
}

int main(void)
{
	int sv[2];

	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv))
		FAIL("socketpair: %m");
	rights(sv);
	long_control();
	pidfd(sv);
	hex_data();
	out("+++ exited with 0 +++\n");
	return 0;
}
