// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Every argument form the USDT parser knows, read through ptrace at a hit: the argument strings
 * are written by hand (STAP_PROBE_ASM with a template of our own) inside one asm block that
 * loads the registers itself, so each form is there whatever the compiler would choose:
 *  - registers of each size: 64 (%rax, %r8), 32 (%eax, %ebx, %r9d), 16 (%cx, %r10w), 8 (%dl,
 *    %sil, %r11b) and the high byte %dh; a bare register with no size (8 bytes, hex);
 *  - memory: (%reg), disp(%reg), the stack (8(%rsp)), SIB (%base,%index,scale) with and
 *    without displacement and with the default scale;
 *  - globals through %rip (symbol, symbol+offset), a bare symbol (absolute, +offset), the
 *    address of a symbol ($sym);
 *  - constants (decimal, negative, hex);
 *  - floats in %xmm registers and in memory, double and float.
 */
#include <stdint.h>

#include "tests.h"
#include "../../../sdt/sdt.h"

long g_long = -1234567890123L;
int g_arr[8] = { 10, 20, 30, 40, 50, 60, 70, 80 };
short g_short = -300;
unsigned char g_uc = 250;
double g_dbl = 2.5;
float g_flt = -0.75f;

/* A hand-written argument string as the template of STAP_PROBE_ASM (extended asm: %% is %). */
#define ARGS(text) _sdt_template_marker, ".ascii \"" text "\""

static __attribute__((noinline)) void forms(void)
{
	__asm__ __volatile__(
		"movabs $0x1122334455667788, %%rax\n\t"
		"mov $-5, %%ebx\n\t"
		"mov $0xfffe, %%ecx\n\t"
		"mov $0x80ff, %%edx\n\t"
		"mov $0x41, %%esi\n\t"
		"mov $-42, %%r8\n\t"
		"movabs $0xffffffff00000007, %%r9\n\t"
		"mov $0x10001, %%r10\n\t"
		"mov $0x1ff, %%r11\n\t"
		STAP_PROBE_ASM(args, regs, ARGS("8@%%rax -4@%%eax -4@%%ebx 2@%%cx -2@%%cx -1@%%dl "
						"1@%%dh 1@%%sil -8@%%r8 4@%%r9d 2@%%r10w 1@%%r11b"))
		"\n\t"
		STAP_PROBE_ASM(args, nosize, ARGS("%%rax"))
		"\n\t"
		"lea g_arr(%%rip), %%rbx\n\t"
		"mov $3, %%rcx\n\t"
		"mov $8, %%rdx\n\t"
		"sub $128, %%rsp\n\t"
		"movq $-77, 8(%%rsp)\n\t"
		STAP_PROBE_ASM(args, mem, ARGS("-4@(%%rbx) -4@8(%%rbx) -8@8(%%rsp) -4@(%%rbx,%%rcx,4) "
					       "-4@-4(%%rbx,%%rcx,8) -4@(%%rbx,%%rdx)"))
		"\n\t"
		"add $128, %%rsp\n\t"
		STAP_PROBE_ASM(args, globals, ARGS("-8@g_long(%%rip) -4@g_arr+8(%%rip) "
						   "-2@g_short(%%rip) 1@g_uc(%%rip) -4@g_arr "
						   "-4@g_arr+4 8@$g_long"))
		"\n\t"
		STAP_PROBE_ASM(args, consts, ARGS("-4@$42 -4@$-7 8@$0x10 1@$255"))
		"\n\t"
		"movsd g_dbl(%%rip), %%xmm0\n\t"
		"movss g_flt(%%rip), %%xmm1\n\t"
		STAP_PROBE_ASM(args, floats, ARGS("8f@%%xmm0 4f@%%xmm1 8f@g_dbl(%%rip) "
						  "4f@g_flt(%%rip)"))
		"\n\t"
		::: "rax", "rbx", "rcx", "rdx", "rsi", "r8", "r9", "r10", "r11", "xmm0", "xmm1",
		"memory");
}

int main(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	forms();
	printf("--- usdt:args:regs(%#lx, %d, %d, %u, %d, %d, %u, %u, %ld, %u, %u, %u) ---\n",
	       0x1122334455667788UL, (int32_t)0x55667788, -5, 0xfffeu, -2, -1, 0x80u, 0x41u, -42L,
	       7u, 1u, 255u);
	printf("--- usdt:args:nosize(%#lx) ---\n", 0x1122334455667788UL);
	printf("--- usdt:args:mem(10, 30, -77, 40, 60, 30) ---\n");
	printf("--- usdt:args:globals(%ld, 30, -300, 250, 10, 20, %#lx) ---\n", g_long,
	       (unsigned long)(uintptr_t)&g_long);
	printf("--- usdt:args:consts(42, -7, 0x10, 255) ---\n");
	printf("--- usdt:args:floats(%g, %g, %g, %g) ---\n", g_dbl, g_flt, g_dbl, g_flt);
	printf("+++ exited with 0 +++\n");
	return 0;
}
