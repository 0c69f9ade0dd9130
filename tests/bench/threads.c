// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * make bench workload "threads": 4 threads calling getppid N/4 times each, at once.  Under
 * ptrace each thread stops on its own and the tracer serves all four; under eBPF every thread
 * writes into the same ring buffer.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#ifndef NTHREADS
#define NTHREADS 4 /* ltbpf.sh builds it with 1 too: then the main thread calls */
#endif

static void *worker(void *arg)
{
	long n = *(long *)arg;

	for (long i = 0; i < n; i++)
		syscall(SYS_getppid);
	return NULL;
}

/* With BENCH_LOOP_NS set (ltbpf.sh), the calls' own time on stderr: what tracing cost them,
 * the tracer's start-up and exit aside; and the process's CPU time (user and system, the
 * probes' traps and BPF programs included), which a loaded machine disturbs less. */
static struct timespec t0;

static int done(void)
{
	struct timespec t1;

	if (getenv("BENCH_LOOP_NS")) {
		struct rusage ru;
		clock_gettime(CLOCK_MONOTONIC, &t1);
		fprintf(stderr, "loop_ns %lld\n", (long long)(t1.tv_sec - t0.tv_sec) * 1000000000LL +
			(t1.tv_nsec - t0.tv_nsec));
		if (getrusage(RUSAGE_SELF, &ru) == 0)
			fprintf(stderr, "cpu_ns %lld\n",
				(long long)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1000000000LL +
					(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1000LL);
	}
	return 0;
}

int main(int argc, char **argv)
{
	long n = (argc > 1 ? atol(argv[1]) : 200000) / NTHREADS;
	pthread_t t[NTHREADS];

	clock_gettime(CLOCK_MONOTONIC, &t0);
	if (NTHREADS == 1) { /* the calls in the main thread: traced without -f */
		worker(&n);
		return done();
	}
	for (int i = 0; i < NTHREADS; i++) {
		if (pthread_create(&t[i], NULL, worker, &n)) {
			fprintf(stderr, "threads: pthread_create failed\n");
			return 1;
		}
	}
	for (int i = 0; i < NTHREADS; i++)
		pthread_join(t[i], NULL);
	return done();
}
