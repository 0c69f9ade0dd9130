// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * setsockopt, getsockopt: SOL_SOCKET, IPPROTO_TCP, IPPROTO_IP, IPPROTO_IPV6 option names;
 * ints as [N], struct linger, SO_PEERCRED's struct ucred, SO_ERROR, a timeval as raw bytes,
 * IP multicast requests, MCAST_JOIN_GROUP's group_req, SO_TXREHASH by name, SOL_PACKET's
 * packet_mreq and tpacket_req, SOL_RAW's ICMP_FILTER bit set; the length changed by the kernel
 * as [IN => OUT]; unknown levels and options; failures (a bad descriptor, an unreadable value).
 * Run with -a0 -e trace=setsockopt,getsockopt.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <sys/time.h>

#include "tests.h"

int main(void)
{
	long rc;
	int one = 1, v;
	socklen_t len;

	int s = socket(AF_INET, SOCK_STREAM, 0);
	int s6 = socket(AF_INET6, SOCK_DGRAM, 0);
	int u = socket(AF_INET, SOCK_DGRAM, 0);
	int sv[2];
	if (s < 0 || s6 < 0 || u < 0 || socketpair(AF_UNIX, SOCK_STREAM, 0, sv))
		FAIL("socket: %m");

	rc = syscall(__NR_setsockopt, s, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	printf("setsockopt(%d, SOL_SOCKET, SO_REUSEADDR, [1], 4) = %s\n", s, sprintrc(rc));
	rc = syscall(__NR_setsockopt, s, SOL_SOCKET, SO_KEEPALIVE, &one, sizeof(one));
	printf("setsockopt(%d, SOL_SOCKET, SO_KEEPALIVE, [1], 4) = %s\n", s, sprintrc(rc));
	v = 65536;
	rc = syscall(__NR_setsockopt, s, SOL_SOCKET, SO_RCVBUF, &v, sizeof(v));
	printf("setsockopt(%d, SOL_SOCKET, SO_RCVBUF, [65536], 4) = %s\n", s, sprintrc(rc));
	rc = syscall(__NR_setsockopt, s, SOL_SOCKET, SO_SNDBUF, &v, 2);
	printf("setsockopt(%d, SOL_SOCKET, SO_SNDBUF, %p, 2) = %s\n", s, (void *)&v,
	       sprintrc(rc));
	struct linger lg = { 1, 5 };
	rc = syscall(__NR_setsockopt, s, SOL_SOCKET, SO_LINGER, &lg, sizeof(lg));
	printf("setsockopt(%d, SOL_SOCKET, SO_LINGER, {l_onoff=1, l_linger=5}, 8) = %s\n", s,
	       sprintrc(rc));
	struct timeval tv = { 1, 0 };
	rc = syscall(__NR_setsockopt, s, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	printf("setsockopt(%d, SOL_SOCKET, SO_RCVTIMEO_OLD, \"\\1\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0"
	       "\\0\\0\\0\\0\", 16) = %s\n", s, sprintrc(rc));
	rc = syscall(__NR_setsockopt, s, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
	printf("setsockopt(%d, SOL_TCP, TCP_NODELAY, [1], 4) = %s\n", s, sprintrc(rc));
	v = 60;
	rc = syscall(__NR_setsockopt, s, IPPROTO_TCP, TCP_KEEPIDLE, &v, sizeof(v));
	printf("setsockopt(%d, SOL_TCP, TCP_KEEPIDLE, [60], 4) = %s\n", s, sprintrc(rc));
	rc = syscall(__NR_setsockopt, s, IPPROTO_TCP, TCP_KEEPINTVL, &v, sizeof(v));
	printf("setsockopt(%d, SOL_TCP, TCP_KEEPINTVL, [60], 4) = %s\n", s, sprintrc(rc));
	v = 0x10;
	rc = syscall(__NR_setsockopt, s, IPPROTO_IP, IP_TOS, &v, sizeof(v));
	printf("setsockopt(%d, SOL_IP, IP_TOS, [16], 4) = %s\n", s, sprintrc(rc));
	v = 64;
	rc = syscall(__NR_setsockopt, u, IPPROTO_IP, IP_TTL, &v, sizeof(v));
	printf("setsockopt(%d, SOL_IP, IP_TTL, [64], 4) = %s\n", u, sprintrc(rc));
	struct ip_mreq mr = { .imr_multiaddr.s_addr = inet_addr("224.0.0.251"),
			      .imr_interface.s_addr = htonl(INADDR_LOOPBACK) };
	rc = syscall(__NR_setsockopt, u, IPPROTO_IP, IP_ADD_MEMBERSHIP, &mr, sizeof(mr));
	printf("setsockopt(%d, SOL_IP, IP_ADD_MEMBERSHIP, {imr_multiaddr=inet_addr(\"224.0.0.251\"),"
	       " imr_interface=inet_addr(\"127.0.0.1\")}, 8) = %s\n", u, sprintrc(rc));
	rc = syscall(__NR_setsockopt, s6, IPPROTO_IPV6, IPV6_V6ONLY, &one, sizeof(one));
	printf("setsockopt(%d, SOL_IPV6, IPV6_V6ONLY, [1], 4) = %s\n", s6, sprintrc(rc));
	rc = syscall(__NR_setsockopt, -1, SOL_SOCKET, SO_REUSEADDR, (void *)8, 4);
	printf("setsockopt(-1, SOL_SOCKET, SO_REUSEADDR, 0x8, 4) = %s\n", sprintrc(rc));
	rc = syscall(__NR_setsockopt, s, 12345, 1, NULL, 0);
	printf("setsockopt(%d, 0x3039 /* SOL_?? */, 1, NULL, 0) = %s\n", s, sprintrc(rc));
	rc = syscall(__NR_setsockopt, s, SOL_SOCKET, 200, &one, sizeof(one));
	printf("setsockopt(%d, SOL_SOCKET, 0xc8 /* SO_??? */, [1], 4) = %s\n", s, sprintrc(rc));

	len = sizeof(v);
	rc = syscall(__NR_getsockopt, s, SOL_SOCKET, SO_TYPE, &v, &len);
	printf("getsockopt(%d, SOL_SOCKET, SO_TYPE, [1], [4]) = %s\n", s, sprintrc(rc));
	rc = syscall(__NR_getsockopt, s, SOL_SOCKET, SO_ERROR, &v, &len);
	printf("getsockopt(%d, SOL_SOCKET, SO_ERROR, [0], [4]) = %s\n", s, sprintrc(rc));
	long long big;
	len = sizeof(big);
	rc = syscall(__NR_getsockopt, s, SOL_SOCKET, SO_RCVBUF, &big, &len);
	printf("getsockopt(%d, SOL_SOCKET, SO_RCVBUF, [%d], [8 => 4]) = %s\n", s, (int)big,
	       sprintrc(rc));
	len = sizeof(lg);
	rc = syscall(__NR_getsockopt, s, SOL_SOCKET, SO_LINGER, &lg, &len);
	printf("getsockopt(%d, SOL_SOCKET, SO_LINGER, {l_onoff=1, l_linger=5}, [8]) = %s\n", s,
	       sprintrc(rc));
	len = sizeof(v);
	rc = syscall(__NR_getsockopt, s, IPPROTO_TCP, TCP_NODELAY, &v, &len);
	printf("getsockopt(%d, SOL_TCP, TCP_NODELAY, [1], [4]) = %s\n", s, sprintrc(rc));
	rc = syscall(__NR_getsockopt, s6, IPPROTO_IPV6, IPV6_V6ONLY, &v, &len);
	printf("getsockopt(%d, SOL_IPV6, IPV6_V6ONLY, [1], [4]) = %s\n", s6, sprintrc(rc));
	rc = syscall(__NR_getsockopt, u, IPPROTO_IP, IP_TTL, &v, &len);
	printf("getsockopt(%d, SOL_IP, IP_TTL, [64], [4]) = %s\n", u, sprintrc(rc));
	struct ucred uc;
	len = sizeof(uc);
	rc = syscall(__NR_getsockopt, sv[0], SOL_SOCKET, SO_PEERCRED, &uc, &len);
	printf("getsockopt(%d, SOL_SOCKET, SO_PEERCRED, {pid=%d, uid=%u, gid=%u}, [12]) = %s\n",
	       sv[0], uc.pid, uc.uid, uc.gid, sprintrc(rc));
	len = sizeof(v);
	/* SO_TXREHASH (74): its value by name, signed; too short a value as its address. */
	int txv[] = { 255, 2, -1 };
	const char *txs[] = { "SOCK_TXREHASH_DEFAULT", "2 /* SOCK_TXREHASH_??? */",
			      "-1 /* SOCK_TXREHASH_??? */" };
	for (int i = 0; i < 3; i++) {
		rc = syscall(__NR_setsockopt, -1, SOL_SOCKET, 74, &txv[i], 4);
		printf("setsockopt(-1, SOL_SOCKET, SO_TXREHASH, [%s], 4) = %s\n", txs[i],
		       sprintrc(rc));
	}
	rc = syscall(__NR_setsockopt, -1, SOL_SOCKET, 74, &txv[0], 3);
	printf("setsockopt(-1, SOL_SOCKET, SO_TXREHASH, %p, 3) = %s\n", (void *)&txv[0],
	       sprintrc(rc));
	/* SOL_PACKET (263) PACKET_ADD_MEMBERSHIP (1): struct packet_mreq, its address as MAC. */
	struct { int ifindex; unsigned short type, alen; unsigned char addr[8]; } pmr = {
		1, 1, 6, { 0x02, 0x00, 0x5e, 0x10, 0x20, 0xff, 0x77, 0x77 } };
	rc = syscall(__NR_setsockopt, -1, 263, 1, &pmr, sizeof(pmr));
	printf("setsockopt(-1, SOL_PACKET, PACKET_ADD_MEMBERSHIP, {mr_ifindex=if_nametoindex(\"lo\"), "
	       "mr_type=PACKET_MR_PROMISC, mr_alen=6, mr_address=02:00:5e:10:20:ff}, 16) = %s\n",
	       sprintrc(rc));
	/* PACKET_RX_RING (5): struct tpacket_req; SOL_RAW (255) ICMP_FILTER (1): a bit set,
	 * shown inverted when most bits are set. */
	unsigned int treq[4] = { 4096, 2, 2048, 4 };
	rc = syscall(__NR_setsockopt, -1, 263, 5, treq, sizeof(treq));
	printf("setsockopt(-1, SOL_PACKET, PACKET_RX_RING, {tp_block_size=4096, tp_block_nr=2, "
	       "tp_frame_size=2048, tp_frame_nr=4}, 16) = %s\n", sprintrc(rc));
	unsigned int icmpf = (1u << 0) | (1u << 8);
	rc = syscall(__NR_setsockopt, -1, 255, 1, &icmpf, 4);
	printf("setsockopt(-1, SOL_RAW, ICMP_FILTER, [ICMP_ECHOREPLY ICMP_ECHO], 4) = %s\n",
	       sprintrc(rc));
	icmpf = ~(1u << 3);
	rc = syscall(__NR_setsockopt, -1, 255, 1, &icmpf, 4);
	printf("setsockopt(-1, SOL_RAW, ICMP_FILTER, ~[ICMP_DEST_UNREACH], 4) = %s\n",
	       sprintrc(rc));
	/* MCAST_JOIN_GROUP: struct group_req with its socket address; too short: the address. */
	struct group_req gr = { .gr_interface = 0 };
	struct sockaddr_in *gin = (struct sockaddr_in *)&gr.gr_group;
	gin->sin_family = AF_INET;
	gin->sin_port = htons(5353);
	gin->sin_addr.s_addr = inet_addr("224.0.0.251");
	rc = syscall(__NR_setsockopt, -1, SOL_IP, MCAST_JOIN_GROUP, &gr, sizeof(gr));
	printf("setsockopt(-1, SOL_IP, MCAST_JOIN_GROUP, {gr_interface=0, gr_group={sa_family=AF_INET, "
	       "sin_port=htons(5353), sin_addr=inet_addr(\"224.0.0.251\")}}, %zu) = %s\n",
	       sizeof(gr), sprintrc(rc));
	rc = syscall(__NR_setsockopt, -1, SOL_IP, MCAST_LEAVE_GROUP, &gr, 8);
	printf("setsockopt(-1, SOL_IP, MCAST_LEAVE_GROUP, %p, 8) = %s\n", (void *)&gr, sprintrc(rc));
	rc = syscall(__NR_getsockopt, -1, SOL_SOCKET, SO_TYPE, &v, &len);
	printf("getsockopt(-1, SOL_SOCKET, SO_TYPE, %p, [4]) = %s\n", (void *)&v, sprintrc(rc));
	rc = syscall(__NR_getsockopt, s, SOL_SOCKET, SO_TYPE, &v, NULL);
	printf("getsockopt(%d, SOL_SOCKET, SO_TYPE, %p, NULL) = %s\n", s, (void *)&v,
	       sprintrc(rc));

	printf("+++ exited with 0 +++\n");
	return 0;
}
