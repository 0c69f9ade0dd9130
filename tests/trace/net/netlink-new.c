// SPDX-License-Identifier: LGPL-2.1-or-later
// strace-7.2: each message carries an attribute strace 6.1 printed as raw bytes
/*
 * NETLINK_ROUTE attributes strace 7.2 decodes and 6.1 printed as bytes: a rule's
 * FRA_FLOWLABEL (htonl) and FRA_DSCP (u8), a bridge port's IFLA_BRPORT_MAB (u8); and an
 * unknown bond 3ad statistic named BOND_3AD_STAT_???; RTM_NEWMULTICAST's struct ifaddrmsg.
 * Run with -a0 -e trace=sendto.
 */
#include <linux/fib_rules.h>
#include <linux/if_bonding.h>
#include <linux/if_link.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <netinet/in.h>
#include <stddef.h>
#include <string.h>
#include <sys/socket.h>

#include "tests.h"

#define FRA_DSCP_ 0x19
#define FRA_FLOWLABEL_ 0x1a

int main(void)
{
	struct sockaddr_nl sa = { .nl_family = AF_NETLINK };
	int fd = socket(AF_NETLINK, SOCK_RAW, NETLINK_ROUTE);
	long rc;

	if (fd < 0)
		SKIP("socket: %m");
	if (bind(fd, (struct sockaddr *)&sa, sizeof(sa)))
		SKIP("bind: %m");

	struct {
		struct nlmsghdr h;
		struct fib_rule_hdr r;
		struct nlattr a1;
		uint32_t label;
		struct nlattr a2;
		uint8_t dscp, pad[3];
	} rule = {
		.h = { .nlmsg_len = sizeof(rule) - 3, .nlmsg_type = RTM_GETRULE,
		       .nlmsg_flags = NLM_F_DUMP },
		.r = { .family = AF_UNIX, .action = FR_ACT_TO_TBL },
		.a1 = { .nla_len = 8, .nla_type = FRA_FLOWLABEL_ },
		.label = htonl(0xabcde),
		.a2 = { .nla_len = 5, .nla_type = FRA_DSCP_ },
		.dscp = 10,
	};
	rc = sendto(fd, &rule, rule.h.nlmsg_len, MSG_DONTWAIT, NULL, 0);
	printf("sendto(%d, [{nlmsg_len=%u, nlmsg_type=RTM_GETRULE, nlmsg_flags=NLM_F_DUMP"
	       ", nlmsg_seq=0, nlmsg_pid=0}, {family=AF_UNIX, dst_len=0, src_len=0, tos=0"
	       ", table=RT_TABLE_UNSPEC, action=FR_ACT_TO_TBL, flags=0}, [[{nla_len=8"
	       ", nla_type=FRA_FLOWLABEL}, htonl(703710)], [{nla_len=5, nla_type=FRA_DSCP}, 10]]]"
	       ", %u, MSG_DONTWAIT, NULL, 0) = %s\n", fd, rule.h.nlmsg_len, rule.h.nlmsg_len,
	       sprintrc(rc));

	struct {
		struct nlmsghdr h;
		struct ifinfomsg i;
		struct nlattr protinfo;
		struct nlattr mab;
		uint8_t v, pad[3];
	} link = {
		.h = { .nlmsg_len = sizeof(link) - 3, .nlmsg_type = RTM_GETLINK,
		       .nlmsg_flags = NLM_F_DUMP },
		.i = { .ifi_family = AF_BRIDGE },
		.protinfo = { .nla_len = 9, .nla_type = IFLA_PROTINFO },
		.mab = { .nla_len = 5, .nla_type = 0x28 /* IFLA_BRPORT_MAB */ },
		.v = 1,
	};
	rc = sendto(fd, &link, link.h.nlmsg_len, MSG_DONTWAIT, NULL, 0);
	printf("sendto(%d, [{nlmsg_len=%u, nlmsg_type=RTM_GETLINK, nlmsg_flags=NLM_F_DUMP"
	       ", nlmsg_seq=0, nlmsg_pid=0}, {ifi_family=AF_BRIDGE, ifi_type=ARPHRD_NETROM"
	       ", ifi_index=0, ifi_flags=0, ifi_change=0}, [{nla_len=9, nla_type=IFLA_PROTINFO}"
	       ", [{nla_len=5, nla_type=IFLA_BRPORT_MAB}, 1]]], %u, MSG_DONTWAIT, NULL, 0) = %s\n",
	       fd, link.h.nlmsg_len, link.h.nlmsg_len, sprintrc(rc));
	/* strace 7.2: an unknown bond 3ad statistic is a BOND_3AD_STAT_??? */
	struct {
		struct nlmsghdr h;
		struct if_stats_msg m;
		struct nlattr xstats, bond, ad, unknown;
		char v[4];
	} stats = {
		.h = { .nlmsg_len = sizeof(stats), .nlmsg_type = RTM_GETSTATS,
		       .nlmsg_flags = NLM_F_DUMP },
		.m = { .family = AF_UNIX },
		.xstats = { .nla_len = 4 * NLA_HDRLEN + 4, .nla_type = IFLA_STATS_LINK_XSTATS },
		.bond = { .nla_len = 3 * NLA_HDRLEN + 4, .nla_type = LINK_XSTATS_TYPE_BOND },
		.ad = { .nla_len = 2 * NLA_HDRLEN + 4, .nla_type = BOND_XSTATS_3AD },
		.unknown = { .nla_len = NLA_HDRLEN + 4, .nla_type = 0xa },
		.v = "abc",
	};
	rc = sendto(fd, &stats, sizeof(stats), MSG_DONTWAIT, NULL, 0);
	printf("sendto(%d, [{nlmsg_len=%zu, nlmsg_type=RTM_GETSTATS, nlmsg_flags=NLM_F_DUMP"
	       ", nlmsg_seq=0, nlmsg_pid=0}, {family=AF_UNIX, ifindex=0, filter_mask=0}"
	       ", [{nla_len=20, nla_type=IFLA_STATS_LINK_XSTATS}, [{nla_len=16"
	       ", nla_type=LINK_XSTATS_TYPE_BOND}, [{nla_len=12, nla_type=BOND_XSTATS_3AD}"
	       ", [{nla_len=8, nla_type=0xa /* BOND_3AD_STAT_??? */}, \"\\x61\\x62\\x63\\x00\"]]]]]"
	       ", %zu, MSG_DONTWAIT, NULL, 0) = %s\n", fd, sizeof(stats), sizeof(stats),
	       sprintrc(rc));
	/* strace 7.2: RTM_NEWMULTICAST carries a struct ifaddrmsg */
	struct {
		struct nlmsghdr h;
		struct ifaddrmsg m;
	} mc = {
		.h = { .nlmsg_len = sizeof(mc), .nlmsg_type = 0x38 /* RTM_NEWMULTICAST */,
		       .nlmsg_flags = NLM_F_REQUEST },
		.m = { .ifa_family = AF_INET6 },
	};
	rc = sendto(fd, &mc, sizeof(mc), MSG_DONTWAIT, NULL, 0);
	printf("sendto(%d, [{nlmsg_len=%zu, nlmsg_type=RTM_NEWMULTICAST, nlmsg_flags=NLM_F_REQUEST"
	       ", nlmsg_seq=0, nlmsg_pid=0}, {ifa_family=AF_INET6, ifa_prefixlen=0, ifa_flags=0"
	       ", ifa_scope=RT_SCOPE_UNIVERSE, ifa_index=0}], %zu, MSG_DONTWAIT, NULL, 0) = %s\n",
	       fd, sizeof(mc), sizeof(mc), sprintrc(rc));
	printf("+++ exited with 0 +++\n");
	return 0;
}
