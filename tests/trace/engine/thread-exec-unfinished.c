// SPDX-License-Identifier: LGPL-2.1-or-later
// strace-7.2-lines: nanosleep.*unfinished ;; strace 7 prints the ", " before an argument of the exit at the exit
/*
 * execve from a thread while the leader sleeps in a traced call: the kernel ends the leader
 * inside its nanosleep, which strace reports when the leader leaves ("<... nanosleep resumed>
 * <unfinished ...>) = ?"), before "+++ superseded by execve in pid TID +++"; the execve line
 * is thus cut with "<unfinished ...>", not "<pid changed to ...>" (strace's threads-execve).
 * Under --bpf the kernel's sys_exit does fire for the killed nanosleep (ERESTART_RESTARTBLOCK,
 * with SIGKILL pending): it is no result, as ptrace reports none.
 * Run with -a0 -f -v -s4096 -e trace=execve,nanosleep,exit_group
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
	printf("%-5d nanosleep({tv_sec=5, tv_nsec=0} <unfinished ...>\n", leader);
	printf("%-5d execve(\"%s\", [\"%s\", \"again\"], [] <unfinished ...>\n", tid,
	       argv_again[0], argv_again[0]);
	printf("%-5d <... nanosleep resumed> <unfinished ...>) = ?\n", leader);
	printf("%-5d +++ superseded by execve in pid %d +++\n", leader, tid);
	printf("%-5d <... execve resumed>) = 0\n", leader);
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
	char prefix[16];
	snprintf(prefix, sizeof(prefix), "%-5d ", leader);
	print_own_execve(prefix, argv);
	argv_again[0] = argv[0];
	pthread_t t;
	if (pthread_create(&t, NULL, run, NULL))
		FAIL("pthread_create");
	const struct timespec nap = { .tv_sec = 5 };
	syscall(__NR_nanosleep, &nap, NULL);
	return 1;
}
