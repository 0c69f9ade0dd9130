// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
// strace-7.2-lines: SG_DXFER_TO_FROM_DEV ;; strace 6.1 names dxferp again after " => "
/*
 * ioctl, SG_IO with its v3 header (interface 'S': the command and the data sent in hex at
 * entry, the statuses and sense bytes after; a buffer both ways prints again after " => ",
 * without its field name, less the residue) and its v4 header (guard 'Q', <linux/bsg.h>).
 * On fd -1 the kernel writes nothing: at exit the response fields print as the program set
 * them.  Under --bpf the buffers are pointers inside the argument, captured in the kernel.
 * Run with -a0 -e trace=ioctl.
 */
#include <stdint.h>
#include <linux/bsg.h>
#include <scsi/sg.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>

#include "fdtest.h"

int main(void)
{
	unsigned char cmd[6] = { 0x12, 0, 0, 0, 0x24, 0 };
	unsigned char data[3] = { 'a', 'b', 'c' };
	unsigned char sense[2] = { 0x70, 0x05 };
	struct sg_io_hdr h = {
		.interface_id = 'S', .dxfer_direction = SG_DXFER_TO_DEV, .cmd_len = sizeof(cmd),
		.mx_sb_len = sizeof(sense), .dxfer_len = sizeof(data), .dxferp = data,
		.cmdp = cmd, .sbp = sense, .timeout = 1000, .flags = SG_FLAG_DIRECT_IO,
		.status = 2, .sb_len_wr = 2, .resid = -1, .duration = 7, .info = SG_INFO_CHECK,
	};
	struct sg_io_v4 v4 = {
		.guard = 'Q', .protocol = BSG_PROTOCOL_SCSI,
		.subprotocol = BSG_SUB_PROTOCOL_SCSI_CMD, .request_len = 2,
		.request = (uintptr_t)cmd, .max_response_len = 2, .response = (uintptr_t)sense,
		.response_len = 1, .dout_xfer_len = 3, .dout_xferp = (uintptr_t)data,
		.timeout = 5, .flags = BSG_FLAG_Q_AT_TAIL, .device_status = 1,
	};
	int bad = 42;
	long rc;

	rc = syscall(__NR_ioctl, -1, SG_IO, &h);
	out("ioctl(-1, SG_IO, {interface_id='S', dxfer_direction=SG_DXFER_TO_DEV, cmd_len=6, "
	    "cmdp=\"\\x12\\x00\\x00\\x00\\x24\\x00\", mx_sb_len=2, iovec_count=0, dxfer_len=3, "
	    "timeout=1000, flags=SG_FLAG_DIRECT_IO, dxferp=\"\\x61\\x62\\x63\", status=0x2, "
	    "masked_status=0, msg_status=0, sb_len_wr=2, sbp=\"\\x70\\x05\", host_status=0, "
	    "driver_status=0, resid=-1, duration=7, info=SG_INFO_CHECK}) = %s\n", sprintrc(rc));
	h.dxfer_direction = SG_DXFER_TO_FROM_DEV;
	h.resid = 1;
	rc = syscall(__NR_ioctl, -1, SG_IO, &h);
	out("ioctl(-1, SG_IO, {interface_id='S', dxfer_direction=SG_DXFER_TO_FROM_DEV, cmd_len=6, "
	    "cmdp=\"\\x12\\x00\\x00\\x00\\x24\\x00\", mx_sb_len=2, iovec_count=0, dxfer_len=3, "
	    "timeout=1000, flags=SG_FLAG_DIRECT_IO, dxferp=\"\\x61\\x62\\x63\" => \"\\x61\\x62\", "
	    "status=0x2, masked_status=0, msg_status=0, sb_len_wr=2, sbp=\"\\x70\\x05\", "
	    "host_status=0, driver_status=0, resid=1, duration=7, info=SG_INFO_CHECK}) = %s\n",
	    sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, SG_IO, &v4);
	out("ioctl(-1, SG_IO, {guard='Q', protocol=BSG_PROTOCOL_SCSI, "
	    "subprotocol=BSG_SUB_PROTOCOL_SCSI_CMD, request_len=2, request=\"\\x12\\x00\", "
	    "request_tag=0, request_attr=0, request_priority=0, request_extra=0, "
	    "max_response_len=2, dout_iovec_count=0, dout_xfer_len=3, din_iovec_count=0, "
	    "din_xfer_len=0, dout_xferp=\"\\x61\\x62\\x63\", timeout=5, flags=BSG_FLAG_Q_AT_TAIL, "
	    "usr_ptr=0, response_len=1, response=\"\\x70\", din_xferp=NULL, driver_status=0, "
	    "transport_status=0, device_status=0x1, retry_delay=0, info=0, duration=0, "
	    "response_len=1, din_resid=0, dout_resid=0, generated_tag=0}) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, SG_IO, &bad);
	out("ioctl(-1, SG_IO, [42]) = %s\n", sprintrc(rc));
	out("+++ exited with 0 +++\n");
	return 0;
}
