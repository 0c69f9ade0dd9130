// SPDX-License-Identifier: LGPL-2.1-or-later
// strace-7.2: strace 6.1 printed these sock_diag attributes as raw bytes
/*
 * sock_diag answers' attributes strace 7.2 decodes: an inet socket's TCP-MD5 keys (struct
 * tcp_diag_md5sig: the address by family, the key's bytes up to tcpm_keylen), its upper layer
 * protocol's information (a TLS version), its socket options' bits (all of them under -v) and
 * a packet socket's classic BPF filter.  Run with -a0 -v -e trace=sendto.
 */
#include <arpa/inet.h>
#include <linux/filter.h>
#include <linux/inet_diag.h>
#include <linux/netlink.h>
#include <linux/packet_diag.h>
#include <linux/sock_diag.h>
#include <netinet/in.h>
#include <stdint.h>
#include <string.h>
#include <sys/socket.h>

#include "tests.h"

struct tcp_diag_md5sig_ {
	uint8_t tcpm_family, tcpm_prefixlen;
	uint16_t tcpm_keylen;
	uint32_t tcpm_addr[4];
	uint8_t tcpm_key[80];
};

#define INET_HEAD "{idiag_family=AF_INET, idiag_state=TCP_LISTEN, idiag_timer=0, idiag_retrans=0" \
	", id={idiag_sport=htons(0), idiag_dport=htons(0), idiag_src=inet_addr(\"0.0.0.0\")"      \
	", idiag_dst=inet_addr(\"0.0.0.0\"), idiag_if=0, idiag_cookie=[0, 0]}, idiag_expires=0"   \
	", idiag_rqueue=0, idiag_wqueue=0, idiag_uid=0, idiag_inode=0}"

int main(void)
{
	struct sockaddr_nl sa = { .nl_family = AF_NETLINK };
	int fd = socket(AF_NETLINK, SOCK_RAW, NETLINK_SOCK_DIAG);
	long rc;

	if (fd < 0)
		SKIP("socket: %m");
	if (bind(fd, (struct sockaddr *)&sa, sizeof(sa)))
		SKIP("bind: %m");

	struct {
		struct nlmsghdr h;
		struct inet_diag_msg m;
		struct nlattr md5_a;
		struct tcp_diag_md5sig_ md5;
		struct nlattr ulp, tls, ver_a;
		uint16_t ver, pad;
		struct nlattr opt_a;
		uint8_t opt[2], pad2[2];
	} inet = {
		.h = { .nlmsg_len = sizeof(inet) - 2, .nlmsg_type = SOCK_DIAG_BY_FAMILY,
		       .nlmsg_flags = NLM_F_DUMP },
		.m = { .idiag_family = AF_INET, .idiag_state = 10 /* TCP_LISTEN */ },
		.md5_a = { .nla_len = NLA_HDRLEN + sizeof(inet.md5), .nla_type = INET_DIAG_MD5SIG },
		.md5 = { .tcpm_family = AF_INET, .tcpm_prefixlen = 24, .tcpm_keylen = 3,
			 .tcpm_key = "key" },
		.ulp = { .nla_len = 3 * NLA_HDRLEN + 2, .nla_type = INET_DIAG_ULP_INFO },
		.tls = { .nla_len = 2 * NLA_HDRLEN + 2, .nla_type = 2 /* INET_ULP_INFO_TLS */ },
		.ver_a = { .nla_len = NLA_HDRLEN + 2, .nla_type = 1 /* TLS_INFO_VERSION */ },
		.ver = 0x303,
		.opt_a = { .nla_len = NLA_HDRLEN + 2, .nla_type = INET_DIAG_SOCKOPT },
		.opt = { 0x05, 0x04 },
	};
	inet.md5.tcpm_addr[0] = htonl(0x0a000001);
	rc = sendto(fd, &inet, inet.h.nlmsg_len, MSG_DONTWAIT, NULL, 0);
	printf("sendto(%d, [{nlmsg_len=%u, nlmsg_type=SOCK_DIAG_BY_FAMILY, nlmsg_flags=NLM_F_DUMP"
	       ", nlmsg_seq=0, nlmsg_pid=0}, " INET_HEAD ", [[{nla_len=104"
	       ", nla_type=INET_DIAG_MD5SIG}, [{tcpm_family=AF_INET, tcpm_prefixlen=24"
	       ", tcpm_keylen=3, tcpm_addr=inet_addr(\"10.0.0.1\"), tcpm_key=\"\\x6b\\x65\\x79\"}]]"
	       ", [{nla_len=14, nla_type=INET_DIAG_ULP_INFO}, [{nla_len=10"
	       ", nla_type=INET_ULP_INFO_TLS}, [{nla_len=6, nla_type=TLS_INFO_VERSION}"
	       ", TLS_1_2_VERSION]]], [{nla_len=6, nla_type=INET_DIAG_SOCKOPT}, {recverr=1"
	       ", is_icsk=0, freebind=1, hdrincl=0, mc_loop=0, transparent=0, mc_all=0"
	       ", nodefrag=0, bind_address_no_port=0, recverr_rfc4884=0, defer_connect=1"
	       ", unused=0 /* bits 3..8 */}]]], %u, MSG_DONTWAIT, NULL, 0) = %s\n",
	       fd, inet.h.nlmsg_len, inet.h.nlmsg_len, sprintrc(rc));

	struct {
		struct nlmsghdr h;
		struct packet_diag_msg m;
		struct nlattr filter_a;
		struct sock_filter filter[2];
	} pkt = {
		.h = { .nlmsg_len = sizeof(pkt), .nlmsg_type = SOCK_DIAG_BY_FAMILY,
		       .nlmsg_flags = NLM_F_DUMP },
		.m = { .pdiag_family = AF_PACKET, .pdiag_type = SOCK_DGRAM, .pdiag_num = 3 },
		.filter_a = { .nla_len = NLA_HDRLEN + sizeof(pkt.filter),
			      .nla_type = PACKET_DIAG_FILTER },
		.filter = { BPF_STMT(BPF_LD | BPF_W | BPF_LEN, 0), BPF_STMT(BPF_RET | BPF_K, 7) },
	};
	rc = sendto(fd, &pkt, sizeof(pkt), MSG_DONTWAIT, NULL, 0);
	printf("sendto(%d, [{nlmsg_len=%zu, nlmsg_type=SOCK_DIAG_BY_FAMILY, nlmsg_flags=NLM_F_DUMP"
	       ", nlmsg_seq=0, nlmsg_pid=0}, {pdiag_family=AF_PACKET, pdiag_type=SOCK_DGRAM"
	       ", pdiag_num=ETH_P_ALL, pdiag_ino=0, pdiag_cookie=[0, 0]}, [{nla_len=20"
	       ", nla_type=PACKET_DIAG_FILTER}, [BPF_STMT(BPF_LD|BPF_W|BPF_LEN, 0)"
	       ", BPF_STMT(BPF_RET|BPF_K, 0x7)]]], %zu, MSG_DONTWAIT, NULL, 0) = %s\n",
	       fd, sizeof(pkt), sizeof(pkt), sprintrc(rc));
	printf("+++ exited with 0 +++\n");
	return 0;
}
