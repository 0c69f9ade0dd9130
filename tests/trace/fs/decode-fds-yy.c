// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * -yy: sockets print with what sock_diag says of them: a TCP listener and both ends of a
 * connection on 127.0.0.1 (and on ::1 where there is IPv6), bound and connected UDP, a unix
 * socketpair, a named unix listener with its connection, an abstract unix datagram socket, a
 * netlink socket; sockets the kernel cannot describe yet (just created) as PROTO:[INODE];
 * a character device as </dev/null<char 1:3>>, pipes and anonymous inodes as -y, a pidfd as
 * <pid:N>.  fcntl(fd, F_GETFD) shows a descriptor at the moment we want.
 * Run with -a0 -yy -e trace=socket,socketpair,pipe2,fcntl,pidfd_open.
 */
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <stddef.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/un.h>
#include <linux/netlink.h>
#include "tests.h"

static unsigned long ino(int fd)
{
	struct stat st;

	if (fstat(fd, &st))
		FAIL("fstat: %m");
	return (unsigned long)st.st_ino;
}

static unsigned short port(int fd)
{
	struct sockaddr_in6 sa;
	socklen_t len = sizeof(sa);

	if (getsockname(fd, (struct sockaddr *)&sa, &len))
		FAIL("getsockname: %m");
	/* sin_port and sin6_port are at the same place. */
	return ntohs(sa.sin6_port);
}

