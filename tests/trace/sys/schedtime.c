// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * Scheduling and time queries: sched_getaffinity, sched_setaffinity (CPU lists), sched_yield,
 * getrusage, times (ticks with seconds comments), sysinfo, clock_gettime, clock_getres,
 * gettimeofday.  The structs print as the kernel filled them; failures show the address.
 * Run with -a0.
 */
#include <sched.h>
#include <stdbool.h>
#include <sys/resource.h>
#include <sys/sysinfo.h>
#include <sys/time.h>
#include <sys/times.h>
#include <time.h>

#include "fdtest.h"

#define BADPTR ((void *)0xbadc0ded)

static const char *sprint_cpus(const unsigned char *m, unsigned int bytes, bool more)
{
	static char buf[4096];
	int n = snprintf(buf, sizeof(buf), "[");
	bool first = true;
	for (unsigned int i = 0; i < bytes * 8; i++)
		if (m[i / 8] & (1u << (i % 8))) {
			n += snprintf(buf + n, sizeof(buf) - n, first ? "%u" : " %u", i);
			first = false;
		}
	snprintf(buf + n, sizeof(buf) - n, "%s]", more ? (first ? "..." : " ...") : "");
	return buf;
}

static const char *sprint_ticks(clock_t v)
{
	static char bufs[4][64];
	static int k;
	char *b = bufs[k++ % 4];
	long tck = sysconf(_SC_CLK_TCK);
	if (v == 0 || tck != 100)
		snprintf(b, 64, "%llu", (unsigned long long)v);
	else
		snprintf(b, 64, "%llu /* %llu.%02llu s */", (unsigned long long)v,
			 (unsigned long long)v / 100, (unsigned long long)v % 100);
	return b;
}

