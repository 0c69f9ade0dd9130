// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * File metadata syscalls: fsync, fdatasync, ftruncate, truncate, fallocate, statfs, fstatfs,
 * chmod, fchmod, fchmodat, chown, fchown, fchownat, lchown, umask, utimensat, symlink,
 * symlinkat, link, linkat, mknod, mknodat, rmdir, fchdir, flock.  Success and failure
 * (EBADF, ENOENT, EFAULT), NULL pointers, unknown flag bits.  Run with -a0.
 */
#include <fcntl.h>
#include <inttypes.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/sysmacros.h>

#include "fdtest.h"

#define BADPTR ((void *)0xbadc0ded)

static const char *statfs_flags(unsigned long f)
{
	static const struct { unsigned long v; const char *n; } t[] = {
		{ 0x20, "ST_VALID" }, { 0x1, "ST_RDONLY" }, { 0x2, "ST_NOSUID" },
		{ 0x4, "ST_NODEV" }, { 0x8, "ST_NOEXEC" }, { 0x10, "ST_SYNCHRONOUS" },
		{ 0x40, "ST_MANDLOCK" }, { 0x400, "ST_NOATIME" }, { 0x800, "ST_NODIRATIME" },
		{ 0x1000, "ST_RELATIME" }, { 0x2000, "ST_NOSYMFOLLOW" },
	};
	static char buf[256];
	buf[0] = '\0';
	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		if (f & t[i].v) {
			if (buf[0])
				strcat(buf, "|");
			strcat(buf, t[i].n);
			f &= ~t[i].v;
		}
	if (f)
		snprintf(buf + strlen(buf), 64, "%s%#lx", buf[0] ? "|" : "", f);
	return buf;
}

/* The struct as strace prints it, for the filesystems a test directory may live on. */
static const char *sprint_statfs(const struct statfs *b)
{
	static char buf[1024];
	char type[64];
	switch ((unsigned long)b->f_type) {
	case 0xef53: strcpy(type, "EXT2_SUPER_MAGIC"); break;
	case 0x01021994: strcpy(type, "TMPFS_MAGIC"); break;
	case 0x9123683e: strcpy(type, "BTRFS_SUPER_MAGIC"); break;
	case 0x58465342: strcpy(type, "XFS_SUPER_MAGIC"); break;
	case 0x794c7630: strcpy(type, "OVERLAYFS_SUPER_MAGIC"); break;
	default: SKIP("unknown f_type %#lx", (unsigned long)b->f_type);
	}
	int n = snprintf(buf, sizeof(buf),
			 "{f_type=%s, f_bsize=%ld, f_blocks=%lu, f_bfree=%lu, f_bavail=%lu, "
			 "f_files=%lu, f_ffree=%lu, f_fsid={val=[%#x, %#x]}, f_namelen=%ld, "
			 "f_frsize=%ld",
			 type, (long)b->f_bsize, (unsigned long)b->f_blocks,
			 (unsigned long)b->f_bfree, (unsigned long)b->f_bavail,
			 (unsigned long)b->f_files, (unsigned long)b->f_ffree,
			 (unsigned)b->f_fsid.__val[0], (unsigned)b->f_fsid.__val[1],
			 (long)b->f_namelen, (long)b->f_frsize);
	if (b->f_flags & 0x20)
		n += snprintf(buf + n, sizeof(buf) - n, ", f_flags=%s",
			      statfs_flags(b->f_flags));
	snprintf(buf + n, sizeof(buf) - n, "}");
	return buf;
}

