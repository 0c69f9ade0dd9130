// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Not a trace test by itself (no registry line): tests/sh/sttrace/seccomp-child.sh runs it untraced and
 * under `sttrace -a0 -e trace=chdir -e signal=none` without -f, where sttrace once installed its
 * seccomp prefilter, which every child inherits.  Children sttrace does not follow must behave
 * as untraced: one asks its parent to trace it (PTRACE_TRACEME: EPERM if sttrace followed it),
 * stops, is resumed by its parent and makes a selected syscall; another makes a selected
 * syscall on its own (ENOSYS under a filter with no tracer).  The program prints the lines
 * sttrace must write (its own chdir calls, none of its children's) and exits non-zero when a
 * child saw a difference.
 */
#include <signal.h>
#include <sys/ptrace.h>
#include <sys/wait.h>
#include "tests.h"

static void expect_exit0(pid_t pid, const char *what)
{
	int st;

	if (waitpid(pid, &st, 0) != pid)
		FAIL("%s: waitpid: %m", what);
	if (!WIFEXITED(st) || WEXITSTATUS(st))
		FAIL("%s: wait status %#x (exit 10: PTRACE_TRACEME failed, 11 and 12: chdir failed)",
		     what, st);
}

int main(void)
{
	printf("chdir(\".\") = %s\n", sprintrc(syscall(__NR_chdir, ".")));

	pid_t pid = fork();
	if (pid < 0)
		FAIL("fork: %m");
	if (pid == 0) {
		if (ptrace(PTRACE_TRACEME, 0L, 0L, 0L) < 0)
			_exit(10);
		raise(SIGSTOP);
		_exit(syscall(__NR_chdir, ".") ? 11 : 0);
	}
	int st;
	if (waitpid(pid, &st, 0) != pid)
		FAIL("waitpid: %m");
	if (!WIFSTOPPED(st) || WSTOPSIG(st) != SIGSTOP)
		FAIL("the child that asked to be traced is not stopped for its tracer: status %#x",
		     st);
	if (ptrace(PTRACE_CONT, pid, 0L, 0L) < 0)
		FAIL("PTRACE_CONT: %m");
	expect_exit0(pid, "the child traced by its parent");

	pid = fork();
	if (pid < 0)
		FAIL("fork: %m");
	if (pid == 0)
		_exit(syscall(__NR_chdir, ".") ? 12 : 0);
	expect_exit0(pid, "the untraced child");

	printf("chdir(\"/\") = %s\n", sprintrc(syscall(__NR_chdir, "/")));
	printf("+++ exited with 0 +++\n");
	return 0;
}
