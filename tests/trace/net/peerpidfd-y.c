// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * getsockopt(SO_PEERPIDFD) under -y: the pidfd the call writes is a descriptor, described as
 * it was at the call's exit; the program closes it at once (under --bpf the line prints later,
 * from what the kernel read at the stop).  Run with -a0 -y -e trace=getsockopt.
 */
// strace-7.2: strace 6.1 prints SO_PEERPIDFD's value as a plain int
#include <sys/socket.h>
#include <sys/stat.h>

#include "tests.h"

#define SO_PEERPIDFD_ 77

int main(void)
{
	int sv[2], pidfd = -1;
	socklen_t len = sizeof(pidfd);
	struct stat st;

	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) || fstat(sv[0], &st))
		SKIP("socketpair: %s", strerror(errno));
	long rc = syscall(__NR_getsockopt, sv[0], SOL_SOCKET, SO_PEERPIDFD_, &pidfd, &len);
	if (rc)
		SKIP("SO_PEERPIDFD: %s (kernel < 6.5)", strerror(errno));
	close(pidfd);
	printf("getsockopt(%d<socket:[%lu]>, SOL_SOCKET, SO_PEERPIDFD, [%d<anon_inode:[pidfd]>], "
	       "[4]) = 0\n", sv[0], (unsigned long)st.st_ino, pidfd);
	printf("+++ exited with 0 +++\n");
	return 0;
}
