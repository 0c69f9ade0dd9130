// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * make bench workload "fork-exec": N times fork, exec /bin/true in the child, wait for it.  What
 * a tracer pays here is following new processes (-f) and the exec of a dynamic program, not
 * per-syscall work in a loop.
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 100;

	for (long i = 0; i < n; i++) {
		int st;
		pid_t pid = fork();

		if (pid < 0) {
			perror("fork");
			return 1;
		}
		if (pid == 0) {
			execl("/bin/true", "true", (char *)NULL);
			_exit(127);
		}
		if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st) || WEXITSTATUS(st)) {
			fprintf(stderr, "fork-exec: child %d failed\n", (int)pid);
			return 1;
		}
	}
	return 0;
}
