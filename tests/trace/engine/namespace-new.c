// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * -e namespace=new (strace 6.14's): after a successful unshare, the ids of the namespaces it
 * entered, in strace's order (ipc before uts); none after a failed one; after setns, the one
 * it went back to.  As they were at the call's exit: under --bpf the lines print after the
 * process is gone (the kernel read the ids at the stop).
 */
// strace-7.2: -e namespace=new is new in strace 6.14
#include <fcntl.h>
#include <sched.h>
#include "tests.h"

static void ns_id(const char *type, char *buf, size_t len)
{
	char link[64];
	ssize_t n;

	snprintf(link, sizeof(link), "/proc/self/ns/%s", type);
	n = readlink(link, buf, len - 1);
	if (n < 0)
		SKIP("readlink %s: %s", link, strerror(errno));
	buf[n] = '\0';
}

int main(void)
{
	char ipc[64], uts[64], uts0[64];
	int fd = open("/proc/self/ns/uts", O_RDONLY);

	if (fd < 0)
		SKIP("/proc/self/ns/uts: %s", strerror(errno));
	ns_id("uts", uts0, sizeof(uts0));
	long rc = syscall(__NR_unshare, CLONE_NEWUTS | CLONE_NEWIPC);

	if (rc < 0)
		SKIP("unshare(CLONE_NEWUTS|CLONE_NEWIPC): %s", strerror(errno));
	ns_id("ipc", ipc, sizeof(ipc));
	ns_id("uts", uts, sizeof(uts));
	rc = syscall(__NR_unshare, 0x80000000UL);
	long rc2 = syscall(__NR_setns, fd, CLONE_NEWUTS);
	if (rc2)
		SKIP("setns back: %s", strerror(errno));
	printf("unshare(CLONE_NEWUTS|CLONE_NEWIPC) = 0 (%s, %s)\n", ipc, uts);
	printf("unshare(0x80000000 /* CLONE_??? */) = %s\n", sprintrc(rc));
	printf("setns(%d, CLONE_NEWUTS) = 0 (%s)\n", fd, uts0);
	printf("+++ exited with 0 +++\n");
	return 0;
}
