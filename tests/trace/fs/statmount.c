// SPDX-License-Identifier: LGPL-2.1-or-later
// strace-7.2: statmount is unknown to strace 6.1
/*
 * statmount (Linux 6.8): struct mnt_id_req at entry, struct statmount at exit with the groups
 * its mask says were written; strings are offsets into the bytes after the struct.  The root
 * mount (its id from an untraced listmount) is asked for its file system type and mount
 * point; then a short request, a NULL one, and a buffer too small for the struct's size.
 * Run with -a0 -e trace=statmount.
 */
#include <stdint.h>

#include "tests.h"

#ifndef __NR_statmount
#define __NR_statmount 457
#define __NR_listmount 458
#endif

struct req {
	uint32_t size, mnt_ns_fd;
	uint64_t mnt_id, param;
};

struct sm {
	uint32_t size, mnt_opts;
	uint64_t mask;
	uint32_t sb_dev_major, sb_dev_minor;
	uint64_t sb_magic;
	uint32_t sb_flags, fs_type;
	uint64_t mnt_id, mnt_parent_id;
	uint32_t mnt_id_old, mnt_parent_id_old;
	uint64_t mnt_attr, mnt_propagation, mnt_peer_group, mnt_master, propagate_from;
	uint32_t mnt_root, mnt_point;
	uint64_t spare[50];
};

int main(void)
{
	static union {
		struct sm sm;
		char bytes[4096];
	} buf;
	struct req lr = { .size = 24, .mnt_id = ~0ULL }, r = { .size = 24, .param = 0x30 };
	uint64_t root;
	long rc;

	if (sizeof(struct sm) != 512)
		FAIL("struct statmount is %zu bytes", sizeof(struct sm));
	if (syscall(__NR_listmount, &lr, &root, 1, 0) != 1)
		SKIP("listmount: %m");
	r.mnt_id = root;
	rc = syscall(__NR_statmount, &r, &buf, sizeof(buf), 0);
	if (rc)
		FAIL("statmount: %m");
	if (buf.sm.mask != 0x30)
		SKIP("statmount wrote mask %#llx", (unsigned long long)buf.sm.mask);
	printf("statmount({size=24, mnt_ns_fd=0, mnt_id=%#llx, param=STATMOUNT_MNT_POINT|"
	       "STATMOUNT_FS_TYPE}, {size=%u, mask=STATMOUNT_MNT_POINT|STATMOUNT_FS_TYPE, ",
	       (unsigned long long)root, buf.sm.size);
	printf("fs_type=");
	print_quoted_str(buf.bytes + 512 + buf.sm.fs_type);
	printf(", mnt_point=");
	print_quoted_str(buf.bytes + 512 + buf.sm.mnt_point);
	printf("}, %zu, 0) = 0\n", sizeof(buf));

	rc = syscall(__NR_statmount, &r, &buf, 100, 0x2);
	printf("statmount({size=24, mnt_ns_fd=0, mnt_id=%#llx, param=STATMOUNT_MNT_POINT|"
	       "STATMOUNT_FS_TYPE}, %p, 100, 0x2 /* STATMOUNT_??? */) = %s\n",
	       (unsigned long long)root, (void *)&buf, sprintrc(rc));
	r.size = 16;
	rc = syscall(__NR_statmount, &r, &buf, sizeof(buf), 0);
	printf("statmount({size=16}, %p, %zu, 0) = %s\n", (void *)&buf, sizeof(buf), sprintrc(rc));
	rc = syscall(__NR_statmount, NULL, NULL, 0, 1);
	printf("statmount(NULL, NULL, 0, STATMOUNT_BY_FD) = %s\n", sprintrc(rc));
	printf("+++ exited with 0 +++\n");
	return 0;
}
