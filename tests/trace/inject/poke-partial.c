// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * poke_enter= where only part of the bytes can be written (the rest falls on an unmapped page):
 * strace writes what it can and the call counts as poked, "(INJECTED: args)" -- at an unaligned
 * address (1 byte written) and at an aligned one (8).  Where none can be written, nothing
 * counts.  Run with -a0 -e trace=chdir
 * -e inject=chdir:poke_enter=@arg1=2f2f2f2f2f2f2f2f2f2f2f2f2f2f2f00
 */
#include <sys/mman.h>

#include "fdtest.h"

int main(void)
{
	long page = sysconf(_SC_PAGESIZE);
	char *m = mmap(NULL, 2 * (size_t)page, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (m == MAP_FAILED || munmap(m + page, (size_t)page))
		FAIL("mmap: %m");
	char *end = m + page;
	long rc = syscall(__NR_chdir, end - 1);
	out("chdir(%p) = %s (INJECTED: args)\n", (void *)(end - 1), sprintrc(rc));
	rc = syscall(__NR_chdir, end - 8);
	out("chdir(%p) = %s (INJECTED: args)\n", (void *)(end - 8), sprintrc(rc));
	rc = syscall(__NR_chdir, end);
	out("chdir(%p) = %s\n", (void *)end, sprintrc(rc));
	out("+++ exited with 0 +++\n");
	return 0;
}
