// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * A descriptor inside a netlink attribute with -y: RTM_GETLINK's IFLA_XDP nest with an
 * IFLA_XDP_EXPECTED_FD of /dev/null, described with its path (under --bpf too: the kernel side
 * describes the 4-byte attributes of sendto's buffer at entry), and one that is no
 * descriptor, printed bare.  Run with -a0 -y -e trace=sendto.
 */
#include <fcntl.h>
#include <linux/if_link.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <stdint.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>

#include "fdtest.h"

#define IFLA_XDP_EXPECTED_FD_ 8

int main(void)
{
	struct sockaddr_nl sa = { .nl_family = AF_NETLINK };
	int fd = socket(AF_NETLINK, SOCK_RAW, NETLINK_ROUTE);
	int nfd = open("/dev/null", O_RDONLY);
	struct stat st;
	long rc;

	if (fd < 0)
		SKIP("socket: %m");
	if (bind(fd, (struct sockaddr *)&sa, sizeof(sa)))
		SKIP("bind: %m");
	if (nfd < 0 || fstat(fd, &st))
		FAIL("open, fstat: %m");

	struct {
		struct nlmsghdr h;
		struct ifinfomsg i;
		struct nlattr xdp, exp;
		int32_t v;
	} m = {
		.h = { .nlmsg_len = sizeof(m), .nlmsg_type = RTM_GETLINK,
		       .nlmsg_flags = NLM_F_DUMP },
		.i = { .ifi_family = AF_UNIX },
		.xdp = { .nla_len = 2 * NLA_HDRLEN + 4, .nla_type = IFLA_XDP },
		.exp = { .nla_len = NLA_HDRLEN + 4, .nla_type = IFLA_XDP_EXPECTED_FD_ },
		.v = nfd,
	};
	for (int k = 0; k < 2; k++) {
		rc = sendto(fd, &m, sizeof(m), MSG_DONTWAIT, NULL, 0);
		out("sendto(%d<socket:[%lu]>, [{nlmsg_len=%zu, nlmsg_type=RTM_GETLINK"
		    ", nlmsg_flags=NLM_F_DUMP, nlmsg_seq=0, nlmsg_pid=0}, {ifi_family=AF_UNIX"
		    ", ifi_type=ARPHRD_NETROM, ifi_index=0, ifi_flags=0, ifi_change=0}"
		    ", [{nla_len=12, nla_type=IFLA_XDP}, [{nla_len=8"
		    ", nla_type=IFLA_XDP_EXPECTED_FD}, %d%s]]], %zu, MSG_DONTWAIT, NULL, 0) = %s\n",
		    fd, (unsigned long)st.st_ino, sizeof(m), m.v, k ? "" : "</dev/null>",
		    sizeof(m), sprintrc(rc));
		m.v = 1000;
	}
	out("+++ exited with 0 +++\n");
	return 0;
}
