// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * A child cloned with CLONE_PTRACE is traced by our tracer from its first instruction, though
 * nobody asked for -f.  Prints the child's pid and how it ended (waited for here).
 */
#define _GNU_SOURCE
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

static char stack[64 * 1024];

static int child(void *arg)
{
	(void)arg;
	return 7;
}

int main(void)
{
	pid_t pid = clone(child, stack + sizeof(stack), CLONE_PTRACE | SIGCHLD, NULL);
	int status;

	if (pid < 0) {
		perror("clone");
		return 2;
	}
	printf("child %d\n", pid);
	if (waitpid(pid, &status, 0) != pid)
		return 3;
	printf("exit status %d\n", WIFEXITED(status) ? WEXITSTATUS(status) : -1);
	return 0;
}
