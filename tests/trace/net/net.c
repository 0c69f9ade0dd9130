// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * socket, bind, connect, sendto, recvfrom: families, SOCK_* type with its flags, protocols;
 * AF_INET and AF_INET6 addresses as htons()/inet_addr()/inet_pton(); AF_UNIX paths (abstract
 * ones with @); buffers cut by -s; MSG_* flags; the source address length shown as
 * [IN => OUT] when the kernel changed it.  Run with -a0 -s8 -e trace=%network.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/un.h>

#include "tests.h"

int main(void)
{
	long rc;

	int u = (int)syscall(__NR_socket, AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, IPPROTO_UDP);
	printf("socket(AF_INET, SOCK_DGRAM|SOCK_CLOEXEC, IPPROTO_UDP) = %d\n", u);

	struct sockaddr_in sin = { .sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	rc = syscall(__NR_bind, u, &sin, sizeof(sin));
	printf("bind(%d, {sa_family=AF_INET, sin_port=htons(0), sin_addr=inet_addr(\"127.0.0.1\")},"
	       " 16) = %s\n", u, sprintrc(rc));
	socklen_t len = sizeof(sin);
	getsockname(u, (struct sockaddr *)&sin, &len);
	unsigned port = ntohs(sin.sin_port);
	printf("getsockname(%d, {sa_family=AF_INET, sin_port=htons(%u), "
	       "sin_addr=inet_addr(\"127.0.0.1\")}, [16]) = 0\n", u, port);

	rc = syscall(__NR_sendto, u, "hello, world", 12, MSG_DONTWAIT | 0x8000000, &sin,
		     sizeof(sin));
	printf("sendto(%d, \"hello, w\"..., 12, MSG_DONTWAIT|0x8000000, {sa_family=AF_INET, "
	       "sin_port=htons(%u), sin_addr=inet_addr(\"127.0.0.1\")}, 16) = %s\n", u, port,
	       sprintrc(rc));

	char buf[64];
	struct sockaddr_storage from;
	socklen_t flen = sizeof(from);
	rc = syscall(__NR_recvfrom, u, buf, sizeof(buf), 0, &from, &flen);
	printf("recvfrom(%d, \"hello, w\"..., 64, 0, {sa_family=AF_INET, sin_port=htons(%u), "
	       "sin_addr=inet_addr(\"127.0.0.1\")}, [128 => 16]) = %s\n", u, port, sprintrc(rc));

	rc = syscall(__NR_recvfrom, u, buf, sizeof(buf), MSG_DONTWAIT, NULL, NULL);
	printf("recvfrom(%d, %p, 64, MSG_DONTWAIT, NULL, NULL) = %s\n", u, (void *)buf,
	       sprintrc(rc));

	int s6 = (int)syscall(__NR_socket, AF_INET6, SOCK_STREAM | SOCK_NONBLOCK, 0);
	printf("socket(AF_INET6, SOCK_STREAM|SOCK_NONBLOCK, IPPROTO_IP) = %d\n", s6);
	struct sockaddr_in6 sin6 = { .sin6_family = AF_INET6, .sin6_port = htons(9),
				     .sin6_addr = IN6ADDR_LOOPBACK_INIT };
	rc = syscall(__NR_connect, s6, &sin6, sizeof(sin6));
	printf("connect(%d, {sa_family=AF_INET6, sin6_port=htons(9), sin6_flowinfo=htonl(0), "
	       "inet_pton(AF_INET6, \"::1\", &sin6_addr), sin6_scope_id=0}, 28) = %s\n", s6,
	       sprintrc(rc));

	int su = (int)syscall(__NR_socket, AF_UNIX, SOCK_STREAM, 0);
	printf("socket(AF_UNIX, SOCK_STREAM, 0) = %d\n", su);
	struct sockaddr_un sun = { .sun_family = AF_UNIX, .sun_path = "/nonexistent/sock" };
	rc = syscall(__NR_connect, su, &sun, sizeof(sun));
	printf("connect(%d, {sa_family=AF_UNIX, sun_path=\"/nonexistent/sock\"}, 110) = %s\n", su,
	       sprintrc(rc));
	struct sockaddr_un abs = { .sun_family = AF_UNIX, .sun_path = "\0sttrace-none" };
	rc = syscall(__NR_connect, su, &abs, 2 + 13);
	printf("connect(%d, {sa_family=AF_UNIX, sun_path=@\"sttrace-none\"}, 15) = %s\n", su,
	       sprintrc(rc));
	rc = syscall(__NR_connect, su, (void *)8, 16);
	printf("connect(%d, 0x8, 16) = %s\n", su, sprintrc(rc));
	rc = syscall(__NR_connect, -1, NULL, 0);
	printf("connect(-1, NULL, 0) = %s\n", sprintrc(rc));

	rc = syscall(__NR_socket, 12345, 77, 0);
	printf("socket(0x3039 /* AF_??? */, 0x4d /* SOCK_??? */, 0) = %s\n", sprintrc(rc));

	printf("+++ exited with 0 +++\n");
	return 0;
}
