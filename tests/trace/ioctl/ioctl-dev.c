// SPDX-License-Identifier: LGPL-2.1-or-later
// strace-7.2-lines: WDIOC_SETOPTIONS|WDIOC_GETSUPPORT|SHUTDOWN|_IOC\(_IOC_READ, 0x58, 0x7d|SECCOMP_IOCTL_NOTIF_SET_FLAGS|_IOC\(_IOC_WRITE, 0x21, 0x4 ;; 7.2 decodes these requests
// link: -static
/*
 * ioctl, small device families: INOTIFY_IOC_SETNEXTWD's int, RNDADDENTROPY's pool info with
 * its bytes, watchdog ints and KEEPALIVE (its argument ignored), COUNTER_ADD_WATCH_IOCTL's
 * watch, WDIOC_SETOPTIONS' flags, FS_IOC_SHUTDOWN's flag, SECCOMP_IOCTL_NOTIF_SET_FLAGS'
 * flags (strace 7.2), NS_GET_USERNS (no argument), nbd sizes and flags, lirc modes, the tty modem lines,
 * MTD requests (whose codes are also OSS mixer requests: both names print), the video input
 * asked for (its name and type would follow at exit), userfaultfd ranges and copies.
 * All on fd -1: EBADF.  Run with -a0 -e trace=ioctl.
 */
#include <linux/counter.h>
#include <linux/inotify.h>
#include <linux/lirc.h>
#include <linux/nbd.h>
#include <linux/nsfs.h>
#include <linux/random.h>
#include <linux/userfaultfd.h>
#include <linux/videodev2.h>
#include <linux/watchdog.h>
#include <mtd/mtd-abi.h>
#include <stdint.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>

#include "fdtest.h"

int main(void)
{
	struct { struct rand_pool_info i; char buf[4]; } pool = {
		{ .entropy_count = 8, .buf_size = 4 }, { 'a', 'b', 'c', 'd' } };
	struct counter_watch w = {
		.component = { .type = COUNTER_COMPONENT_SIGNAL, .scope = COUNTER_SCOPE_COUNT,
			       .parent = 1, .id = 2 },
		.event = COUNTER_EVENT_OVERFLOW, .channel = 3 };
	int n = 30;
	unsigned int mode = LIRC_MODE_PULSE;
	int lines = TIOCM_DTR | TIOCM_RTS;
	unsigned int otp = MTD_OTP_USER;
	struct erase_info_user erase = { .start = 0x1000, .length = 0x2000 };
	struct v4l2_input input = { .index = 1 };
	struct uffdio_range range = { .start = 0x1000, .len = 0x2000 };
	struct uffdio_copy copy = { .dst = 0x1000, .src = 0x2000, .len = 0x1000,
				    .mode = UFFDIO_COPY_MODE_DONTWAKE };
	long rc;

	rc = syscall(__NR_ioctl, -1, INOTIFY_IOC_SETNEXTWD, 5);
	out("ioctl(-1, INOTIFY_IOC_SETNEXTWD, 5) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, RNDADDENTROPY, &pool);
	out("ioctl(-1, RNDADDENTROPY, {entropy_count=8, buf_size=4, buf=\"abcd\"}) = %s\n",
	    sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, WDIOC_SETTIMEOUT, &n);
	out("ioctl(-1, WDIOC_SETTIMEOUT, [30]) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, WDIOC_KEEPALIVE, &n);
	out("ioctl(-1, WDIOC_KEEPALIVE) = %s\n", sprintrc(rc));
	/* strace 7.2: */
	n = WDIOS_ENABLECARD | WDIOS_TEMPPANIC;
	rc = syscall(__NR_ioctl, -1, WDIOC_SETOPTIONS, &n);
	out("ioctl(-1, WDIOC_SETOPTIONS, [WDIOS_ENABLECARD|WDIOS_TEMPPANIC]) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, WDIOC_GETSUPPORT, &n);
	out("ioctl(-1, WDIOC_GETSUPPORT, %p) = %s\n", (void *)&n, sprintrc(rc));
	n = 1;
	rc = syscall(__NR_ioctl, -1, _IOR('X', 125, uint32_t) /* FS_IOC_SHUTDOWN */, &n);
	out("ioctl(-1, FS_IOC_SHUTDOWN, [FS_SHUTDOWN_FLAGS_LOGFLUSH]) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, _IOW('!', 4, uint64_t) /* SECCOMP_IOCTL_NOTIF_SET_FLAGS */, 1);
	out("ioctl(-1, SECCOMP_IOCTL_NOTIF_SET_FLAGS, SECCOMP_USER_NOTIF_FD_SYNC_WAKE_UP) = %s\n",
	    sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, COUNTER_ADD_WATCH_IOCTL, &w);
	out("ioctl(-1, COUNTER_ADD_WATCH_IOCTL, {component={type=COUNTER_COMPONENT_SIGNAL, "
	    "scope=COUNTER_SCOPE_COUNT, parent=1, id=2}, event=COUNTER_EVENT_OVERFLOW, "
	    "channel=3}) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, NS_GET_USERNS, 0);
	out("ioctl(-1, NS_GET_USERNS) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, NBD_SET_SIZE, 4096);
	out("ioctl(-1, NBD_SET_SIZE, 4096) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, NBD_SET_FLAGS, 3);
	out("ioctl(-1, NBD_SET_FLAGS, NBD_FLAG_HAS_FLAGS|NBD_FLAG_READ_ONLY) = %s\n",
	    sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, LIRC_SET_SEND_MODE, &mode);
	out("ioctl(-1, LIRC_SET_SEND_MODE, [LIRC_MODE_PULSE]) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, TIOCMBIS, &lines);
	out("ioctl(-1, TIOCMBIS, [TIOCM_DTR|TIOCM_RTS]) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, OTPSELECT, &otp);
	out("ioctl(-1, MIXER_READ(13) or OTPSELECT, [MTD_OTP_USER]) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, MEMERASE, &erase);
	out("ioctl(-1, MIXER_WRITE(2) or MEMERASE, {start=0x1000, length=0x2000}) = %s\n",
	    sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, VIDIOC_ENUMINPUT, &input);
	out("ioctl(-1, VIDIOC_ENUMINPUT, {index=1}) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, UFFDIO_WAKE, &range);
	out("ioctl(-1, UFFDIO_WAKE, {start=0x1000, len=0x2000}) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, UFFDIO_COPY, &copy);
	out("ioctl(-1, UFFDIO_COPY, {dst=0x1000, src=0x2000, len=0x1000, "
	    "mode=UFFDIO_COPY_MODE_DONTWAKE}) = %s\n", sprintrc(rc));
	out("+++ exited with 0 +++\n");
	return 0;
}
