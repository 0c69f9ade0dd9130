// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * A child cloned with CLONE_PARENT is our parent's child: traced, the tracer's.  It must reap it
 * or the child stays a zombie, and kill(pid, 0) goes on succeeding.  Prints the child's pid and
 * whether it vanished within 10 s (exit status 1 if not).
 */
#define _GNU_SOURCE
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <unistd.h>

static char stack[64 * 1024];

static int child(void *arg)
{
	return 0;
}

int main(void)
{
	pid_t pid = clone(child, stack + sizeof(stack), CLONE_PARENT | SIGCHLD, NULL);

	if (pid < 0) {
		perror("clone");
		return 2;
	}
	printf("child %d\n", pid);
	for (int i = 0; i < 10000 && kill(pid, 0) == 0; i++)
		usleep(1000);
	if (kill(pid, 0) == 0) {
		printf("child %d never reaped by our parent\n", pid);
		return 1;
	}
	printf("child reaped by our parent\n");
	return 0;
}
