// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * tests/sh/probe/probe-fork-detach.sh: a loop of probe hits (usdt fl:tick guarded by a semaphore,
 * the function tick) that forks once when the file "fork" appears, the child looping the same
 * way.  Both stop when the file "stop" appears; the parent then prints its own and the child's
 * counts, wrong results and how the child ended, and exits 0 when nothing went wrong.  At
 * start it writes "addr" (tick's address); the child writes "child.pid".
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "sdt.h"

SDT_DEFINE_SEMAPHORE(fl, tick);

__attribute__((noinline)) long tick(long i)
{
	__asm__ volatile("" ::: "memory");
	return i * 3 + 1;
}

static int forked; /* once: the child does not fork again */

/* Calls and probes until "stop": the number of wrong results, N the calls made. */
static long loop(long *n)
{
	long wrong = 0;
	struct timespec ts = { 0, 2000000 };

	for (*n = 0; access("stop", F_OK); ++*n) {
		if (tick(*n) != *n * 3 + 1)
			wrong++;
		SDT_SEM_PROBE1(fl, tick, *n);
		nanosleep(&ts, NULL);
		if (forked || access("fork", F_OK))
			continue;
		forked = 1;
		pid_t c = fork();
		if (c == 0) {
			FILE *f = fopen("child.pid", "w");
			fprintf(f, "%d\n", getpid());
			fclose(f);
			long m, w = loop(&m);
			_exit(w || m == 0 ? 1 : 0);
		}
		if (c < 0)
			return -1;
	}
	return wrong;
}

int main(void)
{
	FILE *f = fopen("addr", "w");
	long n, wrong, status = 0;

	fprintf(f, "%lu\n", (unsigned long)(void *)tick);
	fclose(f);
	wrong = loop(&n);
	int st;
	pid_t c = wait(&st);
	printf("parent: %s calls, %ld wrong; ", n ? "some" : "no", wrong);
	if (c < 0)
		printf("no child\n");
	else if (WIFEXITED(st))
		printf("child: exit %d\n", WEXITSTATUS(st));
	else
		printf("child: killed by signal %d\n", WTERMSIG(st));
	status = wrong || !n || c < 0 || !WIFEXITED(st) || WEXITSTATUS(st);
	return (int)status;
}
