// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * landlock_add_rule as strace 7.2 prints it: a LANDLOCK_RULE_NET_PORT rule's struct
 * ({allowed_access=LANDLOCK_ACCESS_NET_*, port=N}) and the flags by name
 * (LANDLOCK_ADD_RULE_QUIET).  Run with -a0 -e trace=landlock_add_rule
 */
// strace-7.2: strace 6.1 prints a net-port rule's address and the flags in hex
#include <stdint.h>
#include "tests.h"

int main(void)
{
	static struct {
		uint64_t allowed_access, port;
	} net = { 1 /* BIND_TCP */, 8080 };

	long rc = syscall(__NR_landlock_add_rule, -1, 2, &net, 0);
	printf("landlock_add_rule(-1, LANDLOCK_RULE_NET_PORT, "
	       "{allowed_access=LANDLOCK_ACCESS_NET_BIND_TCP, port=8080}, 0) = %s\n", sprintrc(rc));
	net.allowed_access = 0x30;
	rc = syscall(__NR_landlock_add_rule, -1, 2, &net, 3);
	printf("landlock_add_rule(-1, LANDLOCK_RULE_NET_PORT, "
	       "{allowed_access=0x30 /* LANDLOCK_ACCESS_NET_??? */, port=8080}, "
	       "LANDLOCK_ADD_RULE_QUIET|0x2) = %s\n", sprintrc(rc));
	printf("+++ exited with 0 +++\n");
	return 0;
}
