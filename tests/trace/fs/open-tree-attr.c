// SPDX-License-Identifier: LGPL-2.1-or-later
// strace-7.2: open_tree_attr is unknown to strace 6.1
/*
 * open_tree_attr (Linux 6.15): open_tree's dirfd, path and OPEN_TREE_* flags, then
 * mount_setattr's struct mount_attr and its size; the result is a descriptor.  Only failing
 * calls (a detached mount tree is not what this test is about).
 * Run with -a0 -e trace=open_tree_attr.
 */
#include <fcntl.h>
#include <stdint.h>

#include "tests.h"

#ifndef __NR_open_tree_attr
#define __NR_open_tree_attr 467
#endif

struct mattr {
	uint64_t attr_set, attr_clr, propagation, userns_fd;
};

int main(void)
{
	struct mattr a = { .attr_set = 0x1, .attr_clr = 0x2, .propagation = 0x40000,
			   .userns_fd = 5 };
	long rc;

	rc = syscall(__NR_open_tree_attr, -1, NULL, 0, NULL, 0);
	printf("open_tree_attr(-1, NULL, 0, NULL, 0) = %s\n", sprintrc(rc));
	rc = syscall(__NR_open_tree_attr, AT_FDCWD, "no-such-dir", 1 | 0x80000, &a, sizeof(a));
	printf("open_tree_attr(AT_FDCWD, \"no-such-dir\", OPEN_TREE_CLONE|OPEN_TREE_CLOEXEC, "
	       "{attr_set=MOUNT_ATTR_RDONLY, attr_clr=MOUNT_ATTR_NOSUID, propagation=MS_PRIVATE, "
	       "userns_fd=5}, %zu) = %s\n", sizeof(a), sprintrc(rc));
	rc = syscall(__NR_open_tree_attr, -1, "", 0x10, &a, 8);
	printf("open_tree_attr(-1, \"\", 0x10 /* OPEN_TREE_??? */, %p, 8) = %s\n", (void *)&a,
	       sprintrc(rc));
	printf("+++ exited with 0 +++\n");
	return 0;
}
