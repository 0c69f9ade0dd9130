// SPDX-License-Identifier: LGPL-2.1-or-later
// strace-7.2: file_getattr and file_setattr are unknown to strace 6.1
/*
 * file_getattr and file_setattr (Linux 6.17): a dirfd, a path, struct file_attr sized by the
 * next argument, AT_* flags.  file_getattr prints the struct at exit with fa_nextents (an
 * address when it failed); file_setattr at entry without it.  A size under 24 bytes is an
 * address, so is one over a page; bytes past the struct show when non-zero.
 * Run with -a0 -e trace=file_getattr,file_setattr.
 */
#include <fcntl.h>
#include <linux/fs.h>
#include <stdint.h>

#include "tests.h"

#ifndef __NR_file_getattr
#define __NR_file_getattr 468
#define __NR_file_setattr 469
#endif

struct fattr {
	uint64_t fa_xflags;
	uint32_t fa_extsize, fa_nextents, fa_projid, fa_cowextsize;
};

int main(void)
{
	char file[64];
	struct fattr fa = { 0 };
	struct { struct fattr fa; uint64_t tail; } big = { .tail = 0xff };
	long rc;

	snprintf(file, sizeof(file), "file-attr-%d", getpid());
	int fd = open(file, O_RDWR | O_CREAT | O_TRUNC, 0600);
	if (fd < 0)
		FAIL("open %s: %m", file);
	close(fd);

	rc = syscall(__NR_file_getattr, AT_FDCWD, file, &fa, sizeof(fa), 0);
	if (rc == 0 && fa.fa_xflags)
		SKIP("the file has FS_XFLAG_* attributes: %#llx", (unsigned long long)fa.fa_xflags);
	printf("file_getattr(AT_FDCWD, \"%s\", ", file);
	if (rc == 0)
		printf("{fa_xflags=0, fa_extsize=%u, fa_nextents=%u, fa_projid=%#x, "
		       "fa_cowextsize=%u}", fa.fa_extsize, fa.fa_nextents, fa.fa_projid,
		       fa.fa_cowextsize);
	else
		printf("%p", (void *)&fa);
	printf(", %zu, 0) = %s\n", sizeof(fa), sprintrc(rc));

	rc = syscall(__NR_file_getattr, AT_FDCWD, "no-such-file", &fa, sizeof(fa),
		     AT_SYMLINK_NOFOLLOW);
	printf("file_getattr(AT_FDCWD, \"no-such-file\", %p, %zu, AT_SYMLINK_NOFOLLOW) = %s\n",
	       (void *)&fa, sizeof(fa), sprintrc(rc));
	rc = syscall(__NR_file_getattr, -1, "", &fa, 16, AT_EMPTY_PATH);
	printf("file_getattr(-1, \"\", %p, 16, AT_EMPTY_PATH) = %s\n", (void *)&fa, sprintrc(rc));

	struct fattr s = { .fa_xflags = FS_XFLAG_APPEND | FS_XFLAG_NODUMP | 0x40000000,
			   .fa_extsize = 7, .fa_nextents = 5, .fa_projid = 0x2a,
			   .fa_cowextsize = 9 };
	rc = syscall(__NR_file_setattr, AT_FDCWD, "no-such-file", &s, sizeof(s), 0);
	printf("file_setattr(AT_FDCWD, \"no-such-file\", {fa_xflags=FS_XFLAG_APPEND|"
	       "FS_XFLAG_NODUMP|0x40000000, fa_extsize=7, fa_projid=0x2a, fa_cowextsize=9}, "
	       "%zu, 0) = %s\n", sizeof(s), sprintrc(rc));
	rc = syscall(__NR_file_setattr, AT_FDCWD, file, &big, sizeof(big), 0x2);
	printf("file_setattr(AT_FDCWD, \"%s\", {fa_xflags=0, fa_extsize=0, fa_projid=0, "
	       "fa_cowextsize=0, /* bytes 24..31 */ \"\\xff\\x00\\x00\\x00\\x00\\x00\\x00\\x00\"}, "
	       "%zu, 0x2 /* AT_??? */) = %s\n", file, sizeof(big), sprintrc(rc));
	rc = syscall(__NR_file_setattr, AT_FDCWD, file, &s, 4097, 0);
	printf("file_setattr(AT_FDCWD, \"%s\", %p, 4097, 0) = %s\n", file, (void *)&s,
	       sprintrc(rc));
	rc = syscall(__NR_file_setattr, AT_FDCWD, file, NULL, sizeof(s), 0);
	printf("file_setattr(AT_FDCWD, \"%s\", NULL, %zu, 0) = %s\n", file, sizeof(s),
	       sprintrc(rc));
	unlink(file);
	printf("+++ exited with 0 +++\n");
	return 0;
}
