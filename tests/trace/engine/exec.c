// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * execve (argv, the environment in full under -v, ENOENT, NULL arrays, then a successful exec
 * of this program with an argument), clone3 failures, rt_sigreturn after a handler, and
 * exit_group.  The tracer's own first execve is predicted from argv and environ, hence -v
 * (without it the line shows the tracer's envp address).  Run with -a0 -v -s4096
 * -e trace=execve,clone3,rt_sigreturn,exit_group.
 */
#include <signal.h>

#include "tests.h"

static void on_usr1(int sig)
{
	(void)sig;
}

int main(int argc, char **argv)
{
	long rc;

	if (argc > 1) {
		/* The exec'd image: only exit_group remains. */
		printf("exit_group(0) = ?\n+++ exited with 0 +++\n");
		return 0;
	}
	print_own_execve("", argv);

	char *av[] = { "/nonexistent/x", "a\"b", "", NULL };
	char *ev[] = { "A=1", "B=\\", NULL };
	rc = syscall(__NR_execve, "/nonexistent/x", av, ev);
	printf("execve(\"/nonexistent/x\", [\"/nonexistent/x\", \"a\\\"b\", \"\"], "
	       "[\"A=1\", \"B=\\\\\"]) = %s\n", sprintrc(rc));
	rc = syscall(__NR_execve, "/nonexistent/y", NULL, NULL);
	printf("execve(\"/nonexistent/y\", NULL, NULL) = %s\n", sprintrc(rc));

	rc = syscall(__NR_clone3, NULL, 64);
	printf("clone3(NULL, 64) = %s\n", sprintrc(rc));

	signal(SIGUSR1, on_usr1);
	kill(getpid(), SIGUSR1);
	printf("--- SIGUSR1 {si_signo=SIGUSR1, si_code=SI_USER, si_pid=%d, si_uid=%d} ---\n",
	       getpid(), getuid());
	printf("rt_sigreturn({mask=[]}) = 0\n");

	char *nv[] = { argv[0], "again", NULL };
	char *ne[] = { "X=y", NULL };
	printf("execve(");
	print_quoted_str(argv[0]);
	printf(", [");
	print_quoted_str(argv[0]);
	printf(", \"again\"], [\"X=y\"]) = 0\n");
	fflush(stdout);
	execve(argv[0], nv, ne);
	FAIL("execve: %s", strerror(errno));
}
