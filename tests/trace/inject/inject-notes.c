// SPDX-License-Identifier: LGPL-2.1-or-later
// strace-7.2-lines: ^sendfile\(.* => ;; strace 7.2 prints an updated offset inside the brackets: [0 => 0], not [0] => [0]
// link: -static
// strace-7.2-lines: ^sendfile\( ;; strace 7.2 prints the updated offset inside the brackets: [0 => 0]
/*
 * What -e inject= does that both backends can do (--bpf answers a seccomp notification where
 * ptrace tampers at the stops): poke_enter= on a call that runs, "(INJECTED: args)", and on a
 * call given a result, whose exit then decodes what it left ("[0 => 0]"); syscall= with a
 * result; delay_enter= and delay_exit= with a result, and delay_enter= alone on a call that
 * runs, "(DELAYED)"; a signal sent as a call that runs returns, on its second call only; a
 * fault on the second and third calls only, the others untouched.
 * Run with -a0 -e trace=chdir,getppid,gettid,getuid,getpgrp,sendfile,getgid
 *	--inject=chdir:poke_enter=@arg1=2f00 --inject=getppid:syscall=getpid:retval=3:delay_exit=1us
 *	--inject=gettid:delay_enter=1ms:error=EPERM --inject=getuid:signal=SIGUSR2:when=2
 *	--inject=getpgrp:delay_enter=1ms
 *	--inject=sendfile:poke_enter=@arg3=0000000000000000:retval=7 --fault=getgid:when=2..3
 */
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <sys/socket.h>
#include <time.h>
#include "tests.h"

static volatile int got;

static void handler(int sig)
{
	got = sig;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

int main(void)
{
	struct sigaction sa = { .sa_handler = handler };
	char path[] = "/nonexistent-sttrace";
	int sv[2];

	sigaction(SIGUSR2, &sa, NULL);
	long rc = syscall(__NR_chdir, path);
	printf("chdir(\"/\") = %s (INJECTED: args)\n", sprintrc(rc));
	if (rc != 0 || strcmp(path, "/") || strcmp(path + 2, "onexistent-sttrace"))
		FAIL("the path was not poked: \"%s\", %ld", path, rc);

	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv))
		FAIL("socketpair: %m");
	int in = open("/proc/self/exe", O_RDONLY);
	uint64_t off = 0xcafef00dfacefeedULL;
	rc = syscall(__NR_sendfile, sv[1], in, &off, 16);
	printf("sendfile(%d, %d, [0 => 0], 16) = %ld (INJECTED: args, retval)\n", sv[1], in, rc);
	if (off != 0 || rc != 7)
		FAIL("sendfile: off %#llx, %ld", (unsigned long long)off, rc);

	double t0 = now();
	rc = syscall(__NR_gettid);
	printf("gettid() = %s (INJECTED) (DELAYED)\n", sprintrc(rc));
	if (rc != -1 || errno != EPERM || now() - t0 < 0.001)
		FAIL("gettid: %ld, %.6f s", rc, now() - t0);

	t0 = now();
	rc = syscall(__NR_getpgrp);
	printf("getpgrp() = %ld (DELAYED)\n", rc);
	if (rc != getpgid(0) || now() - t0 < 0.001)
		FAIL("getpgrp: %ld, %.6f s", rc, now() - t0);

	for (int i = 1; i <= 3; i++) {
		rc = syscall(__NR_getuid);
		printf("getuid() = %ld\n", rc);
		if (i == 2)
			printf("--- SIGUSR2 {si_signo=SIGUSR2, si_code=SI_KERNEL} ---\n");
		if (got != (i >= 2 ? SIGUSR2 : 0))
			FAIL("getuid #%d: signal %d", i, got);
	}

	for (int i = 1; i <= 4; i++) {
		rc = syscall(__NR_getgid);
		if (i == 2 || i == 3)
			printf("getgid() = %s (INJECTED)\n", sprintrc(rc));
		else
			printf("getgid() = %ld\n", rc);
		if ((rc == -1) != (i == 2 || i == 3))
			FAIL("getgid #%d: %ld", i, rc);
	}
	/* Last: strace 6.1 fails to inject an error into the call that follows a syscall=
	 * ("unexpectedly got error"). */
	rc = syscall(__NR_getppid);
	printf("getppid() = %ld (INJECTED) (DELAYED)\n", rc);
	if (rc != 3)
		FAIL("getppid: %ld", rc);
	printf("+++ exited with 0 +++\n");
	return 0;
}
