// SPDX-License-Identifier: LGPL-2.1-or-later
/* A signal sent with kill() prints as strace's "--- SIGUSR1 {siginfo} ---" line. */
#include <signal.h>
#include "tests.h"

static void handler(int sig)
{
}

int main(void)
{
	struct sigaction sa = { .sa_handler = handler };
	sigaction(SIGUSR1, &sa, NULL);
	pid_t pid = getpid();
	syscall(__NR_kill, pid, SIGUSR1);
	printf("kill(%d, SIGUSR1) = 0\n", pid);
	printf("--- SIGUSR1 {si_signo=SIGUSR1, si_code=SI_USER, si_pid=%d, si_uid=%d} ---\n", pid,
	       getuid());
	printf("+++ exited with 0 +++\n");
	return 0;
}
