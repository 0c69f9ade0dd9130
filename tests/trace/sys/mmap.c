// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * mmap and munmap: PROT_* flags, the mapping type (MAP_SHARED_VALIDATE is one value, not two
 * bits) then flag bits, MAP_HUGE_* as N<<MAP_HUGE_SHIFT, unknown bits in hex, the fd and a hex
 * offset; the result in hex, or an error.  Static, so the loader's mmaps stay out of the trace.
 * Run with -a0 -e trace=mmap,munmap.
 */
#include <sys/mman.h>

#include "tests.h"

int main(void)
{
	long rc;

	rc = syscall(__NR_mmap, 0, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	void *p = (void *)rc;
	printf("mmap(NULL, 8192, PROT_READ|PROT_WRITE, MAP_PRIVATE|MAP_ANONYMOUS, -1, 0) = %p\n", p);

	rc = syscall(__NR_munmap, p, 4096);
	printf("munmap(%p, 4096) = %s\n", p, sprintrc(rc));

	rc = syscall(__NR_mmap, (char *)p + 4096, 4096, PROT_NONE,
		     MAP_SHARED_VALIDATE | MAP_ANONYMOUS | MAP_FIXED | 0x200000ul, -1, 0x1000);
	printf("mmap(%p, 4096, PROT_NONE, MAP_SHARED_VALIDATE|MAP_FIXED|MAP_ANONYMOUS|0x200000, "
	       "-1, 0x1000) = %s\n", (char *)p + 4096, sprintrc(rc));

	rc = syscall(__NR_mmap, 0, 4096, PROT_READ | PROT_EXEC | 0x100, MAP_SHARED, 42, 0);
	printf("mmap(NULL, 4096, PROT_READ|PROT_EXEC|0x100, MAP_SHARED, 42, 0) = %s\n",
	       sprintrc(rc));

	rc = syscall(__NR_mmap, 0, 2 << 20, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_HUGETLB |
		     (21 << MAP_HUGE_SHIFT) | MAP_POPULATE | MAP_NORESERVE, -1, 0);
	printf("mmap(NULL, 2097152, PROT_READ, MAP_PRIVATE|MAP_ANONYMOUS|MAP_NORESERVE|MAP_POPULATE"
	       "|MAP_HUGETLB|21<<MAP_HUGE_SHIFT, -1, 0) = ");
	if (rc == -1)
		printf("%s\n", sprintrc(rc));
	else
		printf("%p\n", (void *)rc);

	rc = syscall(__NR_mmap, 0, 4096, PROT_READ, 0xf, -1, 0);
	printf("mmap(NULL, 4096, PROT_READ, 0xf /* MAP_??? */, -1, 0) = %s\n", sprintrc(rc));

	rc = syscall(__NR_munmap, 0, 0);
	printf("munmap(NULL, 0) = %s\n", sprintrc(rc));

	printf("+++ exited with 0 +++\n");
	return 0;
}
