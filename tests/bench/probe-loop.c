// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * make bench's probe workload: N iterations, each firing the USDT probe bench:hit (its site
 * is the probe's nop: emulated) and calling bench_fn, whose first instruction is a RIP-relative
 * load (its breakpoint runs the instruction out of line).  Prints the checksum so a wrong
 * step-over would show.
 */
#include <stdio.h>
#include <stdlib.h>

#include "sdt.h"

long bench_fn(long i);
__asm__(".data\n"
	"bench_k: .quad 3\n"
	".text\n"
	".globl bench_fn\n"
	".type bench_fn, @function\n"
	"bench_fn: mov bench_k(%rip), %rax\n"
	"	add %rdi, %rax\n"
	"	ret\n"
	".size bench_fn, .-bench_fn\n");

int main(int argc, char **argv)
{
	unsigned long n = argc > 1 ? strtoul(argv[1], NULL, 10) : 1000;
	long acc = 0;

	for (unsigned long i = 0; i < n; i++) {
		DTRACE_PROBE1(bench, hit, i);
		acc += bench_fn((long)i);
	}
	printf("%ld\n", acc);
	return 0;
}
