// SPDX-License-Identifier: LGPL-2.1-or-later
// strace-7.2-lines: HDIO_SET_NICE ;; 7.2 names the bit 1<<IDE_NICE_0, without spaces
// link: -static
/*
 * ioctl, legacy ATA disk requests (HDIO_*): values passed as numbers, bus states and nice
 * bits by name, a drive command's header, the three words of HDIO_DRIVE_RESET, and a
 * geometry read at exit (an address when the call failed).  All on fd -1: EBADF.
 * Run with -a0 -e trace=ioctl.
 */
#include <linux/hdreg.h>
#include <sys/syscall.h>

#include "fdtest.h"

int main(void)
{
	struct hd_drive_cmd_hdr cmd = { .command = 0xec, .sector_number = 1, .feature = 2,
					.sector_count = 0 };
	unsigned int words[3] = { 1, 2, 0xbeef };
	struct hd_geometry geo;
	long rc;

	rc = syscall(__NR_ioctl, -1, HDIO_SET_DMA, 1);
	out("ioctl(-1, HDIO_SET_DMA, 1) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, HDIO_SET_BUSSTATE, BUSSTATE_ON);
	out("ioctl(-1, HDIO_SET_BUSSTATE, BUSSTATE_ON) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, HDIO_SET_NICE, 1 << IDE_NICE_0);
	out("ioctl(-1, HDIO_SET_NICE, 1<<IDE_NICE_0) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, HDIO_DRIVE_CMD, &cmd);
	out("ioctl(-1, HDIO_DRIVE_CMD, {command=ATA_CMD_ID_ATA, sector_number=1, feature=2, "
	    "sector_count=0}) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, HDIO_DRIVE_RESET, words);
	out("ioctl(-1, HDIO_DRIVE_RESET, [0x1, 0x2, 0xbeef]) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, HDIO_GETGEO, &geo);
	out("ioctl(-1, HDIO_GETGEO, %p) = %s\n", (void *)&geo, sprintrc(rc));
	out("+++ exited with 0 +++\n");
	return 0;
}
