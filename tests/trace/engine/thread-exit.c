// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Not a trace test by itself (no registry line): tests/sh/sttrace/exit-status.sh runs it untraced and
 * under `sttrace -a0 -e trace=none -e signal=none [-f]`.  The leader leaves first with
 * exit(42), a thread exit only (SYS_exit); the process goes on and ends otherwise:
 *   exec   the thread execs this program again, whose new image exits 0;
 *   group  the thread calls exit_group(3);
 *   last   the thread, the last one, calls exit(7): the process's status is 7.
 * The process's status is never 42, traced or not.  The program prints the lines sttrace must
 * write for it, as strace does: with -f ("f" as the second argument) one per thread with pid
 * prefixes, the leader's exit when its process is gone; without -f the process's exit alone.
 */
#include <pthread.h>
#include <stdbool.h>
#include <time.h>
#include "tests.h"

static char *mode, *self;
static bool fflag;
static pid_t leader;

static void *run(void *arg)
{
	pid_t tid = (pid_t)syscall(__NR_gettid);
	struct timespec ts = { 0, 50 * 1000 * 1000 };

	(void)arg;
	/* The leader's exit first (a thread that waits for nothing else: no timing to judge). */
	while (syscall(__NR_tgkill, leader, leader, 0) == 0) {
		char path[64], state = 0;
		snprintf(path, sizeof(path), "/proc/%d/task/%d/stat", leader, leader);
		FILE *f = fopen(path, "r");
		if (!f || fscanf(f, "%*d (%*[^)]) %c", &state) != 1 || state == 'Z') {
			if (f)
				fclose(f);
			break;
		}
		fclose(f);
		nanosleep(&ts, NULL);
	}
	if (!strcmp(mode, "exec")) {
		char *argv[] = { self, mode, fflag ? "f" : "-", "again", NULL };
		if (fflag)
			printf("%-5d +++ superseded by execve in pid %d +++\n", leader, tid);
		fflush(stdout);
		execv(self, argv);
		FAIL("execv: %m");
	}
	int code = !strcmp(mode, "group") ? 3 : 7;
	if (fflag)
		printf("%-5d +++ exited with %d +++\n%-5d +++ exited with %d +++\n", tid, code,
		       leader, code);
	else
		printf("+++ exited with %d +++\n", code);
	fflush(stdout);
	syscall(code == 3 ? __NR_exit_group : __NR_exit, code);
	return NULL;
}

int main(int argc, char **argv)
{
	if (argc < 3)
		FAIL("usage: thread-exit exec|group|last f|-");
	mode = argv[1];
	self = argv[0];
	fflag = argv[2][0] == 'f';
	leader = getpid();
	if (argc > 3) {
		/* The new image of "exec". */
		if (fflag)
			printf("%-5d +++ exited with 0 +++\n", leader);
		else
			printf("+++ exited with 0 +++\n");
		return 0;
	}
	pthread_t t;
	if (pthread_create(&t, NULL, run, NULL))
		FAIL("pthread_create");
	syscall(__NR_exit, 42);
	return 1;
}
