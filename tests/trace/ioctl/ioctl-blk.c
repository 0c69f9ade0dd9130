// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * ioctl, block and loop devices: a readahead value, a block size and a discard range in
 * memory, a request without argument, a partition request with the partition it points to,
 * a size read at exit (an address when the call failed); loop control numbers, a request
 * without argument, and a 64-bit loop status (the unused encryption fields and device
 * numbers left out without -v); UBI volume requests; SCSI generic resets and transforms.
 * All on fd -1: EBADF.
 * Run with -a0 -e trace=ioctl.
 */
#include <string.h>
#include <linux/blkpg.h>
#include <linux/fs.h>
#include <linux/loop.h>
#include <mtd/ubi-user.h>
#include <scsi/sg.h>
#include <stdint.h>
#include <sys/syscall.h>

#include "fdtest.h"

int main(void)
{
	int bsz = 4096;
	uint64_t range[2] = { 0, 4096 }, size;
	struct blkpg_partition part = { .length = 1048576, .pno = 1 };
	struct blkpg_ioctl_arg pg = { .op = BLKPG_ADD_PARTITION, .datalen = sizeof(part),
				      .data = &part };
	struct loop_info64 li = { .lo_offset = 0x200,
				  .lo_flags = LO_FLAGS_READ_ONLY | LO_FLAGS_AUTOCLEAR };
	struct ubi_rsvol_req rs = { .bytes = 4096, .vol_id = 1 };
	int reset = SG_SCSI_RESET_DEVICE;
	long rc;

	strcpy((char *)li.lo_file_name, "/tmp/img");
	rc = syscall(__NR_ioctl, -1, BLKRASET, 256);
	out("ioctl(-1, BLKRASET, 256) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, BLKBSZSET, &bsz);
	out("ioctl(-1, BLKBSZSET, [4096]) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, BLKDISCARD, range);
	out("ioctl(-1, BLKDISCARD, [0, 4096]) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, BLKFLSBUF, 0);
	out("ioctl(-1, BLKFLSBUF) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, BLKPG, &pg);
	out("ioctl(-1, BLKPG, {op=BLKPG_ADD_PARTITION, flags=0, datalen=%zu, data={start=0, "
	    "length=1048576, pno=1, devname=\"\", volname=\"\"}}) = %s\n", sizeof(part),
	    sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, BLKGETSIZE64, &size);
	out("ioctl(-1, BLKGETSIZE64, %p) = %s\n", (void *)&size, sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, LOOP_CTL_ADD, 7);
	out("ioctl(-1, LOOP_CTL_ADD, 7) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, LOOP_CLR_FD, 0);
	out("ioctl(-1, LOOP_CLR_FD) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, LOOP_SET_STATUS64, &li);
	out("ioctl(-1, LOOP_SET_STATUS64, {lo_offset=0x200, lo_number=0, "
	    "lo_flags=LO_FLAGS_READ_ONLY|LO_FLAGS_AUTOCLEAR, lo_file_name=\"/tmp/img\", ...}) "
	    "= %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, UBI_IOCRSVOL, &rs);
	out("ioctl(-1, UBI_IOCRSVOL, {bytes=4096, vol_id=1}) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, UBI_IOCVOLCRBLK, 0);
	out("ioctl(-1, UBI_IOCVOLCRBLK) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, SG_SCSI_RESET, &reset);
	out("ioctl(-1, SG_SCSI_RESET, [SG_SCSI_RESET_DEVICE]) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, SG_SET_TRANSFORM, 1);
	out("ioctl(-1, SG_SET_TRANSFORM, 0x1) = %s\n", sprintrc(rc));
	out("+++ exited with 0 +++\n");
	return 0;
}
