// SPDX-License-Identifier: LGPL-2.1-or-later
// strace-7.2: strace 6.1 printed generic netlink payloads and tcamsg's TCA_ROOT_* differently
/*
 * Netlink payloads strace 7.2 decodes: generic netlink's struct genlmsghdr (an unknown
 * family's untyped attributes; the controller's command, attributes and an operation whose id
 * the family named in the same message names: nl80211's), with NLM_F_DUMP among the flags;
 * and a traffic control action message's TCA_ROOT_* attributes: the actions nested in
 * TCA_ROOT_TAB (each element's type its index), TCA_ROOT_TIME_DELTA in milliseconds.
 * Run with -a0 -e trace=sendto.
 */
#include <linux/genetlink.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <stdint.h>
#include <string.h>
#include <sys/socket.h>

#include "tests.h"

#define NL80211_CMD_GET_WIPHY_ 1

int main(void)
{
	struct sockaddr_nl sa = { .nl_family = AF_NETLINK };
	int fd = socket(AF_NETLINK, SOCK_RAW, NETLINK_GENERIC);
	long rc;

	if (fd < 0)
		SKIP("socket: %m");
	if (bind(fd, (struct sockaddr *)&sa, sizeof(sa)))
		SKIP("bind: %m");

	struct {
		struct nlmsghdr h;
		struct genlmsghdr g;
		struct nlattr a;
		char v[4];
	} unknown = {
		.h = { .nlmsg_len = sizeof(unknown), .nlmsg_type = 0xffff,
		       .nlmsg_flags = NLM_F_REQUEST | NLM_F_DUMP },
		.g = { .cmd = 3, .version = 1, .reserved = 0xfeed },
		.a = { .nla_len = 8, .nla_type = 0xa },
		.v = "abc",
	};
	rc = sendto(fd, &unknown, sizeof(unknown), MSG_DONTWAIT, NULL, 0);
	printf("sendto(%d, [{nlmsg_len=%zu, nlmsg_type=0xffff /* GENERIC_FAMILY_??? */"
	       ", nlmsg_flags=NLM_F_REQUEST|NLM_F_DUMP, nlmsg_seq=0, nlmsg_pid=0}, {cmd=0x3"
	       ", version=1, reserved=0xfeed}, [{nla_len=8, nla_type=0xa}, \"\\x61\\x62\\x63\\x00\"]]"
	       ", %zu, MSG_DONTWAIT, NULL, 0) = %s\n", fd, sizeof(unknown), sizeof(unknown),
	       sprintrc(rc));

	struct {
		struct nlmsghdr h;
		struct genlmsghdr g;
		struct nlattr name_a;
		char name[8];
		struct nlattr ops, op1, id_a;
		uint32_t id;
		struct nlattr flags_a;
		uint32_t flags;
	} ctrl = {
		.h = { .nlmsg_len = sizeof(ctrl), .nlmsg_type = GENL_ID_CTRL,
		       .nlmsg_flags = NLM_F_REQUEST | NLM_F_DUMP },
		.g = { .cmd = CTRL_CMD_GETFAMILY, .version = 1 },
		.name_a = { .nla_len = NLA_HDRLEN + 8, .nla_type = CTRL_ATTR_FAMILY_NAME },
		.name = "nl80211",
		.ops = { .nla_len = 4 * NLA_HDRLEN + 8, .nla_type = CTRL_ATTR_OPS },
		.op1 = { .nla_len = 3 * NLA_HDRLEN + 8, .nla_type = 1 },
		.id_a = { .nla_len = NLA_HDRLEN + 4, .nla_type = CTRL_ATTR_OP_ID },
		.id = NL80211_CMD_GET_WIPHY_,
		.flags_a = { .nla_len = NLA_HDRLEN + 4, .nla_type = CTRL_ATTR_OP_FLAGS },
		.flags = GENL_CMD_CAP_DO | GENL_CMD_CAP_DUMP,
	};
	rc = sendto(fd, &ctrl, sizeof(ctrl), MSG_DONTWAIT, NULL, 0);
	printf("sendto(%d, [{nlmsg_len=%zu, nlmsg_type=nlctrl, nlmsg_flags=NLM_F_REQUEST"
	       "|NLM_F_DUMP, nlmsg_seq=0, nlmsg_pid=0}, {cmd=CTRL_CMD_GETFAMILY, version=1}"
	       ", [[{nla_len=12, nla_type=CTRL_ATTR_FAMILY_NAME}, \"nl80211\"], [{nla_len=24"
	       ", nla_type=CTRL_ATTR_OPS}, [{nla_len=20, nla_type=0x1}, [[{nla_len=8"
	       ", nla_type=CTRL_ATTR_OP_ID}, NL80211_CMD_GET_WIPHY], [{nla_len=8"
	       ", nla_type=CTRL_ATTR_OP_FLAGS}, GENL_CMD_CAP_DO|GENL_CMD_CAP_DUMP]]]]]]"
	       ", %zu, MSG_DONTWAIT, NULL, 0) = %s\n", fd, sizeof(ctrl), sizeof(ctrl),
	       sprintrc(rc));

	int rfd = socket(AF_NETLINK, SOCK_RAW, NETLINK_ROUTE);
	if (rfd < 0)
		SKIP("socket: %m");
	if (bind(rfd, (struct sockaddr *)&sa, sizeof(sa)))
		SKIP("bind: %m");
	struct {
		struct nlmsghdr h;
		struct tcamsg t;
		struct nlattr tab, act, kind_a;
		char kind[8];
		struct nlattr delta_a;
		uint32_t delta;
	} action = {
		.h = { .nlmsg_len = sizeof(action), .nlmsg_type = RTM_GETACTION,
		       .nlmsg_flags = NLM_F_DUMP },
		.t = { .tca_family = AF_INET },
		.tab = { .nla_len = 3 * NLA_HDRLEN + 8, .nla_type = TCA_ROOT_TAB },
		.act = { .nla_len = 2 * NLA_HDRLEN + 8, .nla_type = 2 },
		.kind_a = { .nla_len = NLA_HDRLEN + 5, .nla_type = 1 /* TCA_ACT_KIND */ },
		.kind = "gact",
		.delta_a = { .nla_len = NLA_HDRLEN + 4, .nla_type = TCA_ROOT_TIME_DELTA },
		.delta = 1500,
	};
	rc = sendto(rfd, &action, sizeof(action), MSG_DONTWAIT, NULL, 0);
	printf("sendto(%d, [{nlmsg_len=%zu, nlmsg_type=RTM_GETACTION, nlmsg_flags=NLM_F_DUMP"
	       ", nlmsg_seq=0, nlmsg_pid=0}, {tca_family=AF_INET}, [[{nla_len=20"
	       ", nla_type=TCA_ROOT_TAB}, [{nla_len=16, nla_type=0x2}, [{nla_len=9"
	       ", nla_type=TCA_ACT_KIND}, \"gact\"]]], [{nla_len=8, nla_type=TCA_ROOT_TIME_DELTA}"
	       ", 1500 /* 1.500 s */]]], %zu, MSG_DONTWAIT, NULL, 0) = %s\n", rfd, sizeof(action),
	       sizeof(action), sprintrc(rc));
	printf("+++ exited with 0 +++\n");
	return 0;
}
