// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Netlink messages in sendto buffers, decoded by the socket's protocol (NETLINK_ROUTE here):
 * a bare header, a header with an rtnetlink struct and an attribute, two messages in one
 * buffer, an error message quoting the request it answers, a buffer too short for a header,
 * an nlmsg_len past the buffer, and an unreadable buffer; a UDP socket's buffer stays a string.
 * Run with -a0 -e trace=sendto.
 */
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <netinet/in.h>
#include <stddef.h>
#include <string.h>
#include <sys/socket.h>

#include "tests.h"

struct addr_req {
	struct nlmsghdr h;
	struct ifaddrmsg m;
	struct nlattr a;
	char label[4];
};

int main(void)
{
	struct sockaddr_nl sa = { .nl_family = AF_NETLINK };
	int fd = socket(AF_NETLINK, SOCK_RAW, NETLINK_ROUTE);
	int u = socket(AF_INET, SOCK_DGRAM, 0);
	long rc;

	if (fd < 0 || u < 0)
		SKIP("socket: %m");
	/* Bound, so that the kernel's sock_diag knows it (and says which protocol it is). */
	if (bind(fd, (struct sockaddr *)&sa, sizeof(sa)))
		SKIP("bind: %m");

	struct nlmsghdr noop = { .nlmsg_len = sizeof(noop), .nlmsg_type = NLMSG_NOOP,
				 .nlmsg_flags = NLM_F_REQUEST, .nlmsg_seq = 1 };
	rc = sendto(fd, &noop, sizeof(noop), MSG_DONTWAIT, NULL, 0);
	printf("sendto(%d, {nlmsg_len=16, nlmsg_type=NLMSG_NOOP, nlmsg_flags=NLM_F_REQUEST"
	       ", nlmsg_seq=1, nlmsg_pid=0}, 16, MSG_DONTWAIT, NULL, 0) = %s\n", fd, sprintrc(rc));

	struct addr_req req = {
		.h = { .nlmsg_len = offsetof(struct addr_req, label) + 3,
		       .nlmsg_type = RTM_GETADDR, .nlmsg_flags = NLM_F_REQUEST | NLM_F_DUMP,
		       .nlmsg_seq = 2 },
		.m = { .ifa_family = AF_INET },
		.a = { .nla_len = NLA_HDRLEN + 3, .nla_type = IFA_LABEL },
		.label = "lo",
	};
	rc = sendto(fd, &req, sizeof(req), MSG_DONTWAIT, NULL, 0);
	printf("sendto(%d, [{nlmsg_len=%u, nlmsg_type=RTM_GETADDR, nlmsg_flags=NLM_F_REQUEST"
	       "|NLM_F_DUMP, nlmsg_seq=2, nlmsg_pid=0}, {ifa_family=AF_INET, ifa_prefixlen=0"
	       ", ifa_flags=0, ifa_scope=RT_SCOPE_UNIVERSE, ifa_index=0}, [{nla_len=7"
	       ", nla_type=IFA_LABEL}, \"lo\"]], %zu, MSG_DONTWAIT, NULL, 0) = %s\n",
	       fd, req.h.nlmsg_len, sizeof(req), sprintrc(rc));

	struct nlmsghdr two[2] = {
		{ .nlmsg_len = sizeof(two[0]), .nlmsg_type = NLMSG_NOOP, .nlmsg_seq = 3 },
		{ .nlmsg_len = sizeof(two[1]), .nlmsg_type = NLMSG_DONE, .nlmsg_flags = NLM_F_MULTI,
		  .nlmsg_seq = 4, .nlmsg_pid = 1234 },
	};
	rc = sendto(fd, two, sizeof(two), MSG_DONTWAIT, NULL, 0);
	printf("sendto(%d, [{nlmsg_len=16, nlmsg_type=NLMSG_NOOP, nlmsg_flags=0, nlmsg_seq=3"
	       ", nlmsg_pid=0}, {nlmsg_len=16, nlmsg_type=NLMSG_DONE, nlmsg_flags=NLM_F_MULTI"
	       ", nlmsg_seq=4, nlmsg_pid=1234}], 32, MSG_DONTWAIT, NULL, 0) = %s\n",
	       fd, sprintrc(rc));

	struct {
		struct nlmsghdr h;
		struct nlmsgerr e;
	} err = {
		.h = { .nlmsg_len = sizeof(err), .nlmsg_type = NLMSG_ERROR, .nlmsg_seq = 5 },
		.e = { .error = -EACCES,
		       .msg = { .nlmsg_len = 16, .nlmsg_type = RTM_GETLINK,
				.nlmsg_flags = NLM_F_REQUEST, .nlmsg_seq = 6 } },
	};
	rc = sendto(fd, &err, sizeof(err), MSG_DONTWAIT, NULL, 0);
	printf("sendto(%d, [{nlmsg_len=36, nlmsg_type=NLMSG_ERROR, nlmsg_flags=0, nlmsg_seq=5"
	       ", nlmsg_pid=0}, {error=-EACCES, msg={nlmsg_len=16, nlmsg_type=RTM_GETLINK"
	       ", nlmsg_flags=NLM_F_REQUEST, nlmsg_seq=6, nlmsg_pid=0}}], 36, MSG_DONTWAIT, NULL"
	       ", 0) = %s\n", fd, sprintrc(rc));

	rc = sendto(fd, "\1\2\3", 3, MSG_DONTWAIT, NULL, 0);
	printf("sendto(%d, \"\\x01\\x02\\x03\", 3, MSG_DONTWAIT, NULL, 0) = %s\n", fd,
	       sprintrc(rc));

	/* nlmsg_len says 24, the buffer holds 20: the payload is what there is. */
	struct {
		struct nlmsghdr h;
		unsigned char b[4];
	} over = { .h = { .nlmsg_len = 24, .nlmsg_type = NLMSG_NOOP, .nlmsg_seq = 7 },
		   .b = { 0xde, 0xad, 0xbe, 0xef } };
	rc = sendto(fd, &over, sizeof(over), MSG_DONTWAIT, NULL, 0);
	printf("sendto(%d, [{nlmsg_len=24, nlmsg_type=NLMSG_NOOP, nlmsg_flags=0, nlmsg_seq=7"
	       ", nlmsg_pid=0}, \"\\xde\\xad\\xbe\\xef\"], 20, MSG_DONTWAIT, NULL, 0) = %s\n",
	       fd, sprintrc(rc));

	rc = sendto(fd, (void *)8, 16, MSG_DONTWAIT, NULL, 0);
	printf("sendto(%d, 0x8, 16, MSG_DONTWAIT, NULL, 0) = %s\n", fd, sprintrc(rc));

	struct sockaddr_in to = { .sin_family = AF_INET, .sin_port = htons(9),
				  .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	rc = sendto(u, &noop, 4, MSG_DONTWAIT, (struct sockaddr *)&to, sizeof(to));
	printf("sendto(%d, \"\\20\\0\\0\\0\", 4, MSG_DONTWAIT, {sa_family=AF_INET"
	       ", sin_port=htons(9), sin_addr=inet_addr(\"127.0.0.1\")}, 16) = %s\n", u,
	       sprintrc(rc));
	printf("+++ exited with 0 +++\n");
	return 0;
}
