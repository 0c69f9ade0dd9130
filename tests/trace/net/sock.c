// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * bind, listen, accept, accept4, getsockname, getpeername, socketpair, shutdown: a TCP server
 * and client on 127.0.0.1, AF_NETLINK and AF_UNIX addresses, an address cut by a short length
 * ([IN => OUT]), NULL addresses, SHUT_* modes, failures.
 * Run with -a0 -e trace=bind,listen,accept,accept4,getsockname,getpeername,socketpair,shutdown.
 */
#include <arpa/inet.h>
#include <linux/netlink.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/un.h>

#include "tests.h"

#define LO "sin_addr=inet_addr(\"127.0.0.1\")"

/* N bytes quoted as strace quotes them (octal escapes, the short form unless a digit follows). */
static const char *quote(const unsigned char *b, int n)
{
	static char buf[64];
	char *o = buf;

	for (int i = 0; i < n; i++) {
		unsigned char ch = b[i];
		const char *esc = strchr("\t\n\v\f\r", ch);
		if (ch && esc) {
			*o++ = '\\';
			*o++ = "tnvfr"[esc - "\t\n\v\f\r"];
		} else if (ch == '"' || ch == '\\') {
			*o++ = '\\';
			*o++ = (char)ch;
		} else if (ch >= 0x20 && ch < 0x7f) {
			*o++ = (char)ch;
		} else if (i + 1 < n && b[i + 1] >= '0' && b[i + 1] <= '9') {
			o += sprintf(o, "\\%03o", ch);
		} else {
			o += sprintf(o, "\\%o", ch);
		}
	}
	*o = 0;
	return buf;
}

