// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * -P /dev/full with poll, ppoll, select and pselect6: a call shows when a descriptor inside its
 * pollfd array or one of its fd_sets is open on /dev/full (not the first one: after a pipe's),
 * not when none is; select with nfds INT_MAX reads as much of a huge set as there is (the
 * kernel looks no further than the descriptor table).
 * Run with -a0 -P /dev/full -e trace=poll,ppoll,select,pselect6.
 */
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <sys/select.h>
#include <time.h>

#include "tests.h"

/* Three fd_sets of INT_MAX bits as strace reads them: the first 1024 * 1024 bits each. */
static unsigned char huge[3][1024 * 1024 / 8];

int main(void)
{
	int p[2];
	struct timespec ts = { 0, 0 };
	struct timeval tv = { 0, 0 };
	long rc;

	if (pipe(p))
		FAIL("pipe: %m");
	int full = open("/dev/full", O_RDONLY);
	if (full < 0)
		FAIL("open /dev/full: %m");
	int n = full + 1;

	struct pollfd pf[3] = { { p[0], POLLIN, 0 }, { p[1], POLLOUT, 0 }, { full, POLLIN, 0 } };
	rc = syscall(__NR_poll, pf, 3, 0);
	printf("poll([{fd=%d, events=POLLIN}, {fd=%d, events=POLLOUT}, {fd=%d, events=POLLIN}], 3,"
	       " 0) = %s ([{fd=%d, revents=POLLOUT}, {fd=%d, revents=POLLIN}])\n", p[0], p[1], full,
	       sprintrc(rc), p[1], full);
	syscall(__NR_poll, pf, 2, 0); /* only the pipe's: not shown */
	rc = syscall(__NR_ppoll, pf, 3, &ts, NULL, 8);
	printf("ppoll([{fd=%d, events=POLLIN}, {fd=%d, events=POLLOUT}, {fd=%d, events=POLLIN}], 3,"
	       " {tv_sec=0, tv_nsec=0}, NULL, 8) = %s ([{fd=%d, revents=POLLOUT}, {fd=%d, "
	       "revents=POLLIN}], left {tv_sec=0, tv_nsec=0})\n", p[0], p[1], full, sprintrc(rc),
	       p[1], full);

	fd_set rd;
	FD_ZERO(&rd);
	FD_SET(p[0], &rd);
	FD_SET(full, &rd);
	rc = syscall(__NR_select, n, &rd, NULL, NULL, &tv);
	printf("select(%d, [%d %d], NULL, NULL, {tv_sec=0, tv_usec=0}) = %s (in [%d], left "
	       "{tv_sec=0, tv_usec=0})\n", n, p[0], full, sprintrc(rc), full);
	FD_ZERO(&rd);
	FD_SET(p[0], &rd);
	syscall(__NR_select, n, &rd, NULL, NULL, &tv); /* only the pipe's: not shown */
	FD_ZERO(&rd);
	FD_SET(full, &rd);
	rc = syscall(__NR_pselect6, n, NULL, NULL, &rd, &ts, NULL);
	printf("pselect6(%d, NULL, NULL, [%d], {tv_sec=0, tv_nsec=0}, NULL) = %s (Timeout)\n", n,
	       full, sprintrc(rc));

	huge[0][p[0] / 8] |= 1 << (p[0] % 8);
	huge[0][full / 8] |= 1 << (full % 8);
	rc = syscall(__NR_select, INT_MAX, huge[0], huge[1], huge[2], &tv);
	printf("select(%d, [%d %d], [], [], {tv_sec=0, tv_usec=0}) = %s (in [%d], left "
	       "{tv_sec=0, tv_usec=0})\n", INT_MAX, p[0], full, sprintrc(rc), full);
	printf("+++ exited with 0 +++\n");
	return 0;
}
