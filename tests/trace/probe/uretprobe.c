// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * -e uretprobe=SYMBOL[@LIB][:ret=HINT]: each return one `--- uretprobe:SYM = RET ---` line,
 * rax in hex by default.  malloc in libc returns the pointers the program prints; fact, a
 * recursive function of the program itself, is under a uprobe and a uretprobe at once (one
 * breakpoint, nested returns matched innermost first through the shadow stack); jumper leaves
 * three calls by longjmp, so their return never comes, and the calls after it still return
 * right (the abandoned frames are dropped, not matched).
 *
 * stdout is unbuffered, so stdio allocates nothing: the only malloc calls are ours.
 */
#include <setjmp.h>

#include "tests.h"

static jmp_buf env;

__attribute__((noinline)) long fact(long n)
{
	long r = n <= 1 ? 1 : n * fact(n - 1);
	__asm__ volatile("" ::: "memory"); /* no tail call */
	return r;
}

__attribute__((noinline)) int jumper(int n, int jump)
{
	if (n == 0) {
		if (jump)
			longjmp(env, 1);
		return 0;
	}
	int r = jumper(n - 1, jump) + 1;
	__asm__ volatile("" ::: "memory");
	return r;
}

int main(void)
{
	setvbuf(stdout, NULL, _IONBF, 0);
	/* Three calls left by longjmp: no return line, and their frames must not match later. */
	if (!setjmp(env))
		jumper(2, 1);

	for (int i = 0; i < 2; i++) {
		void *p = malloc(100 + (size_t)i);
		printf("--- uretprobe:malloc = %p ---\n", p);
		free(p);
	}
	long f = fact(3);
	for (long n = 3; n >= 1; n--)
		printf("--- uprobe:fact(%ld) ---\n", n);
	for (long n = 1, r = 1; n <= 3; n++, r *= n)
		printf("--- uretprobe:fact = %ld ---\n", r);
	if (f != 6)
		FAIL("fact(3) = %ld", f);

	int j = jumper(2, 0);
	for (int n = 0; n <= 2; n++)
		printf("--- uretprobe:jumper = %d ---\n", n);
	if (j != 2)
		FAIL("jumper(2, 0) = %d", j);
	printf("+++ exited with 0 +++\n");
	return 0;
}
