// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * tests/sh/probe/guard-kill.sh's killer: `guard-reap USEC PIDFILE CMD ARGS...` runs CMD (a tracer),
 * sends it SIGKILL USEC microseconds later, and, being a child subreaper, reaps what it leaves
 * behind (the program it spawned, the guard).  Prints "tracer killed" or how the tracer ended
 * early, then the exit of the process whose pid PIDFILE holds (the traced program writes it
 * there): "program exit N" or "program signal N".
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	if (argc < 4)
		return 2;
	long usec = atol(argv[1]);
	prctl(PR_SET_CHILD_SUBREAPER, 1);
	pid_t t = fork();
	if (t == 0) {
		execvp(argv[3], argv + 3);
		_exit(127);
	}
	struct timespec d = { usec / 1000000, usec % 1000000 * 1000 };
	nanosleep(&d, NULL);
	struct timespec k;
	clock_gettime(CLOCK_MONOTONIC, &k);
	int killed = kill(t, SIGKILL) == 0, st;
	if (getenv("GUARD_REAP_TIMES"))
		fprintf(stderr, "kill %lld\n", k.tv_sec * 1000000000ll + k.tv_nsec);
	pid_t p, prog = 0;
	while ((p = wait(&st)) > 0) {
		if (!prog) {
			FILE *f = fopen(argv[2], "r");
			if (f && fscanf(f, "%d", &prog) != 1)
				prog = 0;
			if (f)
				fclose(f);
		}
		if (p == t && !(WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL && killed))
			printf("tracer ended before the kill (status %#x)\n", st);
		if (p != prog)
			continue;
		if (WIFEXITED(st))
			printf("program exit %d\n", WEXITSTATUS(st));
		else
			printf("program signal %d\n", WTERMSIG(st));
	}
	return 0;
}
