// SPDX-License-Identifier: LGPL-2.1-or-later
// strace-7.2: cachestat, fchmodat2, map_shadow_stack and mseal are unknown to strace 6.1
/*
 * Syscalls of Linux 6.5 to 6.10 that the table decodes by argument kinds: cachestat (its range
 * read at entry, its counters at exit, then the flags), fchmodat2 (fchmodat with AT_* flags),
 * map_shadow_stack (only failing calls: a shadow stack's address would differ between runs)
 * and mseal.  Run with -a0 -e trace=cachestat,fchmodat2,map_shadow_stack,mseal.
 */
#include <fcntl.h>
#include <stdint.h>
#include <sys/mman.h>

#include "tests.h"

#ifndef __NR_cachestat
#define __NR_cachestat 451
#endif
#ifndef __NR_fchmodat2
#define __NR_fchmodat2 452
#endif
#ifndef __NR_map_shadow_stack
#define __NR_map_shadow_stack 453
#endif
#ifndef __NR_mseal
#define __NR_mseal 462
#endif

struct range {
	uint64_t off, len;
};

struct cstat {
	uint64_t nr_cache, nr_dirty, nr_writeback, nr_evicted, nr_recently_evicted;
};

static void test_cachestat(const char *file)
{
	struct range r = { .off = 0x1000, .len = 8192 };
	struct cstat s;
	char page[4096] = { 1 };
	int fd = open(file, O_RDWR | O_CREAT | O_TRUNC, 0600);
	long rc;

	if (fd < 0 || write(fd, page, sizeof(page)) != sizeof(page) ||
	    write(fd, page, sizeof(page)) != sizeof(page))
		FAIL("open/write %s: %m", file);
	rc = syscall(__NR_cachestat, fd, &r, &s, 0);
	if (rc)
		FAIL("cachestat: %m");
	printf("cachestat(%d, {off=%#llx, len=%llu}, {nr_cache=%llu, nr_dirty=%llu, "
	       "nr_writeback=%llu, nr_evicted=%llu, nr_recently_evicted=%llu}, 0) = 0\n", fd,
	       (unsigned long long)r.off, (unsigned long long)r.len,
	       (unsigned long long)s.nr_cache, (unsigned long long)s.nr_dirty,
	       (unsigned long long)s.nr_writeback, (unsigned long long)s.nr_evicted,
	       (unsigned long long)s.nr_recently_evicted);
	rc = syscall(__NR_cachestat, fd, &r, &s, 0x10);
	printf("cachestat(%d, {off=%#llx, len=%llu}, %p, 0x10) = %s\n", fd,
	       (unsigned long long)r.off, (unsigned long long)r.len, (void *)&s, sprintrc(rc));
	rc = syscall(__NR_cachestat, -1, NULL, NULL, 0);
	printf("cachestat(-1, NULL, NULL, 0) = %s\n", sprintrc(rc));
	rc = syscall(__NR_cachestat, fd, 8, NULL, 0);
	printf("cachestat(%d, 0x8, NULL, 0) = %s\n", fd, sprintrc(rc));
	close(fd);
}

static void test_fchmodat2(const char *file)
{
	long rc = syscall(__NR_fchmodat2, AT_FDCWD, file, 0640, 0);

	printf("fchmodat2(AT_FDCWD, \"%s\", 0640, 0) = %s\n", file, sprintrc(rc));
	rc = syscall(__NR_fchmodat2, AT_FDCWD, file, 0600, AT_SYMLINK_NOFOLLOW);
	printf("fchmodat2(AT_FDCWD, \"%s\", 0600, AT_SYMLINK_NOFOLLOW) = %s\n", file, sprintrc(rc));
	rc = syscall(__NR_fchmodat2, -1, "", 04755, AT_SYMLINK_NOFOLLOW | AT_EMPTY_PATH);
	printf("fchmodat2(-1, \"\", 04755, AT_SYMLINK_NOFOLLOW|AT_EMPTY_PATH) = %s\n", sprintrc(rc));
	rc = syscall(__NR_fchmodat2, AT_FDCWD, file, 0, 0xffffeeff);
	printf("fchmodat2(AT_FDCWD, \"%s\", 000, 0xffffeeff /* AT_??? */) = %s\n", file,
	       sprintrc(rc));
	rc = syscall(__NR_fchmodat2, AT_FDCWD, NULL, 0600, 0);
	printf("fchmodat2(AT_FDCWD, NULL, 0600, 0) = %s\n", sprintrc(rc));
}

int main(void)
{
	char file[64];
	long rc;

	snprintf(file, sizeof(file), "mm-fs-new-%d", getpid());
	test_cachestat(file);
	test_fchmodat2(file);
	unlink(file);

	rc = syscall(__NR_map_shadow_stack, 0, 0, 0);
	printf("map_shadow_stack(NULL, 0, 0) = %s\n", sprintrc(rc));
	rc = syscall(__NR_map_shadow_stack, 0x10000, 4096, 3);
	printf("map_shadow_stack(0x10000, 4096, SHADOW_STACK_SET_TOKEN|0x2) = %s\n", sprintrc(rc));
	rc = syscall(__NR_map_shadow_stack, 0, 4096, 2);
	printf("map_shadow_stack(NULL, 4096, 0x2 /* SHADOW_STACK_??? */) = %s\n", sprintrc(rc));

	void *p = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		FAIL("mmap: %m");
	rc = syscall(__NR_mseal, p, 4096, 0);
	printf("mseal(%p, 4096, 0) = %s\n", p, sprintrc(rc));
	rc = syscall(__NR_mseal, p, 4096, 0xdeadbeefUL);
	printf("mseal(%p, 4096, 0xdeadbeef) = %s\n", p, sprintrc(rc));
	rc = syscall(__NR_mseal, 0, 0, 0);
	printf("mseal(NULL, 0, 0) = %s\n", sprintrc(rc));
	printf("+++ exited with 0 +++\n");
	return 0;
}
