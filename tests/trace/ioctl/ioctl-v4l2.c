// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * ioctl, Video4Linux2: what a program hands the driver, decoded at entry (and shown again
 * after " => " at exit, where the request is read-write): a pixel format with its fourcc,
 * buffer requests, streaming on, a control by name and by class plus offset, extended
 * controls whose string is two pointers away from the argument (captured in the kernel under
 * --bpf), cropping, streaming parameters and a frame size query.
 * All on fd -1: EBADF.  Run with -a0 -e trace=ioctl.
 */
#include <linux/videodev2.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>

#include "fdtest.h"

int main(void)
{
	struct v4l2_format fmt = { .type = V4L2_BUF_TYPE_VIDEO_CAPTURE };
	struct v4l2_requestbuffers req = { .count = 4, .type = V4L2_BUF_TYPE_VIDEO_CAPTURE,
					   .memory = V4L2_MEMORY_MMAP };
	int type = V4L2_BUF_TYPE_VIDEO_OUTPUT;
	struct v4l2_control ctl = { .id = V4L2_CID_CONTRAST, .value = -3 };
	struct v4l2_control ctl2 = { .id = V4L2_CTRL_CLASS_CAMERA | 0x1234, .value = 7 };
	/* The controls and their string each in a page of its own, away from the stack. */
	char *pages = mmap(NULL, 2 * 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
			   -1, 0);
	if (pages == MAP_FAILED)
		return 1;
	char *str = pages + 4096;
	struct v4l2_ext_control *ec = (void *)pages;
	struct v4l2_ext_controls ecs = { .ctrl_class = V4L2_CTRL_CLASS_USER, .count = 2,
					 .controls = ec };
	struct v4l2_crop crop = { .type = V4L2_BUF_TYPE_VIDEO_OVERLAY,
				  .c = { .left = -1, .top = 2, .width = 3, .height = 4 } };
	struct v4l2_streamparm parm = { .type = V4L2_BUF_TYPE_VIDEO_CAPTURE };
	struct v4l2_frmsizeenum fse = { .index = 2, .pixel_format = V4L2_PIX_FMT_MJPEG };
	const char *ctl_line, *ec_line;
	long rc;

	memcpy(str, "abc", 4);
	ec[0] = (struct v4l2_ext_control){ .id = V4L2_CID_BRIGHTNESS, .size = 3, .string = str };
	ec[1] = (struct v4l2_ext_control){ .id = V4L2_CID_HUE, .size = 0, .value64 = 42 };
	fmt.fmt.pix.width = 640;
	fmt.fmt.pix.height = 480;
	fmt.fmt.pix.pixelformat = V4L2_PIX_FMT_YUYV;
	fmt.fmt.pix.field = V4L2_FIELD_NONE;
	fmt.fmt.pix.bytesperline = 1280;
	fmt.fmt.pix.sizeimage = 614400;
	fmt.fmt.pix.colorspace = V4L2_COLORSPACE_SRGB;
	parm.parm.capture.capability = V4L2_CAP_TIMEPERFRAME;
	parm.parm.capture.timeperframe.numerator = 1;
	parm.parm.capture.timeperframe.denominator = 30;
	parm.parm.capture.readbuffers = 2;

	static const char pix[] = "{width=640, height=480, pixelformat=v4l2_fourcc('Y', 'U', "
				  "'Y', 'V') /* V4L2_PIX_FMT_YUYV */, field=V4L2_FIELD_NONE, "
				  "bytesperline=1280, sizeimage=614400, "
				  "colorspace=V4L2_COLORSPACE_SRGB}";
	rc = syscall(__NR_ioctl, -1, VIDIOC_S_FMT, &fmt);
	out("ioctl(-1, VIDIOC_S_FMT, {type=V4L2_BUF_TYPE_VIDEO_CAPTURE, fmt.pix=%s}) = %s\n",
	    pix, sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, VIDIOC_REQBUFS, &req);
	out("ioctl(-1, VIDIOC_REQBUFS, {type=V4L2_BUF_TYPE_VIDEO_CAPTURE, "
	    "memory=V4L2_MEMORY_MMAP, count=4}) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, VIDIOC_STREAMON, &type);
	out("ioctl(-1, VIDIOC_STREAMON, [V4L2_BUF_TYPE_VIDEO_OUTPUT]) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, VIDIOC_S_CTRL, &ctl);
	out("ioctl(-1, VIDIOC_S_CTRL, {id=V4L2_CID_CONTRAST, value=-3}) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, VIDIOC_S_CTRL, &ctl2);
	ctl_line = "{id=V4L2_CTRL_CLASS_CAMERA+0x1234, value=7}";
	out("ioctl(-1, VIDIOC_S_CTRL, %s) = %s\n", ctl_line, sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, VIDIOC_S_EXT_CTRLS, &ecs);
	ec_line = "controls=[{id=V4L2_CID_BRIGHTNESS, size=3, string=\"abc\"}, "
		  "{id=V4L2_CID_HUE, size=0, value=42, value64=42}]";
	out("ioctl(-1, VIDIOC_S_EXT_CTRLS, {ctrl_class=V4L2_CTRL_CLASS_USER, count=2, %s} => "
	    "{%s, error_idx=0}) = %s\n", ec_line, ec_line, sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, VIDIOC_S_CROP, &crop);
	out("ioctl(-1, VIDIOC_S_CROP, {type=V4L2_BUF_TYPE_VIDEO_OVERLAY, "
	    "c={left=-1, top=2, width=3, height=4}}) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, VIDIOC_S_PARM, &parm);
	out("ioctl(-1, VIDIOC_S_PARM, {type=V4L2_BUF_TYPE_VIDEO_CAPTURE, "
	    "parm.capture={capability=V4L2_CAP_TIMEPERFRAME, capturemode=0, timeperframe=1/30, "
	    "extendedmode=0, readbuffers=2}}) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, VIDIOC_ENUM_FRAMESIZES, &fse);
	out("ioctl(-1, VIDIOC_ENUM_FRAMESIZES, {index=2, pixel_format=v4l2_fourcc('M', 'J', "
	    "'P', 'G') /* V4L2_PIX_FMT_MJPEG */}) = %s\n", sprintrc(rc));
	out("+++ exited with 0 +++\n");
	return 0;
}
