// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The program of tests/sh/probe/guard-kill.sh: it fires the USDT probe guard:tick (with a
 * semaphore) and calls work() and the library's usleep() about 1,000 times a second in all,
 * in THREADS threads, for ITER iterations each, while its tracer is killed.  At the end it
 * prints what it computed, its semaphore, and whether the text of every object it has mapped
 * is still the text of its file: a breakpoint left behind (or a byte not put back) is printed
 * with its address, so the output differs from the untraced run's.  An int3 (cc) is not
 * counted: ours are hlt (uprobe/bp.h), and a kernel uprobe of another tracer on the machine
 * (on libc, say) shows as an int3 in every process that maps the file.
 *
 * work() starts with `push %rbp` (built with -fno-omit-frame-pointer, no endbr64): resuming it
 * one byte past its first byte would skip the push and corrupt the stack.
 */
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sdt.h"

SDT_DEFINE_SEMAPHORE(guard, tick);

__attribute__((noinline)) long work(long i)
{
	volatile long v = i * 7;

	return v % 1000 + 1;
}

static int iters = 700, period = 1000;

static void *loop(void *arg)
{
	long sum = 0;

	for (long i = 0; i < iters; i++) {
		SDT_SEM_PROBE1(guard, tick, i);
		sum += work(i);
		usleep(period);
	}
	*(long *)arg = sum;
	return NULL;
}

/* Every executable mapping of a file compared with the file; differences printed. */
static int text_intact(void)
{
	FILE *m = fopen("/proc/self/maps", "r");
	int mem = open("/proc/self/mem", O_RDONLY), bad = 0;
	char line[4096];

	if (!m || mem < 0)
		return -1;
	while (fgets(line, sizeof(line), m)) {
		unsigned long lo, hi, off;
		char perms[8], path[4096] = "";
		if (sscanf(line, "%lx-%lx %7s %lx %*s %*s %4095s", &lo, &hi, perms, &off, path) < 4 ||
		    perms[2] != 'x' || path[0] != '/')
			continue;
		int fd = open(path, O_RDONLY);
		static unsigned char a[65536], b[65536];
		for (unsigned long at = lo; fd >= 0 && at < hi; at += sizeof(a)) {
			size_t n = hi - at < sizeof(a) ? hi - at : sizeof(a);
			ssize_t got = pread(fd, a, n, (off_t)(off + at - lo));
			if (got <= 0 || pread(mem, b, (size_t)got, (off_t)at) != got)
				break;
			for (ssize_t k = 0; k < got; k++)
				if (a[k] != b[k] && b[k] != 0xcc && bad++ < 10)
					printf("byte %#x at %#lx (%s), not %#x\n", b[k], at + k, path,
					       a[k]);
		}
		if (fd >= 0)
			close(fd);
	}
	fclose(m);
	close(mem);
	return bad;
}

int main(int argc, char **argv)
{
	int threads = argc > 1 ? atoi(argv[1]) : 1;
	pthread_t t[8];
	long sums[8] = { 0 }, total = 0;

	const char *pidfile = getenv("GK_PIDFILE");
	FILE *f = pidfile ? fopen(pidfile, "w") : NULL;

	if (f) { /* for tests/sh/probe/guard-reap.c, which reaps us when the tracer is killed */
		fprintf(f, "%d\n", getpid());
		fclose(f);
	}
	if (argc > 2)
		iters = atoi(argv[2]);
	if (threads < 1 || threads > 8)
		return 2;
	period = 1000 * threads;
	for (int i = 1; i < threads; i++)
		pthread_create(&t[i], NULL, loop, &sums[i]);
	loop(&sums[0]);
	for (int i = 1; i < threads; i++)
		pthread_join(t[i], NULL);
	for (int i = 0; i < threads; i++)
		total += sums[i];
	printf("sum %ld\n", total);
	printf("semaphore %u\n", (unsigned)guard_tick_semaphore);
	printf("text %s\n", text_intact() == 0 ? "intact" : "changed");
	return 0;
}
