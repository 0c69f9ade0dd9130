// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The time family: time() with its date after the result and in what it stores, utime's
 * utimbuf, utimes/futimesat's timeval pairs (a date only for a valid tv_usec, tv_usec
 * unsigned), utimensat's tv_nsec unsigned, setitimer/getitimer's itimerval, timer_create's
 * sigevent.  Run with -a0.
 */
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>
#include <utime.h>

#include "fdtest.h"

static const char *date(long long sec, unsigned long long part, int width)
{
	static char buf[128];
	time_t t = (time_t)sec;
	struct tm tm;
	size_t pos;

	localtime_r(&t, &tm);
	pos = strftime(buf, sizeof(buf), "%FT%T", &tm);
	if (part)
		pos += (size_t)snprintf(buf + pos, sizeof(buf) - pos, ".%0*llu", width, part);
	strftime(buf + pos, sizeof(buf) - pos, "%z", &tm);
	return buf;
}

int main(void)
{
	long rc;
	time_t t;
	struct utimbuf ub = { .actime = 1492350678, .modtime = 1492350679 };
	struct timeval tv[2] = { { 1492356708, 567891 }, { 1492357086, 1000000 } };
	struct timespec ts[2] = { { 1, 2 }, { 3, -1L } };
	struct itimerval it = { { 0, 0 }, { 0, 0 } }, old;

	rc = syscall(__NR_time, NULL);
	out("time(NULL) = %ld (%s)\n", rc, date(rc, 0, 0));
	rc = syscall(__NR_time, &t);
	out("time([%lld /* %s */]) = ", (long long)t, date(t, 0, 0));
	out("%ld (%s)\n", rc, date(rc, 0, 0));

	rc = syscall(__NR_utime, "/nonexistent/f", &ub);
	out("utime(\"/nonexistent/f\", {actime=1492350678 /* %s */, ", date(1492350678, 0, 0));
	out("modtime=1492350679 /* %s */}) = %s\n", date(1492350679, 0, 0), sprintrc(rc));
	rc = syscall(__NR_utimes, "/nonexistent/f", tv);
	out("utimes(\"/nonexistent/f\", [{tv_sec=1492356708, tv_usec=567891} /* %s */, "
	    "{tv_sec=1492357086, tv_usec=1000000}]) = %s\n", date(1492356708, 567891, 6),
	    sprintrc(rc));
	rc = syscall(__NR_futimesat, AT_FDCWD, "/nonexistent/f", NULL);
	out("futimesat(AT_FDCWD, \"/nonexistent/f\", NULL) = %s\n", sprintrc(rc));
	rc = syscall(__NR_utimensat, AT_FDCWD, "/nonexistent/f", ts, 0);
	out("utimensat(AT_FDCWD, \"/nonexistent/f\", [{tv_sec=1, tv_nsec=2} /* %s */, ",
	    date(1, 2, 9));
	out("{tv_sec=3, tv_nsec=18446744073709551615}], 0) = %s\n", sprintrc(rc));

	rc = syscall(__NR_setitimer, ITIMER_REAL, &it, NULL);
	out("setitimer(ITIMER_REAL, {it_interval={tv_sec=0, tv_usec=0}, it_value={tv_sec=0, "
	    "tv_usec=0}}, NULL) = %s\n", sprintrc(rc));
	rc = syscall(__NR_getitimer, ITIMER_REAL, &old);
	out("getitimer(ITIMER_REAL, {it_interval={tv_sec=0, tv_usec=0}, it_value={tv_sec=0, "
	    "tv_usec=0}}) = %s\n", sprintrc(rc));

	struct sigevent sev = { .sigev_notify = SIGEV_NONE };
	timer_t tid;
	rc = syscall(__NR_timer_create, CLOCK_MONOTONIC, &sev, &tid);
	out("timer_create(CLOCK_MONOTONIC, {sigev_signo=0, sigev_notify=SIGEV_NONE}, [%d]) = %s\n",
	    (int)(intptr_t)tid, sprintrc(rc));
	sev.sigev_notify = SIGEV_SIGNAL;
	sev.sigev_signo = SIGALRM;
	sev.sigev_value.sival_int = 5;
	rc = syscall(__NR_timer_create, 0xfacefeed, &sev, &tid);
	out("timer_create(0xfacefeed /* CLOCK_??? */, {sigev_value={sival_int=5, sival_ptr=0x5}, "
	    "sigev_signo=SIGALRM, sigev_notify=SIGEV_SIGNAL}, %p) = %s\n", (void *)&tid,
	    sprintrc(rc));
	out("+++ exited with 0 +++\n");
	return 0;
}