int main(void)
{
	long rc;

	int s = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
	struct sockaddr_in sin = { .sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	rc = syscall(__NR_bind, s, &sin, sizeof(sin));
	printf("bind(%d, {sa_family=AF_INET, sin_port=htons(0), " LO "}, 16) = %s\n", s,
	       sprintrc(rc));
	rc = syscall(__NR_listen, s, 128);
	printf("listen(%d, 128) = %s\n", s, sprintrc(rc));
	socklen_t len = sizeof(sin);
	rc = syscall(__NR_getsockname, s, &sin, &len);
	unsigned int port = ntohs(sin.sin_port);
	printf("getsockname(%d, {sa_family=AF_INET, sin_port=htons(%u), " LO "}, [16]) = %s\n", s,
	       port, sprintrc(rc));

	int cl = socket(AF_INET, SOCK_STREAM, 0);
	if (connect(cl, (struct sockaddr *)&sin, sizeof(sin)))
		FAIL("connect: %m");
	struct sockaddr_in me;
	socklen_t mlen = sizeof(me);
	getsockname(cl, (struct sockaddr *)&me, &mlen);
	unsigned int cport = ntohs(me.sin_port);
	printf("getsockname(%d, {sa_family=AF_INET, sin_port=htons(%u), " LO "}, [16]) = 0\n", cl,
	       cport);
	struct sockaddr_storage peer;
	len = sizeof(peer);
	rc = syscall(__NR_accept4, s, &peer, &len, SOCK_CLOEXEC | SOCK_NONBLOCK);
	printf("accept4(%d, {sa_family=AF_INET, sin_port=htons(%u), " LO "}, [128 => 16], "
	       "SOCK_CLOEXEC|SOCK_NONBLOCK) = %s\n", s, cport, sprintrc(rc));
	int a = (int)rc;
	len = sizeof(peer);
	rc = syscall(__NR_getpeername, cl, &peer, &len);
	printf("getpeername(%d, {sa_family=AF_INET, sin_port=htons(%u), " LO "}, [128 => 16]) = %s\n",
	       cl, port, sprintrc(rc));
	len = 4;
	rc = syscall(__NR_getpeername, a, &peer, &len);
	unsigned char pb[2] = { cport >> 8, cport & 0xff };
	printf("getpeername(%d, {sa_family=AF_INET, sa_data=\"%s\"}, [4 => 16]) = %s\n", a,
	       quote(pb, 2), sprintrc(rc));

	rc = syscall(__NR_accept4, s, NULL, NULL, SOCK_NONBLOCK);
	printf("accept4(%d, NULL, NULL, SOCK_NONBLOCK) = %s\n", s, sprintrc(rc));
	rc = syscall(__NR_accept4, s, NULL, NULL, 0x10);
	printf("accept4(%d, NULL, NULL, 0x10 /* SOCK_??? */) = %s\n", s, sprintrc(rc));
	len = sizeof(peer);
	rc = syscall(__NR_accept, -1, &peer, &len);
	printf("accept(-1, %p, [128]) = %s\n", (void *)&peer, sprintrc(rc));
	rc = syscall(__NR_getsockname, s, (void *)8, (void *)16);
	printf("getsockname(%d, 0x8, 0x10) = %s\n", s, sprintrc(rc));

	rc = syscall(__NR_shutdown, cl, SHUT_WR);
	printf("shutdown(%d, SHUT_WR) = %s\n", cl, sprintrc(rc));
	rc = syscall(__NR_shutdown, a, SHUT_RDWR);
	printf("shutdown(%d, SHUT_RDWR) = %s\n", a, sprintrc(rc));
	rc = syscall(__NR_shutdown, a, 7);
	printf("shutdown(%d, 0x7 /* SHUT_??? */) = %s\n", a, sprintrc(rc));

	int n = socket(AF_NETLINK, SOCK_RAW, NETLINK_ROUTE);
	struct sockaddr_nl nl = { .nl_family = AF_NETLINK, .nl_groups = 0x10 };
	rc = syscall(__NR_bind, n, &nl, sizeof(nl));
	printf("bind(%d, {sa_family=AF_NETLINK, nl_pid=0, nl_groups=0x000010}, 12) = %s\n", n,
	       sprintrc(rc));
	len = sizeof(nl);
	rc = syscall(__NR_getsockname, n, &nl, &len);
	printf("getsockname(%d, {sa_family=AF_NETLINK, nl_pid=%d, nl_groups=0x000010}, [12]) = %s\n",
	       n, (int)nl.nl_pid, sprintrc(rc));

	int sv[2];
	rc = syscall(__NR_socketpair, AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv);
	printf("socketpair(AF_UNIX, SOCK_STREAM|SOCK_CLOEXEC, 0, [%d, %d]) = %s\n", sv[0], sv[1],
	       sprintrc(rc));
	rc = syscall(__NR_socketpair, AF_INET, SOCK_STREAM, 0, sv);
	printf("socketpair(AF_INET, SOCK_STREAM, 0, %p) = %s\n", (void *)sv, sprintrc(rc));

	int us = socket(AF_UNIX, SOCK_DGRAM, 0);
	struct sockaddr_un sun = { .sun_family = AF_UNIX };
	snprintf(sun.sun_path, sizeof(sun.sun_path), "/tmp/sttrace-sock-%d", getpid());
	unlink(sun.sun_path);
	rc = syscall(__NR_bind, us, &sun, sizeof(sun));
	printf("bind(%d, {sa_family=AF_UNIX, sun_path=\"%s\"}, 110) = %s\n", us, sun.sun_path,
	       sprintrc(rc));
	len = sizeof(sun);
	rc = syscall(__NR_getsockname, us, &sun, &len);
	printf("getsockname(%d, {sa_family=AF_UNIX, sun_path=\"%s\"}, [110 => %d]) = %s\n", us,
	       sun.sun_path, (int)len, sprintrc(rc));
	unlink(sun.sun_path);
	rc = syscall(__NR_bind, us, &sun, 1);
	printf("bind(%d, %p, 1) = %s\n", us, (void *)&sun, sprintrc(rc));

	printf("+++ exited with 0 +++\n");
	return 0;
}
