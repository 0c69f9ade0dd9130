// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Probes on functions that begin with vector instructions of each x86-64 encoding, as glibc's
 * string functions of each IFUNC family do:
 *   isa_sse       movd %edi,%xmm1                 legacy SSE (baseline family)
 *   isa_vex       vmovd %edi,%xmm1                VEX (AVX2 family: __strchr_avx2)
 *   isa_evex      vpbroadcastd %edi,%ymm17        EVEX (EVEX family: __strchr_evex,
 *                                                  __memset_evex_unaligned_erms)
 *   isa_evex_rip  vmovdqu32 isa_table(%rip),%ymm18  EVEX with a RIP-relative operand
 * Each computes its result from the vector register its first instruction wrote, and the
 * program checks it: a probe that steps the first instruction wrongly shows as a wrong value.
 * A kernel uprobe on the EVEX instruction did exactly that on kernel 6.18 (uprobe/ksite.c);
 * the ptrace backend steps it out of line itself, the eBPF backend must place its probe on the
 * next instruction, which changes nothing the probe reads.
 *
 * A CPU without AVX (or AVX512VL) cannot run those functions: they are left out, with a note on
 * stderr, and the lines expected of them too.
 */
#include <stdbool.h>

#include "tests.h"

int isa_sse(int a, int b);
int isa_vex(int a, int b);
int isa_evex(int a, int b);
int isa_evex_rip(int a, int b);

__asm__(".section .rodata\n"
	".p2align 5\n"
	"isa_table: .long 1000, 1, 2, 3, 4, 5, 6, 7\n"
	".text\n"
	".globl isa_sse, isa_vex, isa_evex, isa_evex_rip\n"
	".type isa_sse, @function\n"
	"isa_sse:\n"
	"	movd %edi, %xmm1\n"
	"	mov %esi, %eax\n"
	"	movd %xmm1, %ecx\n"
	"	add %ecx, %eax\n"
	"	ret\n"
	".size isa_sse, .-isa_sse\n"
	".type isa_vex, @function\n"
	"isa_vex:\n"
	"	vmovd %edi, %xmm1\n"
	"	mov %esi, %eax\n"
	"	vmovd %xmm1, %ecx\n"
	"	add %ecx, %eax\n"
	"	ret\n"
	".size isa_vex, .-isa_vex\n"
	".type isa_evex, @function\n"
	"isa_evex:\n"
	"	vpbroadcastd %edi, %ymm17\n"
	"	mov %esi, %eax\n"
	"	vpextrd $7, %xmm17, %ecx\n"
	"	add %ecx, %eax\n"
	"	ret\n"
	".size isa_evex, .-isa_evex\n"
	".type isa_evex_rip, @function\n"
	"isa_evex_rip:\n"
	"	vmovdqu32 isa_table(%rip), %ymm18\n"
	"	mov %esi, %eax\n"
	"	vmovd %xmm18, %ecx\n"
	"	add %ecx, %eax\n"
	"	add %edi, %eax\n"
	"	ret\n"
	".size isa_evex_rip, .-isa_evex_rip\n");

static void check(const char *name, int (*f)(int, int), int a, int b, int want)
{
	int got = f(a, b);

	printf("--- uprobe:%s(%d, %d) ---\n", name, a, b);
	if (got != want)
		FAIL("%s(%d, %d) = %d, not %d: the probe changed what it computed", name, a, b, got,
		     want);
}

int main(void)
{
	bool avx, evex;

	setvbuf(stdout, NULL, _IONBF, 0);
	__builtin_cpu_init();
	avx = __builtin_cpu_supports("avx");
	evex = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl");
	if (!avx)
		fprintf(stderr, "note: this CPU has no AVX: isa_vex not run\n");
	if (!evex)
		fprintf(stderr, "note: this CPU has no AVX512VL: isa_evex* not run\n");
	for (int i = 1; i <= 2; i++) {
		check("isa_sse", isa_sse, 10 * i, i, 11 * i);
		if (avx)
			check("isa_vex", isa_vex, 20 * i, i, 21 * i);
		if (evex) {
			check("isa_evex", isa_evex, 30 * i, i, 31 * i);
			check("isa_evex_rip", isa_evex_rip, 40 * i, i, 1000 + 41 * i);
		}
	}
	printf("+++ exited with 0 +++\n");
	return 0;
}
