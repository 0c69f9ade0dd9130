// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * --decode-pids=pidns: a tracee in a pid namespace of its own names pids of that namespace;
 * each prints as the tracee gave it, then " /\* N in strace's PID NS *\/" when the tracer's id
 * differs (a pid outside the namespace, getppid's 0, prints bare); with comm too, the name
 * comes first.  The pid prefix is the tracer's id.  ptrace only: under --bpf the lines are
 * decoded after the fact, when the namespace's processes may be gone from /proc.
 * Run with -a0 -f --decode-pids=comm,pidns -e trace=getpid,gettid,getppid,kill -e signal=none.
 */
#include <sched.h>
#include <signal.h>
#include <sys/wait.h>
#include "tests.h"

int main(void)
{
	char comm[32];
	int p[2];
	pid_t outer, me = (pid_t)syscall(__NR_getpid);

	own_comm(comm, sizeof(comm));
	printf("%d<%s> getpid() = %d<%s>\n", me, comm, me, comm);
	if (unshare(CLONE_NEWUSER | CLONE_NEWPID))
		SKIP("unshare(CLONE_NEWUSER|CLONE_NEWPID): %m");
	if (pipe(p))
		FAIL("pipe: %m");
	pid_t child = test_fork();
	if (!child) {
		/* Pid 1 of the new namespace; the parent says which pid the tracer knows. */
		if (read(p[0], &outer, sizeof(outer)) != sizeof(outer))
			_exit(1);
		long pid = syscall(__NR_getpid);
		printf("%d<%s> getpid() = %ld<%s> /* %d in strace's PID NS */\n", outer, comm, pid,
		       comm, outer);
		syscall(__NR_gettid);
		printf("%d<%s> gettid() = %ld<%s> /* %d in strace's PID NS */\n", outer, comm, pid,
		       comm, outer);
		syscall(__NR_getppid);
		printf("%d<%s> getppid() = 0\n", outer, comm);
		syscall(__NR_kill, pid, 0);
		printf("%d<%s> kill(%ld<%s> /* %d in strace's PID NS */, 0) = 0\n", outer, comm,
		       pid,
		       comm, outer);
		syscall(__NR_kill, 2, 0);
		printf("%d<%s> kill(2, 0) = %s\n", outer, comm, sprintrc(-1));
		printf("%d<%s> +++ exited with 0 +++\n", outer, comm);
		fflush(stdout);
		_exit(0);
	}
	if (write(p[1], &child, sizeof(child)) != sizeof(child))
		FAIL("write: %m");
	int status;
	if (waitpid(child, &status, 0) != child || status)
		FAIL("the child failed");
	printf("%d<%s> +++ exited with 0 +++\n", me, comm);
	return 0;
}
