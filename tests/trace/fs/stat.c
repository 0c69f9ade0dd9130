// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * fstat, newfstatat, statx: struct stat abbreviated to the mode and the size (or st_rdev for a
 * device) then "...", statx to what its mask marks valid; -v (the stat-v variant) prints every
 * field, timestamps followed by the local time in a comment.  AT_* and STATX_* flags, unknown
 * bits, a failed call's buffer as an address.  Run with -a0 -e trace=fstat,newfstatat,statx;
 * stat-v with -v -e trace=fstat,statx (formatting local times makes glibc call newfstatat).
 */
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <time.h>

#include "fdtest.h"

static __attribute__((unused)) const char *ts(long long sec, unsigned long long nsec)
{
	static char buf[4][128];
	static int i;
	char *b = buf[i++ % 4];
	time_t t = sec;
	struct tm tm;

	if (!sec && !nsec)
		return "";
	localtime_r(&t, &tm);
	size_t n = strftime(b, 128, " /* %FT%T", &tm);
	if (nsec)
		n += snprintf(b + n, 128 - n, ".%09llu", nsec);
	strftime(b + n, 128 - n, "%z */", &tm);
	return b;
}

static const char *mode_str(unsigned int m)
{
	static char b[64];
	const char *t = S_ISREG(m) ? "S_IFREG" : S_ISDIR(m) ? "S_IFDIR" : S_ISCHR(m) ? "S_IFCHR"
		      : "?";
	snprintf(b, sizeof(b), "%s|%#03o", t, m & 07777);
	return b;
}

static const char *stat_str(const struct stat *st)
{
	static char b[1024];
	char tail[64];

	if (S_ISCHR(st->st_mode))
		snprintf(tail, sizeof(tail), "st_rdev=makedev(%#x, %#x)", major(st->st_rdev),
			 minor(st->st_rdev));
	else
		snprintf(tail, sizeof(tail), "st_size=%lld", (long long)st->st_size);
#ifdef VERBOSE
	snprintf(b, sizeof(b),
		 "{st_dev=makedev(%#x, %#x), st_ino=%llu, st_mode=%s, st_nlink=%llu, st_uid=%u, "
		 "st_gid=%u, st_blksize=%lld, st_blocks=%lld, %s, st_atime=%lld%s, "
		 "st_atime_nsec=%lu, st_mtime=%lld%s, st_mtime_nsec=%lu, st_ctime=%lld%s, "
		 "st_ctime_nsec=%lu}",
		 major(st->st_dev), minor(st->st_dev), (unsigned long long)st->st_ino,
		 mode_str(st->st_mode), (unsigned long long)st->st_nlink, st->st_uid, st->st_gid,
		 (long long)st->st_blksize, (long long)st->st_blocks, tail,
		 (long long)st->st_atim.tv_sec, ts(st->st_atim.tv_sec, st->st_atim.tv_nsec),
		 st->st_atim.tv_nsec, (long long)st->st_mtim.tv_sec,
		 ts(st->st_mtim.tv_sec, st->st_mtim.tv_nsec), st->st_mtim.tv_nsec,
		 (long long)st->st_ctim.tv_sec, ts(st->st_ctim.tv_sec, st->st_ctim.tv_nsec),
		 st->st_ctim.tv_nsec);
#else
	snprintf(b, sizeof(b), "{st_mode=%s, %s, ...}", mode_str(st->st_mode), tail);
#endif
	return b;
}

/* stat-v does not trace newfstatat (see above): its calls are made, not expected. */
#ifdef VERBOSE
#define out_at(...) ((void)0)
#else
#define out_at out
#endif

struct flagname {
	unsigned long long v;
	const char *n;
};

static const struct flagname statx_masks[] = {
	{ 0xfff, "STATX_ALL" }, { 0x7ff, "STATX_BASIC_STATS" }, { 0x1, "STATX_TYPE" },
	{ 0x2, "STATX_MODE" }, { 0x4, "STATX_NLINK" }, { 0x8, "STATX_UID" }, { 0x10, "STATX_GID" },
	{ 0x20, "STATX_ATIME" }, { 0x40, "STATX_MTIME" }, { 0x80, "STATX_CTIME" },
	{ 0x100, "STATX_INO" }, { 0x200, "STATX_SIZE" }, { 0x400, "STATX_BLOCKS" },
	{ 0x800, "STATX_BTIME" }, { 0x1000, "STATX_MNT_ID" }, { 0x2000, "STATX_DIOALIGN" },
	{ 0, NULL }
};

static const struct flagname statx_attrs[] = {
	{ 0x4, "STATX_ATTR_COMPRESSED" }, { 0x10, "STATX_ATTR_IMMUTABLE" },
	{ 0x20, "STATX_ATTR_APPEND" }, { 0x40, "STATX_ATTR_NODUMP" },
	{ 0x800, "STATX_ATTR_ENCRYPTED" }, { 0x1000, "STATX_ATTR_AUTOMOUNT" },
	{ 0x2000, "STATX_ATTR_MOUNT_ROOT" }, { 0x100000, "STATX_ATTR_VERITY" },
	{ 0x200000, "STATX_ATTR_DAX" }, { 0, NULL }
};

/* Flags as strace prints them: names in table order, the rest in hex, "0" for none. */
static void print_flagset(unsigned long long f, const struct flagname *t)
{
	int n = 0;

	if (!f)
		out("0");
	for (; t->n && f; t++)
		if ((f & t->v) == t->v) {
			out("%s%s", n++ ? "|" : "", t->n);
			f &= ~t->v;
		}
	if (f)
		out("%s%#llx", n ? "|" : "", f);
}

