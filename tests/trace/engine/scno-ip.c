// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * -n and -i (--syscall-number, --instruction-pointer): each line starts with the number of the
 * thread's current or last syscall, "[  39] ", then where the thread is, "[00000000004017d5] "
 * (just after its syscall instruction, for a call and for a signal delivered on its way out);
 * a thread that is gone has no address: "[????????????????]".  The calls are made here, by an
 * instruction whose address the program knows (static, so the same in the untraced run).
 * Run with -a0 -n -i -e trace=getpid,gettid,kill,exit_group.
 */
#include <inttypes.h>
#include <signal.h>
#include "tests.h"

/* A syscall with up to two arguments; *IP: the address just after its instruction (one for
 * every call: never inlined). */
static __attribute__((noinline)) long raw_syscall(long nr, long a, long b, uint64_t *ip)
{
	long ret;

	asm volatile("syscall\n1:\tlea 1b(%%rip), %1"
		     : "=a"(ret), "=r"(*ip)
		     : "a"(nr), "D"(a), "S"(b)
		     : "rcx", "r11", "memory");
	return ret;
}

static void on_usr1(int sig)
{
	(void)sig;
}

int main(void)
{
	uint64_t ip;

	signal(SIGUSR1, on_usr1);
	long pid = raw_syscall(__NR_getpid, 0, 0, &ip);
	printf("[%4d] [%016" PRIx64 "] getpid() = %ld\n", __NR_getpid, ip, pid);
	long tid = raw_syscall(__NR_gettid, 0, 0, &ip);
	printf("[%4d] [%016" PRIx64 "] gettid() = %ld\n", __NR_gettid, ip, tid);
	raw_syscall(__NR_kill, pid, SIGUSR1, &ip);
	printf("[%4d] [%016" PRIx64 "] kill(%ld, SIGUSR1) = 0\n", __NR_kill, ip, pid);
	printf("[%4d] [%016" PRIx64 "] --- SIGUSR1 {si_signo=SIGUSR1, si_code=SI_USER, "
	       "si_pid=%ld, si_uid=%u} ---\n", __NR_kill, ip, pid, getuid());
	printf("[%4d] [%016" PRIx64 "] exit_group(0) = ?\n", __NR_exit_group, ip);
	printf("[%4d] [????????????????] +++ exited with 0 +++\n", __NR_exit_group);
	fflush(stdout);
	raw_syscall(__NR_exit_group, 0, 0, &ip);
	return 1;
}
