// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The timeline test's program (tests/sh/views/timeline.sh): a main thread and a worker named
 * "tl-worker", each making calls the timeline must show on its own track.  It writes to
 * ./timeline.want what the --perfetto file must hold, one line per (kind, name, thread):
 * "X getpid timeline 2" (complete slices), "i usdt:timeline:mark timeline 1" (instants);
 * stdout only says that it ran, so that the traced and untraced runs can be compared.
 */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "../../../sdt/sdt.h"

static volatile sig_atomic_t got;

static void on_usr1(int sig)
{
	got = sig;
}

/* Kept out of line: lttrace sees each call to them through the PLT of libc. */
static int count_chars(const char *s)
{
	return (int)strlen(s);
}

static void *worker(void *arg)
{
	(void)arg;
	prctl(PR_SET_NAME, "tl-worker");
	for (int i = 0; i < 3; i++)
		syscall(SYS_getppid);
	return NULL;
}

int main(void)
{
	pthread_t t;
	FILE *want = fopen("timeline.want", "w");

	if (!want)
		return 1;
	long pid = 0;

	signal(SIGUSR1, on_usr1);
	for (int i = 0; i < 2; i++)
		pid = syscall(SYS_getpid);
	if (pthread_create(&t, NULL, worker, NULL) || pthread_join(t, NULL))
		return 1;
	DTRACE_PROBE2(timeline, mark, 7, count_chars("abc"));
	syscall(SYS_tgkill, pid, pid, SIGUSR1); /* raise() would call getpid once more */
	fprintf(want, "X getpid timeline 2\n");
	fprintf(want, "X getppid tl-worker 3\n");
	fprintf(want, "i usdt:timeline:mark timeline 1\n");
	fprintf(want, "i SIGUSR1 timeline 1\n");
	fclose(want);
	printf("ran, signal %d\n", got);
	return 0;
}
