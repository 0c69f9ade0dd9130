// SPDX-License-Identifier: LGPL-2.1-or-later
// strace-7.2: strace 6.1 does not print SMC_DIAG_DMBINFO's _ext GIDs
/*
 * NETLINK_SOCK_DIAG, a struct smc_diag_msg (a message without NLM_F_REQUEST) with its
 * SMC_DIAG_DMBINFO: 40 bytes before Linux 6.7, 56 since (peer_gid_ext and my_gid_ext, which
 * strace 7.2 prints when the attribute holds them).  Run with -a0 -e trace=sendto.
 */
#include <linux/netlink.h>
#include <linux/smc_diag.h>
#include <linux/sock_diag.h>
#include <netinet/in.h>
#include <string.h>
#include <sys/socket.h>

#include "tests.h"

#ifndef AF_SMC
#define AF_SMC 43
#endif

int main(void)
{
	int fd = socket(AF_NETLINK, SOCK_RAW, NETLINK_SOCK_DIAG);
	struct {
		struct nlmsghdr h;
		struct smc_diag_msg m;
		struct nlattr a;
		unsigned char payload[56]; /* right after the attribute's header: unaligned */
	} msg;
	struct {
		struct smcd_diag_dmbinfo d;
		uint64_t peer_gid_ext, my_gid_ext;
	} info = { .d = { .linkid = 7, .peer_gid = 0xbefeededbadc0dedULL, .peer_token = 1 },
		   .peer_gid_ext = 0x2a };
	long rc;

	struct sockaddr_nl sa = { .nl_family = AF_NETLINK };

	if (fd < 0)
		SKIP("socket: %m");
	/* Bound, so that the kernel's sock_diag knows it (and says which protocol it is). */
	if (bind(fd, (struct sockaddr *)&sa, sizeof(sa)))
		SKIP("bind: %m");
	for (int ext = 0; ext < 2; ext++) {
		unsigned int alen = NLA_HDRLEN + sizeof(info.d) + (ext ? 16 : 0);

		memset(&msg, 0, sizeof(msg));
		msg.h.nlmsg_len = NLMSG_HDRLEN + sizeof(msg.m) + alen;
		msg.h.nlmsg_type = SOCK_DIAG_BY_FAMILY;
		msg.h.nlmsg_flags = NLM_F_DUMP;
		msg.m.diag_family = AF_SMC;
		msg.a.nla_len = alen;
		msg.a.nla_type = SMC_DIAG_DMBINFO;
		memcpy(msg.payload, &info, sizeof(info));
		rc = sendto(fd, &msg, msg.h.nlmsg_len, MSG_DONTWAIT, NULL, 0);
		printf("sendto(%d, [{nlmsg_len=%u, nlmsg_type=SOCK_DIAG_BY_FAMILY"
		       ", nlmsg_flags=NLM_F_DUMP, nlmsg_seq=0, nlmsg_pid=0}, {diag_family=AF_SMC"
		       ", diag_state=0 /* SMC_??? */, diag_fallback=SMC_DIAG_MODE_SMCR, diag_shutdown=0"
		       ", id={idiag_sport=htons(0), idiag_dport=htons(0)"
		       ", idiag_src=inet_addr(\"0.0.0.0\"), idiag_dst=inet_addr(\"0.0.0.0\")"
		       ", idiag_if=0, idiag_cookie=[0, 0]}, diag_uid=0, diag_inode=0}"
		       ", [{nla_len=%u, nla_type=SMC_DIAG_DMBINFO}, {linkid=7"
		       ", peer_gid=0xbefeededbadc0ded, my_gid=0, token=0, peer_token=0x1%s}]], %u"
		       ", MSG_DONTWAIT, NULL, 0) = %s\n", fd, msg.h.nlmsg_len, alen,
		       ext ? ", peer_gid_ext=0x2a, my_gid_ext=0" : "", msg.h.nlmsg_len,
		       sprintrc(rc));
	}
	printf("+++ exited with 0 +++\n");
	return 0;
}
