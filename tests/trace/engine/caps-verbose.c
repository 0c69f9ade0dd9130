// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * -e verbose= without capget/capset: their header, and so their data, print as addresses
 * (strace's caps-abbrev).  Run with -a0 -e trace=capget,capset -e verbose=!capget,capset
 */
#include <linux/capability.h>
#include "tests.h"

int main(void)
{
	struct __user_cap_header_struct h = { .version = _LINUX_CAPABILITY_VERSION_3 };
	struct __user_cap_data_struct d[2];

	long rc = syscall(__NR_capget, &h, d);
	printf("capget(%p, %p) = %s\n", (void *)&h, (void *)d, sprintrc(rc));
	rc = syscall(__NR_capset, &h, d);
	printf("capset(%p, %p) = %s\n", (void *)&h, (void *)d, sprintrc(rc));
	printf("+++ exited with 0 +++\n");
	return 0;
}
