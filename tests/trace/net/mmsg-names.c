// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * sendmmsg with a vector longer than -s shows: each message's name, iovec and buffer, for
 * every message shown (32, then "...").  Under --bpf the pieces of every message are captured,
 * not only those a generic pointer chase reached in the vector's first kilobyte.  A bad
 * descriptor: nothing is sent, the vector is shown all the same.  Run with -a0 -e
 * trace=sendmmsg.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <stddef.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>

#include "fdtest.h"

#define N 40

int main(void)
{
	static struct mmsghdr v[N];
	static struct sockaddr_un names[N];
	static struct iovec iov[N];
	static char data[N];

	for (int i = 0; i < N; i++) {
		names[i].sun_family = AF_UNIX;
		memset(names[i].sun_path, 'a' + i % 26, i + 1);
		data[i] = (char)('0' + i % 10);
		iov[i] = (struct iovec){ &data[i], 1 };
		v[i].msg_hdr = (struct msghdr){ .msg_name = &names[i],
						.msg_namelen = offsetof(struct sockaddr_un, sun_path) + i + 1,
						.msg_iov = &iov[i], .msg_iovlen = 1 };
	}
	const char *err = sprintrc(sendmmsg(-1, v, N, 0));
	out("sendmmsg(-1, [");
	for (int i = 0; i < 32; i++)
		out("{msg_hdr={msg_name={sa_family=AF_UNIX, sun_path=\"%.*s\"}, msg_namelen=%d, "
		    "msg_iov=[{iov_base=\"%c\", iov_len=1}], msg_iovlen=1, msg_controllen=0, "
		    "msg_flags=0}}, ", i + 1, names[i].sun_path, i + 3, data[i]);
	out("...], %d, 0) = %s\n", N, err);
	out("+++ exited with 0 +++\n");
	return 0;
}
