// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * -e inject= and -e fault=: a chosen return value, a chosen error on every second call from
 * the second on (when=2+2), a signal delivered with the injected failure, and fault='s
 * default ENOSYS -- each call marked " (INJECTED)", the others untouched.  Run with
 * -a0 -e trace=getppid,close,chdir,umask -e inject=getppid:retval=42
 * -e inject=close:error=EPERM:when=2+2 -e inject=chdir:error=ENOENT:signal=SIGUSR1
 * -e fault=umask:when=1..1
 */
#include <signal.h>
#include <sys/stat.h>
#include "tests.h"

static volatile int got;

static void handler(int sig)
{
	got = sig;
}

int main(void)
{
	struct sigaction sa = { .sa_handler = handler };
	sigaction(SIGUSR1, &sa, NULL);
	pid_t me = getpid();

	long rc = syscall(__NR_getppid);
	printf("getppid() = %ld (INJECTED)\n", rc);
	for (int i = 0; i < 4; i++) {
		rc = syscall(__NR_close, 1000 + i);
		if (i % 2)
			printf("close(%d) = %s (INJECTED)\n", 1000 + i, sprintrc(rc));
		else
			printf("close(%d) = %s\n", 1000 + i, sprintrc(rc));
	}
	rc = syscall(__NR_chdir, "/");
	printf("chdir(\"/\") = %s (INJECTED)\n", sprintrc(rc));
	printf("--- SIGUSR1 {si_signo=SIGUSR1, si_code=SI_KERNEL} ---\n");
	if (got != SIGUSR1)
		FAIL("no SIGUSR1 injected");
	rc = syscall(__NR_umask, 022);
	printf("umask(022) = %s (INJECTED)\n", sprintrc(rc));
	rc = syscall(__NR_umask, 022);
	printf("umask(022) = %#03lo\n", rc);
	(void)me;
	printf("+++ exited with 0 +++\n");
	return 0;
}
