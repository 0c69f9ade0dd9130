// SPDX-License-Identifier: LGPL-2.1-or-later
// strace-7.2: strace 6.1 knows none of these requests' arguments (nor PTP's clockid)
// link: -static
/*
 * ioctl, requests of Linux 6.2-6.17 that strace 7.2 decodes: an epoll instance's busy-poll
 * parameters (EPIOCSPARAMS: the time with its seconds in a comment, __pad only when set;
 * EPIOCGPARAMS' NULL), the filesystem's 0x15 requests (FS_IOC_GETFSUUID, GETFSSYSFSPATH,
 * GETLBMD_CAP: their NULL at exit), PTP's clock id in the extended offset request and the
 * *_CYCLES requests.  All on fd -1: EBADF.  Run with -a0 -e trace=ioctl.
 */
#include <linux/ioctl.h>
#include <linux/ptp_clock.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <time.h>

#include "fdtest.h"

struct epoll_params_ {
	uint32_t busy_poll_usecs;
	uint16_t busy_poll_budget;
	uint8_t prefer_busy_poll, pad;
};
#define EPIOCSPARAMS_ _IOW(0x8a, 0x01, struct epoll_params_)
#define EPIOCGPARAMS_ _IOR(0x8a, 0x02, struct epoll_params_)
#define FS_IOC_GETFSUUID_ _IOR(0x15, 0, char[17])
#define FS_IOC_GETFSSYSFSPATH_ _IOR(0x15, 1, char[129])
#define FS_IOC_GETLBMD_CAP_ _IOWR(0x15, 2, char[16])

struct ptp_sys_offset_extended_ {
	unsigned int n_samples;
	int clockid;
	unsigned int rsv[2];
	struct ptp_clock_time ts[PTP_MAX_SAMPLES][3];
};
#define PTP_SYS_OFFSET_EXTENDED2_ _IOWR('=', 18, struct ptp_sys_offset_extended_)
#define PTP_SYS_OFFSET_PRECISE_CYCLES_ _IOWR('=', 21, struct ptp_sys_offset_precise)
#define PTP_SYS_OFFSET_EXTENDED_CYCLES_ _IOWR('=', 22, struct ptp_sys_offset_extended_)

int main(void)
{
	struct epoll_params_ ep = { .busy_poll_usecs = 123456, .busy_poll_budget = 789,
				    .prefer_busy_poll = 1 };
	static struct ptp_sys_offset_extended_ so = { .n_samples = 5,
						       .clockid = CLOCK_MONOTONIC,
						       .rsv = { 0, 0xbad } };
	long rc;

	rc = syscall(__NR_ioctl, -1, EPIOCSPARAMS_, &ep);
	out("ioctl(-1, EPIOCSPARAMS, {busy_poll_usecs=123456 /* 0.123456 s */, "
	    "busy_poll_budget=789, prefer_busy_poll=0x1}) = %s\n", sprintrc(rc));
	ep.busy_poll_usecs = 0;
	ep.pad = 0xf;
	rc = syscall(__NR_ioctl, -1, EPIOCSPARAMS_, &ep);
	out("ioctl(-1, EPIOCSPARAMS, {busy_poll_usecs=0, busy_poll_budget=789, "
	    "prefer_busy_poll=0x1, __pad=0xf}) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, EPIOCGPARAMS_, 0);
	out("ioctl(-1, EPIOCGPARAMS, NULL) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, FS_IOC_GETFSUUID_, 0);
	out("ioctl(-1, FS_IOC_GETFSUUID, NULL) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, FS_IOC_GETFSSYSFSPATH_, 0);
	out("ioctl(-1, FS_IOC_GETFSSYSFSPATH, NULL) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, FS_IOC_GETLBMD_CAP_, 0);
	out("ioctl(-1, FS_IOC_GETLBMD_CAP, NULL) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, PTP_SYS_OFFSET_EXTENDED2_, &so);
	out("ioctl(-1, PTP_SYS_OFFSET_EXTENDED2, {n_samples=5, clockid=CLOCK_MONOTONIC, "
	    "rsv=[0, 0xbad]}) = %s\n", sprintrc(rc));
	so.clockid = 42;
	so.rsv[1] = 0;
	rc = syscall(__NR_ioctl, -1, PTP_SYS_OFFSET_EXTENDED_CYCLES_, &so);
	out("ioctl(-1, PTP_SYS_OFFSET_EXTENDED_CYCLES, {n_samples=5, "
	    "clockid=0x2a /* CLOCK_??? */}) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, PTP_SYS_OFFSET_PRECISE_CYCLES_, 0);
	out("ioctl(-1, PTP_SYS_OFFSET_PRECISE_CYCLES, NULL) = %s\n", sprintrc(rc));
	out("+++ exited with 0 +++\n");
	return 0;
}
