// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
// strace-7.2: strace 6.1 does not decode UFFDIO_WRITEPROTECT, UFFDIO_CONTINUE, UFFDIO_POISON, and has another TEE_IOC_SHM_REGISTER_FD
/*
 * ioctl, device requests that print something at exit: every request here "succeeds" (-e
 * inject=ioctl:retval=0), so the decoder reads the argument again after the call.
 * userfaultfd's UFFDIO_WRITEPROTECT (a range and a mode, nothing after), UFFDIO_CONTINUE
 * (then the bytes mapped) and UFFDIO_POISON (Linux 6.6: then the bytes updated); TEE's
 * TEE_IOC_SHM_REGISTER_FD (Linux 6.18's 24-byte structure: a descriptor and flags, then the
 * size and id after " => ").  Run with -a0 -e trace=ioctl -e inject=ioctl:retval=0.
 */
#include <linux/ioctl.h>
#include <linux/types.h>
#include <linux/userfaultfd.h>
#include <stdint.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>

#include "fdtest.h"

struct poison {
	struct uffdio_range range;
	uint64_t mode;
	int64_t updated;
};
#define POISON _IOWR(UFFDIO, 0x08, struct poison)
struct shm_register_fd {
	int64_t fd;
	uint64_t size;
	uint32_t flags;
	int32_t id;
};
#define SHM_REGISTER_FD _IOWR(0xa4, 8, struct shm_register_fd)

int main(void)
{
	struct uffdio_writeprotect wp = { .range = { 0x1000, 0x2000 },
					  .mode = UFFDIO_WRITEPROTECT_MODE_WP | 4 };
	struct uffdio_continue uc = { .range = { 0x3000, 0x1000 },
				      .mode = UFFDIO_CONTINUE_MODE_DONTWAKE, .mapped = 4096 };
	struct poison up = { .range = { 0x5000, 0x1000 }, .mode = 1, .updated = -22 };
	struct shm_register_fd shm = { .fd = 5, .size = 0x2000, .flags = 1, .id = -3 };

	syscall(__NR_ioctl, -1, UFFDIO_WRITEPROTECT, &wp);
	out("ioctl(-1, UFFDIO_WRITEPROTECT, {range={start=0x1000, len=0x2000}, "
	    "mode=UFFDIO_WRITEPROTECT_MODE_WP|0x4}) = 0 (INJECTED)\n");
	syscall(__NR_ioctl, -1, UFFDIO_CONTINUE, &uc);
	out("ioctl(-1, UFFDIO_CONTINUE, {range={start=0x3000, len=0x1000}, "
	    "mode=UFFDIO_CONTINUE_MODE_DONTWAKE, mapped=4096}) = 0 (INJECTED)\n");
	syscall(__NR_ioctl, -1, POISON, &up);
	out("ioctl(-1, UFFDIO_POISON, {range={start=0x5000, len=0x1000}, "
	    "mode=UFFDIO_POISON_MODE_DONTWAKE, updated=%llu}) = 0 (INJECTED)\n",
	    (unsigned long long)up.updated);
	syscall(__NR_ioctl, -1, SHM_REGISTER_FD, &shm);
	out("ioctl(-1, TEE_IOC_SHM_REGISTER_FD, {fd=5, flags=TEE_IOCTL_SHM_MAPPED} => "
	    "{size=0x2000, id=-3}) = 0 (INJECTED)\n");
	out("+++ exited with 0 +++\n");
	return 0;
}
