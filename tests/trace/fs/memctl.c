// SPDX-License-Identifier: LGPL-2.1-or-later
// strace-7.2-lines: ^membarrier\(MEMBARRIER_CMD_QUERY, 0\) = ;; MEMBARRIER_CMD_GET_REGISTRATIONS has a name
// link: -static
/*
 * Memory control: madvise, mremap, msync, mlock, munlock, mincore, membarrier, memfd_create.
 * Success and failure (EINVAL, ENOMEM, EFAULT), unknown flag bits, the membarrier query's
 * decoded result, mincore past -s.  Run with -a0 -s8.
 */
#include <linux/membarrier.h>
#include <sys/mman.h>

#include "fdtest.h"

#define BADPTR ((void *)0xbadc0ded)

int main(void)
{
	long page = sysconf(_SC_PAGESIZE);
	long rc;

	char *p = mmap(NULL, 16 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		FAIL("mmap: %m");
	p[0] = 1;
	p[2 * page] = 1;

	rc = syscall(__NR_madvise, p, 4 * page, MADV_DONTNEED);
	out("madvise(%p, %ld, MADV_DONTNEED) = %s\n", p, 4 * page, sprintrc(rc));
	rc = syscall(__NR_madvise, p, page, 12345);
	out("madvise(%p, %ld, 0x3039 /* MADV_??? */) = %s\n", p, page, sprintrc(rc));
	p[0] = 1;
	p[2 * page] = 1;

	unsigned char vec[16];
	rc = syscall(__NR_mincore, p, 4 * page, vec);
	out("mincore(%p, %ld, [%u, %u, %u, %u]) = %s\n", p, 4 * page, vec[0] & 1, vec[1] & 1,
	    vec[2] & 1, vec[3] & 1, sprintrc(rc));
	rc = syscall(__NR_mincore, p, 12 * page + 1, vec);
	out("mincore(%p, %ld, [", p, 12 * page + 1);
	for (int i = 0; i < 8; i++)
		out("%s%u", i ? ", " : "", vec[i] & 1);
	out(", ...]) = %s\n", sprintrc(rc));
	rc = syscall(__NR_mincore, p + 1, page, vec);
	out("mincore(%p, %ld, %p) = %s\n", p + 1, page, (void *)vec, sprintrc(rc));
	rc = syscall(__NR_mincore, p, page, NULL);
	out("mincore(%p, %ld, NULL) = %s\n", p, page, sprintrc(rc));

	rc = syscall(__NR_msync, p, page, MS_SYNC);
	out("msync(%p, %ld, MS_SYNC) = %s\n", p, page, sprintrc(rc));
	rc = syscall(__NR_msync, p, page, MS_ASYNC | MS_INVALIDATE);
	out("msync(%p, %ld, MS_ASYNC|MS_INVALIDATE) = %s\n", p, page, sprintrc(rc));
	rc = syscall(__NR_msync, p + 1, page, 0x10);
	out("msync(%p, %ld, 0x10 /* MS_??? */) = %s\n", p + 1, page, sprintrc(rc));

	rc = syscall(__NR_mlock, p, page);
	out("mlock(%p, %ld) = %s\n", p, page, sprintrc(rc));
	rc = syscall(__NR_munlock, p, page);
	out("munlock(%p, %ld) = %s\n", p, page, sprintrc(rc));
	rc = syscall(__NR_mlock, NULL, -1L);
	out("mlock(NULL, 18446744073709551615) = %s\n", sprintrc(rc));

	rc = syscall(__NR_mremap, p, 16 * page, 8 * page, 0);
	out("mremap(%p, %ld, %ld, 0) = %#lx\n", p, 16 * page, 8 * page, rc);
	rc = syscall(__NR_mremap, p, 8 * page, 32 * page, MREMAP_MAYMOVE);
	out("mremap(%p, %ld, %ld, MREMAP_MAYMOVE) = %#lx\n", p, 8 * page, 32 * page, rc);
	char *q = (char *)rc;
	char *target = p;
	rc = syscall(__NR_mremap, q, page, page, MREMAP_MAYMOVE | MREMAP_FIXED, target);
	out("mremap(%p, %ld, %ld, MREMAP_MAYMOVE|MREMAP_FIXED, %p) = %#lx\n", q, page, page,
	    target, rc);
	rc = syscall(__NR_mremap, q, page, page, 0x80 | MREMAP_FIXED, target);
	out("mremap(%p, %ld, %ld, MREMAP_FIXED|0x80) = %s\n", q, page, page, sprintrc(rc));
	(void)target;

	rc = syscall(__NR_membarrier, MEMBARRIER_CMD_QUERY, 0, 0);
	if (rc < 0)
		out("membarrier(MEMBARRIER_CMD_QUERY, 0) = %s\n", sprintrc(rc));
	else {
		static const char *const names[] = {
			"MEMBARRIER_CMD_GLOBAL", "MEMBARRIER_CMD_GLOBAL_EXPEDITED",
			"MEMBARRIER_CMD_REGISTER_GLOBAL_EXPEDITED",
			"MEMBARRIER_CMD_PRIVATE_EXPEDITED",
			"MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED",
			"MEMBARRIER_CMD_PRIVATE_EXPEDITED_SYNC_CORE",
			"MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED_SYNC_CORE",
			"MEMBARRIER_CMD_PRIVATE_EXPEDITED_RSEQ",
			"MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED_RSEQ",
			"MEMBARRIER_CMD_GET_REGISTRATIONS",
		};
		char b[1024] = "";
		for (unsigned int i = 0; i < 10; i++)
			if (rc & (1L << i)) {
				if (b[0])
					strcat(b, "|");
				strcat(b, names[i]);
			}
		/* commands newer than strace 7.2 print as a number */
		if (rc & ~0x3ffL)
			snprintf(b + strlen(b), sizeof(b) - strlen(b), "%s%#lx", b[0] ? "|" : "",
				 rc & ~0x3ffL);
		out("membarrier(MEMBARRIER_CMD_QUERY, 0) = %#lx (%s)\n", rc, b);
	}
	rc = syscall(__NR_membarrier, MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED, 0, 0);
	out("membarrier(MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED, 0) = %s\n", sprintrc(rc));
	rc = syscall(__NR_membarrier, MEMBARRIER_CMD_PRIVATE_EXPEDITED, 1, 0);
	out("membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED, MEMBARRIER_CMD_FLAG_CPU, 0) = %s\n",
	    sprintrc(rc));
	rc = syscall(__NR_membarrier, 0x4000, 6, 0);
	out("membarrier(0x4000 /* MEMBARRIER_CMD_??? */, 0x6 /* MEMBARRIER_CMD_FLAG_??? */) = %s\n",
	    sprintrc(rc));

	rc = syscall(__NR_memfd_create, "memfd", 0);
	out("memfd_create(\"memfd\", 0) = %s\n", sprintrc(rc));
	rc = syscall(__NR_memfd_create, "a-rather-long-memfd-name", MFD_CLOEXEC | MFD_ALLOW_SEALING);
	out("memfd_create(\"a-rather\"..., MFD_CLOEXEC|MFD_ALLOW_SEALING) = %s\n", sprintrc(rc));
	rc = syscall(__NR_memfd_create, "huge", MFD_HUGETLB | (21 << 26));
	out("memfd_create(\"huge\", MFD_HUGETLB|21<<MFD_HUGE_SHIFT) = %s\n", sprintrc(rc));
	rc = syscall(__NR_memfd_create, NULL, MFD_CLOEXEC);
	out("memfd_create(NULL, MFD_CLOEXEC) = %s\n", sprintrc(rc));
	rc = syscall(__NR_memfd_create, BADPTR, 0x100 | MFD_CLOEXEC);
	out("memfd_create(%p, MFD_CLOEXEC|0x100) = %s\n", BADPTR, sprintrc(rc));

	out("+++ exited with 0 +++\n");
	return 0;
}
