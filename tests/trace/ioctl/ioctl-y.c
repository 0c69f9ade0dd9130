// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * ioctl with -y: descriptors an ioctl passes by value (NBD_SET_SOCK, PERF_EVENT_IOC_SET_OUTPUT)
 * or inside its structure (SECCOMP_IOCTL_NOTIF_ADDFD's srcfd) print with their paths too;
 * under --bpf they are resolved in the kernel at the stop.  All on fd -1: EBADF.
 * Run with -a0 -y -e trace=ioctl.
 */
#include <fcntl.h>
#include <linux/nbd.h>
#include <linux/perf_event.h>
#include <linux/seccomp.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>

#include "fdtest.h"

int main(void)
{
	int fd = open("/dev/null", O_RDONLY);
	struct seccomp_notif_addfd addfd = { .id = 1, .srcfd = fd };
	long rc;

	if (fd < 0)
		return 1;
	rc = syscall(__NR_ioctl, -1, NBD_SET_SOCK, fd);
	out("ioctl(-1, NBD_SET_SOCK, %d</dev/null>) = %s\n", fd, sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, PERF_EVENT_IOC_SET_OUTPUT, fd);
	out("ioctl(-1, PERF_EVENT_IOC_SET_OUTPUT, %d</dev/null>) = %s\n", fd, sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, SECCOMP_IOCTL_NOTIF_ADDFD, &addfd);
	out("ioctl(-1, SECCOMP_IOCTL_NOTIF_ADDFD, {id=0x1, flags=0, srcfd=%d</dev/null>, "
	    "newfd=0, newfd_flags=0}) = %s\n", fd, sprintrc(rc));
	out("+++ exited with 0 +++\n");
	return 0;
}
