// SPDX-License-Identifier: LGPL-2.1-or-later
// strace-7.2: strace 6.1 cuts the staged execve line with "<unfinished ...>", not "<pid changed to N ...>" (status-detached-threads)
/*
 * -e status=detached with a thread's execve (strace 7.2's status-detached-threads): the
 * thread's execve line, cut by the pid change, counts as detached output and shows with its
 * "<pid changed to ...>"; the leader's nanosleep, which the exec ends, does not; and the new
 * image's exit, printed before any traced call of it, goes by "detached" too, so it shows.
 * Run with -a0 -f -e trace=execve,nanosleep -e status=detached
 */
#include <pthread.h>
#include <time.h>
#include "tests.h"

static char *argv_again[] = { NULL, "again", NULL };
static pid_t leader;

static void *run(void *arg)
{
	pid_t tid = (pid_t)syscall(__NR_gettid);
	const struct timespec wait = { .tv_nsec = 100000000 };

	(void)arg;
	clock_nanosleep(CLOCK_MONOTONIC, 0, &wait, NULL); /* the leader is asleep by then */
	printf("%-5d execve(\"%s\", [\"%s\", \"again\"], NULL <pid changed to %d ...>\n", tid,
	       argv_again[0], argv_again[0], leader);
	printf("%-5d +++ superseded by execve in pid %d +++\n", leader, tid);
	printf("%-5d +++ exited with 0 +++\n", leader);
	fflush(stdout);
	syscall(__NR_execve, argv_again[0], argv_again, NULL);
	FAIL("execve: %m");
}

int main(int argc, char **argv)
{
	if (argc > 1)
		return 0; /* the new image */
	leader = getpid();
	argv_again[0] = argv[0];
	pthread_t t;
	if (pthread_create(&t, NULL, run, NULL))
		FAIL("pthread_create");
	const struct timespec nap = { .tv_sec = 5 };
	syscall(__NR_nanosleep, &nap, NULL);
	return 1;
}
