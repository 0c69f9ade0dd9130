// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
// strace-7.2: strace 6.1 does not decode udmabuf requests nor TEE's user buffer and object reference parameters
/*
 * ioctl with -y, on fd -1 (EBADF): udmabuf's UDMABUF_CREATE (a memfd's range) and
 * UDMABUF_CREATE_LIST (ranges in 24-byte items after an 8-byte header: their descriptors
 * resolved under --bpf too, captured in the kernel); TEE_IOC_INVOKE with parameters of the
 * newer types: user buffers (buf, size) and object references (obj_id, flags).
 * Run with -a0 -y -e trace=ioctl.
 */
#include <fcntl.h>
#include <linux/tee.h>
#include <linux/udmabuf.h>
#include <stdint.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "fdtest.h"

int main(void)
{
	int fd = open("/dev/null", O_RDONLY);
	struct udmabuf_create uc = { .memfd = fd, .flags = UDMABUF_FLAGS_CLOEXEC | 4,
				     .offset = 4096, .size = 8192 };
	struct {
		struct udmabuf_create_list h;
		struct udmabuf_create_item it[3];
	} ul = { { .flags = 0, .count = 3 },
		 { { .memfd = -1, .offset = 1, .size = 2 }, { .memfd = fd, .offset = 3, .size = 4 },
		   { .memfd = fd, .offset = 5, .size = 6 } } };
	static struct {
		struct tee_ioctl_invoke_arg a;
		struct tee_ioctl_param p[2];
	} inv = { { .func = 1, .session = 2, .cancel_id = 3, .num_params = 2 },
		  { { .attr = 8 /* UBUF_INPUT */, .a = 0x1000, .b = 0x20, .c = 9 },
		    { .attr = 13 /* OBJREF_INOUT */, .a = 0x77, .b = 0x1, .c = 9 } } };
	struct tee_ioctl_buf_data buf = { .buf_ptr = (uintptr_t)&inv, .buf_len = sizeof(inv) };
	long rc;

	if (fd < 0)
		return 1;
	rc = syscall(__NR_ioctl, -1, UDMABUF_CREATE, &uc);
	out("ioctl(-1, UDMABUF_CREATE, {memfd=%d</dev/null>, flags=UDMABUF_FLAGS_CLOEXEC|0x4, "
	    "offset=4096, size=8192}) = %s\n", fd, sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, UDMABUF_CREATE_LIST, &ul);
	out("ioctl(-1, UDMABUF_CREATE_LIST, {flags=0, count=3, list=[{memfd=-1, offset=1, size=2}, "
	    "{memfd=%d</dev/null>, offset=3, size=4}, {memfd=%d</dev/null>, offset=5, size=6}]}) "
	    "= %s\n", fd, fd, sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, TEE_IOC_INVOKE, &buf);
	out("ioctl(-1, TEE_IOC_INVOKE, {buf_len=%zu, buf_ptr={func=1, session=0x2, cancel_id=3, "
	    "num_params=2, params=[{attr=TEE_IOCTL_PARAM_ATTR_TYPE_UBUF_INPUT, buf=0x1000, "
	    "size=0x20}, {attr=TEE_IOCTL_PARAM_ATTR_TYPE_OBJREF_INOUT, obj_id=0x77, flags=0x1}]}}) "
	    "= %s\n", sizeof(inv), sprintrc(rc));
	out("+++ exited with 0 +++\n");
	return 0;
}
