// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The cgroup test's program (tests/sh/sttrace/cgroup.sh): it calls getppid every 10 ms until the file
 * named by its argument exists (at most 30 s), forks a child that calls getppid once more, and
 * ends with 0.
 */
#include <stdio.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	if (argc < 2)
		return 2;
	for (int i = 0; access(argv[1], F_OK) != 0 && i < 3000; i++) {
		syscall(SYS_getppid);
		usleep(10000);
	}
	pid_t child = fork();
	if (child == 0) {
		syscall(SYS_getppid);
		_exit(0);
	}
	waitpid(child, NULL, 0);
	printf("done\n");
	return 0;
}
