// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * For stack-exit.sh: a program whose stacks strace prints in its special places -- after a
 * signal line, after an execve (unwound at entry, the caller's stack), and after
 * "+++ exited" (exit_group unwound at entry).  "ignored": also a signal the kernel ignores
 * (SIGURG), which ptrace still shows with the stack where it stops; "attach": the same after a
 * second's wait for a tracer's -p.
 */
#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void handler(int sig)
{
}

int main(int argc, char **argv)
{
	bool attach = argc > 1 && !strcmp(argv[1], "attach");

	if (attach)
		sleep(1);
	signal(SIGUSR1, handler);
	kill(getpid(), SIGUSR1);
	if (attach || (argc > 1 && !strcmp(argv[1], "ignored")))
		kill(getpid(), SIGURG);
	if (argc > 1 && !strcmp(argv[1], "exec")) {
		char *args[] = { argv[0], NULL };
		execv(argv[0], args);
	}
	exit(0);
}
