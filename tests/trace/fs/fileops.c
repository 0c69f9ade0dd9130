// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * Path and descriptor syscalls printed by their argument kinds plus small decoders: access,
 * faccessat2, dup, dup2, dup3, pipe2, lseek, chdir, getcwd, mkdir, mkdirat, unlink, unlinkat,
 * rename, renameat2, close.  Success and failure (EBADF, ENOENT, EFAULT), unknown flag bits.
 * Linked static (the loader closes fds); readlink is tested apart, as static startup calls it.
 * Run with -a0 -s16.
 */
#include <fcntl.h>
#include <linux/fs.h>
#include <string.h>
#include <sys/stat.h>

#include "fdtest.h"

int main(void)
{
	char dir[64], sub[96], file[96], link[96], cwd[256], target[100];
	long rc;

	snprintf(dir, sizeof(dir), "/tmp/sttrace-fileops-%d", getpid());
	snprintf(sub, sizeof(sub), "%s/sub", dir);
	snprintf(file, sizeof(file), "%s/file", dir);
	snprintf(link, sizeof(link), "%s/link", dir);
	memset(target, 'z', sizeof(target) - 1);
	target[sizeof(target) - 1] = '\0';

	rc = syscall(__NR_mkdir, dir, 0755);
	out("mkdir(\"%s\", 0755) = %s\n", dir, sprintrc(rc));
	rc = syscall(__NR_mkdir, dir, 0700);
	out("mkdir(\"%s\", 0700) = %s\n", dir, sprintrc(rc));
	rc = syscall(__NR_chdir, dir);
	out("chdir(\"%s\") = %s\n", dir, sprintrc(rc));
	rc = syscall(__NR_chdir, NULL);
	out("chdir(NULL) = %s\n", sprintrc(rc));
	rc = syscall(__NR_getcwd, cwd, sizeof(cwd));
	out("getcwd(\"%s\", %zu) = %s\n", dir, sizeof(cwd), sprintrc(rc));
	rc = syscall(__NR_getcwd, cwd, 4);
	out("getcwd(%p, 4) = %s\n", cwd, sprintrc(rc));
	rc = syscall(__NR_mkdirat, AT_FDCWD, "sub", 01777);
	out("mkdirat(AT_FDCWD, \"sub\", 01777) = %s\n", sprintrc(rc));

	rc = syscall(__NR_access, file, F_OK);
	out("access(\"%s\", F_OK) = %s\n", file, sprintrc(rc));
	rc = syscall(__NR_access, dir, R_OK | W_OK | X_OK);
	out("access(\"%s\", R_OK|W_OK|X_OK) = %s\n", dir, sprintrc(rc));
	rc = syscall(__NR_access, dir, 0x10 | R_OK);
	out("access(\"%s\", R_OK|0x10) = %s\n", dir, sprintrc(rc));
	rc = syscall(__NR_faccessat2, AT_FDCWD, "sub", W_OK, AT_EACCESS | AT_SYMLINK_NOFOLLOW);
	out("faccessat2(AT_FDCWD, \"sub\", W_OK, AT_SYMLINK_NOFOLLOW|AT_EACCESS) = %s\n",
	    sprintrc(rc));
	rc = syscall(__NR_faccessat2, -1, "sub", X_OK, 0x80000000);
	out("faccessat2(-1, \"sub\", X_OK, 0x80000000 /* AT_??? */) = %s\n", sprintrc(rc));

	int fd = open(file, O_RDWR | O_CREAT, 0600);
	rc = syscall(__NR_dup, fd);
	out("dup(%d) = %s\n", fd, sprintrc(rc));
	int fd2 = (int)rc;
	rc = syscall(__NR_dup, -1);
	out("dup(-1) = %s\n", sprintrc(rc));
	rc = syscall(__NR_dup2, fd, 20);
	out("dup2(%d, 20) = %s\n", fd, sprintrc(rc));
	rc = syscall(__NR_dup3, fd, 21, O_CLOEXEC);
	out("dup3(%d, 21, O_CLOEXEC) = %s\n", fd, sprintrc(rc));
	rc = syscall(__NR_dup3, fd, 22, 0x1);
	out("dup3(%d, 22, 0x1 /* O_??? */) = %s\n", fd, sprintrc(rc));
	rc = syscall(__NR_close, 20);
	out("close(20) = %s\n", sprintrc(rc));
	rc = syscall(__NR_close, 21);
	out("close(21) = %s\n", sprintrc(rc));
	rc = syscall(__NR_close, 20);
	out("close(20) = %s\n", sprintrc(rc));

	int pfd[2];
	rc = syscall(__NR_pipe2, pfd, O_CLOEXEC | O_NONBLOCK);
	out("pipe2([%d, %d], O_NONBLOCK|O_CLOEXEC) = %s\n", pfd[0], pfd[1], sprintrc(rc));
	rc = syscall(__NR_pipe2, NULL, 0);
	out("pipe2(NULL, 0) = %s\n", sprintrc(rc));
	rc = syscall(__NR_pipe2, pfd, O_DIRECT | O_RDWR);
	out("pipe2(%p, O_DIRECT|0x2) = %s\n", pfd, sprintrc(rc));

	rc = syscall(__NR_lseek, fd, 100, SEEK_SET);
	out("lseek(%d, 100, SEEK_SET) = %s\n", fd, sprintrc(rc));
	rc = syscall(__NR_lseek, fd, -10L, SEEK_CUR);
	out("lseek(%d, -10, SEEK_CUR) = %s\n", fd, sprintrc(rc));
	rc = syscall(__NR_lseek, fd, 0, SEEK_DATA);
	out("lseek(%d, 0, SEEK_DATA) = %s\n", fd, sprintrc(rc));
	rc = syscall(__NR_lseek, fd, 0, 7);
	out("lseek(%d, 0, 0x7 /* SEEK_??? */) = %s\n", fd, sprintrc(rc));
	rc = syscall(__NR_lseek, pfd[0], 0, SEEK_END);
	out("lseek(%d, 0, SEEK_END) = %s\n", pfd[0], sprintrc(rc));

	if (symlink(target, link))
		FAIL("symlink: %m");
	rc = syscall(__NR_rename, file, "file2");
	out("rename(\"%s\", \"file2\") = %s\n", file, sprintrc(rc));
	rc = syscall(__NR_renameat2, AT_FDCWD, "file2", AT_FDCWD, "link", RENAME_NOREPLACE);
	out("renameat2(AT_FDCWD, \"file2\", AT_FDCWD, \"link\", RENAME_NOREPLACE) = %s\n",
	    sprintrc(rc));
	rc = syscall(__NR_renameat2, AT_FDCWD, "file2", AT_FDCWD, "link",
		     RENAME_EXCHANGE | 0x100);
	out("renameat2(AT_FDCWD, \"file2\", AT_FDCWD, \"link\", RENAME_EXCHANGE|0x100) = %s\n",
	    sprintrc(rc));
	rc = syscall(__NR_unlink, "link");
	out("unlink(\"link\") = %s\n", sprintrc(rc));
	rc = syscall(__NR_unlink, "link");
	out("unlink(\"link\") = %s\n", sprintrc(rc));
	rc = syscall(__NR_unlinkat, AT_FDCWD, "file2", 0);
	out("unlinkat(AT_FDCWD, \"file2\", 0) = %s\n", sprintrc(rc));
	rc = syscall(__NR_unlinkat, AT_FDCWD, "sub", AT_REMOVEDIR);
	out("unlinkat(AT_FDCWD, \"sub\", AT_REMOVEDIR) = %s\n", sprintrc(rc));
	/* (On the stack: a literal in a read-only page the program never touched, of a call
	 * that fails before the kernel reads it, is read by --bpf from the live process, which a
	 * replay cannot do: docs/record.md.) */
	char x[] = "x";
	rc = syscall(__NR_unlinkat, fd, x, 0x1);
	out("unlinkat(%d, \"x\", 0x1 /* AT_??? */) = %s\n", fd, sprintrc(rc));
	rc = syscall(__NR_chdir, "/");
	out("chdir(\"/\") = %s\n", sprintrc(rc));
	rmdir(dir);
	rc = syscall(__NR_close, fd2);
	out("close(%d) = %s\n", fd2, sprintrc(rc));
	out("+++ exited with 0 +++\n");
	return 0;
}
