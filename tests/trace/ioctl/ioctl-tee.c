// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * ioctl, TEE requests on fd -1: an invocation whose argument and parameters sit behind a
 * struct tee_ioctl_buf_data (a value and a memory reference parameter, six empty ones: 296
 * bytes, captured through the pointer and length under --bpf), a buffer whose length does
 * not match (printed as length and address), cancel and close, a shared memory allocation.
 * Run with -a0 -e trace=ioctl.
 */
#include <stdint.h>
#include <linux/tee.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>

#include "fdtest.h"

int main(void)
{
	/* 8 parameters: 296 bytes, more than a pointer found in a capture gets under --bpf. */
	static struct { struct tee_ioctl_invoke_arg a; struct tee_ioctl_param p[8]; } inv = {
		{ .func = 7, .session = 0x10, .cancel_id = 3, .num_params = 8 },
		{ { .attr = TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INPUT, .a = 1, .b = 2, .c = 3 },
		  { .attr = TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INOUT, .a = 0x40, .b = 0x80, .c = 5 } },
	};
	struct tee_ioctl_buf_data buf = { .buf_ptr = (uintptr_t)&inv, .buf_len = sizeof(inv) };
	struct tee_ioctl_buf_data bad = { .buf_ptr = (uintptr_t)&inv, .buf_len = 8 };
	struct tee_ioctl_cancel_arg cancel = { .cancel_id = 3, .session = 0x10 };
	struct tee_ioctl_shm_alloc_data shm = { .size = 0x1000, .flags = 0 };
	long rc;

	rc = syscall(__NR_ioctl, -1, TEE_IOC_INVOKE, &buf);
	out("ioctl(-1, TEE_IOC_INVOKE, {buf_len=%zu, buf_ptr={func=7, session=0x10, cancel_id=3, "
	    "num_params=8, params=[{attr=TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INPUT, a=0x1, b=0x2, "
	    "c=0x3}, {attr=TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INOUT, shm_offs=0x40, size=0x80, "
	    "shm_id=5}%s]}}) = %s\n", sizeof(inv),
	    ", {attr=TEE_IOCTL_PARAM_ATTR_TYPE_NONE}, {attr=TEE_IOCTL_PARAM_ATTR_TYPE_NONE}"
	    ", {attr=TEE_IOCTL_PARAM_ATTR_TYPE_NONE}, {attr=TEE_IOCTL_PARAM_ATTR_TYPE_NONE}"
	    ", {attr=TEE_IOCTL_PARAM_ATTR_TYPE_NONE}, {attr=TEE_IOCTL_PARAM_ATTR_TYPE_NONE}",
	    sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, TEE_IOC_INVOKE, &bad);
	out("ioctl(-1, TEE_IOC_INVOKE, {buf_len=8, buf_ptr=%p}) = %s\n", (void *)&inv,
	    sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, TEE_IOC_CANCEL, &cancel);
	out("ioctl(-1, TEE_IOC_CANCEL, {cancel_id=3, session=0x10}) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, TEE_IOC_CLOSE_SESSION, &cancel.session);
	out("ioctl(-1, TEE_IOC_CLOSE_SESSION, {session=0x10}) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, TEE_IOC_SHM_ALLOC, &shm);
	out("ioctl(-1, TEE_IOC_SHM_ALLOC, {size=0x1000, flags=0}) = %s\n", sprintrc(rc));
	out("+++ exited with 0 +++\n");
	return 0;
}
