// SPDX-License-Identifier: LGPL-2.1-or-later
// strace-7.2: strace 6.1 splits the readv line around the staged output and prints the new image's exit (status-successful-threads)
/*
 * -z (status=successful) with a thread's execve (strace 7.2's status-successful-threads): the
 * "superseded" line shows whatever the filter, but the new image's exit, printed before any
 * traced call of it, counts as detached output (strace 7.2 stages it anew), so with -z it does
 * not show.  The parent, which reads the pipe the child's image closes at its exit, does.
 * Run with -a0 -f -z -e signal=none -e trace=readv
 */
#include <pthread.h>
#include <sys/uio.h>
#include "tests.h"

static char *argv_again[] = { NULL, "again", NULL };
static pid_t child_pid;

static void *run(void *arg)
{
	pid_t tid = (pid_t)syscall(__NR_gettid);

	(void)arg;
	printf("%-5d +++ superseded by execve in pid %d +++\n", child_pid, tid);
	fflush(stdout);
	syscall(__NR_execve, argv_again[0], argv_again, NULL);
	FAIL("execve: %m");
}

int main(int argc, char **argv)
{
	if (argc > 1)
		return 0; /* the new image */
	argv_again[0] = argv[0];
	int fds[2];
	if (pipe(fds))
		FAIL("pipe: %m");
	fflush(stdout);
	pid_t pid = fork();
	if (pid < 0)
		FAIL("fork: %m");
	if (pid == 0) {
		close(fds[0]);
		child_pid = getpid();
		pthread_t t;
		if (pthread_create(&t, NULL, run, NULL))
			FAIL("pthread_create");
		for (;;)
			pause();
	}
	close(fds[1]);
	char c;
	struct iovec iov = { .iov_base = &c, .iov_len = 1 };
	if (readv(fds[0], &iov, 1))
		FAIL("readv");
	printf("%-5d readv(%d, [{iov_base=\"\", iov_len=1}], 1) = 0\n", getpid(), fds[0]);
	printf("%-5d +++ exited with 0 +++\n", getpid());
	return 0;
}
