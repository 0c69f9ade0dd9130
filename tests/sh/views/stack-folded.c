// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * For stack-folded.sh and flamegraph.sh: getpid reached on two known paths, main -> a -> b
 * three times and main -> c twice, each through libc's syscall().  Prints the folded lines
 * that -k --stack-format=folded must give for them, from main on.  Built -O0 and the
 * functions kept out of line, so each is a frame of its own.
 */
#include <stdio.h>
#include <sys/syscall.h>
#include <unistd.h>

__attribute__((noinline)) static void b(void)
{
	for (int i = 0; i < 3; i++)
		syscall(SYS_getpid);
}

__attribute__((noinline)) static void a(void)
{
	b();
}

__attribute__((noinline)) static void c(void)
{
	syscall(SYS_getpid);
	syscall(SYS_getpid);
}

int main(void)
{
	a();
	c();
	printf("main;a;b;syscall;getpid 3\n");
	printf("main;c;syscall;getpid 2\n");
	return 0;
}
