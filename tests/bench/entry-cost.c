// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * make bench workload for ltbpf.sh: `entry-cost p|m N` calls N times a leaf function whose
 * first instruction the kernel emulates at a uprobe hit (f_push: push %rbx) or must
 * single-step out of line (f_mov: mov %rdi,%rax, as glibc's syscall() begins): what a kernel
 * uprobe costs with and without that second trap.
 */
#include <stdlib.h>

__asm__(".text\n"
	".globl f_push\n.type f_push, @function\n"
	"f_push: push %rbx\n	pop %rbx\n	mov %rdi, %rax\n	ret\n.size f_push, .-f_push\n"
	".globl f_mov\n.type f_mov, @function\n"
	"f_mov: mov %rdi, %rax\n	ret\n.size f_mov, .-f_mov\n");
long f_push(long x);
long f_mov(long x);

int main(int argc, char **argv)
{
	long n = argc > 2 ? atol(argv[2]) : 0, s = 0;
	long (*f)(long) = argc > 1 && argv[1][0] == 'p' ? f_push : f_mov;

	for (long i = 0; i < n; i++)
		s += f(i);
	return s == -1;
}
