// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Group-stop under -f: a child stops itself with SIGSTOP and really stays stopped (its parent
 * sees it with WUNTRACED) until the parent sends SIGCONT.  strace prints the signal, then
 * "--- stopped by SIGSTOP ---", then the SIGCONT.
 */
#include <signal.h>
#include <sys/wait.h>
#include "tests.h"

int main(void)
{
	pid_t parent = getpid();
	pid_t pid = test_fork();
	if (pid == 0) {
		syscall(__NR_kill, getpid(), SIGSTOP);
		syscall(__NR_getppid);
		_exit(0);
	}
	int status;
	if (waitpid(pid, &status, WUNTRACED) != pid || !WIFSTOPPED(status))
		FAIL("the child did not stop");
	kill(pid, SIGCONT);
	if (waitpid(pid, &status, 0) != pid)
		FAIL("waitpid: %m");
	printf("%-5d --- SIGSTOP {si_signo=SIGSTOP, si_code=SI_USER, si_pid=%d, si_uid=%d} ---\n",
	       pid, pid, getuid());
	printf("%-5d --- stopped by SIGSTOP ---\n", pid);
	printf("%-5d --- SIGCONT {si_signo=SIGCONT, si_code=SI_USER, si_pid=%d, si_uid=%d} ---\n",
	       pid, parent, getuid());
	printf("%-5d getppid() = %d\n", pid, parent);
	printf("%-5d +++ exited with 0 +++\n", pid);
	printf("%-5d +++ exited with 0 +++\n", parent);
	return 0;
}
