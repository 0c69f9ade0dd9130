// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
// strace-7.2: every line but the last decodes an option strace 6.1 printed raw or by number
/*
 * setsockopt, getsockopt: options strace 7.2 decodes and 6.1 did not.  IP_LOCAL_PORT_RANGE's
 * u32 with its bounds in a comment (and as hex bytes when of another length), IP_PROTOCOL by
 * name, SO_PEERPIDFD's descriptor, SO_PASSPIDFD as an int, the SOL_TIPC level's names, its
 * importance, group request and int options, TCP_AO_ADD_KEY's key; and the length the kernel left after an error.
 * Run with -a0 -e trace=setsockopt,getsockopt.
 */
#include <linux/tipc.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include "tests.h"

#ifndef IP_LOCAL_PORT_RANGE
#define IP_LOCAL_PORT_RANGE 51
#endif
#ifndef IP_PROTOCOL
#define IP_PROTOCOL 52
#endif
#define SO_PASSPIDFD_ 76
#define SO_PEERPIDFD_ 77

int main(void)
{
	unsigned int ports = 4096 | (5000u << 16), v = 0;
	unsigned char three[3] = { 0 };
	struct tipc_group_req g = { .type = 42, .instance = 7, .scope = TIPC_NODE_SCOPE,
				    .flags = TIPC_GROUP_LOOPBACK };
	socklen_t len;
	long rc;
	int one = 1, sv[2];
	int u = socket(AF_INET, SOCK_DGRAM, IPPROTO_UDP);

	if (u < 0 || socketpair(AF_UNIX, SOCK_STREAM, 0, sv))
		FAIL("socket: %m");
	rc = syscall(__NR_setsockopt, u, SOL_IP, IP_LOCAL_PORT_RANGE, &ports, 4);
	printf("setsockopt(%d, SOL_IP, IP_LOCAL_PORT_RANGE, [0x13881000 /* 4096..5000 */], 4) = %s\n",
	       u, sprintrc(rc));
	len = 4;
	rc = syscall(__NR_getsockopt, u, SOL_IP, IP_LOCAL_PORT_RANGE, &v, &len);
	printf("getsockopt(%d, SOL_IP, IP_LOCAL_PORT_RANGE, [%#x /* 4096..5000 */], [4]) = %s\n",
	       u, v, sprintrc(rc));
	rc = syscall(__NR_setsockopt, -1, SOL_IP, IP_LOCAL_PORT_RANGE, three, 3);
	printf("setsockopt(-1, SOL_IP, IP_LOCAL_PORT_RANGE, \"\\x00\\x00\\x00\", 3) = %s\n",
	       sprintrc(rc));
	len = 4;
	rc = syscall(__NR_getsockopt, u, SOL_IP, IP_PROTOCOL, &v, &len);
	/* the kernel answers the socket's inet_num: 0 until bound on some kernels */
	printf("getsockopt(%d, SOL_IP, IP_PROTOCOL, [%s], [4]) = %s\n", u,
	       v == IPPROTO_UDP ? "IPPROTO_UDP" : v ? "?" : "IPPROTO_IP", sprintrc(rc));

	rc = syscall(__NR_setsockopt, sv[0], SOL_SOCKET, SO_PASSPIDFD_, &one, 4);
	printf("setsockopt(%d, SOL_SOCKET, SO_PASSPIDFD, [1], 4) = %s\n", sv[0], sprintrc(rc));
	len = 4;
	rc = syscall(__NR_getsockopt, sv[0], SOL_SOCKET, SO_PEERPIDFD_, &v, &len);
	if (rc)
		printf("getsockopt(%d, SOL_SOCKET, SO_PEERPIDFD, %p, [4]) = %s\n", sv[0], (void *)&v,
		       sprintrc(rc));
	else
		printf("getsockopt(%d, SOL_SOCKET, SO_PEERPIDFD, [%d], [4]) = 0\n", sv[0], (int)v);

	v = TIPC_HIGH_IMPORTANCE;
	rc = syscall(__NR_setsockopt, -1, SOL_TIPC, TIPC_IMPORTANCE, &v, 4);
	printf("setsockopt(-1, SOL_TIPC, TIPC_IMPORTANCE, [TIPC_HIGH_IMPORTANCE], 4) = %s\n",
	       sprintrc(rc));
	rc = syscall(__NR_setsockopt, -1, SOL_TIPC, TIPC_GROUP_JOIN, &g, sizeof(g));
	printf("setsockopt(-1, SOL_TIPC, TIPC_GROUP_JOIN, {type=42, instance=7, "
	       "scope=TIPC_NODE_SCOPE, flags=TIPC_GROUP_LOOPBACK}, %zu) = %s\n", sizeof(g),
	       sprintrc(rc));
	v = 1000;
	rc = syscall(__NR_setsockopt, -1, SOL_TIPC, TIPC_CONN_TIMEOUT, &v, 4);
	printf("setsockopt(-1, SOL_TIPC, TIPC_CONN_TIMEOUT, [1000], 4) = %s\n", sprintrc(rc));

	/* TCP-AO's key: the peer's address, the algorithm, keylen bytes of the key in hex */
	static struct {
		struct sockaddr_in addr;
		unsigned char addr_pad[128 - sizeof(struct sockaddr_in)];
		char alg_name[64];
		int ifindex;
		unsigned int set_current : 1, set_rnext : 1, reserved : 30;
		unsigned short reserved2;
		unsigned char prefix, sndid, rcvid, maclen, keyflags, keylen;
		unsigned char key[80];
	} __attribute__((aligned(8))) ao = {
		.addr = { .sin_family = AF_INET },
		.alg_name = "cmac(aes)", .set_rnext = 1, .prefix = 32, .sndid = 200, .rcvid = 100,
		.maclen = 12, .keyflags = 2 | 0x10, .keylen = 4, .key = { 0xde, 0xad, 0xbe, 0xef }
	};
	ao.addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	rc = syscall(__NR_setsockopt, -1, IPPROTO_TCP, 38 /* TCP_AO_ADD_KEY */, &ao, sizeof(ao));
	printf("setsockopt(-1, SOL_TCP, TCP_AO_ADD_KEY, {addr={sa_family=AF_INET, "
	       "sin_port=htons(0), sin_addr=inet_addr(\"127.0.0.1\")}, prefix=32, "
	       "alg_name=\"cmac(aes)\", ifindex=0, set_current=0, set_rnext=1, sndid=200, "
	       "rcvid=100, maclen=12, keyflags=TCP_AO_KEYF_EXCLUDE_OPT|0x10, "
	       "key=\"\\xde\\xad\\xbe\\xef\", keylen=4}, %zu) = %s\n", sizeof(ao), sprintrc(rc));

	/* a failure: the length as the kernel left it, changed here */
	len = 2;
	rc = syscall(__NR_getsockopt, u, SOL_IP, 0xdead, &v, &len);
	printf("getsockopt(%d, SOL_IP, 0xdead /* IP_??? */, %p, [2]) = %s\n", u, (void *)&v,
	       sprintrc(rc));
	printf("+++ exited with 0 +++\n");
	return 0;
}
