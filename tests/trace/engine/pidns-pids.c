// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * --decode-pids=pidns beyond getpid and kill: the pid fields and arguments strace translates
 * too -- fcntl's F_SETOWN_EX/F_GETOWN_EX owner (a thread, a process, a process group),
 * F_SETOWN's process, getpriority/setpriority's "who" (a process, a process group; a user is
 * not a pid) and SO_PEERCRED's pid.  The child is pid 1 of a namespace of its own and exits
 * before the parent does: under --bpf, its lines may be decoded when /proc no longer shows it,
 * and the kernel's word on its ids (EV_PIDNS) must do.
 * Run with -a0 -f --decode-pids=pidns -e trace=fcntl,getpriority,setpriority,getsockopt.
 */
#include <fcntl.h>
#include <sched.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include "tests.h"

static void child(pid_t outer)
{
	char ns[64];
	struct f_owner_ex own = { .type = F_OWNER_PID, .pid = 1 };
	int sv[2];

	snprintf(ns, sizeof(ns), "1 /* %d in strace's PID NS */", outer);
	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv))
		_exit(1);
	fcntl(sv[0], F_SETOWN_EX, &own);
	printf("%-5d fcntl(%d, F_SETOWN_EX, {type=F_OWNER_PID, pid=%s}) = 0\n", outer, sv[0], ns);
	own.type = F_OWNER_TID;
	fcntl(sv[0], F_SETOWN_EX, &own);
	printf("%-5d fcntl(%d, F_SETOWN_EX, {type=F_OWNER_TID, pid=%s}) = 0\n", outer, sv[0], ns);
	fcntl(sv[0], F_GETOWN_EX, &own);
	printf("%-5d fcntl(%d, F_GETOWN_EX, {type=F_OWNER_TID, pid=%s}) = 0\n", outer, sv[0], ns);
	own.type = F_OWNER_PGRP;
	own.pid = 12345;
	fcntl(sv[0], F_SETOWN_EX, &own);
	printf("%-5d fcntl(%d, F_SETOWN_EX, {type=F_OWNER_PGRP, pid=12345}) = %s\n", outer, sv[0],
	       sprintrc(-1));
	fcntl(sv[0], F_SETOWN, 1);
	printf("%-5d fcntl(%d, F_SETOWN, %s) = 0\n", outer, sv[0], ns);
	syscall(__NR_fcntl, sv[0], F_GETOWN); /* glibc asks F_GETOWN_EX */
	printf("%-5d fcntl(%d, F_GETOWN) = %s\n", outer, sv[0], ns);
	long prio = syscall(__NR_getpriority, PRIO_PROCESS, 1);
	printf("%-5d getpriority(PRIO_PROCESS, %s) = %s\n", outer, ns, sprintrc(prio));
	long rc = syscall(__NR_setpriority, PRIO_PGRP, 0, 20 - prio);
	printf("%-5d setpriority(PRIO_PGRP, 0, %ld) = %s\n", outer, 20 - prio, sprintrc(rc));
	rc = syscall(__NR_getpriority, PRIO_USER, 1);
	printf("%-5d getpriority(PRIO_USER, 1) = %s\n", outer, sprintrc(rc));
	struct ucred cr;
	socklen_t len = sizeof(cr);
	if (getsockopt(sv[0], SOL_SOCKET, SO_PEERCRED, &cr, &len))
		_exit(1);
	printf("%-5d getsockopt(%d, SOL_SOCKET, SO_PEERCRED, {pid=%s, uid=%u, gid=%u}, [12]) = 0\n",
	       outer, sv[0], ns, cr.uid, cr.gid);
	printf("%-5d +++ exited with 0 +++\n", outer);
	fflush(stdout);
	_exit(0);
}

int main(void)
{
	int p[2];
	pid_t outer, me = getpid();

	if (unshare(CLONE_NEWUSER | CLONE_NEWPID))
		SKIP("unshare(CLONE_NEWUSER|CLONE_NEWPID): %m");
	if (pipe(p))
		FAIL("pipe: %m");
	pid_t pid = test_fork();
	if (!pid) {
		/* Pid 1 of the new namespace; the parent says which pid the tracer knows. */
		if (read(p[0], &outer, sizeof(outer)) != sizeof(outer))
			_exit(1);
		child(outer);
	}
	if (write(p[1], &pid, sizeof(pid)) != sizeof(pid))
		FAIL("write: %m");
	int status;
	if (waitpid(pid, &status, 0) != pid || status)
		FAIL("the child failed");
	printf("%-5d +++ exited with 0 +++\n", me);
	return 0;
}
