// SPDX-License-Identifier: LGPL-2.1-or-later
/* Four children at once, each making one getppid; the parent waits for them. */
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

int main(void)
{
	for (int i = 0; i < 4; i++) {
		pid_t pid = fork();
		if (pid < 0)
			return 2;
		if (!pid) {
			syscall(SYS_getppid);
			_exit(0);
		}
	}
	int s, bad = 0;
	while (wait(&s) > 0)
		bad |= !WIFEXITED(s) || WEXITSTATUS(s);
	return bad;
}
