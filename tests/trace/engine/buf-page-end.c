// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * A buffer longer than -s is read one byte beyond what is shown, as strace reads it: when
 * only the 32 shown bytes are mapped (the next page is not), the buffer prints as its
 * address; with 33 mapped it prints as 32 bytes and "...".
 * Run with -a0 -e trace=pwrite64.
 */
#include <string.h>
#include <sys/mman.h>

#include "tests.h"

int main(void)
{
	long page = sysconf(_SC_PAGESIZE);
	char *map = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (map == MAP_FAILED || munmap(map + page, page))
		FAIL("mmap: %m");
	memset(map, 'x', page);
	char *end32 = map + page - 32, *end33 = map + page - 33;
	long rc = syscall(__NR_pwrite64, -1, end32, 100, 0);
	printf("pwrite64(-1, %p, 100, 0) = %s\n", (void *)end32, sprintrc(rc));
	rc = syscall(__NR_pwrite64, -1, end33, 100, 0);
	printf("pwrite64(-1, \"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\"..., 100, 0) = %s\n", sprintrc(rc));
	rc = syscall(__NR_pwrite64, -1, end32, 32, 0);
	printf("pwrite64(-1, \"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\", 32, 0) = %s\n", sprintrc(rc));
	printf("+++ exited with 0 +++\n");
	return 0;
}
