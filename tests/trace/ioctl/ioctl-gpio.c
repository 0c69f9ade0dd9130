// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * ioctl, the GPIO character device: line values to set, a line info watch to drop, and a
 * v2 line request (its offsets, consumer and configuration; the new descriptor would follow
 * " => ").  All on fd -1: EBADF.  Run with -a0 -e trace=ioctl.
 */
#include <string.h>
#include <linux/gpio.h>
#include <sys/syscall.h>

#include "fdtest.h"

int main(void)
{
	struct gpio_v2_line_values v = { .bits = 1, .mask = 3 };
	unsigned int offset = 4;
	struct gpio_v2_line_request lr = { .offsets = { 3, 5 }, .num_lines = 2,
					   .config = { .flags = GPIO_V2_LINE_FLAG_INPUT } };
	long rc;

	strcpy(lr.consumer, "test");
	rc = syscall(__NR_ioctl, -1, GPIO_V2_LINE_SET_VALUES_IOCTL, &v);
	out("ioctl(-1, GPIO_V2_LINE_SET_VALUES_IOCTL, {bits=0x1, mask=0x3}) = %s\n",
	    sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, GPIO_GET_LINEINFO_UNWATCH_IOCTL, &offset);
	out("ioctl(-1, GPIO_GET_LINEINFO_UNWATCH_IOCTL, {offset=4}) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, GPIO_V2_GET_LINE_IOCTL, &lr);
	out("ioctl(-1, GPIO_V2_GET_LINE_IOCTL, {num_lines=2, offsets=[3, 5], consumer=\"test\", "
	    "config={flags=GPIO_V2_LINE_FLAG_INPUT, num_attrs=0}}) = %s\n", sprintrc(rc));
	out("+++ exited with 0 +++\n");
	return 0;
}
