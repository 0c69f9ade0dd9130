// SPDX-License-Identifier: LGPL-2.1-or-later
// strace-7.2: strace 6.1 prints io_uring_enter's fifth argument as a signal mask whatever the flags
// link: -static
/*
 * io_uring_enter's last two arguments by its flags, as strace 7.2 reads them: with
 * IORING_ENTER_EXT_ARG a struct io_uring_getevents_arg (its signal mask, the mask's size, the
 * minimum wait and the timeout it points to), with IORING_ENTER_EXT_ARG_REG an offset into a
 * registered wait region (a number), with both (which the kernel refuses) and with neither a
 * signal mask.  On a descriptor that is no ring: every call fails.
 * Run with -a0 -e trace=io_uring_enter.
 */
#include <linux/io_uring.h>
#include <signal.h>
#include <string.h>
#include <time.h>

#include "tests.h"

struct getevents_arg {
	unsigned long long sigmask;
	unsigned int sigmask_sz, min_wait_usec;
	unsigned long long ts;
};

int main(void)
{
	static unsigned long long mask = 1ULL << (SIGHUP - 1) | 1ULL << (SIGUSR1 - 1);
	static struct timespec ts = { 12, 345 };
	static struct getevents_arg ga;
	long rc;

	ga.sigmask = (unsigned long)&mask;
	ga.sigmask_sz = 8;
	ga.min_wait_usec = 100;
	ga.ts = (unsigned long)&ts;
	rc = syscall(__NR_io_uring_enter, -1, 1, 2, IORING_ENTER_GETEVENTS | IORING_ENTER_EXT_ARG,
		     &ga, sizeof(ga));
	printf("io_uring_enter(-1, 1, 2, IORING_ENTER_GETEVENTS|IORING_ENTER_EXT_ARG, "
	       "{sigmask=[HUP USR1], sigmask_sz=8, min_wait_usec=100, ts={tv_sec=12, "
	       "tv_nsec=345}}, %u) = %s\n", (unsigned int)sizeof(ga), sprintrc(rc));

	rc = syscall(__NR_io_uring_enter, -1, 0, 0, 0x40 /* IORING_ENTER_EXT_ARG_REG */,
		     4096UL, 64UL);
	printf("io_uring_enter(-1, 0, 0, IORING_ENTER_EXT_ARG_REG, 4096, 64) = %s\n",
	       sprintrc(rc));

	rc = syscall(__NR_io_uring_enter, -1, 0, 0, IORING_ENTER_EXT_ARG | 0x40, &mask, 8UL);
	printf("io_uring_enter(-1, 0, 0, IORING_ENTER_EXT_ARG|IORING_ENTER_EXT_ARG_REG, "
	       "[HUP USR1], 8) = %s\n", sprintrc(rc));

	printf("+++ exited with 0 +++\n");
	return 0;
}
