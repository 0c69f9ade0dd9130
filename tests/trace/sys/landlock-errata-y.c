// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * landlock_create_ruleset(NULL, 0, LANDLOCK_CREATE_RULESET_ERRATA) returns the errata, a
 * number: -y must not describe it as a descriptor, even when one of that number is open
 * (strace 7.2's landlock_create_ruleset-success-y).  Run with -a0 -y -e trace=landlock_create_ruleset
 */
// strace-7.2: strace 6.1 does not know LANDLOCK_CREATE_RULESET_ERRATA
#include <fcntl.h>
#include "tests.h"

int main(void)
{
	long rc = syscall(__NR_landlock_create_ruleset, NULL, 0, 2);
	printf("landlock_create_ruleset(NULL, 0, LANDLOCK_CREATE_RULESET_ERRATA) = %s\n",
	       sprintrc(rc));
	/* Now with a descriptor of that number open: still a number. */
	if (rc >= 0 && rc < 1024) {
		int fd = open("/dev/null", O_RDONLY);
		if (fd < 0 || (fd != rc && dup2(fd, (int)rc) < 0))
			FAIL("open /dev/null: %m");
	}
	rc = syscall(__NR_landlock_create_ruleset, NULL, 0, 2);
	printf("landlock_create_ruleset(NULL, 0, LANDLOCK_CREATE_RULESET_ERRATA) = %s\n",
	       sprintrc(rc));
	rc = syscall(__NR_landlock_create_ruleset, NULL, 0, 1);
	printf("landlock_create_ruleset(NULL, 0, LANDLOCK_CREATE_RULESET_VERSION) = %s\n",
	       sprintrc(rc));
	printf("+++ exited with 0 +++\n");
	return 0;
}
