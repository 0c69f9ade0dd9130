// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * landlock_create_ruleset's attributes as strace 7.2 prints them: each u64 field the size
 * argument reaches (handled_access_fs, handled_access_net, scoped, quiet_access_fs,
 * quiet_access_net, quiet_scoped), and ", ..." past the 48 bytes it knows.
 * Run with -a0 -e trace=landlock_create_ruleset
 */
// strace-7.2: strace 6.1 prints only handled_access_fs, then ", ..." for a larger size
#include <stdint.h>
#include "tests.h"

int main(void)
{
	uint64_t attr[8] = { 0, 1 /* BIND_TCP */, 2 /* SIGNAL */, 0, 0x10, 0, 0, 0 };

	long rc = syscall(__NR_landlock_create_ruleset, attr, 16, 0);
	printf("landlock_create_ruleset({handled_access_fs=0, "
	       "handled_access_net=LANDLOCK_ACCESS_NET_BIND_TCP}, 16, 0) = %s\n", sprintrc(rc));
	if (rc >= 0)
		close((int)rc);
	rc = syscall(__NR_landlock_create_ruleset, attr, 24, 0);
	printf("landlock_create_ruleset({handled_access_fs=0, "
	       "handled_access_net=LANDLOCK_ACCESS_NET_BIND_TCP, scoped=LANDLOCK_SCOPE_SIGNAL}, 24, "
	       "0) = %s\n", sprintrc(rc));
	if (rc >= 0)
		close((int)rc);
	rc = syscall(__NR_landlock_create_ruleset, attr, 64, 0);
	printf("landlock_create_ruleset({handled_access_fs=0, "
	       "handled_access_net=LANDLOCK_ACCESS_NET_BIND_TCP, scoped=LANDLOCK_SCOPE_SIGNAL, "
	       "quiet_access_fs=0, quiet_access_net=0x10 /* LANDLOCK_ACCESS_NET_??? */, "
	       "quiet_scoped=0, ...}, 64, 0) = %s\n", sprintrc(rc));
	if (rc >= 0)
		close((int)rc);
	printf("+++ exited with 0 +++\n");
	return 0;
}