int main(void)
{
	char dir[64], file[96], file2[96], sl[96], node[96];
	long rc;

	snprintf(dir, sizeof(dir), "/tmp/sttrace-fsops-%d", getpid());
	snprintf(file, sizeof(file), "%s/file", dir);
	snprintf(file2, sizeof(file2), "%s/file2", dir);
	snprintf(sl, sizeof(sl), "%s/sl", dir);
	snprintf(node, sizeof(node), "%s/node", dir);
	if (mkdir(dir, 0700))
		FAIL("mkdir: %m");
	int dfd = open(dir, O_RDONLY | O_DIRECTORY);
	int fd = open(file, O_RDWR | O_CREAT, 0600);
	if (dfd < 0 || fd < 0)
		FAIL("open: %m");

	/* fsync, fdatasync, ftruncate, truncate, fallocate */
	rc = syscall(__NR_fsync, fd);
	out("fsync(%d) = %s\n", fd, sprintrc(rc));
	rc = syscall(__NR_fsync, -1);
	out("fsync(-1) = %s\n", sprintrc(rc));
	rc = syscall(__NR_fdatasync, fd);
	out("fdatasync(%d) = %s\n", fd, sprintrc(rc));
	rc = syscall(__NR_fdatasync, 999);
	out("fdatasync(999) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ftruncate, fd, 4096L);
	out("ftruncate(%d, 4096) = %s\n", fd, sprintrc(rc));
	rc = syscall(__NR_ftruncate, fd, -1L);
	out("ftruncate(%d, 18446744073709551615) = %s\n", fd, sprintrc(rc));
	rc = syscall(__NR_truncate, file, 100L);
	out("truncate(\"%s\", 100) = %s\n", file, sprintrc(rc));
	rc = syscall(__NR_truncate, NULL, 100L);
	out("truncate(NULL, 100) = %s\n", sprintrc(rc));
	rc = syscall(__NR_fallocate, fd, 0, 0L, 8192L);
	out("fallocate(%d, 0, 0, 8192) = %s\n", fd, sprintrc(rc));
	rc = syscall(__NR_fallocate, fd, FALLOC_FL_KEEP_SIZE | FALLOC_FL_PUNCH_HOLE, 4096L, 4096L);
	out("fallocate(%d, FALLOC_FL_KEEP_SIZE|FALLOC_FL_PUNCH_HOLE, 4096, 4096) = %s\n", fd,
	    sprintrc(rc));
	rc = syscall(__NR_fallocate, -1, 0x100 | FALLOC_FL_ZERO_RANGE, -1L, 1L);
	out("fallocate(-1, FALLOC_FL_ZERO_RANGE|0x100, -1, 1) = %s\n", sprintrc(rc));

	/* statfs, fstatfs */
	struct statfs sfs;
	rc = syscall(__NR_statfs, dir, &sfs);
	out("statfs(\"%s\", %s) = %s\n", dir, sprint_statfs(&sfs), sprintrc(rc));
	rc = syscall(__NR_fstatfs, fd, &sfs);
	out("fstatfs(%d, %s) = %s\n", fd, sprint_statfs(&sfs), sprintrc(rc));
	rc = syscall(__NR_statfs, file2, &sfs);
	out("statfs(\"%s\", %p) = %s\n", file2, (void *)&sfs, sprintrc(rc));
	rc = syscall(__NR_fstatfs, fd, BADPTR);
	out("fstatfs(%d, %p) = %s\n", fd, BADPTR, sprintrc(rc));
	rc = syscall(__NR_fstatfs, -1, NULL);
	out("fstatfs(-1, NULL) = %s\n", sprintrc(rc));

	/* chmod family */
	rc = syscall(__NR_chmod, file, 0644);
	out("chmod(\"%s\", 0644) = %s\n", file, sprintrc(rc));
	rc = syscall(__NR_chmod, file2, 04755);
	out("chmod(\"%s\", 04755) = %s\n", file2, sprintrc(rc));
	rc = syscall(__NR_fchmod, fd, 0600);
	out("fchmod(%d, 0600) = %s\n", fd, sprintrc(rc));
	rc = syscall(__NR_fchmod, -1, 0);
	out("fchmod(-1, 000) = %s\n", sprintrc(rc));
	rc = syscall(__NR_fchmodat, AT_FDCWD, file, 0640);
	out("fchmodat(AT_FDCWD, \"%s\", 0640) = %s\n", file, sprintrc(rc));
	rc = syscall(__NR_fchmodat, dfd, "file", 01777);
	out("fchmodat(%d, \"file\", 01777) = %s\n", dfd, sprintrc(rc));

	/* chown family: -1 leaves an id unchanged */
	rc = syscall(__NR_chown, file, -1, -1);
	out("chown(\"%s\", -1, -1) = %s\n", file, sprintrc(rc));
	rc = syscall(__NR_chown, file, 0, 0);
	out("chown(\"%s\", 0, 0) = %s\n", file, sprintrc(rc));
	rc = syscall(__NR_chown, NULL, 65534, 65534);
	out("chown(NULL, 65534, 65534) = %s\n", sprintrc(rc));
	rc = syscall(__NR_fchown, fd, 0, -1);
	out("fchown(%d, 0, -1) = %s\n", fd, sprintrc(rc));
	rc = syscall(__NR_lchown, file2, 1, 2);
	out("lchown(\"%s\", 1, 2) = %s\n", file2, sprintrc(rc));
	rc = syscall(__NR_fchownat, AT_FDCWD, file, 0, 0, AT_SYMLINK_NOFOLLOW);
	out("fchownat(AT_FDCWD, \"%s\", 0, 0, AT_SYMLINK_NOFOLLOW) = %s\n", file, sprintrc(rc));
	rc = syscall(__NR_fchownat, fd, "", -1, 0, AT_EMPTY_PATH);
	out("fchownat(%d, \"\", -1, 0, AT_EMPTY_PATH) = %s\n", fd, sprintrc(rc));
	rc = syscall(__NR_fchownat, -1, "x", 1, 1, 0x1);
	out("fchownat(-1, \"x\", 1, 1, 0x1 /* AT_??? */) = %s\n", sprintrc(rc));

	/* umask: the argument and the result in octal */
	rc = syscall(__NR_umask, 022);
	out("umask(022) = %#03lo\n", rc);
	rc = syscall(__NR_umask, 0);
	out("umask(000) = %#03lo\n", rc);
	rc = syscall(__NR_umask, 0777);
	out("umask(0777) = %#03lo\n", rc);
	syscall(__NR_umask, 022);
	out("umask(022) = 0777\n");

	/* utimensat */
	struct timespec ts[2] = { { 1234567890, 123456789 }, { 0, UTIME_NOW } };
	rc = syscall(__NR_utimensat, AT_FDCWD, file, ts, 0);
	out("utimensat(AT_FDCWD, \"%s\", [{tv_sec=1234567890, tv_nsec=123456789} "
	    "/* 2009-02-13T23:31:30.123456789+0000 */, UTIME_NOW], 0) = %s\n",
	    file, sprintrc(rc));
	ts[0].tv_nsec = UTIME_OMIT;
	rc = syscall(__NR_utimensat, dfd, "file", ts, AT_SYMLINK_NOFOLLOW);
	out("utimensat(%d, \"file\", [UTIME_OMIT, UTIME_NOW], AT_SYMLINK_NOFOLLOW) = %s\n", dfd,
	    sprintrc(rc));
	rc = syscall(__NR_utimensat, fd, NULL, NULL, 0);
	out("utimensat(%d, NULL, NULL, 0) = %s\n", fd, sprintrc(rc));
	rc = syscall(__NR_utimensat, AT_FDCWD, file, BADPTR, 0);
	out("utimensat(AT_FDCWD, \"%s\", %p, 0) = %s\n", file, BADPTR, sprintrc(rc));

	/* symlink, symlinkat, link, linkat */
	rc = syscall(__NR_symlink, "file", sl);
	out("symlink(\"file\", \"%s\") = %s\n", sl, sprintrc(rc));
	rc = syscall(__NR_symlink, "file", sl);
	out("symlink(\"file\", \"%s\") = %s\n", sl, sprintrc(rc));
	rc = syscall(__NR_symlinkat, "target", dfd, "sl2");
	out("symlinkat(\"target\", %d, \"sl2\") = %s\n", dfd, sprintrc(rc));
	rc = syscall(__NR_symlinkat, NULL, AT_FDCWD, "sl3");
	out("symlinkat(NULL, AT_FDCWD, \"sl3\") = %s\n", sprintrc(rc));
	rc = syscall(__NR_link, file, file2);
	out("link(\"%s\", \"%s\") = %s\n", file, file2, sprintrc(rc));
	rc = syscall(__NR_link, file, file2);
	out("link(\"%s\", \"%s\") = %s\n", file, file2, sprintrc(rc));
	rc = syscall(__NR_linkat, dfd, "file", AT_FDCWD, "/nonexistent/x", AT_SYMLINK_FOLLOW);
	out("linkat(%d, \"file\", AT_FDCWD, \"/nonexistent/x\", AT_SYMLINK_FOLLOW) = %s\n", dfd,
	    sprintrc(rc));
	rc = syscall(__NR_linkat, dfd, "sl", dfd, "hl", 0);
	out("linkat(%d, \"sl\", %d, \"hl\", 0) = %s\n", dfd, dfd, sprintrc(rc));

	/* mknod, mknodat: dev only for character and block nodes */
	rc = syscall(__NR_mknod, node, S_IFIFO | 0600, 0);
	out("mknod(\"%s\", S_IFIFO|0600) = %s\n", node, sprintrc(rc));
	rc = syscall(__NR_mknod, node, S_IFCHR | 0600, makedev(1, 3));
	out("mknod(\"%s\", S_IFCHR|0600, makedev(0x1, 0x3)) = %s\n", node, sprintrc(rc));
	rc = syscall(__NR_mknodat, dfd, "blk", S_IFBLK | 0644, makedev(8, 0x101));
	out("mknodat(%d, \"blk\", S_IFBLK|0644, makedev(0x8, 0x101)) = %s\n", dfd, sprintrc(rc));
	rc = syscall(__NR_mknodat, AT_FDCWD, NULL, S_IFREG | 0400, 0);
	out("mknodat(AT_FDCWD, NULL, S_IFREG|0400) = %s\n", sprintrc(rc));

	/* flock */
	rc = syscall(__NR_flock, fd, LOCK_EX | LOCK_NB);
	out("flock(%d, LOCK_EX|LOCK_NB) = %s\n", fd, sprintrc(rc));
	rc = syscall(__NR_flock, fd, LOCK_UN);
	out("flock(%d, LOCK_UN) = %s\n", fd, sprintrc(rc));
	rc = syscall(__NR_flock, -1, LOCK_SH | 0x100);
	out("flock(-1, LOCK_SH|0x100) = %s\n", sprintrc(rc));

	/* fchdir, rmdir */
	rc = syscall(__NR_fchdir, dfd);
	out("fchdir(%d) = %s\n", dfd, sprintrc(rc));
	rc = syscall(__NR_fchdir, fd);
	out("fchdir(%d) = %s\n", fd, sprintrc(rc));
	rc = syscall(__NR_rmdir, dir);
	out("rmdir(\"%s\") = %s\n", dir, sprintrc(rc));

	unlink(file);
	unlink(file2);
	unlink(sl);
	unlink(node);
	unlinkat(dfd, "sl2", 0);
	unlinkat(dfd, "hl", 0);
	unlinkat(dfd, "blk", 0);
	chdir("/");
	rc = syscall(__NR_rmdir, dir);
	out("rmdir(\"%s\") = %s\n", dir, sprintrc(rc));
	rc = syscall(__NR_rmdir, BADPTR);
	out("rmdir(%p) = %s\n", BADPTR, sprintrc(rc));
	out("+++ exited with 0 +++\n");
	return 0;
}
