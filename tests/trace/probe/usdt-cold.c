// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * USDT string arguments (:args=d,s) read as the ptrace backend reads them, in memory a BPF
 * program cannot fault in: a literal of .rodata in a page this process has not touched (not
 * mapped in its page tables: MADV_DONTNEED drops the mapping of the pages first, which is
 * what a page never touched looks like), and one that starts in a touched page and runs into
 * an untouched one.  Memory the program could not read prints as its address in both
 * backends: a string in a PROT_NONE page, and one that reaches such a page before its NUL;
 * NULL prints as NULL.  A uprobe on a function whose DWARF prototype takes a char * reads its
 * string the same way.  Run with -a0 -e trace=none -e usdt=cold:*:args=d,s -e uprobe=cold_tag.
 */
#include <stdint.h>
#include <sys/mman.h>

#include "tests.h"
#include "../../../sdt/sdt.h"

#define PAGE 4096

/* Read-only file memory, in pages of its own: nothing else of the program shares them. */
static const char cold[4 * PAGE] __attribute__((aligned(PAGE))) = {
	[PAGE] = 'h', 'e', 'l', 'l', 'o', '\0',
	[3 * PAGE - 8] = 'c', 'r', 'o', 's', 's', 'i', 'n', 'g', /* page 2 ends */
	'-', 'p', 'a', 'g', 'e', 's', '\0',
};

__attribute__((noinline)) int cold_tag(int n, const char *tag)
{
	__asm__ volatile("" ::: "memory");
	return n + (tag != NULL);
}

/* The pages of cold[] from FIRST on are not mapped in this process any more. */
static void drop(int first)
{
	if (madvise((void *)(cold + first * PAGE), (4 - first) * PAGE, MADV_DONTNEED))
		FAIL("madvise: %m");
}

int main(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	char *m = mmap(NULL, 2 * PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED)
		FAIL("mmap: %m");
	memcpy(m + PAGE - 5, "abcde", 5); /* no NUL before the PROT_NONE page */
	if (mprotect(m + PAGE, PAGE, PROT_NONE))
		FAIL("mprotect: %m");

	drop(0);
	DTRACE_PROBE2(cold, pair, 0, cold + PAGE);
	printf("--- usdt:cold:pair(0, \"hello\") ---\n");
	drop(0);
	if (cold_tag(5, cold + PAGE) != 6)
		FAIL("cold_tag");
	printf("--- uprobe:cold_tag(5, \"hello\") ---\n");

	(void)*(volatile const char *)(cold + 3 * PAGE - 8); /* page 2 mapped, */
	drop(3);                                             /* page 3 not */
	DTRACE_PROBE2(cold, pair, 1, cold + 3 * PAGE - 8);
	printf("--- usdt:cold:pair(1, \"crossing-pages\") ---\n");

	DTRACE_PROBE2(cold, pair, 2, (const char *)NULL);
	printf("--- usdt:cold:pair(2, NULL) ---\n");
	DTRACE_PROBE2(cold, pair, 3, m + PAGE);
	printf("--- usdt:cold:pair(3, %p) ---\n", (void *)(m + PAGE));
	DTRACE_PROBE2(cold, pair, 4, m + PAGE - 5);
	printf("--- usdt:cold:pair(4, %p) ---\n", (void *)(m + PAGE - 5));
	printf("+++ exited with 0 +++\n");
	return 0;
}