/* fcntl(FD, F_GETFD) on a descriptor without FD_CLOEXEC, shown as DESC. */
static void probe(int fd, const char *fmt, ...)
{
	char desc[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(desc, sizeof(desc), fmt, ap);
	va_end(ap);
	if (syscall(__NR_fcntl, fd, F_GETFD) != 0)
		FAIL("fcntl: %m");
	printf("fcntl(%d<%s>, F_GETFD) = 0\n", fd, desc);
}

static int sock(int family, int type, const char *args, const char *proto)
{
	int fd = socket(family, type, 0);

	if (fd < 0)
		FAIL("socket(%s): %m", args);
	printf("socket(%s) = %d<%s:[%lu]>\n", args, fd, proto, ino(fd));
	return fd;
}

static void tcp(int family, const char *name, const char *addr)
{
	const char *ob = family == AF_INET6 ? "[" : "", *cb = family == AF_INET6 ? "]" : "";
	struct sockaddr_in6 sa6 = { .sin6_family = AF_INET6, .sin6_addr = IN6ADDR_LOOPBACK_INIT };
	struct sockaddr_in sa4 = { .sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	struct sockaddr *sa = family == AF_INET6 ? (struct sockaddr *)&sa6 : (struct sockaddr *)&sa4;
	socklen_t len = family == AF_INET6 ? sizeof(sa6) : sizeof(sa4);

	if (family == AF_INET6) {
		/* No IPv6 here: nothing to show. */
		int t = socket(AF_INET6, SOCK_STREAM, 0);
		if (t < 0)
			printf("socket(AF_INET6, SOCK_STREAM, IPPROTO_IP) = %s\n", sprintrc(t));
		else
			printf("socket(AF_INET6, SOCK_STREAM, IPPROTO_IP) = %d<TCPv6:[%lu]>\n", t,
			       ino(t));
		if (t < 0 || bind(t, sa, len)) {
			if (t >= 0)
				close(t);
			return;
		}
		close(t);
	}
	const char *args = family == AF_INET6 ? "AF_INET6, SOCK_STREAM, IPPROTO_IP"
					      : "AF_INET, SOCK_STREAM, IPPROTO_IP";
	int l = sock(family, SOCK_STREAM, args, name);
	if (bind(l, sa, len) || listen(l, 1))
		FAIL("bind/listen: %m");
	unsigned short lp = port(l);
	probe(l, "%s:[%s%s%s:%u]", name, ob, addr, cb, lp);
	int cl = sock(family, SOCK_STREAM, args, name);
	sa6.sin6_port = sa4.sin_port = htons(lp);
	if (connect(cl, sa, len))
		FAIL("connect: %m");
	int a = accept(l, NULL, NULL);
	if (a < 0)
		FAIL("accept: %m");
	unsigned short cp = port(cl);
	probe(cl, "%s:[%s%s%s:%u->%s%s%s:%u]", name, ob, addr, cb, cp, ob, addr, cb, lp);
	probe(a, "%s:[%s%s%s:%u->%s%s%s:%u]", name, ob, addr, cb, lp, ob, addr, cb, cp);
	/* The listener is still what it was (and strace's cache says so anyway). */
	probe(l, "%s:[%s%s%s:%u]", name, ob, addr, cb, lp);
	close(a);
	close(cl);
	close(l);
}

static void udp(void)
{
	struct sockaddr_in sa = { .sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	int u = sock(AF_INET, SOCK_DGRAM, "AF_INET, SOCK_DGRAM, IPPROTO_IP", "UDP");
	int v = sock(AF_INET, SOCK_DGRAM, "AF_INET, SOCK_DGRAM, IPPROTO_IP", "UDP");

	if (bind(u, (struct sockaddr *)&sa, sizeof(sa)))
		FAIL("udp: %m");
	unsigned short up = port(u);
	probe(u, "UDP:[127.0.0.1:%u]", up);
	sa.sin_port = htons(up);
	if (connect(v, (struct sockaddr *)&sa, sizeof(sa)))
		FAIL("udp connect: %m");
	probe(v, "UDP:[127.0.0.1:%u->127.0.0.1:%u]", port(v), up);
	close(u);
	close(v);
}

static void unix_sockets(void)
{
	struct sockaddr_un sun = { .sun_family = AF_UNIX };
	int sv[2];

	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv))
		FAIL("socketpair: %m");
	unsigned long i0 = ino(sv[0]), i1 = ino(sv[1]);
	printf("socketpair(AF_UNIX, SOCK_STREAM, 0, [%d<UNIX-STREAM:[%lu->%lu]>, "
	       "%d<UNIX-STREAM:[%lu->%lu]>]) = 0\n", sv[0], i0, i1, sv[1], i1, i0);
	close(sv[0]);
	close(sv[1]);

	snprintf(sun.sun_path, sizeof(sun.sun_path), "/tmp/sttrace-yy-%d.sock", getpid());
	unlink(sun.sun_path);
	int l = sock(AF_UNIX, SOCK_STREAM, "AF_UNIX, SOCK_STREAM, 0", "UNIX-STREAM");
	socklen_t len = offsetof(struct sockaddr_un, sun_path) + strlen(sun.sun_path) + 1;
	if (bind(l, (struct sockaddr *)&sun, len) || listen(l, 1))
		FAIL("unix bind: %m");
	probe(l, "UNIX-STREAM:[%lu,\"%s\"]", ino(l), sun.sun_path);
	int cl = sock(AF_UNIX, SOCK_STREAM, "AF_UNIX, SOCK_STREAM, 0", "UNIX-STREAM");
	if (connect(cl, (struct sockaddr *)&sun, len))
		FAIL("unix connect: %m");
	int a = accept(l, NULL, NULL);
	if (a < 0)
		FAIL("unix accept: %m");
	probe(cl, "UNIX-STREAM:[%lu->%lu]", ino(cl), ino(a));
	probe(a, "UNIX-STREAM:[%lu->%lu,\"%s\"]", ino(a), ino(cl), sun.sun_path);
	unlink(sun.sun_path);
	close(a);
	close(cl);
	close(l);

	/* An abstract name: @"name". */
	char name[64];
	int d = sock(AF_UNIX, SOCK_DGRAM, "AF_UNIX, SOCK_DGRAM, 0", "UNIX");
	int n = snprintf(name, sizeof(name), "sttrace-yy-%d", getpid());
	memset(sun.sun_path, 0, sizeof(sun.sun_path));
	memcpy(sun.sun_path + 1, name, n);
	if (bind(d, (struct sockaddr *)&sun, offsetof(struct sockaddr_un, sun_path) + 1 + n))
		FAIL("abstract bind: %m");
	probe(d, "UNIX:[%lu,@\"%s\"]", ino(d), name);
	close(d);
}

static void netlink(void)
{
	struct sockaddr_nl sa = { .nl_family = AF_NETLINK };
	socklen_t len = sizeof(sa);
	int n = socket(AF_NETLINK, SOCK_RAW, NETLINK_ROUTE);

	if (n < 0)
		FAIL("netlink: %m");
	printf("socket(AF_NETLINK, SOCK_RAW, NETLINK_ROUTE) = %d<NETLINK:[%lu]>\n", n, ino(n));
	if (bind(n, (struct sockaddr *)&sa, sizeof(sa)) ||
	    getsockname(n, (struct sockaddr *)&sa, &len))
		FAIL("netlink bind: %m");
	probe(n, "NETLINK:[ROUTE:%u]", sa.nl_pid);
	close(n);
}

static void others(void)
{
	char link[64], path[256];
	struct stat st;
	int p[2];

	int fd = open("/dev/null", O_RDONLY);
	if (fd < 0 || fstat(fd, &st))
		FAIL("/dev/null: %m");
	probe(fd, "/dev/null<char %u:%u>", major(st.st_rdev), minor(st.st_rdev));
	close(fd);

	if (syscall(__NR_pipe2, p, 0))
		FAIL("pipe2: %m");
	printf("pipe2([%d<pipe:[%lu]>, %d<pipe:[%lu]>], 0) = 0\n", p[0], ino(p[0]), p[1], ino(p[1]));
	close(p[0]);
	close(p[1]);

	/* A pidfd: strace 6.1 knows it by the link "anon_inode:[pidfd]" only. */
	fd = (int)syscall(__NR_pidfd_open, getpid(), 0);
	if (fd < 0)
		return;
	snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
	ssize_t n = readlink(link, path, sizeof(path) - 1);
	if (n < 0)
		FAIL("readlink: %m");
	path[n] = '\0';
	if (!strcmp(path, "anon_inode:[pidfd]"))
		printf("pidfd_open(%d, 0) = %d<pid:%d>\n", getpid(), fd, getpid());
	else
		printf("pidfd_open(%d, 0) = %d<%s>\n", getpid(), fd, path);
	close(fd);
}

int main(void)
{
	tcp(AF_INET, "TCP", "127.0.0.1");
	tcp(AF_INET6, "TCPv6", "::1");
	udp();
	unix_sockets();
	netlink();
	others();
	printf("+++ exited with 0 +++\n");
	return 0;
}
