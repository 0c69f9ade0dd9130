// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * -Y (--decode-pids=comm): pids print with their command name, PID<comm>, in arguments, in
 * returned values, in siginfo and in the "PID " prefix of -o -f; the name follows a rename
 * (prctl PR_SET_NAME, its '<' '>' and control bytes escaped in octal) in the prefix too, and
 * an exec (a child that renames itself then execs at once: under --bpf, the names the kernel
 * gave, not /proc's later one); process groups and sessions print bare, as does a pid nothing
 * has.
 * Run with -a0 -Y -f -e trace=getpid,gettid,kill,tgkill,getpgid,getsid,setpgid -e signal=none.
 */
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include "tests.h"

static char comm[32];

/* PID<comm> as -Y prints it: the name from /proc/PID/comm. */
static const char *pc(pid_t pid)
{
	static char bufs[4][64];
	static int i;
	char *b = bufs[i++ % 4];

	snprintf(b, 64, "%d<%s>", pid, comm);
	return b;
}

int main(int argc, char **argv)
{
	if (argc > 1) { /* the child, exec'd: its name is "exe" */
		pid_t pid = (pid_t)syscall(__NR_getpid);
		printf("%d<exe> getpid() = %d<exe>\n", pid, pid);
		printf("%d<exe> +++ exited with 0 +++\n", pid);
		return 0;
	}
	pid_t me = (pid_t)syscall(__NR_getpid);
	own_comm(comm, sizeof(comm));

	printf("%s getpid() = %s\n", pc(me), pc(me));
	syscall(__NR_gettid);
	printf("%s gettid() = %s\n", pc(me), pc(me));
	syscall(__NR_kill, me, 0);
	printf("%s kill(%s, 0) = 0\n", pc(me), pc(me));
	syscall(__NR_tgkill, me, me, 0);
	printf("%s tgkill(%s, %s, 0) = 0\n", pc(me), pc(me), pc(me));
	syscall(__NR_kill, 0x7ffffffe, 0);
	printf("%s kill(%d, 0) = %s\n", pc(me), 0x7ffffffe, sprintrc(-1));
	long pgid = syscall(__NR_getpgid, me);
	printf("%s getpgid(%s) = %ld\n", pc(me), pc(me), pgid);
	long sid = syscall(__NR_getsid, 0);
	printf("%s getsid(0) = %ld\n", pc(me), sid);

	/* A new name: the prefix and the pids follow it. */
	prctl(PR_SET_NAME, "y<1>");
	strcpy(comm, "y\\0741\\76");
	syscall(__NR_getpid);
	printf("%s getpid() = %s\n", pc(me), pc(me));

	int p[2];
	if (pipe(p))
		FAIL("pipe: %m");
	pid_t child = test_fork();
	if (!child) {
		char c, *args[] = { argv[0], "exec", NULL };
		close(p[1]);
		if (read(p[0], &c, 1) < 0)
			_exit(1);
		prctl(PR_SET_NAME, "kid\33");
		pid_t pid = (pid_t)syscall(__NR_getpid);
		printf("%d<kid\\33> getpid() = %d<kid\\33>\n", pid, pid);
		fflush(stdout);
		execve("/proc/self/exe", args, NULL);
		_exit(1);
	}
	close(p[0]);
	syscall(__NR_setpgid, child, child);
	printf("%s setpgid(%s, %d) = 0\n", pc(me), pc(child), child);
	syscall(__NR_kill, -child, 0);
	printf("%s kill(%d, 0) = 0\n", pc(me), -child);
	syscall(__NR_kill, child, 0);
	printf("%s kill(%s, 0) = 0\n", pc(me), pc(child));
	fflush(stdout);
	close(p[1]);
	int status;
	if (waitpid(child, &status, 0) != child || status)
		FAIL("waitpid: %m, or the child failed: %#x", status);
	printf("%s +++ exited with 0 +++\n", pc(me));
	return 0;
}
