// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * rt_sigaction, rt_sigprocmask, kill: handlers (SIG_DFL, SIG_IGN, an address), masks ([], a
 * few names, the complemented ~[...] form once two thirds are set, RT_n names), SA_* flags
 * with the restorer only under SA_RESTORER, a bad sigset size (address only), EFAULT, and a
 * signal delivered by kill (its siginfo: SI_USER with pid and uid).
 * Run with -a0 -e trace=rt_sigaction,rt_sigprocmask,kill.
 */
#include <signal.h>
#include <stdint.h>

#include "tests.h"

struct ksa {
	unsigned long handler, flags, restorer;
	uint64_t mask;
};

static void on_usr1(int sig)
{
	(void)sig;
}

int main(void)
{
	struct ksa sa = { 0 }, old;
	uint64_t set, oldset;
	long rc;

	sa.handler = (unsigned long)SIG_IGN;
	rc = syscall(__NR_rt_sigaction, SIGUSR2, &sa, NULL, 8);
	printf("rt_sigaction(SIGUSR2, {sa_handler=SIG_IGN, sa_mask=[], sa_flags=0}, NULL, 8) = %s\n",
	       sprintrc(rc));

	rc = syscall(__NR_rt_sigaction, SIGUSR2, NULL, &old, 8);
	printf("rt_sigaction(SIGUSR2, NULL, {sa_handler=SIG_IGN, sa_mask=[], sa_flags=0}, 8) = %s\n",
	       sprintrc(rc));

	sa.handler = (unsigned long)on_usr1;
	sa.flags = SA_RESTART | SA_SIGINFO | 0x04000000 /* SA_RESTORER */ | 0x200;
	sa.restorer = 0x1234;
	sa.mask = (1ull << (SIGINT - 1)) | (1ull << (SIGTERM - 1)) | (1ull << 33);
	rc = syscall(__NR_rt_sigaction, SIGUSR2, &sa, &old, 8);
	printf("rt_sigaction(SIGUSR2, {sa_handler=%p, sa_mask=[INT TERM RT_2], "
	       "sa_flags=SA_RESTORER|SA_RESTART|SA_SIGINFO|0x200, sa_restorer=0x1234}, "
	       "{sa_handler=SIG_IGN, sa_mask=[], sa_flags=0}, 8) = %s\n", (void *)on_usr1,
	       sprintrc(rc));

	rc = syscall(__NR_rt_sigaction, SIGUSR2, &sa, NULL, 7);
	printf("rt_sigaction(SIGUSR2, {sa_handler=%p, sa_mask=[INT TERM RT_2], "
	       "sa_flags=SA_RESTORER|SA_RESTART|SA_SIGINFO|0x200, sa_restorer=0x1234}, NULL, 7)"
	       " = %s\n", (void *)on_usr1, sprintrc(rc));

	rc = syscall(__NR_rt_sigaction, 0x80, (void *)8, NULL, 8);
	printf("rt_sigaction(128, 0x8, NULL, 8) = %s\n", sprintrc(rc));

	set = ~0ull & ~(1ull << 31) & ~(1ull << 32);
	rc = syscall(__NR_rt_sigprocmask, SIG_SETMASK, &set, &oldset, 8);
	printf("rt_sigprocmask(SIG_SETMASK, ~[RTMIN RT_1], [], 8) = %s\n", sprintrc(rc));

	set = (1ull << (SIGUSR1 - 1)) | (1ull << (SIGCHLD - 1));
	rc = syscall(__NR_rt_sigprocmask, SIG_UNBLOCK, &set, NULL, 8);
	printf("rt_sigprocmask(SIG_UNBLOCK, [USR1 CHLD], NULL, 8) = %s\n", sprintrc(rc));

	rc = syscall(__NR_rt_sigprocmask, 7, &set, NULL, 8);
	printf("rt_sigprocmask(0x7 /* SIG_??? */, [USR1 CHLD], NULL, 8) = %s\n", sprintrc(rc));

	rc = syscall(__NR_rt_sigprocmask, SIG_BLOCK, &set, &oldset, 16);
	printf("rt_sigprocmask(SIG_BLOCK, %p, %p, 16) = %s\n", (void *)&set, (void *)&oldset,
	       sprintrc(rc));

	set = 0;
	rc = syscall(__NR_rt_sigprocmask, SIG_SETMASK, &set, NULL, 8);
	printf("rt_sigprocmask(SIG_SETMASK, [], NULL, 8) = %s\n", sprintrc(rc));

	/* libc's signal() sets its own restorer: read it back (another traced call). */
	struct sigaction cur;
	signal(SIGUSR1, on_usr1);
	sigaction(SIGUSR1, NULL, &cur);
	const char *act = "{sa_handler=%p, sa_mask=[USR1], sa_flags=SA_RESTORER|SA_RESTART, "
			  "sa_restorer=%p}";
	printf("rt_sigaction(SIGUSR1, ");
	printf(act, (void *)on_usr1, (void *)cur.sa_restorer);
	printf(", {sa_handler=SIG_DFL, sa_mask=[], sa_flags=0}, 8) = 0\n");
	printf("rt_sigaction(SIGUSR1, NULL, ");
	printf(act, (void *)on_usr1, (void *)cur.sa_restorer);
	printf(", 8) = 0\n");

	pid_t pid = getpid();
	rc = syscall(__NR_kill, pid, SIGUSR1);
	printf("kill(%d, SIGUSR1) = %s\n", pid, sprintrc(rc));
	printf("--- SIGUSR1 {si_signo=SIGUSR1, si_code=SI_USER, si_pid=%d, si_uid=%d} ---\n", pid,
	       getuid());
	rc = syscall(__NR_kill, pid, 0);
	printf("kill(%d, 0) = %s\n", pid, sprintrc(rc));
	rc = syscall(__NR_kill, -1234567, 99);
	printf("kill(-1234567, 99) = %s\n", sprintrc(rc));

	printf("+++ exited with 0 +++\n");
	return 0;
}
