// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * -u UID:GID (strace 6.9's): the program runs with those ids, no name looked up, and no
 * supplementary group (not root's).  The registry gives -u 65534:65533 (the runner is root).
 */
// strace-7.2: -u UID:GID is new in strace 6.9 (6.1 looks up a user named "65534:65533")
// untraced: its ids are what -u makes them
#include "tests.h"

int main(void)
{
	long uid = syscall(__NR_getuid), gid = syscall(__NR_getgid);
	long n = syscall(__NR_getgroups, 0, NULL);

	if (uid != 65534 || gid != 65533)
		FAIL("uid %ld, gid %ld", uid, gid);
	printf("getuid() = %ld\n", uid);
	printf("getgid() = %ld\n", gid);
	printf("getgroups(0, NULL) = %ld\n", n);
	printf("+++ exited with 0 +++\n");
	return 0;
}
