// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
// strace-7.2-lines: target_count=33 ;; strace 6.1 cuts the target list after -s (32) specs even under -v
/*
 * ioctl, the device mapper with -v: DM_VERSION's header, and DM_TABLE_LOAD's header with two
 * target specs and their parameter strings, the second past the 512 bytes of a default
 * ioctl window (under --bpf the capture follows data_size, not the 312 bytes the request
 * encodes); then a table of 33 specs, more than -s (32): -v prints them all.  On fd -1 the call fails and leaves the header as it was: nothing at exit.
 * Run with -a0 -v -e trace=ioctl.
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <linux/dm-ioctl.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>

#include "fdtest.h"

int main(void)
{
	static union { struct dm_ioctl ioc; unsigned char buf[1024]; } u;
	struct dm_ioctl *ioc = &u.ioc;
	struct dm_target_spec *t1 = (void *)(u.buf + 312), *t2 = (void *)(u.buf + 600);
	long rc;

	ioc->version[0] = DM_VERSION_MAJOR;
	ioc->data_size = sizeof(*ioc);
	rc = syscall(__NR_ioctl, -1, DM_VERSION, ioc);
	out("ioctl(-1, DM_VERSION, [{version=[4, 0, 0], data_size=312, flags=0}]) = %s\n",
	    sprintrc(rc));

	ioc->data_size = sizeof(u.buf);
	ioc->data_start = 312;
	ioc->target_count = 2;
	ioc->flags = DM_READONLY_FLAG;
	strcpy(ioc->name, "vol");
	*t1 = (struct dm_target_spec){ .sector_start = 0, .length = 8, .next = 600 - 312 };
	strcpy(t1->target_type, "linear");
	strcpy((char *)(t1 + 1), "7:0 0");
	*t2 = (struct dm_target_spec){ .sector_start = 8, .length = 16 };
	strcpy(t2->target_type, "zero");
	strcpy((char *)(t2 + 1), "tail");
	rc = syscall(__NR_ioctl, -1, DM_TABLE_LOAD, ioc);
	out("ioctl(-1, DM_TABLE_LOAD, [{version=[4, 0, 0], data_size=1024, data_start=312, "
	    "name=\"vol\", target_count=2, flags=DM_READONLY_FLAG}, {sector_start=0, length=8, "
	    "target_type=\"linear\", string=\"7:0 0\"}, {sector_start=8, length=16, "
	    "target_type=\"zero\", string=\"tail\"}]) = %s\n", sprintrc(rc));

	/* 33 specs of 48 bytes (the spec, an empty string, padding), more than -s. */
	static union { struct dm_ioctl ioc; unsigned char buf[312 + 33 * 48]; } big;
	char line[4096];
	int n = 0;

	big.ioc.version[0] = DM_VERSION_MAJOR;
	big.ioc.data_size = sizeof(big.buf);
	big.ioc.data_start = 312;
	big.ioc.target_count = 33;
	for (int i = 0; i < 33; i++) {
		struct dm_target_spec *t = (void *)(big.buf + 312 + 48 * i);

		*t = (struct dm_target_spec){ .sector_start = i, .length = 1, .next = 48 };
		strcpy(t->target_type, "z");
		n += snprintf(line + n, sizeof(line) - n, ", {sector_start=%d, length=1, "
			      "target_type=\"z\", string=\"\"}", i);
	}
	rc = syscall(__NR_ioctl, -1, DM_TABLE_LOAD, &big.ioc);
	out("ioctl(-1, DM_TABLE_LOAD, [{version=[4, 0, 0], data_size=%zu, data_start=312, "
	    "target_count=33, flags=0}%s]) = %s\n", sizeof(big.buf), line, sprintrc(rc));
	out("+++ exited with 0 +++\n");
	return 0;
}
