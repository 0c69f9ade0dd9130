// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * Socket addresses through connect(2) (each call fails with EBADF): AF_UNIX paths filling
 * sun_path without a NUL, unnamed and one-byte ones, a length past the struct, abstract names,
 * escapes; AF_INET6 link-local scope ids as if_nametoindex(), other scope ids, the shorter
 * forms without sin6_scope_id and below the minimum (raw sa_data); AF_INET too short;
 * AF_NETLINK with nl_pad; an unknown family; a length below 2, a negative one.
 * Run with -a0 -e trace=connect.
 */
#include <arpa/inet.h>
#include <linux/netlink.h>
#include <net/if.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/un.h>

#include "tests.h"

#define EBADF_ "-1 EBADF (Bad file descriptor)"

int main(void)
{
	char lo[IF_NAMESIZE + 1];
	char a108[109];

	if (!if_indextoname(1, lo))
		SKIP("no interface 1");
	memset(a108, 'a', 108);
	a108[108] = 0;

	struct sockaddr_un un = { .sun_family = AF_UNIX };
	memset(un.sun_path, 'a', sizeof(un.sun_path));
	syscall(__NR_connect, -1, &un, sizeof(un));
	printf("connect(-1, {sa_family=AF_UNIX, sun_path=\"%s\"}, 110) = " EBADF_ "\n", a108);
	syscall(__NR_connect, -1, &un, 2);
	printf("connect(-1, {sa_family=AF_UNIX}, 2) = " EBADF_ "\n");
	syscall(__NR_connect, -1, &un, 3);
	printf("connect(-1, {sa_family=AF_UNIX, sun_path=\"a\"}, 3) = " EBADF_ "\n");
	syscall(__NR_connect, -1, &un, sizeof(un) + 4);
	printf("connect(-1, {sa_family=AF_UNIX, sun_path=\"%s\"}, 114) = " EBADF_ "\n", a108);
	un.sun_path[0] = 0;
	syscall(__NR_connect, -1, &un, 2 + 5);
	printf("connect(-1, {sa_family=AF_UNIX, sun_path=@\"aaaa\"}, 7) = " EBADF_ "\n");
	strcpy(un.sun_path, "x\"y\n");
	syscall(__NR_connect, -1, &un, 2 + 5);
	printf("connect(-1, {sa_family=AF_UNIX, sun_path=\"x\\\"y\\n\"}, 7) = " EBADF_ "\n");

	struct sockaddr_in6 s6 = { .sin6_family = AF_INET6, .sin6_port = htons(80),
				   .sin6_flowinfo = htonl(5) };
	inet_pton(AF_INET6, "fe80::1", &s6.sin6_addr);
	s6.sin6_scope_id = 1;
#define S6 "{sa_family=AF_INET6, sin6_port=htons(80), sin6_flowinfo=htonl(5), inet_pton(AF_INET6, "
	syscall(__NR_connect, -1, &s6, sizeof(s6));
	printf("connect(-1, " S6 "\"fe80::1\", &sin6_addr), sin6_scope_id=if_nametoindex(\"%s\")},"
	       " 28) = " EBADF_ "\n", lo);
	s6.sin6_scope_id = 0x7fff;
	syscall(__NR_connect, -1, &s6, sizeof(s6));
	printf("connect(-1, " S6 "\"fe80::1\", &sin6_addr), sin6_scope_id=32767}, 28) = " EBADF_ "\n");
	syscall(__NR_connect, -1, &s6, 24);
	printf("connect(-1, " S6 "\"fe80::1\", &sin6_addr)}, 24) = " EBADF_ "\n");
	syscall(__NR_connect, -1, &s6, 20);
	printf("connect(-1, {sa_family=AF_INET6, sa_data=\"\\0P\\0\\0\\0\\5\\376\\200\\0\\0\\0\\0\\0"
	       "\\0\\0\\0\\0\\0\"}, 20) = " EBADF_ "\n");
	inet_pton(AF_INET6, "::ffff:1.2.3.4", &s6.sin6_addr);
	s6.sin6_scope_id = 1;
	syscall(__NR_connect, -1, &s6, sizeof(s6));
	printf("connect(-1, " S6 "\"::ffff:1.2.3.4\", &sin6_addr), sin6_scope_id=1}, 28) = " EBADF_
	       "\n");

	struct sockaddr_in s4 = { .sin_family = AF_INET, .sin_port = htons(1),
				 .sin_addr.s_addr = htonl(0x01020304) };
	syscall(__NR_connect, -1, &s4, 8);
	printf("connect(-1, {sa_family=AF_INET, sa_data=\"\\0\\1\\1\\2\\3\\4\"}, 8) = " EBADF_ "\n");
	syscall(__NR_connect, -1, &s4, 20);
	printf("connect(-1, {sa_family=AF_INET, sin_port=htons(1), sin_addr=inet_addr(\"1.2.3.4\")},"
	       " 20) = " EBADF_ "\n");

	struct sockaddr_nl nl = { AF_NETLINK, 3, 4, 5 };
	syscall(__NR_connect, -1, &nl, sizeof(nl));
	printf("connect(-1, {sa_family=AF_NETLINK, nl_pad=0x3, nl_pid=4, nl_groups=0x000005}, 12) = "
	       EBADF_ "\n");
	syscall(__NR_connect, -1, &nl, 8);
	printf("connect(-1, {sa_family=AF_NETLINK, sa_data=\"\\3\\0\\4\\0\\0\\0\"}, 8) = " EBADF_
	       "\n");

	struct sockaddr_storage st = { .ss_family = 77 };
	syscall(__NR_connect, -1, &st, 16);
	printf("connect(-1, {sa_family=0x4d /* AF_??? */, sa_data=\"\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0"
	       "\\0\\0\\0\"}, 16) = " EBADF_ "\n");
	syscall(__NR_connect, -1, &st, 1);
	printf("connect(-1, %p, 1) = " EBADF_ "\n", (void *)&st);
	syscall(__NR_connect, -1, &st, -1);
	printf("connect(-1, %p, -1) = " EBADF_ "\n", (void *)&st);

	printf("+++ exited with 0 +++\n");
	return 0;
}
