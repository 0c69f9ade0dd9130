// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * ioctl, real-time clocks: a time to set (the day of week, of year and DST flag only with
 * -v), an interrupt rate, a request without argument, a parameter to set, and a time read
 * at exit (an address when the call failed).  All on fd -1: EBADF.
 * Run with -a0 -e trace=ioctl.
 */
#include <linux/rtc.h>
#include <stdint.h>
#include <sys/syscall.h>

#include "fdtest.h"

int main(void)
{
	struct rtc_time t = { .tm_sec = 1, .tm_min = 2, .tm_hour = 3, .tm_mday = 4,
			      .tm_mon = 5, .tm_year = 120 };
	struct { uint64_t param; int64_t svalue; uint32_t index, pad; } p = {
		RTC_PARAM_CORRECTION, -5, 0, 0 };
	long rc;

	rc = syscall(__NR_ioctl, -1, RTC_SET_TIME, &t);
	out("ioctl(-1, RTC_SET_TIME, {tm_sec=1, tm_min=2, tm_hour=3, tm_mday=4, tm_mon=5, "
	    "tm_year=120, ...}) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, RTC_IRQP_SET, 64);
	out("ioctl(-1, RTC_IRQP_SET, 64) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, RTC_AIE_ON, 0);
	out("ioctl(-1, RTC_AIE_ON) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, RTC_PARAM_SET, &p);
	out("ioctl(-1, RTC_PARAM_SET, {param=RTC_PARAM_CORRECTION, svalue=-5, index=0}) = %s\n",
	    sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, RTC_RD_TIME, &t);
	out("ioctl(-1, RTC_RD_TIME, %p) = %s\n", (void *)&t, sprintrc(rc));
	out("+++ exited with 0 +++\n");
	return 0;
}
