// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Breakpoints on functions whose first instruction is not emulated, so each hit runs the
 * displaced instruction out of line, from a scratch page (uprobe/xol.c).  The functions are
 * written in assembly so their first instruction is known:
 *   xol_lea      lea xol_data(%rip),%rax        RIP-relative address
 *   xol_load     mov xol_data+8(%rip),%rax      RIP-relative load with an addend
 *   xol_cmp      cmpq $42,xol_data+8(%rip)      RIP-relative with an immediate after it
 *   xol_store    mov %rdi,xol_cell(%rip)        RIP-relative store
 *   xol_jrcxz    jrcxz 1f                       relative branch, taken and not taken
 *   xol_jmp      jmp 1f                         relative jump
 *   xol_call     call xol_five                  relative call (return address fixed)
 *   xol_callind  call *xol_fptr(%rip)           indirect call through a RIP-relative cell
 *   xol_movs     rep movsb                      one step per iteration
 * Each function computes with what its first instruction did and the program checks the
 * result: a wrong displacement or branch fix-up shows as a wrong value (or a crash).
 *
 * No arguments: self-describing, one call of each (twice for jrcxz).  `uprobe-xol T N`: T
 * threads call xol_lea and xol_load N times each (uprobe-xol.sh counts the hits).
 */
#include <pthread.h>
#include <stdbool.h>

#include "tests.h"

long xol_lea(long a, long b);
long xol_load(long a, long b);
long xol_cmp(long a);
void xol_store(long a);
long xol_jrcxz(long a, long b, long c, long d);
long xol_jmp(long a);
long xol_call(long a);
long xol_callind(long a);
void xol_movs(void *dst, const void *src, long unused, long n);
extern long xol_data[2], xol_cell;

__asm__(
	".data\n"
	".globl xol_data, xol_cell\n"
	".p2align 3\n"
	"xol_data: .quad 1000, 42\n"
	"xol_cell: .quad 0\n"
	"xol_fptr: .quad xol_five\n"
	".text\n"
	".globl xol_lea, xol_load, xol_cmp, xol_store, xol_jrcxz, xol_jmp, xol_call\n"
	".globl xol_callind, xol_movs\n"
	".type xol_lea, @function\n"
	"xol_lea: lea xol_data(%rip), %rax\n"
	"	mov (%rax), %rax\n"
	"	add %rdi, %rax\n"
	"	add %rsi, %rax\n"
	"	ret\n"
	".type xol_load, @function\n"
	"xol_load: mov xol_data+8(%rip), %rax\n"
	"	add %rdi, %rax\n"
	"	add %rsi, %rax\n"
	"	ret\n"
	".type xol_cmp, @function\n"
	"xol_cmp: cmpq $42, xol_data+8(%rip)\n"
	"	sete %al\n"
	"	movzbl %al, %eax\n"
	"	add %rdi, %rax\n"
	"	ret\n"
	".type xol_store, @function\n"
	"xol_store: mov %rdi, xol_cell(%rip)\n"
	"	ret\n"
	".type xol_jrcxz, @function\n"
	"xol_jrcxz: jrcxz 1f\n"
	"	mov $1, %eax\n"
	"	ret\n"
	"1:	mov $2, %eax\n"
	"	ret\n"
	".type xol_jmp, @function\n"
	"xol_jmp: jmp 1f\n"
	"	ud2\n"
	"1:	lea 3(%rdi), %rax\n"
	"	ret\n"
	".type xol_call, @function\n"
	"xol_call: call xol_five\n"
	"	add %rdi, %rax\n"
	"	ret\n"
	".type xol_callind, @function\n"
	"xol_callind: call *xol_fptr(%rip)\n"
	"	add %rdi, %rax\n"
	"	add %rdi, %rax\n"
	"	ret\n"
	".type xol_movs, @function\n"
	"xol_movs: rep movsb\n"
	"	ret\n"
	"xol_five: mov $5, %eax\n"
	"	ret\n");

static int count;
static long errors;
static const char *stop_file;

/* Whether the calls go on: COUNT of them, or with a STOPFILE until it exists (polled). */
static bool more(long i)
{
	if (!stop_file)
		return i < count;
	return (i & 0xfffff) || access(stop_file, F_OK) != 0;
}

static void *run(void *arg)
{
	long id = (long)arg, bad = 0;

	for (long i = 0; more(i); i++) {
		if (xol_lea(id, i) != 1000 + id + i)
			bad++;
		if (xol_load(id, i) != 42 + id + i)
			bad++;
	}
	__atomic_add_fetch(&errors, bad, __ATOMIC_RELAXED);
	return NULL;
}

static int threaded(int threads)
{
	pthread_t th[64];

	if (threads < 1 || threads > 64)
		FAIL("1 to 64 threads");
	for (long i = 0; i < threads; i++)
		if (pthread_create(&th[i], NULL, run, (void *)i))
			FAIL("pthread_create");
	for (int i = 0; i < threads; i++)
		pthread_join(th[i], NULL);
	if (stop_file)
		printf("%d threads x 2 functions until %s, %ld wrong results\n", threads, stop_file,
		       errors);
	else
		printf("%d threads x %d calls x 2 functions, %ld wrong results\n", threads, count,
		       errors);
	return errors != 0;
}

#define CHECK(expr, want)                                                          \
	do {                                                                       \
		long got_ = (long)(expr);                                          \
		if (got_ != (long)(want))                                          \
			FAIL("%s = %ld, want %ld", #expr, got_, (long)(want));      \
	} while (0)

int main(int argc, char **argv)
{
	if (argc > 2) {
		count = atoi(argv[2]);
		stop_file = argc > 3 ? argv[3] : NULL;
		return threaded(atoi(argv[1]));
	}
	setvbuf(stdout, NULL, _IONBF, 0);
	CHECK(xol_lea(1, 2), 1003);
	printf("--- uprobe:xol_lea(1, 2) ---\n");
	CHECK(xol_load(3, 4), 49);
	printf("--- uprobe:xol_load(3, 4) ---\n");
	CHECK(xol_cmp(10), 11);
	printf("--- uprobe:xol_cmp(10) ---\n");
	xol_store(-77);
	CHECK(xol_cell, -77);
	printf("--- uprobe:xol_store(-77) ---\n");
	CHECK(xol_jrcxz(0, 0, 0, 0), 2);
	printf("--- uprobe:xol_jrcxz(0, 0, 0, 0) ---\n");
	CHECK(xol_jrcxz(0, 0, 0, 9), 1);
	printf("--- uprobe:xol_jrcxz(0, 0, 0, 9) ---\n");
	CHECK(xol_jmp(4), 7);
	printf("--- uprobe:xol_jmp(4) ---\n");
	CHECK(xol_call(6), 11);
	printf("--- uprobe:xol_call(6) ---\n");
	CHECK(xol_callind(6), 17);
	printf("--- uprobe:xol_callind(6) ---\n");
	char src[64] = "out of line, one iteration a step", dst[64] = "";
	printf("--- uprobe:xol_movs(%p, %p, 0, %d) ---\n", (void *)dst, (void *)src,
	       (int)sizeof(src));
	xol_movs(dst, src, 0, (long)sizeof(src));
	if (strcmp(dst, src))
		FAIL("rep movsb copied '%s'", dst);
	printf("+++ exited with 0 +++\n");
	return 0;
}
