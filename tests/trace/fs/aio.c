// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * Native AIO: io_setup, io_submit (a write's buffer as a string, a vectored read's iovecs, an
 * I/O priority, an unknown opcode, a NULL iocb pointer, a negative count), io_getevents (the
 * events at exit, a failed call), io_pgetevents (timeout and signal mask), io_cancel (the
 * iocb's header in, the event out), io_destroy.  The file is a memfd, so it all stays here.
 * Run with -a0 -e trace=io_setup,io_submit,io_getevents,io_pgetevents,io_cancel,io_destroy.
 */
#include <linux/aio_abi.h>
#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/uio.h>
#include <time.h>

#include "tests.h"

int main(void)
{
	aio_context_t ctx = 0;
	struct io_event ev[2];
	long rc;

	int fd = (int)syscall(__NR_memfd_create, "aio", 0);
	if (fd < 0)
		FAIL("memfd_create: %m");

	rc = syscall(__NR_io_setup, 4, &ctx);
	if (rc)
		FAIL("io_setup: %m");
	printf("io_setup(4, [%#lx]) = 0\n", (unsigned long)ctx);

	static char text[] = "hello";
	struct iocb wr = { .aio_data = 0x11, .aio_lio_opcode = IOCB_CMD_PWRITE,
			   .aio_fildes = (unsigned int)fd, .aio_buf = (unsigned long)text,
			   .aio_nbytes = 5, .aio_offset = 0 };
	struct iocb *list[2] = { &wr, NULL };
	rc = syscall(__NR_io_submit, ctx, 1, list);
	printf("io_submit(%#lx, 1, [{aio_data=0x11, aio_lio_opcode=IOCB_CMD_PWRITE, aio_fildes=%d, "
	       "aio_buf=\"hello\", aio_nbytes=5, aio_offset=0}]) = %s\n",
	       (unsigned long)ctx, fd, sprintrc(rc));
	rc = syscall(__NR_io_getevents, ctx, 1, 2, ev, NULL);
	printf("io_getevents(%#lx, 1, 2, [{data=0x11, obj=%p, res=5, res2=0}], NULL) = %s\n",
	       (unsigned long)ctx, (void *)&wr, sprintrc(rc));

	static char a[2], b[3];
	struct iovec iov[2] = { { a, sizeof(a) }, { b, sizeof(b) } };
	struct iocb rd = { .aio_data = 0x22, .aio_lio_opcode = IOCB_CMD_PREADV,
			   .aio_reqprio = (2 << 13) | 4, .aio_fildes = (unsigned int)fd,
			   .aio_buf = (unsigned long)iov, .aio_nbytes = 2, .aio_offset = 0,
			   .aio_flags = IOCB_FLAG_IOPRIO };
	list[0] = &rd;
	rc = syscall(__NR_io_submit, ctx, 1, list);
	printf("io_submit(%#lx, 1, [{aio_data=0x22, aio_lio_opcode=IOCB_CMD_PREADV, "
	       "aio_reqprio=IOPRIO_PRIO_VALUE(IOPRIO_CLASS_BE, 4), aio_fildes=%d, "
	       "aio_buf=[{iov_base=%p, iov_len=2}, {iov_base=%p, iov_len=3}], aio_offset=0, "
	       "aio_flags=IOCB_FLAG_IOPRIO}]) = %s\n",
	       (unsigned long)ctx, fd, (void *)a, (void *)b, sprintrc(rc));
	struct timespec ts = { 1, 0 };
	rc = syscall(__NR_io_getevents, ctx, 1, 2, ev, &ts);
	printf("io_getevents(%#lx, 1, 2, [{data=0x22, obj=%p, res=5, res2=0}], "
	       "{tv_sec=1, tv_nsec=0}) = %s\n", (unsigned long)ctx, (void *)&rd, sprintrc(rc));

	struct iocb bad = { .aio_lio_opcode = 61453, .aio_fildes = (unsigned int)fd };
	list[0] = &bad;
	rc = syscall(__NR_io_submit, ctx, 2, list);
	printf("io_submit(%#lx, 2, [{aio_data=0, aio_lio_opcode=61453 /* IOCB_CMD_??? */, "
	       "aio_fildes=%d}, NULL]) = %s\n", (unsigned long)ctx, fd, sprintrc(rc));
	rc = syscall(__NR_io_submit, ctx, -1L, list);
	printf("io_submit(%#lx, -1, %p) = %s\n", (unsigned long)ctx, (void *)list, sprintrc(rc));

	rc = syscall(__NR_io_cancel, ctx, &rd, ev);
	printf("io_cancel(%#lx, {aio_data=0x22, aio_lio_opcode=IOCB_CMD_PREADV, "
	       "aio_reqprio=IOPRIO_PRIO_VALUE(IOPRIO_CLASS_BE, 4), aio_fildes=%d}, %p) = %s\n",
	       (unsigned long)ctx, fd, (void *)ev, sprintrc(rc));

	sigset_t set;
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	struct { const void *mask; unsigned long size; } sig = { &set, 8 };
	struct timespec zero = { 0, 0 };
	rc = syscall(__NR_io_pgetevents, ctx, 0, 2, ev, &zero, &sig);
	printf("io_pgetevents(%#lx, 0, 2, [], {tv_sec=0, tv_nsec=0}, {sigmask=[USR1], "
	       "sigsetsize=8}) = %s\n", (unsigned long)ctx, sprintrc(rc));
	rc = syscall(__NR_io_getevents, 0xbadUL, 0, 2, ev, &zero);
	printf("io_getevents(0xbad, 0, 2, %p, {tv_sec=0, tv_nsec=0}) = %s\n", (void *)ev,
	       sprintrc(rc));

	rc = syscall(__NR_io_destroy, ctx);
	printf("io_destroy(%#lx) = %s\n", (unsigned long)ctx, sprintrc(rc));
	puts("+++ exited with 0 +++");
	return 0;
}
