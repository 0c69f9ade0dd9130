// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * execve from a thread that is not the leader: the kernel gives the exec'ing thread the
 * leader's pid.  strace reports "+++ superseded by execve in pid TID +++" under the leader's
 * pid and finishes the execve line there as "<... execve resumed>"; the thread's own line
 * ends with "<pid changed to LEADER ...>".  Run with -v -s4096 (see print_own_execve).
 */
#include <pthread.h>
#include "tests.h"

static char *const envp[] = { NULL };
static char *argv_again[] = { NULL, "again", NULL };
static pid_t leader;

static void *run(void *arg)
{
	pid_t tid = (pid_t)syscall(__NR_gettid);

	printf("%-5d execve(\"%s\", [\"%s\", \"again\"], [] <pid changed to %d ...>\n", tid,
	       argv_again[0], argv_again[0], leader);
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
	pthread_join(t, NULL);
	return 1;
}
