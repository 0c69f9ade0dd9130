// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * A restart_syscall itself interrupted and restarted still names the call it resumes, as
 * strace: "<... resuming interrupted nanosleep ...>" both times, never "restart_syscall".
 * SIGALRM, ignored, comes at 100 ms and 500 ms of a 600 ms sleep (a traced program stops for
 * it; untraced it never interrupts the sleep).  ptrace only: the eBPF backend does not see
 * the restart.  Run with -a0 -e trace=nanosleep,restart_syscall
 */
#include <signal.h>
#include <sys/time.h>
#include <time.h>

#include "tests.h"

int main(void)
{
	const struct sigaction act = { .sa_handler = SIG_IGN };
	const struct itimerval itv = { .it_value.tv_usec = 100000,
				       .it_interval.tv_usec = 400000 };
	const struct itimerval off = { 0 };
	const struct timespec req = { .tv_nsec = 600000000 };

	if (sigaction(SIGALRM, &act, NULL) || setitimer(ITIMER_REAL, &itv, NULL))
		return 1;
	long rc = syscall(__NR_nanosleep, &req, NULL);
	setitimer(ITIMER_REAL, &off, NULL);
	printf("nanosleep({tv_sec=0, tv_nsec=600000000}, NULL) = ? ERESTART_RESTARTBLOCK "
	       "(Interrupted by signal)\n");
	printf("--- SIGALRM {si_signo=SIGALRM, si_code=SI_KERNEL} ---\n");
	printf("restart_syscall(<... resuming interrupted nanosleep ...>) = ? ERESTART_RESTARTBLOCK "
	       "(Interrupted by signal)\n");
	printf("--- SIGALRM {si_signo=SIGALRM, si_code=SI_KERNEL} ---\n");
	printf("restart_syscall(<... resuming interrupted nanosleep ...>) = %s\n", sprintrc(rc));
	printf("+++ exited with 0 +++\n");
	return 0;
}
