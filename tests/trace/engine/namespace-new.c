// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * -e namespace=new (strace 6.14's): after a successful unshare, the ids of the namespaces it
 * entered, in strace's order (ipc before uts); none after a failed one.  ptrace only: --bpf
 * reads /proc/PID/ns/ when it decodes the record, and a short-lived process is gone by then.
 */
// strace-7.2: -e namespace=new is new in strace 6.14
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
	char ipc[64], uts[64];
	long rc = syscall(__NR_unshare, CLONE_NEWUTS | CLONE_NEWIPC);

	if (rc < 0)
		SKIP("unshare(CLONE_NEWUTS|CLONE_NEWIPC): %s", strerror(errno));
	ns_id("ipc", ipc, sizeof(ipc));
	ns_id("uts", uts, sizeof(uts));
	rc = syscall(__NR_unshare, 0x80000000UL);
	printf("unshare(CLONE_NEWUTS|CLONE_NEWIPC) = 0 (%s, %s)\n", ipc, uts);
	printf("unshare(0x80000000 /* CLONE_??? */) = %s\n", sprintrc(rc));
	printf("+++ exited with 0 +++\n");
	return 0;
}
