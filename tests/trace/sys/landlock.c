// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
// strace-7.2: strace 6.1 prints only handled_access_fs of a ruleset and no net-port rule
/*
 * landlock_create_ruleset's attributes field by field, as far as the size argument reaches:
 * the network access rights, the scopes and the quiet_* masks (unknown bits in hex, "..."
 * past the six known fields, an address when the size is below one field); landlock_add_rule's
 * net-port rule and its flags.  Run with -a0.
 */
#include <stdint.h>

#include "fdtest.h"

int main(void)
{
	static uint64_t attr[7];
	long rc;

	attr[1] = 1 | 8;
	rc = syscall(__NR_landlock_create_ruleset, attr, 16, 0);
	out("landlock_create_ruleset({handled_access_fs=0, handled_access_net="
	    "LANDLOCK_ACCESS_NET_BIND_TCP|LANDLOCK_ACCESS_NET_CONNECT_SEND_UDP}, 16, 0) = %s\n",
	    sprintrc(rc));
	if (rc >= 0)
		close((int)rc);

	attr[1] = 0;
	attr[2] = 2 | 0x10;
	attr[3] = 1;
	attr[4] = 0x20;
	attr[5] = 1;
	rc = syscall(__NR_landlock_create_ruleset, attr, 48, 0);
	out("landlock_create_ruleset({handled_access_fs=0, handled_access_net=0, "
	    "scoped=LANDLOCK_SCOPE_SIGNAL|0x10, quiet_access_fs=LANDLOCK_ACCESS_FS_EXECUTE, "
	    "quiet_access_net=0x20 /* LANDLOCK_ACCESS_NET_??? */, "
	    "quiet_scoped=LANDLOCK_SCOPE_ABSTRACT_UNIX_SOCKET}, 48, 0) = %s\n", sprintrc(rc));
	/* A partial field is shown zero-filled; bytes past the six fields are "...". */
	rc = syscall(__NR_landlock_create_ruleset, attr, 20, 0);
	out("landlock_create_ruleset({handled_access_fs=0, handled_access_net=0, "
	    "scoped=LANDLOCK_SCOPE_SIGNAL|0x10}, 20, 0) = %s\n", sprintrc(rc));
	rc = syscall(__NR_landlock_create_ruleset, attr, 56, 0);
	out("landlock_create_ruleset({handled_access_fs=0, handled_access_net=0, "
	    "scoped=LANDLOCK_SCOPE_SIGNAL|0x10, quiet_access_fs=LANDLOCK_ACCESS_FS_EXECUTE, "
	    "quiet_access_net=0x20 /* LANDLOCK_ACCESS_NET_??? */, "
	    "quiet_scoped=LANDLOCK_SCOPE_ABSTRACT_UNIX_SOCKET, ...}, 56, 0) = %s\n", sprintrc(rc));
	rc = syscall(__NR_landlock_create_ruleset, attr, 4, 0);
	out("landlock_create_ruleset(%p, 4, 0) = %s\n", (void *)attr, sprintrc(rc));

	struct {
		uint64_t allowed_access, port;
	} net = { 2, 8080 };
	rc = syscall(__NR_landlock_add_rule, -1, 2, &net, 1);
	out("landlock_add_rule(-1, LANDLOCK_RULE_NET_PORT, {allowed_access="
	    "LANDLOCK_ACCESS_NET_CONNECT_TCP, port=8080}, LANDLOCK_ADD_RULE_QUIET) = %s\n",
	    sprintrc(rc));
	rc = syscall(__NR_landlock_add_rule, -1, 3, &net, 3);
	out("landlock_add_rule(-1, 0x3 /* LANDLOCK_RULE_??? */, %p, "
	    "LANDLOCK_ADD_RULE_QUIET|0x2) = %s\n", (void *)&net, sprintrc(rc));
	out("+++ exited with 0 +++\n");
	return 0;
}
