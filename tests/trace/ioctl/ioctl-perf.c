// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * ioctl, perf event requests on fd -1: flags, a refresh count, a period read by pointer, a
 * filter string, the output descriptor, BPF program ids asked for (the count at entry; at
 * exit of the failed call "...").  Run with -a0 -e trace=ioctl.
 */
#include <stdint.h>
#include <linux/perf_event.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>

#include "fdtest.h"

int main(void)
{
	uint64_t period = 100;
	struct { struct perf_event_query_bpf q; uint32_t ids[4]; } qb;

	memset(&qb, 0, sizeof(qb));
	qb.q.ids_len = 4;
	long rc;

	rc = syscall(__NR_ioctl, -1, PERF_EVENT_IOC_ENABLE, PERF_IOC_FLAG_GROUP);
	out("ioctl(-1, PERF_EVENT_IOC_ENABLE, PERF_IOC_FLAG_GROUP) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, PERF_EVENT_IOC_REFRESH, -2);
	out("ioctl(-1, PERF_EVENT_IOC_REFRESH, -2) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, PERF_EVENT_IOC_PERIOD, &period);
	out("ioctl(-1, PERF_EVENT_IOC_PERIOD, [100]) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, PERF_EVENT_IOC_SET_FILTER, "comm == \"x\"");
	out("ioctl(-1, PERF_EVENT_IOC_SET_FILTER, \"comm == \\\"x\\\"\") = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, PERF_EVENT_IOC_SET_OUTPUT, 7);
	out("ioctl(-1, PERF_EVENT_IOC_SET_OUTPUT, 7) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, PERF_EVENT_IOC_QUERY_BPF, &qb);
	out("ioctl(-1, PERF_EVENT_IOC_QUERY_BPF, {ids_len=4, ...}) = %s\n", sprintrc(rc));
	out("+++ exited with 0 +++\n");
	return 0;
}
