// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * ioctl, filesystem requests: FITRIM's range, FIFREEZE (no argument), FS_IOC_FSSETXATTR's
 * struct fsxattr, FS_IOC_SETFLAGS's inode flags, FS_IOC_FIEMAP's request (what the kernel
 * maps follows " => " on success), FS_IOC_GETFLAGS read at exit (an address when the call
 * failed).  All on fd -1: EBADF.  Run with -a0 -e trace=ioctl.
 */
#include <linux/fiemap.h>
#include <linux/fs.h>
#include <sys/syscall.h>

#include "fdtest.h"

int main(void)
{
	struct fstrim_range r = { .start = 0x1000, .len = 4096, .minlen = 512 };
	struct fsxattr fa = { .fsx_xflags = FS_XFLAG_IMMUTABLE, .fsx_projid = 42 };
	struct fiemap fm = { .fm_length = 4096, .fm_flags = FIEMAP_FLAG_SYNC,
			     .fm_extent_count = 1 };
	int flags = FS_APPEND_FL | FS_NOATIME_FL;
	long rc;

	rc = syscall(__NR_ioctl, -1, FITRIM, &r);
	out("ioctl(-1, FITRIM, {start=0x1000, len=4096, minlen=512}) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, FIFREEZE, 0);
	out("ioctl(-1, FIFREEZE) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, FS_IOC_FSSETXATTR, &fa);
	out("ioctl(-1, FS_IOC_FSSETXATTR, {fsx_xflags=FS_XFLAG_IMMUTABLE, fsx_extsize=0, "
	    "fsx_projid=0x2a, fsx_cowextsize=0}) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, FS_IOC_SETFLAGS, &flags);
	out("ioctl(-1, FS_IOC_SETFLAGS, [FS_APPEND_FL|FS_NOATIME_FL]) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, FS_IOC_FIEMAP, &fm);
	out("ioctl(-1, FS_IOC_FIEMAP, {fm_start=0, fm_length=4096, fm_flags=FIEMAP_FLAG_SYNC, "
	    "fm_extent_count=1}) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, FS_IOC_GETFLAGS, &flags);
	out("ioctl(-1, FS_IOC_GETFLAGS, %p) = %s\n", (void *)&flags, sprintrc(rc));
	out("+++ exited with 0 +++\n");
	return 0;
}
