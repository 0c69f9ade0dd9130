// SPDX-License-Identifier: LGPL-2.1-or-later
// strace-7.2: setxattrat, getxattrat, listxattrat and removexattrat are unknown to strace 6.1
/*
 * The *xattrat calls of Linux 6.13: a dirfd, a path, AT_* flags, the name, and struct
 * xattr_args (value, size, flags) sized by the last argument.  setxattrat prints the value
 * at entry; getxattrat with a buffer prints the struct at exit, the value as long as the result
 * (an address when it failed), without one at entry; a short struct is an address, bytes past
 * the known struct show when non-zero.  Skips where the file system has no user xattrs.
 * Run with -a0 -s64 -e trace=setxattrat,getxattrat,listxattrat,removexattrat.
 */
#include <fcntl.h>
#include <stdint.h>

#include "tests.h"

#ifndef __NR_setxattrat
#define __NR_setxattrat 463
#define __NR_getxattrat 464
#define __NR_listxattrat 465
#define __NR_removexattrat 466
#endif

struct xargs {
	uint64_t value;
	uint32_t size, flags;
};

/* The names listxattrat wrote, as strace quotes them. */
static void print_list(const char *list, long len)
{
	putchar('"');
	for (long i = 0; i < len; i++)
		if (list[i])
			putchar(list[i]);
		else
			printf("\\0");
	putchar('"');
}

int main(void)
{
	static const char name[] = "user.sttrace";
	char file[64], val[] = "abc", buf[16], list[256];
	struct xargs a = { .value = (uintptr_t)val, .size = 3, .flags = 1 };
	struct { struct xargs a; uint64_t tail; } big = { a, 1 };
	long rc;

	snprintf(file, sizeof(file), "xattrat-%d", getpid());
	int fd = open(file, O_RDWR | O_CREAT | O_TRUNC, 0600);
	if (fd < 0)
		FAIL("open %s: %m", file);
	rc = syscall(__NR_setxattrat, AT_FDCWD, file, 0, name, &a, sizeof(a));
	if (rc && (errno == EOPNOTSUPP || errno == EPERM)) {
		unlink(file);
		SKIP("no user xattrs here: %m");
	}
	printf("setxattrat(AT_FDCWD, \"%s\", 0, \"%s\", {value=\"abc\", size=3, "
	       "flags=XATTR_CREATE}, %zu) = %s\n", file, name, sizeof(a), sprintrc(rc));
	rc = syscall(__NR_setxattrat, fd, "", AT_EMPTY_PATH, name, &big, sizeof(big));
	printf("setxattrat(%d, \"\", AT_EMPTY_PATH, \"%s\", {value=\"abc\", size=3, "
	       "flags=XATTR_CREATE, /* bytes 16..23 */ \"\\x01\\x00\\x00\\x00\\x00\\x00\\x00\\x00\"}"
	       ", %zu) = %s\n", fd, name, sizeof(big), sprintrc(rc));
	rc = syscall(__NR_setxattrat, AT_FDCWD, file, 0, name, &a, 8);
	printf("setxattrat(AT_FDCWD, \"%s\", 0, \"%s\", %p, 8) = %s\n", file, name, (void *)&a,
	       sprintrc(rc));

	struct xargs g = { .value = (uintptr_t)buf, .size = sizeof(buf) };
	rc = syscall(__NR_getxattrat, AT_FDCWD, file, AT_SYMLINK_NOFOLLOW, name, &g, sizeof(g));
	printf("getxattrat(AT_FDCWD, \"%s\", AT_SYMLINK_NOFOLLOW, \"%s\", {value=\"abc\", "
	       "size=%zu, flags=0}, %zu) = %s\n", file, name, sizeof(buf), sizeof(g), sprintrc(rc));
	rc = syscall(__NR_getxattrat, AT_FDCWD, file, 0, "user.none", &g, sizeof(g));
	printf("getxattrat(AT_FDCWD, \"%s\", 0, \"user.none\", {value=%p, size=%zu, flags=0}, "
	       "%zu) = %s\n", file, (void *)buf, sizeof(buf), sizeof(g), sprintrc(rc));
	struct xargs q = { 0 };
	rc = syscall(__NR_getxattrat, AT_FDCWD, file, 0, name, &q, sizeof(q));
	printf("getxattrat(AT_FDCWD, \"%s\", 0, \"%s\", {value=NULL, size=0, flags=0}, %zu) = %s\n",
	       file, name, sizeof(q), sprintrc(rc));
	rc = syscall(__NR_getxattrat, -1, file, 0, name, NULL, sizeof(q));
	printf("getxattrat(-1, \"%s\", 0, \"%s\", NULL, %zu) = %s\n", file, name, sizeof(q),
	       sprintrc(rc));

	rc = syscall(__NR_listxattrat, AT_FDCWD, file, 0, list, sizeof(list));
	if (rc < 0)
		FAIL("listxattrat: %m");
	printf("listxattrat(AT_FDCWD, \"%s\", 0, ", file);
	print_list(list, rc);
	printf(", %zu) = %ld\n", sizeof(list), rc);
	rc = syscall(__NR_listxattrat, AT_FDCWD, file, 0, NULL, 0);
	printf("listxattrat(AT_FDCWD, \"%s\", 0, NULL, 0) = %s\n", file, sprintrc(rc));
	rc = syscall(__NR_listxattrat, AT_FDCWD, file, 0x4, list, 1);
	printf("listxattrat(AT_FDCWD, \"%s\", 0x4 /* AT_??? */, %p, 1) = %s\n", file,
	       (void *)list, sprintrc(rc));

	rc = syscall(__NR_removexattrat, AT_FDCWD, file, 0, name);
	printf("removexattrat(AT_FDCWD, \"%s\", 0, \"%s\") = %s\n", file, name, sprintrc(rc));
	rc = syscall(__NR_removexattrat, fd, "", AT_EMPTY_PATH | AT_SYMLINK_NOFOLLOW, name);
	printf("removexattrat(%d, \"\", AT_SYMLINK_NOFOLLOW|AT_EMPTY_PATH, \"%s\") = %s\n", fd,
	       name, sprintrc(rc));
	close(fd);
	unlink(file);
	printf("+++ exited with 0 +++\n");
	return 0;
}
