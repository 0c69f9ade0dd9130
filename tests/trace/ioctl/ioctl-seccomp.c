// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * ioctl, seccomp user notifications: a response with its error by name, an id check, a
 * descriptor to add, and a notification the tracee filled in (printed at entry, then after
 * " => " what the kernel wrote: an address when the call failed).  All on fd -1: EBADF.
 * Run with -a0 -e trace=ioctl.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/audit.h>
#include <linux/seccomp.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>

#include "fdtest.h"

int main(void)
{
	struct seccomp_notif_resp resp = { .id = 1, .error = -EPERM,
					   .flags = SECCOMP_USER_NOTIF_FLAG_CONTINUE };
	struct seccomp_notif_addfd addfd = { .id = 1, .flags = SECCOMP_ADDFD_FLAG_SETFD,
					     .srcfd = 0, .newfd = 5, .newfd_flags = O_CLOEXEC };
	struct seccomp_notif n = { .id = 0x10, .pid = 1234,
				   .data = { .nr = __NR_getpid, .arch = AUDIT_ARCH_X86_64,
					     .instruction_pointer = 0x1000, .args = { 1 } } };
	unsigned long long id = 42;
	long rc;

	rc = syscall(__NR_ioctl, -1, SECCOMP_IOCTL_NOTIF_SEND, &resp);
	out("ioctl(-1, SECCOMP_IOCTL_NOTIF_SEND, {id=0x1, val=0, error=-EPERM, "
	    "flags=SECCOMP_USER_NOTIF_FLAG_CONTINUE}) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, SECCOMP_IOCTL_NOTIF_ID_VALID, &id);
	out("ioctl(-1, SECCOMP_IOCTL_NOTIF_ID_VALID, [0x2a]) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, SECCOMP_IOCTL_NOTIF_ADDFD, &addfd);
	out("ioctl(-1, SECCOMP_IOCTL_NOTIF_ADDFD, {id=0x1, flags=SECCOMP_ADDFD_FLAG_SETFD, "
	    "srcfd=0, newfd=5, newfd_flags=O_CLOEXEC}) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, SECCOMP_IOCTL_NOTIF_RECV, &n);
	out("ioctl(-1, SECCOMP_IOCTL_NOTIF_RECV, {id=0x10, pid=1234, flags=0, "
	    "data={nr=__NR_getpid, arch=AUDIT_ARCH_X86_64, instruction_pointer=0x1000, "
	    "args=[0x1, 0, 0, 0, 0, 0]}} => %p) = %s\n", (void *)&n, sprintrc(rc));
	out("+++ exited with 0 +++\n");
	return 0;
}
