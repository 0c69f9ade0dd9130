// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * -f follows threads: each thread's syscalls carry its tid, and each thread's exit is reported.
 * Threads run one at a time, and the next starts only once the previous one is reaped (its
 * /proc/self/task entry is gone, which under ptrace means the tracer has seen its exit), so the
 * order of the lines is fixed.
 */
#include <pthread.h>
#include "tests.h"

static pid_t tids[3];

static void *run(void *arg)
{
	long i = (long)arg;
	tids[i] = (pid_t)syscall(__NR_gettid);
	syscall(__NR_getppid);
	return NULL;
}

int main(void)
{
	pid_t pid = getpid(), ppid = getppid();
	for (long i = 0; i < 3; i++) {
		pthread_t t;
		char task[64];
		if (pthread_create(&t, NULL, run, (void *)i) || pthread_join(t, NULL))
			FAIL("pthread: %m");
		snprintf(task, sizeof(task), "/proc/self/task/%d", tids[i]);
		while (access(task, F_OK) == 0)
			usleep(1000);
	}
	printf("%-5d getppid() = %d\n", pid, ppid);
	for (int i = 0; i < 3; i++) {
		printf("%-5d getppid() = %d\n", tids[i], ppid);
		printf("%-5d +++ exited with 0 +++\n", tids[i]);
	}
	printf("%-5d +++ exited with 0 +++\n", pid);
	return 0;
}
