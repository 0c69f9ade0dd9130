// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * io_uring calls with -y: the ring descriptor of io_uring_enter and io_uring_register, and
 * io_uring_setup's wq_fd inside its parameters, all shown with their paths (here /dev/null,
 * which is no ring, so each call fails the same way every time).
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
	puts("+++ exited with 0 +++");
	return 0;
}
