// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * Signal lines with a known siginfo: a process may queue any siginfo to itself with
 * rt_sigqueueinfo, so SIGCHLD's CLD_EXITED/CLD_KILLED forms (with CPU times that a real child
 * would make depend on clock ticks) and SI_QUEUE's value print exactly as strace does.
 */
#include <signal.h>
#include "tests.h"

static void handler(int sig)
{
}

static void queue(int sig, int code, int status, long utime, long stime)
{
	siginfo_t si;

	memset(&si, 0, sizeof(si));
	si.si_signo = sig;
	si.si_code = code;
	si.si_pid = getpid();
	si.si_uid = getuid();
	if (sig == SIGCHLD) {
		si.si_status = status;
		si.si_utime = utime;
		si.si_stime = stime;
	} else {
		si.si_value.sival_int = status;
	}
	if (syscall(__NR_rt_sigqueueinfo, getpid(), sig, &si))
		FAIL("rt_sigqueueinfo: %m");
}

int main(void)
{
	struct sigaction sa = { .sa_handler = handler };
	pid_t me = getpid();
	uid_t uid = getuid();

	sigaction(SIGCHLD, &sa, NULL);
	sigaction(SIGUSR2, &sa, NULL);
	queue(SIGCHLD, CLD_EXITED, 7, 0, 0);
	queue(SIGCHLD, CLD_EXITED, 0, 12, 345);
	queue(SIGCHLD, CLD_KILLED, SIGKILL, 1, 2);
	queue(SIGUSR2, SI_QUEUE, 42, 0, 0);
	printf("--- SIGCHLD {si_signo=SIGCHLD, si_code=CLD_EXITED, si_pid=%d, si_uid=%d, "
	       "si_status=7, si_utime=0, si_stime=0} ---\n", me, uid);
	printf("--- SIGCHLD {si_signo=SIGCHLD, si_code=CLD_EXITED, si_pid=%d, si_uid=%d, "
	       "si_status=0, si_utime=12 /* 0.12 s */, si_stime=345 /* 3.45 s */} ---\n", me, uid);
	printf("--- SIGCHLD {si_signo=SIGCHLD, si_code=CLD_KILLED, si_pid=%d, si_uid=%d, "
	       "si_status=SIGKILL, si_utime=1 /* 0.01 s */, si_stime=2 /* 0.02 s */} ---\n", me, uid);
	printf("--- SIGUSR2 {si_signo=SIGUSR2, si_code=SI_QUEUE, si_pid=%d, si_uid=%d, "
	       "si_int=42, si_ptr=0x2a} ---\n", me, uid);
	printf("+++ exited with 0 +++\n");
	return 0;
}
