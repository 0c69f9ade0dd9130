// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * ioctl, PTP hardware clocks: an external timestamp request, PPS enabling, a periodic output
 * (a start time of 0 has no date comment), a pin function, and a clock offset request
 * whose samples the kernel would write.  All on fd -1: EBADF.  Run with -a0 -e trace=ioctl.
 */
#include <linux/ptp_clock.h>
#include <sys/syscall.h>

#include "fdtest.h"

int main(void)
{
	struct ptp_extts_request e = { .index = 1,
				       .flags = PTP_ENABLE_FEATURE | PTP_RISING_EDGE };
	struct ptp_perout_request p = { .period = { .sec = 1 }, .index = 2 };
	struct ptp_pin_desc pin = { .index = 2, .func = PTP_PF_PEROUT };
	struct ptp_sys_offset so = { .n_samples = 3 };
	long rc;

	rc = syscall(__NR_ioctl, -1, PTP_EXTTS_REQUEST, &e);
	out("ioctl(-1, PTP_EXTTS_REQUEST, {index=1, flags=PTP_ENABLE_FEATURE|PTP_RISING_EDGE}) "
	    "= %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, PTP_ENABLE_PPS, 1);
	out("ioctl(-1, PTP_ENABLE_PPS, 0x1) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, PTP_PEROUT_REQUEST, &p);
	out("ioctl(-1, PTP_PEROUT_REQUEST, {start={sec=0, nsec=0}, period={sec=1, nsec=0}, "
	    "index=2, flags=0}) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, PTP_PIN_SETFUNC, &pin);
	out("ioctl(-1, PTP_PIN_SETFUNC, {index=2, func=PTP_PF_PEROUT, chan=0}) = %s\n",
	    sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, PTP_SYS_OFFSET, &so);
	out("ioctl(-1, PTP_SYS_OFFSET, {n_samples=3}) = %s\n", sprintrc(rc));
	out("+++ exited with 0 +++\n");
	return 0;
}
