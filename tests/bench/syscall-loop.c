// SPDX-License-Identifier: LGPL-2.1-or-later
/* Benchmark workload: N getppid() calls, then one openat() -- the needle for -e trace=openat.
 * With BENCH_LOOP_FILE set, the calls' own time (ns) is appended to that file after the
 * needle: what tracing cost them, the tracer's start-up and exit aside. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 200000;
	struct timespec t0, t1;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (long i = 0; i < n; i++)
		syscall(SYS_getppid);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	int fd = open("/dev/null", O_RDONLY);
	const char *lf = getenv("BENCH_LOOP_FILE");
	FILE *f = lf ? fopen(lf, "a") : NULL;
	if (f) {
		fprintf(f, "%lld\n", (long long)(t1.tv_sec - t0.tv_sec) * 1000000000LL +
			(t1.tv_nsec - t0.tv_nsec));
		fclose(f);
	}
	return fd < 0;
}
