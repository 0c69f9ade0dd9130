// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * A function no breakpoint can be placed on (its first byte is already an int3, as another
 * tool's uprobe would leave it; it is never called) next to one that is traced: probe-skip.sh.
 */
#include <stdio.h>

__asm__(".text\n.globl trapped\n.type trapped,@function\ntrapped:\n\tint3\n\tret\n"
	".size trapped, .-trapped\n");

__attribute__((noinline, used)) long plain(long x)
{
	__asm__ volatile("" : "+r"(x));
	return x * 2;
}

int main(void)
{
	printf("%ld\n", plain(21));
	return 0;
}