int main(void)
{
	unsigned char mask[256];
	long rc;

	if (sysconf(_SC_CLK_TCK) != 100)
		SKIP("CLK_TCK is not 100");
	memset(mask, 0, sizeof(mask));
	rc = syscall(__NR_sched_getaffinity, 0, 128, mask);
	if (rc < 0 || rc > 128)
		SKIP("sched_getaffinity: %m");
	long ksize = rc;
	out("sched_getaffinity(0, 128, %s) = %ld\n", sprint_cpus(mask, ksize, false), rc);
	unsigned char one[128] = { 1 };
	rc = syscall(__NR_sched_setaffinity, 0, 128, one);
	out("sched_setaffinity(0, 128, [0]) = %s\n", sprintrc(rc));
	rc = syscall(__NR_sched_getaffinity, 0, 128, one);
	out("sched_getaffinity(0, 128, [0]) = %s\n", sprintrc(rc));
	rc = syscall(__NR_sched_setaffinity, 0, 128, mask);
	out("sched_setaffinity(0, 128, %s) = %s\n", sprint_cpus(mask, 128, false), sprintrc(rc));
	rc = syscall(__NR_sched_getaffinity, 0, 1, mask);
	out("sched_getaffinity(0, 1, %p) = %s\n", (void *)mask, sprintrc(rc));
	rc = syscall(__NR_sched_getaffinity, -1, 128, mask);
	out("sched_getaffinity(-1, 128, %p) = %s\n", (void *)mask, sprintrc(rc));
	rc = syscall(__NR_sched_setaffinity, 0, 128, NULL);
	out("sched_setaffinity(0, 128, NULL) = %s\n", sprintrc(rc));
	rc = syscall(__NR_sched_setaffinity, 0, 0, mask);
	out("sched_setaffinity(0, 0, []) = %s\n", sprintrc(rc));
	rc = syscall(__NR_sched_setaffinity, 0, 128, BADPTR);
	out("sched_setaffinity(0, 128, %p) = %s\n", BADPTR, sprintrc(rc));
	rc = syscall(__NR_sched_setaffinity, getpid(), 256, mask);
	out("sched_setaffinity(%d, 256, %s) = %s\n", getpid(), sprint_cpus(mask, 128, true),
	    sprintrc(rc));

	rc = syscall(__NR_sched_yield);
	out("sched_yield() = %s\n", sprintrc(rc));

	struct rusage ru;
	rc = syscall(__NR_getrusage, RUSAGE_SELF, &ru);
	out("getrusage(RUSAGE_SELF, {ru_utime={tv_sec=%lld, tv_usec=%lld}, "
	    "ru_stime={tv_sec=%lld, tv_usec=%lld}, ...}) = %s\n",
	    (long long)ru.ru_utime.tv_sec, (long long)ru.ru_utime.tv_usec,
	    (long long)ru.ru_stime.tv_sec, (long long)ru.ru_stime.tv_usec, sprintrc(rc));
	rc = syscall(__NR_getrusage, 42, &ru);
	out("getrusage(0x2a /* RUSAGE_??? */, %p) = %s\n", (void *)&ru, sprintrc(rc));
	rc = syscall(__NR_getrusage, RUSAGE_CHILDREN, BADPTR);
	out("getrusage(RUSAGE_CHILDREN, %p) = %s\n", BADPTR, sprintrc(rc));

	struct tms t;
	/* burn some CPU so the counters are not all zero */
	for (volatile unsigned long i = 0; i < 100000000UL; i++)
		;
	rc = syscall(__NR_times, &t);
	out("times({tms_utime=%s, tms_stime=%s, tms_cutime=%s, tms_cstime=%s}) = %ld\n",
	    sprint_ticks(t.tms_utime), sprint_ticks(t.tms_stime), sprint_ticks(t.tms_cutime),
	    sprint_ticks(t.tms_cstime), rc);
	rc = syscall(__NR_times, NULL);
	out("times(NULL) = %ld\n", rc);

	struct sysinfo si;
	rc = syscall(__NR_sysinfo, &si);
	out("sysinfo({uptime=%lu, loads=[%lu, %lu, %lu], totalram=%lu, freeram=%lu, "
	    "sharedram=%lu, bufferram=%lu, totalswap=%lu, freeswap=%lu, procs=%u, "
	    "totalhigh=%lu, freehigh=%lu, mem_unit=%u}) = %s\n",
	    si.uptime, si.loads[0], si.loads[1], si.loads[2], si.totalram, si.freeram,
	    si.sharedram, si.bufferram, si.totalswap, si.freeswap, si.procs, si.totalhigh,
	    si.freehigh, si.mem_unit, sprintrc(rc));
	rc = syscall(__NR_sysinfo, BADPTR);
	out("sysinfo(%p) = %s\n", BADPTR, sprintrc(rc));

	struct timespec ts;
	rc = syscall(__NR_clock_gettime, CLOCK_MONOTONIC, &ts);
	out("clock_gettime(CLOCK_MONOTONIC, {tv_sec=%lld, tv_nsec=%ld}) = %s\n",
	    (long long)ts.tv_sec, ts.tv_nsec, sprintrc(rc));
	rc = syscall(__NR_clock_gettime, CLOCK_REALTIME, &ts);
	out("clock_gettime(CLOCK_REALTIME, {tv_sec=%lld, tv_nsec=%ld}) = %s\n",
	    (long long)ts.tv_sec, ts.tv_nsec, sprintrc(rc));
	rc = syscall(__NR_clock_gettime, CLOCK_BOOTTIME, NULL);
	out("clock_gettime(CLOCK_BOOTTIME, NULL) = %s\n", sprintrc(rc));
	rc = syscall(__NR_clock_gettime, 100, &ts);
	out("clock_gettime(0x64 /* CLOCK_??? */, %p) = %s\n", (void *)&ts, sprintrc(rc));
	rc = syscall(__NR_clock_getres, CLOCK_MONOTONIC_COARSE, &ts);
	out("clock_getres(CLOCK_MONOTONIC_COARSE, {tv_sec=%lld, tv_nsec=%ld}) = %s\n",
	    (long long)ts.tv_sec, ts.tv_nsec, sprintrc(rc));
	rc = syscall(__NR_clock_getres, CLOCK_PROCESS_CPUTIME_ID, NULL);
	out("clock_getres(CLOCK_PROCESS_CPUTIME_ID, NULL) = %s\n", sprintrc(rc));

	struct timeval tv;
	struct timezone tz;
	rc = syscall(__NR_gettimeofday, &tv, &tz);
	out("gettimeofday({tv_sec=%lld, tv_usec=%ld}, {tz_minuteswest=%d, tz_dsttime=%d}) = %s\n",
	    (long long)tv.tv_sec, (long)tv.tv_usec, tz.tz_minuteswest, tz.tz_dsttime, sprintrc(rc));
	rc = syscall(__NR_gettimeofday, &tv, NULL);
	out("gettimeofday({tv_sec=%lld, tv_usec=%ld}, NULL) = %s\n", (long long)tv.tv_sec,
	    (long)tv.tv_usec, sprintrc(rc));
	rc = syscall(__NR_gettimeofday, BADPTR, NULL);
	out("gettimeofday(%p, NULL) = %s\n", BADPTR, sprintrc(rc));

	out("+++ exited with 0 +++\n");
	return 0;
}
