// SPDX-License-Identifier: LGPL-2.1-or-later
// strace-7.2: strace 6.1 knows none of these requests' arguments
// link: -static
/*
 * ioctl, pidfs and nsfs requests of Linux 6.7-6.17 that strace 7.2 decodes: PIDFD_GET_INFO
 * (the mask asked for at entry, and on a pidfd of ours the mask the kernel returned after
 * " => " with the fields it says it filled), a pidfd's namespace descriptors
 * (PIDFD_GET_*_NAMESPACE: the argument in hex), NS_GET_MNTNS_ID's id, NS_MNT_GET_INFO's
 * struct mnt_ns_info and the pid translations (NS_GET_*_PIDNS: a plain int argument).
 * Run with -a0 -e trace=ioctl.
 */
#include <fcntl.h>
#include <linux/ioctl.h>
#include <stdint.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "fdtest.h"

struct pidfd_info_ {
	uint64_t mask, cgroupid;
	uint32_t pid, tgid, ppid, ruid, rgid, euid, egid, suid, sgid, fsuid, fsgid;
	int32_t exit_code;
	uint32_t coredump_mask, coredump_signal, coredump_code, coredump_pad;
	uint64_t supported_mask;
};
struct mnt_ns_info_ {
	uint32_t size, nr_mounts;
	uint64_t mnt_ns_id;
};
#define PIDFD_GET_INFO_ _IOWR(0xff, 11, struct pidfd_info_)
#define PIDFD_GET_UTS_NAMESPACE_ _IO(0xff, 10)
#define NS_GET_MNTNS_ID_ _IOR(0xb7, 5, uint64_t)
#define NS_GET_PID_IN_PIDNS_ _IOR(0xb7, 8, int)
#define NS_GET_TGID_FROM_PIDNS_ _IOR(0xb7, 7, int)
#define NS_MNT_GET_INFO_ _IOR(0xb7, 10, struct mnt_ns_info_)

/* The names of PIDFD_INFO_* bits in MASK, as a flags printer joins them. */
static const char *info_mask(uint64_t mask)
{
	static const char *const names[] = {
		"PIDFD_INFO_PID", "PIDFD_INFO_CREDS", "PIDFD_INFO_CGROUPID", "PIDFD_INFO_EXIT",
		"PIDFD_INFO_COREDUMP", "PIDFD_INFO_SUPPORTED_MASK", "PIDFD_INFO_COREDUMP_SIGNAL",
		"PIDFD_INFO_COREDUMP_CODE",
	};
	static char buf[512];
	size_t n = 0;

	buf[0] = '\0';
	for (unsigned int i = 0; i < 8; i++)
		if (mask & (1ULL << i))
			n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%s%s", n ? "|" : "",
					      names[i]);
	if (mask >> 8)
		snprintf(buf + n, sizeof(buf) - n, "%s%#llx", n ? "|" : "",
			 (unsigned long long)(mask & ~0xffULL));
	return buf;
}

int main(void)
{
	struct pidfd_info_ info = { .mask = 1 };
	struct mnt_ns_info_ mi;
	uint64_t id;
	char fields[512];
	long rc;

	rc = syscall(__NR_ioctl, -1, PIDFD_GET_INFO_, &info);
	out("ioctl(-1, PIDFD_GET_INFO, {mask=PIDFD_INFO_PID}) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, PIDFD_GET_UTS_NAMESPACE_, 0x2a);
	out("ioctl(-1, PIDFD_GET_UTS_NAMESPACE, 0x2a) = %s\n", sprintrc(rc));

	int pidfd = (int)syscall(__NR_pidfd_open, getpid(), 0);
	if (pidfd < 0)
		SKIP("pidfd_open: %m");
	rc = syscall(__NR_ioctl, pidfd, PIDFD_GET_INFO_, &info);
	if (rc < 0) {
		out("ioctl(%d, PIDFD_GET_INFO, {mask=PIDFD_INFO_PID}) = %s\n", pidfd,
		    sprintrc(rc));
	} else {
		size_t n = 0;

		fields[0] = '\0';
		if (info.mask & 4)
			n += (size_t)snprintf(fields + n, sizeof(fields) - n, ", cgroupid=%llu",
					      (unsigned long long)info.cgroupid);
		if (info.mask & 1)
			n += (size_t)snprintf(fields + n, sizeof(fields) - n,
					      ", pid=%u, tgid=%u, ppid=%u", info.pid, info.tgid,
					      info.ppid);
		if (info.mask & 2)
			snprintf(fields + n, sizeof(fields) - n,
				 ", ruid=%u, rgid=%u, euid=%u, egid=%u, suid=%u, sgid=%u"
				 ", fsuid=%u, fsgid=%u",
				 info.ruid, info.rgid, info.euid, info.egid, info.suid, info.sgid,
				 info.fsuid, info.fsgid);
		out("ioctl(%d, PIDFD_GET_INFO, {mask=PIDFD_INFO_PID%s%s%s}) = %s\n", pidfd,
		    info.mask != 1 ? " => " : "", info.mask != 1 ? info_mask(info.mask) : "",
		    fields, sprintrc(rc));
	}

	int nsfd = open("/proc/self/ns/mnt", O_RDONLY | O_CLOEXEC);
	if (nsfd < 0)
		SKIP("/proc/self/ns/mnt: %m");
	rc = syscall(__NR_ioctl, nsfd, NS_GET_MNTNS_ID_, &id);
	if (rc < 0)
		out("ioctl(%d, NS_GET_MNTNS_ID, %p) = %s\n", nsfd, (void *)&id, sprintrc(rc));
	else
		out("ioctl(%d, NS_GET_MNTNS_ID, [%#llx]) = %s\n", nsfd, (unsigned long long)id,
		    sprintrc(rc));
	memset(&mi, 0, sizeof(mi));
	rc = syscall(__NR_ioctl, nsfd, NS_MNT_GET_INFO_, &mi);
	if (rc < 0)
		out("ioctl(%d, NS_MNT_GET_INFO, %p) = %s\n", nsfd, (void *)&mi, sprintrc(rc));
	else
		out("ioctl(%d, NS_MNT_GET_INFO, {size=%u, nr_mounts=%u, mnt_ns_id=%#llx}) = %s\n",
		    nsfd, mi.size, mi.nr_mounts, (unsigned long long)mi.mnt_ns_id,
		    sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, NS_GET_PID_IN_PIDNS_, -2);
	out("ioctl(-1, NS_GET_PID_IN_PIDNS, -2) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, NS_GET_TGID_FROM_PIDNS_, 0xfacefeed);
	out("ioctl(-1, NS_GET_TGID_FROM_PIDNS, -87097619) = %s\n", sprintrc(rc));
	out("+++ exited with 0 +++\n");
	return 0;
}
