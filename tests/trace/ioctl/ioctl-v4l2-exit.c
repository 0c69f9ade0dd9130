// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
// strace-7.2: strace 6.1 prints these as the old sttrace did (" => " always, no EXPBUF, QUERYMENU, TIME32 nor the whole input)
/*
 * ioctl, Video4Linux2, what prints at exit: every request here "succeeds" (-e
 * inject=ioctl:retval=0), so the decoder reads the argument again after the call, as after a
 * driver's answer.  A read-write field the call left as it was prints once (REQBUFS' count,
 * S_CTRL's value: no " => "); VIDIOC_EXPBUF's new descriptor and VIDIOC_QUERYMENU's item
 * print after " => "; VIDIOC_ENUMINPUT prints the whole input; the VIDIOC_*BUF_TIME32
 * requests (the 32-bit-time struct v4l2_buffer, 80 bytes) decode as VIDIOC_*BUF do, the
 * timestamp's seconds sign-extended.
 * Run with -a0 -e trace=ioctl -e inject=ioctl:retval=0.
 */
#include <fcntl.h>
#include <linux/videodev2.h>
#include <stdint.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>

#include "fdtest.h"

/* struct v4l2_buffer with a 32-bit timeval (the kernel's media/v4l2-ioctl.h). */
struct buf32 {
	uint32_t index, type, bytesused, flags, field;
	int32_t tv_sec, tv_usec;
	struct v4l2_timecode timecode;
	uint32_t sequence, memory;
	union {
		uint32_t offset;
		unsigned long userptr;
	} m;
	uint32_t length, reserved2, request_fd;
};
#define QUERYBUF32 _IOWR('V', 9, struct buf32)
#define DQBUF32 _IOWR('V', 17, struct buf32)

int main(void)
{
	struct v4l2_requestbuffers req = { .count = 4, .type = V4L2_BUF_TYPE_VIDEO_CAPTURE,
					   .memory = V4L2_MEMORY_MMAP };
	struct v4l2_control ctl = { .id = V4L2_CID_CONTRAST, .value = -3 };
	struct v4l2_exportbuffer exp = { .type = V4L2_BUF_TYPE_VIDEO_CAPTURE, .index = 1,
					 .flags = O_RDWR | O_CLOEXEC, .fd = 7 };
	struct v4l2_querymenu qm = { .id = V4L2_CID_EXPOSURE_AUTO, .index = 1 };
	struct v4l2_input in = { .index = 0, .type = V4L2_INPUT_TYPE_CAMERA, .audioset = 3,
				 .std = V4L2_STD_PAL_B | V4L2_STD_PAL_G,
				 .status = V4L2_IN_ST_NO_SIGNAL, .capabilities = V4L2_IN_CAP_STD };
	struct buf32 b = { .index = 2, .type = V4L2_BUF_TYPE_VIDEO_CAPTURE, .bytesused = 10,
			   .flags = V4L2_BUF_FLAG_MAPPED, .tv_sec = -2, .tv_usec = 500000,
			   .memory = V4L2_MEMORY_MMAP, .m.offset = 0x1000, .length = 4096 };
	static const char buf_rest[] = "memory=V4L2_MEMORY_MMAP, m.offset=0x1000, length=4096, "
				       "bytesused=10, flags=V4L2_BUF_FLAG_MAPPED|"
				       "V4L2_BUF_FLAG_TIMESTAMP_UNKNOWN|"
				       "V4L2_BUF_FLAG_TSTAMP_SRC_EOF";
	int64_t value;

	strcpy((char *)qm.name, "Manual");
	memcpy(&value, qm.name, sizeof(value));
	strcpy((char *)in.name, "cam");

	syscall(__NR_ioctl, -1, VIDIOC_REQBUFS, &req);
	out("ioctl(-1, VIDIOC_REQBUFS, {type=V4L2_BUF_TYPE_VIDEO_CAPTURE, "
	    "memory=V4L2_MEMORY_MMAP, count=4}) = 0 (INJECTED)\n");
	syscall(__NR_ioctl, -1, VIDIOC_S_CTRL, &ctl);
	out("ioctl(-1, VIDIOC_S_CTRL, {id=V4L2_CID_CONTRAST, value=-3}) = 0 (INJECTED)\n");
	syscall(__NR_ioctl, -1, VIDIOC_EXPBUF, &exp);
	out("ioctl(-1, VIDIOC_EXPBUF, {type=V4L2_BUF_TYPE_VIDEO_CAPTURE, index=1, plane=0, "
	    "flags=O_RDWR|O_CLOEXEC} => {fd=7}) = 0 (INJECTED)\n");
	syscall(__NR_ioctl, -1, VIDIOC_QUERYMENU, &qm);
	out("ioctl(-1, VIDIOC_QUERYMENU, {id=V4L2_CID_EXPOSURE_AUTO, index=1} => "
	    "{name=\"Manual\", value=%lld}) = 0 (INJECTED)\n", (long long)value);
	syscall(__NR_ioctl, -1, VIDIOC_ENUMINPUT, &in);
	out("ioctl(-1, VIDIOC_ENUMINPUT, {index=0, name=\"cam\", type=V4L2_INPUT_TYPE_CAMERA, "
	    "audioset=0x3, tuner=0, std=V4L2_STD_PAL_B|V4L2_STD_PAL_G, "
	    "status=V4L2_IN_ST_NO_SIGNAL, capabilities=V4L2_IN_CAP_STD}) = 0 (INJECTED)\n");
	syscall(__NR_ioctl, -1, QUERYBUF32, &b);
	out("ioctl(-1, VIDIOC_QUERYBUF_TIME32, {type=V4L2_BUF_TYPE_VIDEO_CAPTURE, index=2, %s, "
	    "...}) = 0 (INJECTED)\n", buf_rest);
	syscall(__NR_ioctl, -1, DQBUF32, &b);
	out("ioctl(-1, VIDIOC_DQBUF_TIME32, {type=V4L2_BUF_TYPE_VIDEO_CAPTURE, index=2, %s, "
	    "timestamp={tv_sec=-2, tv_usec=500000}, ...}) = 0 (INJECTED)\n", buf_rest);
	out("+++ exited with 0 +++\n");
	return 0;
}
