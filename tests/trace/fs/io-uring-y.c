// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * io_uring calls with -y: the ring descriptor of io_uring_enter and io_uring_register,
 * io_uring_setup's wq_fd inside its parameters, and the descriptor tables io_uring_register
 * is given (an array, one a structure points to, ring descriptors in 16-byte entries), all
 * shown with their paths.  The "ring" is /dev/null, which is no ring, so each call fails the
 * same way every time.
 * Run with -a0 -y -e trace=io_uring_setup,io_uring_enter,io_uring_register.
 */
#include <fcntl.h>
#include <linux/io_uring.h>
#include <string.h>

#include "tests.h"

int main(void)
{
	struct io_uring_params p;
	long rc;

	int fd = open("/dev/null", O_RDONLY);
	if (fd < 0)
		FAIL("open: %m");
	memset(&p, 0, sizeof(p));
	p.flags = IORING_SETUP_ATTACH_WQ;
	p.wq_fd = (unsigned int)fd;
	rc = syscall(__NR_io_uring_setup, 1, &p);
	printf("io_uring_setup(1, {flags=IORING_SETUP_ATTACH_WQ, sq_thread_cpu=0, "
	       "sq_thread_idle=0, wq_fd=%d</dev/null>}) = %s\n", fd, sprintrc(rc));
	rc = syscall(__NR_io_uring_enter, fd, 1, 0, 0, NULL, 0);
	printf("io_uring_enter(%d</dev/null>, 1, 0, 0, NULL, 0) = %s\n", fd, sprintrc(rc));
	rc = syscall(__NR_io_uring_register, fd, IORING_UNREGISTER_FILES, NULL, 0);
	printf("io_uring_register(%d</dev/null>, IORING_UNREGISTER_FILES, NULL, 0) = %s\n", fd,
	       sprintrc(rc));

	/* Descriptor tables: an array, the one a FILES2 structure points to, ring descriptors
	 * (40 entries: -s cuts after 32, the 33rd is read first). */
	int zfd = open("/dev/zero", O_RDONLY);
	if (zfd < 0)
		FAIL("open: %m");
	int fds[1] = { zfd };
	rc = syscall(__NR_io_uring_register, fd, IORING_REGISTER_FILES, fds, 1);
	printf("io_uring_register(%d</dev/null>, IORING_REGISTER_FILES, [%d</dev/zero>], 1) = %s\n",
	       fd, zfd, sprintrc(rc));
	struct { unsigned int nr, flags; unsigned long long resv2, data, tags; } r2 = {
		.nr = 1, .data = (unsigned long)fds };
	rc = syscall(__NR_io_uring_register, fd, 13 /* IORING_REGISTER_FILES2 */, &r2, 32);
	printf("io_uring_register(%d</dev/null>, IORING_REGISTER_FILES2, {nr=1, flags=0, "
	       "data=[%d</dev/zero>], tags=NULL}, 32) = %s\n", fd, zfd, sprintrc(rc));
	static struct { unsigned int offset, resv; unsigned long long data; } ring[40];
	for (int i = 0; i < 40; i++) {
		ring[i].offset = (unsigned int)i;
		ring[i].data = i ? (unsigned long long)-1 : (unsigned long long)zfd;
	}
	rc = syscall(__NR_io_uring_register, fd, 20 /* IORING_REGISTER_RING_FDS */, ring, 40);
	printf("io_uring_register(%d</dev/null>, IORING_REGISTER_RING_FDS, [{offset=0, "
	       "data=%d</dev/zero>}", fd, zfd);
	for (int i = 1; i < 32; i++)
		printf(", {offset=%d, data=-1}", i);
	printf(", ...], 40) = %s\n", sprintrc(rc));

	puts("+++ exited with 0 +++");
	return 0;
}
