// SPDX-License-Identifier: LGPL-2.1-or-later
// strace-7.2: futex_wake, futex_wait and futex_requeue are unknown to strace 6.1
/*
 * The futex2 calls of Linux 6.7: futex_wake, futex_wait, futex_requeue.  Their flags always
 * name the size (FUTEX2_SIZE_U8 for 0) before the FUTEX2_* bits; the mask is named when it is
 * FUTEX_BITSET_MATCH_ANY; futex_requeue's pair of struct futex_waitv, __reserved only when
 * non-zero.  No call blocks: the waits fail or time out at once.
 * Run with -a0 -e trace=futex_wake,futex_wait,futex_requeue.
 */
#include <stdint.h>
#include <time.h>

#include "tests.h"

#ifndef __NR_futex_wake
#define __NR_futex_wake 454
#define __NR_futex_wait 455
#define __NR_futex_requeue 456
#endif

struct waitv {
	uint64_t val, uaddr;
	uint32_t flags, reserved;
};

int main(void)
{
	static uint32_t f, f2;
	struct timespec ts = { 0, 1000 };
	struct waitv w[2] = {
		{ .uaddr = (uintptr_t)&f, .flags = 0x82 },
		{ .val = 0xfacefeed, .uaddr = (uintptr_t)&f2, .flags = 0x2, .reserved = 7 },
	};
	long rc;

	rc = syscall(__NR_futex_wake, &f, 0xffffffffUL, 1, 0x82);
	printf("futex_wake(%p, FUTEX_BITSET_MATCH_ANY, 1, FUTEX2_SIZE_U32|FUTEX2_PRIVATE) = %s\n",
	       (void *)&f, sprintrc(rc));
	rc = syscall(__NR_futex_wake, NULL, 0, 1, 0);
	printf("futex_wake(NULL, 0, 1, FUTEX2_SIZE_U8) = %s\n", sprintrc(rc));
	rc = syscall(__NR_futex_wake, &f, 0xfffffff1fffffff2UL, -1, 0x10f);
	printf("futex_wake(%p, 0xfffffff1fffffff2, -1, FUTEX2_SIZE_U64|FUTEX2_NUMA|FUTEX2_MPOL|0x100)"
	       " = %s\n", (void *)&f, sprintrc(rc));

	rc = syscall(__NR_futex_wait, &f, 1, 0xffffffffUL, 0x82, &ts, CLOCK_MONOTONIC);
	printf("futex_wait(%p, 1, FUTEX_BITSET_MATCH_ANY, FUTEX2_SIZE_U32|FUTEX2_PRIVATE, "
	       "{tv_sec=0, tv_nsec=1000}, CLOCK_MONOTONIC) = %s\n", (void *)&f, sprintrc(rc));
	rc = syscall(__NR_futex_wait, &f, 0, 0xffffffffUL, 0x2, &ts, CLOCK_REALTIME);
	printf("futex_wait(%p, 0, FUTEX_BITSET_MATCH_ANY, FUTEX2_SIZE_U32, "
	       "{tv_sec=0, tv_nsec=1000}, CLOCK_REALTIME) = %s\n", (void *)&f, sprintrc(rc));
	rc = syscall(__NR_futex_wait, NULL, 0, 0, 0, NULL, 0xdead);
	printf("futex_wait(NULL, 0, 0, FUTEX2_SIZE_U8, NULL, 0xdead /* CLOCK_??? */) = %s\n",
	       sprintrc(rc));

	rc = syscall(__NR_futex_requeue, w, 0, 1, 0);
	printf("futex_requeue([{val=0, uaddr=%p, flags=FUTEX2_SIZE_U32|FUTEX2_PRIVATE}, "
	       "{val=0xfacefeed, uaddr=%p, flags=FUTEX2_SIZE_U32, __reserved=0x7}], 0, 1, 0) = %s\n",
	       (void *)&f, (void *)&f2, sprintrc(rc));
	rc = syscall(__NR_futex_requeue, NULL, 0x1, 0, -1);
	printf("futex_requeue(NULL, 0x1, 0, -1) = %s\n", sprintrc(rc));
	printf("+++ exited with 0 +++\n");
	return 0;
}
