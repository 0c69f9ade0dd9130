// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * clone3: struct clone_args at entry, the fields the kernel wrote after " => " at exit, the
 * child's pid as the result; a size the kernel refuses.  The child waits on a pipe until its
 * parent has returned from clone3 (so the tracer has printed that line) before it exits.
 * Run with -a0 -f -e trace=clone3 -e signal=none.
 */
#include <linux/sched.h>
#include <signal.h>
#include <sys/wait.h>
#include "tests.h"

int main(void)
{
	struct clone_args args = { .flags = CLONE_PARENT_SETTID, .exit_signal = SIGCHLD };
	int ptid = 0, fds[2];
	char c;

	if (pipe(fds))
		FAIL("pipe: %m");
	args.parent_tid = (unsigned long)&ptid;
	fflush(stdout);
	long pid = syscall(__NR_clone3, &args, sizeof(args));
	if (pid < 0)
		FAIL("clone3: %m");
	if (pid == 0)
		_exit(read(fds[0], &c, 1) == 1 ? 0 : 1);
	if (write(fds[1], "x", 1) != 1 || waitpid((pid_t)pid, NULL, 0) != pid)
		FAIL("pipe/waitpid: %m");
	long rc = syscall(__NR_clone3, &args, 10);
	pid_t me = getpid();
	printf("%-5d clone3({flags=CLONE_PARENT_SETTID, parent_tid=%p, exit_signal=SIGCHLD, "
	       "stack=NULL, stack_size=0} => {parent_tid=[%ld]}, %zu) = %ld\n",
	       me, (void *)&ptid, pid, sizeof(args), pid);
	printf("%-5ld +++ exited with 0 +++\n", pid);
	printf("%-5d clone3(%p, 10) = %s\n", me, (void *)&args, sprintrc(rc));
	printf("%-5d +++ exited with 0 +++\n", me);
	return 0;
}
