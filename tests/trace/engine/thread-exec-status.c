// SPDX-License-Identifier: LGPL-2.1-or-later
// strace-7.2-lines: unfinished ;; strace 7 prints the ", " before an argument of the exit at the exit
/*
 * -e status=unfinished with a thread's execve (strace's status-unfinished-threads): only the
 * leader's nanosleep, which the exec ends, shows: its line goes on where it stopped
 * ("...} <unfinished ...>) = ?"), with no "resumed"; the "superseded" line is printed
 * whatever the filter; the execve itself, successful, does not show.  Under --bpf the killed
 * nanosleep's sys_exit (SIGKILL pending) is no result, as under ptrace.  Run with
 * -a0 -f -e trace=execve,nanosleep,exit_group -e status=unfinished
 */
#include <pthread.h>
#include <time.h>
#include "tests.h"

static char *const envp[] = { NULL };
static char *argv_again[] = { NULL, "again", NULL };
static pid_t leader;

static void *run(void *arg)
{
	pid_t tid = (pid_t)syscall(__NR_gettid);
	const struct timespec wait = { .tv_nsec = 100000000 };

	(void)arg;
	clock_nanosleep(CLOCK_MONOTONIC, 0, &wait, NULL); /* the leader is asleep by then */
	printf("%-5d nanosleep({tv_sec=5, tv_nsec=0} <unfinished ...>) = ?\n", leader);
	printf("%-5d +++ superseded by execve in pid %d +++\n", leader, tid);
	printf("%-5d exit_group(0) = ?\n", leader);
	printf("%-5d +++ exited with 0 +++\n", leader);
	fflush(stdout);
	syscall(__NR_execve, argv_again[0], argv_again, envp);
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
