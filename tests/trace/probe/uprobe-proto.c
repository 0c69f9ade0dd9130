// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * -e uprobe=/uretprobe= print a function's arguments and return value by the prototype lttrace
 * would use, in both backends (under --bpf the probe copies what the prototype points at:
 * strings, arrays, a returned string):
 *  - malloc and atoi from the built-in table (malloc(100), = the pointer; atoi's return);
 *  - scale, a function of this program, from its DWARF (char * as a string);
 *  - conf_str, conf_arr, name_of from a --prototypes file (tests/trace/probe/uprobe-proto.conf):
 *    assembly without DWARF; name_of returns a string in writable memory, copied at return;
 *  - raw6, in assembly and in no table: the six argument registers in hex, rax in hex;
 *  - atoi's entry with :args=x: the hint still wins over the prototype (its address).
 * stdout is unbuffered, so stdio allocates nothing: the only malloc calls are ours.  Each
 * result is checked: a probe must not change what is computed.
 */
#include "tests.h"

/* No DWARF for these: their prototypes come from the .conf file, or from nowhere (raw6). */
__asm__(".text\n"
	".globl raw6\n.type raw6, @function\nraw6:\n"
	"\tlea (%rdi,%rsi), %rax\n\tadd %rdx, %rax\n\tadd %rcx, %rax\n\tadd %r8, %rax\n"
	"\tadd %r9, %rax\n\tret\n.size raw6, .-raw6\n"
	".globl conf_str\n.type conf_str, @function\nconf_str:\n"
	"\tmov %esi, %eax\n\tret\n.size conf_str, .-conf_str\n"
	".globl conf_arr\n.type conf_arr, @function\nconf_arr:\n"
	"\tmovslq (%rdi), %rax\n\tmovslq 4(%rdi), %rdx\n\tadd %rdx, %rax\n"
	"\tmovslq 8(%rdi), %rdx\n\tadd %rdx, %rax\n\tret\n.size conf_arr, .-conf_arr\n"
	".globl name_of\n.type name_of, @function\nname_of:\n"
	"\tlea seven(%rip), %rax\n\tret\n.size name_of, .-name_of\n"
	".data\nseven: .asciz \"seven\"\n.text\n");
long raw6(long, long, long, long, long, long);
int conf_str(const char *, int);
long conf_arr(const int *);
char *name_of(int);

/* Called through a pointer: <stdlib.h> would inline atoi as strtol. */
static int (*volatile p_atoi)(const char *) = atoi;

__attribute__((noinline)) int scale(int x, const char *tag)
{
	__asm__ volatile("" ::: "memory");
	return x * 2 + (tag[0] == 't');
}

int main(void)
{
	static char digits[] = "42";
	int arr[3] = { 1, 2, 3 };

	setvbuf(stdout, NULL, _IONBF, 0);
	void *p = malloc(100);
	printf("--- uprobe:malloc(100) ---\n");
	printf("--- uretprobe:malloc = %p ---\n", p);
	int a = p_atoi(digits);
	printf("--- uprobe:atoi(%p) ---\n", (void *)digits);
	printf("--- uretprobe:atoi = 42 ---\n");
	int s = scale(3, "tag");
	printf("--- uprobe:scale(3, \"tag\") ---\n");
	printf("--- uretprobe:scale = 7 ---\n");
	long r = raw6(1, 2, 3, 4, 5, 0x10);
	printf("--- uprobe:raw6(0x1, 0x2, 0x3, 0x4, 0x5, 0x10) ---\n");
	printf("--- uretprobe:raw6 = 0x1f ---\n");
	int c = conf_str("abc", -5);
	printf("--- uprobe:conf_str(\"abc\", -5) ---\n");
	printf("--- uretprobe:conf_str = -5 ---\n");
	long sum = conf_arr(arr);
	printf("--- uprobe:conf_arr([ 1, 2, 3 ]) ---\n");
	printf("--- uretprobe:conf_arr = 6 ---\n");
	char *n = name_of(7);
	printf("--- uretprobe:name_of = \"seven\" ---\n");
	if (!p || a != 42 || s != 7 || r != 0x1f || c != -5 || sum != 6 || strcmp(n, "seven"))
		FAIL("malloc %p atoi %d scale %d raw6 %ld conf_str %d conf_arr %ld name_of %s", p, a,
		     s, r, c, sum, n);
	free(p);
	printf("+++ exited with 0 +++\n");
	return 0;
}
