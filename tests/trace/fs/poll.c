// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * poll, ppoll, select, pselect6: pollfd arrays with POLL* events (negative descriptors without
 * them), fd_sets as [fd ...], the ready descriptors and the time left after the return value,
 * "Timeout", arrays cut by -s, NULL and unreadable pointers, failures.
 * Run with -a0 -s3 -e trace=poll,ppoll,select,pselect6.
 */
#include <poll.h>
#include <signal.h>
#include <sys/select.h>
#include <time.h>

#include "tests.h"

/* A flags value as the -X style prints it. */
#if XLAT_RAW
#define XV(raw, name) raw
#elif XLAT_VERBOSE
#define XV(raw, name) raw " /* " name " */"
#else
#define XV(raw, name) name
#endif
#define IN_PRI XV("0x3", "POLLIN|POLLPRI")
#define IN XV("0x1", "POLLIN")
#define OUT XV("0x4", "POLLOUT")

int main(void)
{
	int p[2], q[2];
	long rc;

	if (pipe(p) || pipe(q) || write(p[1], "x", 1) != 1)
		FAIL("pipe: %m");

	struct pollfd fds[] = { { p[0], POLLIN | POLLPRI, 0 }, { q[0], POLLIN, 0 },
				{ -1, POLLIN, 0 }, { q[1], POLLOUT | 0x4000, 0 } };
	rc = syscall(__NR_poll, fds, 3, 0);
	printf("poll([{fd=%d, events=" IN_PRI "}, {fd=%d, events=" IN "}, {fd=-1}], 3, 0) = %s"
	       " ([{fd=%d, revents=" IN "}])\n", p[0], q[0], sprintrc(rc), p[0]);
	rc = syscall(__NR_poll, fds, 4, 10);
	printf("poll([{fd=%d, events=" IN_PRI "}, {fd=%d, events=" IN "}, {fd=-1}, ...], 4, 10)"
	       " = %s ([{fd=%d, revents=" IN "}, {fd=%d, revents=" OUT "}])\n", p[0], q[0],
	       sprintrc(rc), p[0], q[1]);
	rc = syscall(__NR_poll, fds + 1, 1, 0);
	printf("poll([{fd=%d, events=" IN "}], 1, 0) = %s (Timeout)\n", q[0], sprintrc(rc));
	rc = syscall(__NR_poll, NULL, 0, 0);
	printf("poll(NULL, 0, 0) = %s (Timeout)\n", sprintrc(rc));
	rc = syscall(__NR_poll, (void *)8, 1, 0);
	printf("poll(0x8, 1, 0) = %s\n", sprintrc(rc));

	struct timespec ts = { 0, 0 };
	sigset_t set;
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	rc = syscall(__NR_ppoll, fds, 1, &ts, &set, 8);
	printf("ppoll([{fd=%d, events=" IN_PRI "}], 1, {tv_sec=0, tv_nsec=0}, [" XV("10", "USR1") "], 8) = %s"
	       " ([{fd=%d, revents=" IN "}], left {tv_sec=0, tv_nsec=0})\n", p[0], sprintrc(rc),
	       p[0]);
	rc = syscall(__NR_ppoll, fds + 1, 1, &ts, NULL, 8);
	printf("ppoll([{fd=%d, events=" IN "}], 1, {tv_sec=0, tv_nsec=0}, NULL, 8) = %s"
	       " (Timeout)\n", q[0], sprintrc(rc));
	rc = syscall(__NR_ppoll, fds, 1, NULL, NULL, 8);
	printf("ppoll([{fd=%d, events=" IN_PRI "}], 1, NULL, NULL, 8) = %s"
	       " ([{fd=%d, revents=" IN "}])\n", p[0], sprintrc(rc), p[0]);

	fd_set rd, wr;
	FD_ZERO(&rd);
	FD_ZERO(&wr);
	FD_SET(p[0], &rd);
	FD_SET(q[0], &rd);
	FD_SET(q[1], &wr);
	int n = q[1] + 1;
	struct timeval tv = { 0, 0 };
	rc = syscall(__NR_select, n, &rd, &wr, NULL, &tv);
	printf("select(%d, [%d %d], [%d], NULL, {tv_sec=0, tv_usec=0}) = %s (in [%d], out [%d], "
	       "left {tv_sec=0, tv_usec=0})\n", n, p[0], q[0], q[1], sprintrc(rc), p[0], q[1]);
	FD_ZERO(&rd);
	FD_SET(q[0], &rd);
	rc = syscall(__NR_select, n, &rd, NULL, NULL, &tv);
	printf("select(%d, [%d], NULL, NULL, {tv_sec=0, tv_usec=0}) = %s (Timeout)\n", n, q[0],
	       sprintrc(rc));
	rc = syscall(__NR_select, -1, NULL, NULL, NULL, &tv);
	printf("select(-1, NULL, NULL, NULL, {tv_sec=0, tv_usec=0}) = %s\n", sprintrc(rc));
	rc = syscall(__NR_select, n, (void *)8, NULL, NULL, NULL);
	printf("select(%d, 0x8, NULL, NULL, NULL) = %s\n", n, sprintrc(rc));

	FD_ZERO(&rd);
	FD_SET(p[0], &rd);
	struct { void *mask; size_t size; } sas = { &set, 8 };
	rc = syscall(__NR_pselect6, n, &rd, NULL, NULL, &ts, &sas);
	printf("pselect6(%d, [%d], NULL, NULL, {tv_sec=0, tv_nsec=0}, {sigmask=[" XV("10", "USR1") "], "
	       "sigsetsize=8}) = %s (in [%d], left {tv_sec=0, tv_nsec=0})\n", n, p[0], sprintrc(rc),
	       p[0]);
	rc = syscall(__NR_pselect6, n, &rd, NULL, NULL, NULL, NULL);
	printf("pselect6(%d, [%d], NULL, NULL, NULL, NULL) = %s (in [%d])\n", n, p[0],
	       sprintrc(rc), p[0]);

	printf("+++ exited with 0 +++\n");
	return 0;
}
