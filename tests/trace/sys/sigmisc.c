// SPDX-License-Identifier: LGPL-2.1-or-later
// strace-7.2-lines: ^pidfd_send_signal\(-?[0-9]+, 0, ;; pidfd_send_signal's flags by name
// link: -static
/*
 * Signal syscalls: tgkill, tkill, sigaltstack, rt_sigsuspend, rt_sigtimedwait,
 * rt_sigqueueinfo, pidfd_open, pidfd_send_signal, waitid, exit.  Pending signals are queued
 * while blocked, so every wait returns at once.  Run with -a0 -e signal=none.
 */
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <time.h>

#include "fdtest.h"

#define BADPTR ((void *)0xbadc0ded)
#ifndef SS_AUTODISARM
#define SS_AUTODISARM (1U << 31)
#endif

static void handler(int sig)
{
	(void)sig;
}

int main(void)
{
	pid_t pid = getpid();
	long rc;

	rc = syscall(__NR_tgkill, pid, pid, 0);
	out("tgkill(%d, %d, 0) = %s\n", pid, pid, sprintrc(rc));
	rc = syscall(__NR_tgkill, pid, pid, SIGCONT);
	out("tgkill(%d, %d, SIGCONT) = %s\n", pid, pid, sprintrc(rc));
	rc = syscall(__NR_tgkill, -1, pid, SIGCONT);
	out("tgkill(-1, %d, SIGCONT) = %s\n", pid, sprintrc(rc));
	rc = syscall(__NR_tkill, pid, SIGCONT);
	out("tkill(%d, SIGCONT) = %s\n", pid, sprintrc(rc));
	rc = syscall(__NR_tkill, pid, 99);
	out("tkill(%d, 99) = %s\n", pid, sprintrc(rc));

	/* sigaltstack */
	static char stk[16384];
	stack_t ss = { .ss_sp = stk, .ss_flags = 0, .ss_size = sizeof(stk) }, old;
	rc = syscall(__NR_sigaltstack, NULL, &old);
	out("sigaltstack(NULL, {ss_sp=NULL, ss_flags=SS_DISABLE, ss_size=0}) = %s\n", sprintrc(rc));
	rc = syscall(__NR_sigaltstack, &ss, &old);
	out("sigaltstack({ss_sp=%p, ss_flags=0, ss_size=%zu}, {ss_sp=NULL, ss_flags=SS_DISABLE, "
	    "ss_size=0}) = %s\n", (void *)stk, sizeof(stk), sprintrc(rc));
	ss.ss_flags = SS_AUTODISARM;
	rc = syscall(__NR_sigaltstack, &ss, NULL);
	out("sigaltstack({ss_sp=%p, ss_flags=SS_AUTODISARM, ss_size=%zu}, NULL) = %s\n",
	    (void *)stk, sizeof(stk), sprintrc(rc));
	ss.ss_flags = 0x10;
	rc = syscall(__NR_sigaltstack, &ss, &old);
	out("sigaltstack({ss_sp=%p, ss_flags=0x10 /* SS_??? */, ss_size=%zu}, %p) = %s\n",
	    (void *)stk, sizeof(stk), (void *)&old, sprintrc(rc));
	rc = syscall(__NR_sigaltstack, BADPTR, NULL);
	out("sigaltstack(%p, NULL) = %s\n", BADPTR, sprintrc(rc));

	/* a pending SIGUSR1 interrupts rt_sigsuspend at once */
	struct sigaction sa = { .sa_handler = handler };
	sigaction(SIGUSR1, &sa, NULL);
	sigaction(SIGUSR2, &sa, NULL);
	sigset_t set;
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigaddset(&set, SIGUSR2);
	sigprocmask(SIG_BLOCK, &set, NULL);
	rc = syscall(__NR_tgkill, pid, pid, SIGUSR1);
	out("tgkill(%d, %d, SIGUSR1) = %s\n", pid, pid, sprintrc(rc));
	sigset_t none;
	sigemptyset(&none);
	rc = syscall(__NR_rt_sigsuspend, &none, 8);
	out("rt_sigsuspend([], 8) = ? ERESTARTNOHAND (To be restarted if no handler)\n");
	rc = syscall(__NR_rt_sigsuspend, &none, 4);
	out("rt_sigsuspend(%p, 4) = %s\n", (void *)&none, sprintrc(rc));

	/* rt_sigtimedwait takes a queued signal */
	sigset_t usr2;
	sigemptyset(&usr2);
	sigaddset(&usr2, SIGUSR2);
	struct timespec ts = { 1, 0 };
	siginfo_t si;
	rc = syscall(__NR_tgkill, pid, pid, SIGUSR2);
	out("tgkill(%d, %d, SIGUSR2) = %s\n", pid, pid, sprintrc(rc));
	rc = syscall(__NR_rt_sigtimedwait, &usr2, &si, &ts, 8);
	out("rt_sigtimedwait([USR2], {si_signo=SIGUSR2, si_code=SI_TKILL, si_pid=%d, si_uid=0}, "
	    "{tv_sec=1, tv_nsec=0}, 8) = %ld (SIGUSR2)\n", pid, rc);
	ts.tv_sec = 0;
	ts.tv_nsec = 1000;
	rc = syscall(__NR_rt_sigtimedwait, &usr2, NULL, &ts, 8);
	out("rt_sigtimedwait([USR2], NULL, {tv_sec=0, tv_nsec=1000}, 8) = %s\n", sprintrc(rc));
	rc = syscall(__NR_rt_sigtimedwait, &usr2, &si, &ts, 8);
	out("rt_sigtimedwait([USR2], %p, {tv_sec=0, tv_nsec=1000}, 8) = %s\n", (void *)&si,
	    sprintrc(rc));

	/* rt_sigqueueinfo with a value, then taken back */
	siginfo_t qi;
	memset(&qi, 0, sizeof(qi));
	qi.si_signo = SIGUSR2;
	qi.si_code = SI_QUEUE;
	qi.si_pid = pid;
	qi.si_uid = 0;
	qi.si_value.sival_int = 42;
	rc = syscall(__NR_rt_sigqueueinfo, pid, SIGUSR2, &qi);
	out("rt_sigqueueinfo(%d, SIGUSR2, {si_signo=SIGUSR2, si_code=SI_QUEUE, si_pid=%d, "
	    "si_uid=0, si_int=42, si_ptr=0x2a}) = %s\n", pid, pid, sprintrc(rc));
	rc = syscall(__NR_rt_sigtimedwait, &usr2, NULL, NULL, 8);
	out("rt_sigtimedwait([USR2], NULL, NULL, 8) = %ld (SIGUSR2)\n", rc);
	rc = syscall(__NR_rt_sigqueueinfo, pid, SIGUSR2, BADPTR);
	out("rt_sigqueueinfo(%d, SIGUSR2, %p) = %s\n", pid, BADPTR, sprintrc(rc));

	/* pidfds */
	rc = syscall(__NR_pidfd_open, pid, 0);
	out("pidfd_open(%d, 0) = %s\n", pid, sprintrc(rc));
	int pfd = (int)rc;
	rc = syscall(__NR_pidfd_open, pid, O_NONBLOCK);
	out("pidfd_open(%d, PIDFD_NONBLOCK) = %s\n", pid, sprintrc(rc));
	close((int)rc);
	rc = syscall(__NR_pidfd_open, -1, 0);
	out("pidfd_open(-1, 0) = %s\n", sprintrc(rc));
	rc = syscall(__NR_pidfd_open, pid, 1);
	out("pidfd_open(%d, 0x1 /* PIDFD_??? */) = %s\n", pid, sprintrc(rc));
	rc = syscall(__NR_pidfd_send_signal, pfd, SIGUSR2, NULL, 0);
	out("pidfd_send_signal(%d, SIGUSR2, NULL, 0) = %s\n", pfd, sprintrc(rc));
	/* strace 7.2: the flags by name; 0x8 is none of them: EINVAL */
	rc = syscall(__NR_pidfd_send_signal, pfd, 0, NULL, 0xa);
	out("pidfd_send_signal(%d, 0, NULL, PIDFD_SIGNAL_THREAD_GROUP|0x8) = %s\n", pfd,
	    sprintrc(rc));
	rc = syscall(__NR_rt_sigtimedwait, &usr2, &si, NULL, 8);
	out("rt_sigtimedwait([USR2], {si_signo=SIGUSR2, si_code=SI_USER, si_pid=%d, si_uid=0}, "
	    "NULL, 8) = %ld (SIGUSR2)\n", pid, rc);
	rc = syscall(__NR_pidfd_send_signal, -1, 0, BADPTR, 7);
	out("pidfd_send_signal(-1, 0, %p, PIDFD_SIGNAL_THREAD|PIDFD_SIGNAL_THREAD_GROUP"
	    "|PIDFD_SIGNAL_PROCESS_GROUP) = %s\n", BADPTR, sprintrc(rc));

	/* waitid */
	pid_t child = test_fork();
	if (child == 0)
		_exit(3);
	memset(&si, 0, sizeof(si));
	rc = syscall(__NR_waitid, P_PID, child, &si, WEXITED, NULL);
	out("waitid(P_PID, %d, {si_signo=SIGCHLD, si_code=CLD_EXITED, si_pid=%d, si_uid=0, "
	    "si_status=3, si_utime=%ld, si_stime=%ld}, WEXITED, NULL) = %s\n", child, child,
	    (long)si.si_utime, (long)si.si_stime, sprintrc(rc));
	rc = syscall(__NR_waitid, P_ALL, 0, &si, WEXITED | WNOHANG, NULL);
	out("waitid(P_ALL, 0, %p, WNOHANG|WEXITED, NULL) = %s\n", (void *)&si, sprintrc(rc));

	out("exit(0) = ?\n+++ exited with 0 +++\n");
	syscall(__NR_exit, 0);
	return 1;
}