int main(void)
{
	char path[64];
	struct stat st;
	long rc;

	snprintf(path, sizeof(path), "/tmp/sttrace-stat-%d", getpid());
	int fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0640);
	if (write(fd, "0123456789", 10) != 10)
		FAIL("write: %m");

	rc = syscall(__NR_fstat, fd, &st);
	out("fstat(%d, %s) = %s\n", fd, stat_str(&st), sprintrc(rc));
	rc = syscall(__NR_fstat, -1, &st);
	out("fstat(-1, %p) = %s\n", &st, sprintrc(rc));
	rc = syscall(__NR_fstat, fd, NULL);
	out("fstat(%d, NULL) = %s\n", fd, sprintrc(rc));
	rc = syscall(__NR_newfstatat, AT_FDCWD, path, &st, 0);
	out_at("newfstatat(AT_FDCWD, \"%s\", %s, 0) = %s\n", path, stat_str(&st), sprintrc(rc));
	rc = syscall(__NR_newfstatat, AT_FDCWD, "/dev/null", &st, AT_SYMLINK_NOFOLLOW);
	out_at("newfstatat(AT_FDCWD, \"/dev/null\", %s, AT_SYMLINK_NOFOLLOW) = %s\n", stat_str(&st),
	    sprintrc(rc));
	rc = syscall(__NR_newfstatat, fd, "", &st, AT_EMPTY_PATH | AT_NO_AUTOMOUNT);
	out_at("newfstatat(%d, \"\", %s, AT_NO_AUTOMOUNT|AT_EMPTY_PATH) = %s\n", fd, stat_str(&st),
	    sprintrc(rc));
	rc = syscall(__NR_newfstatat, AT_FDCWD, "/nonexistent", &st, 0x1);
	out_at("newfstatat(AT_FDCWD, \"/nonexistent\", %p, 0x1 /* AT_??? */) = %s\n", &st,
	    sprintrc(rc));

	struct statx stx;
	memset(&stx, 0, sizeof(stx));
	rc = syscall(__NR_statx, AT_FDCWD, path, 0, STATX_TYPE | STATX_SIZE, &stx);
	/* The kernel fills more than asked, depending on the filesystem: follow its mask. */
	unsigned int m = stx.stx_mask;
	out("statx(AT_FDCWD, \"%s\", AT_STATX_SYNC_AS_STAT, STATX_TYPE|STATX_SIZE, {stx_mask=", path);
	print_flagset(m, statx_masks);
#ifdef VERBOSE
	out(", stx_blksize=%u", stx.stx_blksize);
#endif
	out(", stx_attributes=");
	print_flagset(stx.stx_attributes, statx_attrs);
#ifdef VERBOSE
	if (m & STATX_NLINK)
		out(", stx_nlink=%u", stx.stx_nlink);
	if (m & STATX_UID)
		out(", stx_uid=%u", stx.stx_uid);
	if (m & STATX_GID)
		out(", stx_gid=%u", stx.stx_gid);
#endif
	if (m & (STATX_TYPE | STATX_MODE))
		out(", stx_mode=%s", mode_str(stx.stx_mode));
#ifdef VERBOSE
	if (m & STATX_INO)
		out(", stx_ino=%llu", (unsigned long long)stx.stx_ino);
#endif
	if (m & STATX_SIZE)
		out(", stx_size=%llu", (unsigned long long)stx.stx_size);
#ifdef VERBOSE
	if (m & STATX_BLOCKS)
		out(", stx_blocks=%llu", (unsigned long long)stx.stx_blocks);
	out(", stx_attributes_mask=");
	print_flagset(stx.stx_attributes_mask, statx_attrs);
	const struct statx_timestamp *t[] = { &stx.stx_atime, &stx.stx_btime, &stx.stx_ctime,
					      &stx.stx_mtime };
	const char *tn[] = { "atime", "btime", "ctime", "mtime" };
	const unsigned int tm[] = { STATX_ATIME, STATX_BTIME, STATX_CTIME, STATX_MTIME };
	for (int i = 0; i < 4; i++)
		if (m & tm[i])
			out(", stx_%s={tv_sec=%lld, tv_nsec=%u}%s", tn[i], (long long)t[i]->tv_sec,
			    t[i]->tv_nsec, ts(t[i]->tv_sec, t[i]->tv_nsec));
	out(", stx_rdev_major=%u, stx_rdev_minor=%u, stx_dev_major=%u, stx_dev_minor=%u",
	    stx.stx_rdev_major, stx.stx_rdev_minor, stx.stx_dev_major, stx.stx_dev_minor);
	if (m & STATX_MNT_ID)
		out(", stx_mnt_id=%#llx", (unsigned long long)stx.stx_mnt_id);
	out("}) = %s\n", sprintrc(rc));
#else
	out(", ...}) = %s\n", sprintrc(rc));
#endif
	rc = syscall(__NR_statx, fd, "", AT_EMPTY_PATH | AT_STATX_DONT_SYNC, 0x80000000U, NULL);
	out("statx(%d, \"\", AT_STATX_DONT_SYNC|AT_EMPTY_PATH, 0x80000000 /* STATX_??? */, NULL) "
	    "= %s\n", fd, sprintrc(rc));
	rc = syscall(__NR_statx, -1, "x", AT_SYMLINK_NOFOLLOW, STATX_ALL, &stx);
	out("statx(-1, \"x\", AT_STATX_SYNC_AS_STAT|AT_SYMLINK_NOFOLLOW, STATX_ALL, %p) = %s\n",
	    &stx, sprintrc(rc));
	unlink(path);
	close(fd);
	out("+++ exited with 0 +++\n");
	return 0;
}
