// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * -Y on the pids waitid waits for: a child (not traced, no -f) named by prctl shows its name
 * while it lives, as a zombie too, and none in the siginfo of the call that reaped it.  Under
 * --bpf the names are taken in the kernel at the call: printed later, the child is gone.  Run
 * with -a0 -Y -e signal=none -e trace=waitid.
 */
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>

#include "fdtest.h"

int main(void)
{
	int up[2], down[2];
	char c;

	if (pipe(up) || pipe(down))
		FAIL("pipe: %m");
	pid_t pid = fork();
	if (pid < 0)
		FAIL("fork: %m");
	if (pid == 0) {
		close(down[1]);
		prctl(PR_SET_NAME, "wait-child");
		if (write(up[1], "x", 1) != 1 || read(down[0], &c, 1) != 0)
			_exit(1);
		_exit(3);
	}
	close(down[0]);
	if (read(up[0], &c, 1) != 1)
		FAIL("read: %m");

	siginfo_t si = { 0 };
	if (waitid(P_PID, pid, &si, WEXITED | WNOHANG))
		FAIL("waitid: %m");
	out("waitid(P_PID, %d<wait-child>, {}, WNOHANG|WEXITED, NULL) = 0\n", pid);

	close(down[1]);
	if (waitid(P_PID, pid, &si, WEXITED))
		FAIL("waitid: %m");
	out("waitid(P_PID, %d<wait-child>, {si_signo=SIGCHLD, si_code=CLD_EXITED, si_pid=%d, "
	    "si_uid=%u, si_status=%d, si_utime=%lld, si_stime=%lld}, WEXITED, NULL) = 0\n",
	    pid, pid, (unsigned int)getuid(), si.si_status, (long long)si.si_utime,
	    (long long)si.si_stime);
	out("+++ exited with 0 +++\n");
	return 0;
}
