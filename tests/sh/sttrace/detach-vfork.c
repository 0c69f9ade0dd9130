// SPDX-License-Identifier: LGPL-2.1-or-later
/* vfork, the child sleeping 2 s: the parent waits in vfork until the child exits. */
#include <signal.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

int main(void)
{
	signal(SIGTERM, SIG_IGN);
	pid_t pid = vfork();
	if (pid < 0)
		return 2;
	if (!pid) {
		sleep(2);
		_exit(0);
	}
	int s;
	if (waitpid(pid, &s, 0) != pid)
		return 3;
	printf("child %d parent %d\n", pid, getpid());
	return WIFEXITED(s) ? WEXITSTATUS(s) : 4;
}
