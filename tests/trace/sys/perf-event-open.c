// SPDX-License-Identifier: LGPL-2.1-or-later
// strace-7.2-lines: => 0x88 /\* PERF_ATTR_SIZE_|=> PERF_ATTR_SIZE_VER8 ;; PERF_ATTR_SIZE_VER8 (136) has a name
// link: -static
/*
 * perf_event_open(2)'s struct perf_event_attr, abbreviated as strace prints it without -v:
 * the config by event type (hardware, software, cache), sample_freq when freq is set, the
 * set flag bits, "..." for the rest; a size below the first version's and NULL print the
 * address (size 0 reads as the first version's, "..." after it too); an oversized attribute with a nonzero tail fails with E2BIG and the kernel's size
 * written back ("size=X => Y").  First PERF_EVENT_IOC_MODIFY_ATTRIBUTES on a bad descriptor
 * (strace 6.1 shows a size change there after a traced E2BIG failure: it comes before).
 * pid and cpu are both -1, so no event is ever opened.  Run with -a0.
 */
#include <errno.h>
#include <linux/perf_event.h>
#include <stdint.h>
#include <sys/ioctl.h>

#include "fdtest.h"

static const char *attr_size(uint32_t size)
{
	static char buf[64];
	static const char *const names[] = { "VER0", "VER1", "VER2", NULL, "VER3", "VER4",
					     "VER5", "VER6", "VER7", "VER8" };

	if (size >= 64 && size <= 136 && !(size % 8) && names[(size - 64) / 8])
		snprintf(buf, sizeof(buf), "PERF_ATTR_SIZE_%s", names[(size - 64) / 8]);
	else
		snprintf(buf, sizeof(buf), "%#x /* PERF_ATTR_SIZE_??? */", size);
	return buf;
}

int main(void)
{
	static union {
		struct perf_event_attr a;
		unsigned char bytes[256];
	} u;
	struct perf_event_attr *a = &u.a;
	long rc;

	a->type = PERF_TYPE_RAW;
	a->size = PERF_ATTR_SIZE_VER0;
	a->config = 0xc0;
	a->exclude_hv = 1;
	rc = ioctl(-1, PERF_EVENT_IOC_MODIFY_ATTRIBUTES, a);
	out("ioctl(-1, PERF_EVENT_IOC_MODIFY_ATTRIBUTES, {type=PERF_TYPE_RAW, "
	    "size=PERF_ATTR_SIZE_VER0, config=0xc0, sample_period=0, sample_type=0, "
	    "read_format=0, exclude_hv=1, precise_ip=0 /* arbitrary skid */, ...}) = %s\n",
	    sprintrc(rc));

	memset(&u, 0, sizeof(u));
	a->type = PERF_TYPE_HARDWARE;
	a->size = PERF_ATTR_SIZE_VER7;
	a->config = PERF_COUNT_HW_INSTRUCTIONS;
	a->sample_period = 100000;
	a->disabled = 1;
	a->exclude_kernel = 1;
	a->precise_ip = 2;
	rc = syscall(__NR_perf_event_open, a, -1, -1, -1, PERF_FLAG_FD_CLOEXEC);
	out("perf_event_open({type=PERF_TYPE_HARDWARE, size=PERF_ATTR_SIZE_VER7, "
	    "config=PERF_COUNT_HW_INSTRUCTIONS, sample_period=100000, sample_type=0, "
	    "read_format=0, disabled=1, exclude_kernel=1, precise_ip=2 /* requested to have 0 "
	    "skid */, ...}, -1, -1, -1, PERF_FLAG_FD_CLOEXEC) = %s\n", sprintrc(rc));

	memset(&u, 0, sizeof(u));
	a->type = PERF_TYPE_SOFTWARE;
	a->config = PERF_COUNT_SW_TASK_CLOCK;
	a->freq = 1;
	a->sample_freq = 1000;
	a->sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID;
	a->read_format = PERF_FORMAT_ID | 0x1000;
	rc = syscall(__NR_perf_event_open, a, -1, -1, -1, 0x20);
	out("perf_event_open({type=PERF_TYPE_SOFTWARE, size=0 /* PERF_ATTR_SIZE_??? */, "
	    "config=PERF_COUNT_SW_TASK_CLOCK, sample_freq=1000, "
	    "sample_type=PERF_SAMPLE_IP|PERF_SAMPLE_TID, read_format=PERF_FORMAT_ID|0x1000, "
	    "freq=1, precise_ip=0 /* arbitrary skid */, ...}, -1, -1, -1, "
	    "0x20 /* PERF_FLAG_??? */) = %s\n", sprintrc(rc));

	memset(&u, 0, sizeof(u));
	a->type = PERF_TYPE_HW_CACHE;
	a->size = PERF_ATTR_SIZE_VER1;
	a->config = 3ULL << 32 | PERF_COUNT_HW_CACHE_RESULT_MISS << 16 |
		    PERF_COUNT_HW_CACHE_OP_WRITE << 8 | PERF_COUNT_HW_CACHE_LL;
	rc = syscall(__NR_perf_event_open, a, -1, -1, -1, 0);
	out("perf_event_open({type=PERF_TYPE_HW_CACHE, size=PERF_ATTR_SIZE_VER1, "
	    "config=0x3<<32|PERF_COUNT_HW_CACHE_RESULT_MISS<<16|PERF_COUNT_HW_CACHE_OP_WRITE<<8|"
	    "PERF_COUNT_HW_CACHE_LL, sample_period=0, sample_type=0, read_format=0, "
	    "precise_ip=0 /* arbitrary skid */, ...}, -1, -1, -1, 0) = %s\n", sprintrc(rc));

	a->size = 32;
	rc = syscall(__NR_perf_event_open, a, -1, -1, -1, 0);
	out("perf_event_open(%p, -1, -1, -1, 0) = %s\n", (void *)a, sprintrc(rc));
	rc = syscall(__NR_perf_event_open, NULL, -1, -1, -1, 0);
	out("perf_event_open(NULL, -1, -1, -1, 0) = %s\n", sprintrc(rc));

	memset(&u, 0, sizeof(u));
	a->type = PERF_TYPE_TRACEPOINT;
	a->size = sizeof(u);
	a->config = 12345;
	u.bytes[200] = 1;
	rc = syscall(__NR_perf_event_open, a, -1, -1, -1, 0);
	int saved = errno;
	char changed[96] = "";
	if (rc < 0 && saved == E2BIG)
		snprintf(changed, sizeof(changed), " => %s", attr_size(a->size));
	errno = saved;
	out("perf_event_open({type=PERF_TYPE_TRACEPOINT, size=0x100 /* PERF_ATTR_SIZE_??? */%s, "
	    "config=12345, sample_period=0, sample_type=0, read_format=0, "
	    "precise_ip=0 /* arbitrary skid */, ...}, -1, -1, -1, 0) = %s\n", changed,
	    sprintrc(rc));

	out("+++ exited with 0 +++\n");
	return 0;
}
