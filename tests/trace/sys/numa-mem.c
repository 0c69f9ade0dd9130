// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Memory calls: NUMA policy (mbind, set_mempolicy, get_mempolicy with policy modes and
 * MPOL_F_* flags, node masks sized by maxnode, migrate_pages, move_pages with its status
 * array, set_mempolicy_home_node), protection keys and remap_file_pages with whole-long
 * arguments, another process's memory (process_vm_readv, process_vm_writev,
 * process_madvise), memfd_secret and userfaultfd flags.  Run with -a0 -s8.
 */
#include <fcntl.h>
#include <inttypes.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/uio.h>

#include "fdtest.h"

static void test_mempolicy(void)
{
	unsigned long mask[2] = { 0x5, 0 };
	long rc = syscall(SYS_set_mempolicy, 0 | 0x8000, NULL, 0);
	out("set_mempolicy(MPOL_DEFAULT|MPOL_F_STATIC_NODES, NULL, 0) = %s\n", sprintrc(rc));
	/* Words as strace's PRINT_VAL_0X: %#016lx, so "0x" counts in the width. */
	rc = syscall(SYS_set_mempolicy, 0x77, mask, 129);
	out("set_mempolicy(0x77 /* MPOL_??? */, [%#016lx, %#016lx], 129) = %s\n", mask[0], mask[1],
	    sprintrc(rc));
	rc = syscall(SYS_mbind, 0, 4096UL, 2 | 0x4000, mask, 64UL, 0x1 | 0x10);
	out("mbind(NULL, 4096, MPOL_BIND|MPOL_F_RELATIVE_NODES, [%#016lx], 64, "
	    "MPOL_MF_STRICT|0x10) = %s\n", mask[0], sprintrc(rc));

	int mode = -1;
	rc = syscall(SYS_get_mempolicy, &mode, NULL, 0UL, NULL, 0UL);
	if (rc == 0)
		out("get_mempolicy([%s], NULL, 0, NULL, 0) = 0\n",
		    mode == 0 ? "MPOL_DEFAULT" : mode == 1 ? "MPOL_PREFERRED" :
		    mode == 2 ? "MPOL_BIND" : mode == 3 ? "MPOL_INTERLEAVE" : "MPOL_LOCAL");
	else
		out("get_mempolicy(%p, NULL, 0, NULL, 0) = %s\n", (void *)&mode, sprintrc(rc));
	rc = syscall(SYS_get_mempolicy, NULL, NULL, 0UL, NULL, 0x8UL);
	out("get_mempolicy(NULL, NULL, 0, NULL, 0x8 /* MPOL_??? */) = %s\n", sprintrc(rc));

	rc = syscall(SYS_migrate_pages, 0, 64UL, mask, mask);
	out("migrate_pages(0, 64, [%#016lx], [%#016lx]) = %s\n", mask[0], mask[0], sprintrc(rc));
	rc = syscall(SYS_set_mempolicy_home_node, 0UL, 0UL, 3UL, 0x10UL);
	out("set_mempolicy_home_node(NULL, 0, 3, 0x10) = %s\n", sprintrc(rc));

	void *page = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (page == MAP_FAILED)
		FAIL("mmap");
	*(char *)page = 1;
	void *pages[1] = { page };
	int status[1] = { 12345 };
	rc = syscall(SYS_move_pages, 0, 1UL, pages, NULL, status, 0x2);
	if (rc == 0 && status[0] >= 0)
		out("move_pages(0, 1, [%p], NULL, [%d], MPOL_MF_MOVE) = 0\n", page, status[0]);
	else if (rc == 0)
		out("move_pages(0, 1, [%p], NULL, [-%s], MPOL_MF_MOVE) = 0\n", page,
		    strerrorname_np(-status[0]));
	else
		out("move_pages(0, 1, [%p], NULL, %p, MPOL_MF_MOVE) = %s\n", page, (void *)status,
		    sprintrc(rc));
	munmap(page, 4096);
}

static void test_pkeys_remap(void)
{
	long rc = syscall(SYS_pkey_alloc, 0xbad00000000UL, 0x1000000003UL);
	out("pkey_alloc(0xbad00000000, PKEY_DISABLE_ACCESS|PKEY_DISABLE_WRITE|0x1000000000) = %s\n",
	    sprintrc(rc));
	rc = syscall(SYS_pkey_mprotect, 0UL, 0UL, 0x100000001UL, -1L);
	out("pkey_mprotect(NULL, 0, PROT_READ|0x100000000, -1) = %s\n", sprintrc(rc));
	rc = syscall(SYS_remap_file_pages, 0UL, 0UL, 0x100000000UL, 1UL, 0x1UL | 0x10 | (21UL << 26));
	out("remap_file_pages(NULL, 0, 0x100000000 /* PROT_??? */, 1, "
	    "MAP_SHARED|MAP_FIXED|21<<MAP_HUGE_SHIFT) = %s\n", sprintrc(rc));
}

static void test_process_vm(void)
{
	static char src[] = "0123456789", dst[16];
	struct iovec local = { dst, 10 }, remote = { src, 10 };
	pid_t pid = getpid();

	long rc = syscall(SYS_process_vm_readv, pid, &local, 1UL, &remote, 1UL, 0UL);
	out("process_vm_readv(%d, [{iov_base=\"01234567\"..., iov_len=10}], 1, "
	    "[{iov_base=%p, iov_len=10}], 1, 0) = %s\n", pid, (void *)src, sprintrc(rc));
	struct iovec wl = { src, 3 }, wr = { dst, 3 };
	rc = syscall(SYS_process_vm_writev, pid, &wl, 1UL, &wr, 1UL, 0UL);
	out("process_vm_writev(%d, [{iov_base=\"012\", iov_len=3}], 1, "
	    "[{iov_base=%p, iov_len=3}], 1, 0) = %s\n", pid, (void *)dst, sprintrc(rc));
	rc = syscall(SYS_process_madvise, -1, &wr, 1UL, 21 /* MADV_PAGEOUT */, 0U);
	out("process_madvise(-1, [{iov_base=%p, iov_len=3}], 1, MADV_PAGEOUT, 0) = %s\n",
	    (void *)dst, sprintrc(rc));
}

int main(void)
{
	test_mempolicy();
	test_pkeys_remap();
	test_process_vm();
	long rc = syscall(SYS_memfd_secret, 0x2UL);
	out("memfd_secret(0x2) = %s\n", sprintrc(rc));
	rc = syscall(SYS_userfaultfd, 0x40UL);
	out("userfaultfd(0x40 /* UFFD_??? */) = %s\n", sprintrc(rc));
	out("+++ exited with 0 +++\n");
	return 0;
}
