// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * restart_syscall names the call it resumes, as strace: a nanosleep interrupted by a signal
 * the program ignores (a traced program still stops for it) ends in ERESTART_RESTARTBLOCK and
 * the kernel resumes it with restart_syscall, "<... resuming interrupted nanosleep ...>".
 * Untraced, the ignored SIGALRM never interrupts the sleep.  ptrace only: the eBPF backend
 * does not see the restart.  Run with -a0 -e trace=nanosleep,restart_syscall
 */
#include <signal.h>
#include <sys/time.h>
#include <time.h>

#include "tests.h"

int main(void)
{
	const struct sigaction act = { .sa_handler = SIG_IGN };
	const struct itimerval itv = { .it_value.tv_usec = 50000 };
	const struct timespec req = { .tv_nsec = 500000000 };

	if (sigaction(SIGALRM, &act, NULL) || setitimer(ITIMER_REAL, &itv, NULL))
		return 1;
	long rc = syscall(__NR_nanosleep, &req, NULL);
	printf("nanosleep({tv_sec=0, tv_nsec=500000000}, NULL) = ? ERESTART_RESTARTBLOCK "
	       "(Interrupted by signal)\n");
	printf("--- SIGALRM {si_signo=SIGALRM, si_code=SI_KERNEL} ---\n");
	printf("restart_syscall(<... resuming interrupted nanosleep ...>) = %s\n", sprintrc(rc));
	printf("+++ exited with 0 +++\n");
	return 0;
}
