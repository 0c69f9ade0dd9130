// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Probe sites inside leaf functions that keep a value in the x86-64 red zone, at -8(%rsp),
 * across a 5-byte nop.  Kernel 6.18 turns a uprobe on a 5-byte nop into a call to a trampoline
 * whose return address lands in the red zone, so from the second hit on the value comes back
 * clobbered: neither backend may put a probe on such a nop (uprobe/ksite.h).
 *   rz_leaf      mov %rdi,-8(%rsp) (+0) · nopl (+5) · mov -8(%rsp),%rax (+10) · ret (+15)
 *                uprobe=rz_leaf+10 is placed (a hit a call); rz_leaf+5 (the nop) and
 *                rz_leaf+3 (inside an instruction) are refused with a warning
 *   rz_nop       the same shape; uprobe=rz_nop+5 (its nop) is refused
 *   rz_usdt      the same shape, the nop a USDT site (rz:nop5) whose note is written here, as
 *                another header than sdt/sdt.h may emit it; refused too
 * rz_nop and rz_usdt run many times (the first hit of a kernel uprobe still traps; every later
 * one would be the call) and every result is checked: the program fails if one is clobbered.
 */
#include "tests.h"

long rz_leaf(long x);
long rz_nop(long x);
long rz_usdt(long x);

#define RZ_FN(name, site)                                                                   \
	".globl " name "\n"                                                                 \
	".type " name ", @function\n"                                                       \
	name ":\n"                                                                          \
	"	mov %rdi, -8(%rsp)\n"                                                        \
	site ":	.byte 0x0f, 0x1f, 0x44, 0x00, 0x00\n" /* nopl 0(%rax,%rax,1) */       \
	"	mov -8(%rsp), %rax\n"                                                        \
	"	ret\n"                                                                      \
	".size " name ", .-" name "\n"

__asm__(".text\n" RZ_FN("rz_leaf", "rz_leaf_nop") RZ_FN("rz_nop", "rz_nop_nop")
	RZ_FN("rz_usdt", "rz_usdt_nop")
	".pushsection .note.stapsdt, \"?\", \"note\"\n"
	".balign 4\n"
	".4byte 2f-1f, 4f-3f, 3\n"
	"1: .asciz \"stapsdt\"\n"
	"2: .balign 4\n"
	"3: .8byte rz_usdt_nop, _.stapsdt.base, 0\n"
	".asciz \"rz\"\n"
	".asciz \"nop5\"\n"
	".asciz \"-8@%rdi\"\n"
	"4: .balign 4\n"
	".popsection\n"
	".ifndef _.stapsdt.base\n"
	".pushsection .stapsdt.base, \"aG\", @progbits, .stapsdt.base, comdat\n"
	".weak _.stapsdt.base\n"
	".hidden _.stapsdt.base\n"
	"_.stapsdt.base: .space 1\n"
	".size _.stapsdt.base, 1\n"
	".popsection\n"
	".endif\n");

static long (*volatile p_leaf)(long) = rz_leaf, (*volatile p_nop)(long) = rz_nop,
	(*volatile p_usdt)(long) = rz_usdt;

int main(void)
{
	setvbuf(stdout, NULL, _IONBF, 0);
	for (long i = 0; i < 3; i++) {
		long r = p_leaf(100 + i);
		printf("--- uprobe:rz_leaf+0xa(%ld) ---\n", 100 + i);
		if (r != 100 + i)
			FAIL("rz_leaf(%ld) = %ld: the red zone was written", 100 + i, r);
	}
	for (long i = 0; i < 20000; i++) {
		long a = p_nop(i * 7 + 1), b = p_usdt(i * 5 + 3);
		if (a != i * 7 + 1 || b != i * 5 + 3)
			FAIL("call %ld: rz_nop = %ld, rz_usdt = %ld: the red zone was written", i, a,
			     b);
	}
	printf("+++ exited with 0 +++\n");
	return 0;
}
