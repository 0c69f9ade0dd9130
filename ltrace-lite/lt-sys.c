// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * -S, for both backends: a system call's name as ltrace prints it (SYS_NAME, SYS_NR when the
 * table has none) and its prototype (SYS_NAME from the tables, else the libc wrapper's: write,
 * openat).
 */
#include <stdio.h>

#include "common/sysname.h"
#include "proto/proto.h"
#include "ltrace-lite/lt.h"

const struct lt_proto *lt_sys_proto(long nr, char *name, size_t len)
{
	const char *n = syscall_name(nr);

	if (n)
		snprintf(name, len, "SYS_%s", n);
	else
		snprintf(name, len, "SYS_%ld", nr);
	const struct lt_proto *p = lt_proto_lookup(name);
	return p ? p : lt_proto_lookup(name + 4);
}
