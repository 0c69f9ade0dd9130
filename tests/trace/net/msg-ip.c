// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * recvmsg control messages of the IP and socket levels: SCM_TIMESTAMP (SO_TIMESTAMP),
 * IP_PKTINFO, IP_TTL, IP_TOS, IP_ORIGDSTADDR on a UDP datagram to ourselves, then IP_RECVERR
 * from the error queue after a datagram to a closed port; a control buffer too short
 * (MSG_CTRUNC).  The program decodes its own control messages to say what the tracer prints.
 * Run with -a0 -e trace=recvmsg.
 */
#include <arpa/inet.h>
#include <linux/errqueue.h>
#include <net/if.h>
#include <netinet/in.h>
#include <netinet/ip.h>
#include <sys/socket.h>
#include <sys/time.h>

#include "tests.h"

static const char *ifname(unsigned int idx)
{
	static char buf[IF_NAMESIZE + 32], name[IF_NAMESIZE + 1];

	if (idx && if_indextoname(idx, name))
		snprintf(buf, sizeof(buf), "if_nametoindex(\"%s\")", name);
	else
		snprintf(buf, sizeof(buf), "%u", idx);
	return buf;
}

static void print_sin(const struct sockaddr_in *sin)
{
	char a[INET_ADDRSTRLEN];

	inet_ntop(AF_INET, &sin->sin_addr, a, sizeof(a));
	printf("{sa_family=AF_INET, sin_port=htons(%u), sin_addr=inet_addr(\"%s\")}",
	       ntohs(sin->sin_port), a);
}

static void print_cmsgs(struct msghdr *m)
{
	const char *sep = "";

	printf(", msg_control=[");
	for (struct cmsghdr *cm = CMSG_FIRSTHDR(m); cm; cm = CMSG_NXTHDR(m, cm)) {
		printf("%s{cmsg_len=%zu, cmsg_level=%s, cmsg_type=", sep, (size_t)cm->cmsg_len,
		       cm->cmsg_level == SOL_SOCKET ? "SOL_SOCKET" : "SOL_IP");
		sep = ", ";
		void *d = CMSG_DATA(cm);
		if (cm->cmsg_level == SOL_SOCKET && cm->cmsg_type == SO_TIMESTAMP) {
			struct timeval tv;
			memcpy(&tv, d, sizeof(tv));
			printf("SO_TIMESTAMP_OLD, cmsg_data={tv_sec=%lld, tv_usec=%llu}}",
			       (long long)tv.tv_sec, (unsigned long long)tv.tv_usec);
		} else if (cm->cmsg_type == IP_PKTINFO) {
			struct in_pktinfo pi;
			char a[INET_ADDRSTRLEN], b[INET_ADDRSTRLEN];
			memcpy(&pi, d, sizeof(pi));
			inet_ntop(AF_INET, &pi.ipi_spec_dst, a, sizeof(a));
			inet_ntop(AF_INET, &pi.ipi_addr, b, sizeof(b));
			printf("IP_PKTINFO, cmsg_data={ipi_ifindex=%s, ipi_spec_dst=inet_addr(\"%s\"), "
			       "ipi_addr=inet_addr(\"%s\")}}", ifname((unsigned int)pi.ipi_ifindex), a,
			       b);
		} else if (cm->cmsg_type == IP_TTL) {
			int ttl;
			memcpy(&ttl, d, sizeof(ttl));
			printf("IP_TTL, cmsg_data=[%d]}", ttl);
		} else if (cm->cmsg_type == IP_TOS) {
			printf("IP_TOS, cmsg_data=[%#x]}", *(unsigned char *)d);
		} else if (cm->cmsg_type == IP_ORIGDSTADDR) {
			struct sockaddr_in sin;
			memcpy(&sin, d, sizeof(sin));
			printf("IP_ORIGDSTADDR, cmsg_data=");
			print_sin(&sin);
			printf("}");
		} else if (cm->cmsg_type == IP_RECVERR) {
			struct sock_extended_err ee;
			struct sockaddr_in off;
			memcpy(&ee, d, sizeof(ee));
			memcpy(&off, (char *)d + sizeof(ee), sizeof(off));
			printf("IP_RECVERR, cmsg_data={ee_errno=%u, ee_origin=%u, ee_type=%u, "
			       "ee_code=%u, ee_info=%u, ee_data=%u, offender=", ee.ee_errno,
			       ee.ee_origin, ee.ee_type, ee.ee_code, ee.ee_info, ee.ee_data);
			print_sin(&off);
			printf("}}");
		} else {
			FAIL("unexpected control message %d/%d", cm->cmsg_level, cm->cmsg_type);
		}
	}
	printf("]");
}

int main(void)
{
	int one = 1;
	long rc;

	int u = socket(AF_INET, SOCK_DGRAM, 0);
	struct sockaddr_in sin = { .sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	socklen_t sl = sizeof(sin);
	if (bind(u, (struct sockaddr *)&sin, sizeof(sin)) ||
	    getsockname(u, (struct sockaddr *)&sin, &sl))
		FAIL("bind: %m");
	setsockopt(u, SOL_SOCKET, SO_TIMESTAMP, &one, sizeof(one));
	setsockopt(u, IPPROTO_IP, IP_PKTINFO, &one, sizeof(one));
	setsockopt(u, IPPROTO_IP, IP_RECVTTL, &one, sizeof(one));
	setsockopt(u, IPPROTO_IP, IP_RECVTOS, &one, sizeof(one));
	setsockopt(u, IPPROTO_IP, IP_RECVORIGDSTADDR, &one, sizeof(one));
	if (sendto(u, "ping", 4, 0, (struct sockaddr *)&sin, sizeof(sin)) != 4)
		FAIL("sendto: %m");

	char data[16];
	struct iovec iov = { data, sizeof(data) };
	union {
		char buf[512];
		struct cmsghdr align;
	} ctl;
	struct sockaddr_in from;
	struct msghdr m = { .msg_name = &from, .msg_namelen = sizeof(from), .msg_iov = &iov,
			    .msg_iovlen = 1, .msg_control = ctl.buf, .msg_controllen = sizeof(ctl) };
	rc = syscall(__NR_recvmsg, u, &m, 0);
	printf("recvmsg(%d, {msg_name=", u);
	print_sin(&from);
	printf(", msg_namelen=16, msg_iov=[{iov_base=\"ping\", iov_len=16}], msg_iovlen=1");
	print_cmsgs(&m);
	printf(", msg_controllen=%zu, msg_flags=0}, 0) = %s\n", (size_t)m.msg_controllen,
	       sprintrc(rc));

	/* a control buffer with room for one message only */
	if (sendto(u, "pong", 4, 0, (struct sockaddr *)&sin, sizeof(sin)) != 4)
		FAIL("sendto: %m");
	m.msg_controllen = CMSG_SPACE(sizeof(struct timeval));
	m.msg_namelen = sizeof(from);
	rc = syscall(__NR_recvmsg, u, &m, 0);
	printf("recvmsg(%d, {msg_name=", u);
	print_sin(&from);
	printf(", msg_namelen=16, msg_iov=[{iov_base=\"pong\", iov_len=16}], msg_iovlen=1");
	print_cmsgs(&m);
	printf(", msg_controllen=%zu, msg_flags=MSG_CTRUNC}, 0) = %s\n", (size_t)m.msg_controllen,
	       sprintrc(rc));

	/* IP_RECVERR: a datagram to a port nobody listens on */
	int e = socket(AF_INET, SOCK_DGRAM, 0);
	setsockopt(e, IPPROTO_IP, IP_RECVERR, &one, sizeof(one));
	struct sockaddr_in dead = { .sin_family = AF_INET, .sin_port = htons(9),
				    .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	if (sendto(e, "x", 1, 0, (struct sockaddr *)&dead, sizeof(dead)) != 1)
		FAIL("sendto: %m");
	usleep(10000);
	m.msg_controllen = sizeof(ctl);
	m.msg_namelen = sizeof(from);
	rc = syscall(__NR_recvmsg, e, &m, MSG_ERRQUEUE);
	if (rc < 0)
		SKIP("no ICMP error queued: %m");
	printf("recvmsg(%d, {msg_name=", e);
	print_sin(&from);
	printf(", msg_namelen=16, msg_iov=[{iov_base=\"x\", iov_len=16}], msg_iovlen=1");
	print_cmsgs(&m);
	printf(", msg_controllen=%zu, msg_flags=MSG_ERRQUEUE}, MSG_ERRQUEUE) = %s\n",
	       (size_t)m.msg_controllen, sprintrc(rc));

	printf("+++ exited with 0 +++\n");
	return 0;
}
