// SPDX-License-Identifier: LGPL-2.1-or-later
// strace-7.2-lines: FAN_MARK_FLUSH ;; strace 7.2 names fanotify flags in another order than 6.1
/*
 * Mounting and file system calls: mount (flags, the MS_MGC_VAL magic, no type and data for a
 * bind), the new mount API (fsopen, fspick, open_tree, fsmount, move_mount, fsconfig by
 * command, mount_setattr with its struct mount_attr), swapon (flags with a priority), ustat,
 * the xattr calls (value without its trailing NUL, list sized by the result) and fanotify.
 * Every call fails on a path or descriptor that does not exist: nothing is mounted.  Run with
 * -a0 -s16.
 */
#include <fcntl.h>
#include <inttypes.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>

#include "fdtest.h"

#define NOPATH "/nonexistent-sttrace"

static long sys(long nr, long a, long b, long c, long d, long e)
{
	return syscall(nr, a, b, c, d, e);
}

static void test_mount(void)
{
	long rc = sys(SYS_mount, (long)NOPATH, (long)"/mnt-x", (long)"tmpfs", 0xc0ed0000 | 0x1 | 0x2,
		      (long)"size=1m");
	out("mount(\"" NOPATH "\", \"/mnt-x\", \"tmpfs\", MS_MGC_VAL|MS_RDONLY|MS_NOSUID, "
	    "\"size=1m\") = %s\n", sprintrc(rc));
	rc = sys(SYS_mount, (long)NOPATH, (long)"/mnt-x", 0xbad0, 0x1000 | 0x4000, 0xbad1);
	out("mount(\"" NOPATH "\", \"/mnt-x\", 0xbad0, MS_BIND|MS_REC, 0xbad1) = %s\n",
	    sprintrc(rc));
	rc = sys(SYS_mount, (long)NOPATH, (long)"/mnt-x", (long)"ext4", 0x300, (long)"x");
	out("mount(\"" NOPATH "\", \"/mnt-x\", \"ext4\", MS_NOSYMFOLLOW|0x200, \"x\") = %s\n",
	    sprintrc(rc));
}

static void test_new_api(void)
{
	long rc = sys(SYS_fsopen, (long)"nofs-sttrace", 3, 0, 0, 0);
	out("fsopen(\"nofs-sttrace\", FSOPEN_CLOEXEC|0x2) = %s\n", sprintrc(rc));
	rc = sys(SYS_fspick, -1, (long)NOPATH, 0x9, 0, 0);
	out("fspick(-1, \"" NOPATH "\", FSPICK_CLOEXEC|FSPICK_EMPTY_PATH) = %s\n", sprintrc(rc));
	rc = sys(SYS_open_tree, AT_FDCWD, (long)NOPATH, 0x80001, 0, 0);
	out("open_tree(AT_FDCWD, \"" NOPATH "\", OPEN_TREE_CLONE|OPEN_TREE_CLOEXEC) = %s\n",
	    sprintrc(rc));
	rc = sys(SYS_fsmount, -1, 1, 0x11, 0, 0);
	out("fsmount(-1, FSMOUNT_CLOEXEC, MOUNT_ATTR_RDONLY|MOUNT_ATTR_NOATIME) = %s\n", sprintrc(rc));
	rc = sys(SYS_fsmount, -1, 0, 0x40, 0, 0);
	out("fsmount(-1, 0, 0x40 /* MOUNT_ATTR_??? */) = %s\n", sprintrc(rc));
	rc = sys(SYS_move_mount, -1, (long)"", AT_FDCWD, (long)NOPATH, 0x4);
	out("move_mount(-1, \"\", AT_FDCWD, \"" NOPATH "\", MOVE_MOUNT_F_EMPTY_PATH) = %s\n",
	    sprintrc(rc));
	rc = sys(SYS_fsconfig, -1, 1, (long)"source", (long)"none", 0);
	out("fsconfig(-1, FSCONFIG_SET_STRING, \"source\", \"none\", 0) = %s\n", sprintrc(rc));
	rc = sys(SYS_fsconfig, -1, 3, (long)"path", (long)NOPATH, AT_FDCWD);
	out("fsconfig(-1, FSCONFIG_SET_PATH, \"path\", \"" NOPATH "\", AT_FDCWD) = %s\n",
	    sprintrc(rc));
	rc = sys(SYS_fsconfig, -1, 6, 0, 0, 0);
	out("fsconfig(-1, FSCONFIG_CMD_CREATE, NULL, NULL, 0) = %s\n", sprintrc(rc));
	rc = sys(SYS_fsconfig, -1, 9, 0, 0, 0);
	out("fsconfig(-1, 0x9 /* FSCONFIG_??? */, NULL, NULL, 0) = %s\n", sprintrc(rc));

	uint64_t attr[4] = { 0x1, 0x2, 1u << 18, 0 };
	rc = sys(SYS_mount_setattr, -1, (long)NOPATH, 0x8000, (long)attr, sizeof(attr));
	out("mount_setattr(-1, \"" NOPATH "\", AT_RECURSIVE, {attr_set=MOUNT_ATTR_RDONLY, "
	    "attr_clr=MOUNT_ATTR_NOSUID, propagation=MS_PRIVATE, userns_fd=0}, 32) = %s\n",
	    sprintrc(rc));
	rc = sys(SYS_mount_setattr, -1, (long)NOPATH, 0, (long)attr, 16);
	out("mount_setattr(-1, \"" NOPATH "\", 0, %p, 16) = %s\n", (void *)attr, sprintrc(rc));
}

static void test_swap_ustat(void)
{
	long rc = sys(SYS_swapon, (long)NOPATH, 0x8000 | 0x10000 | 7, 0, 0, 0);
	out("swapon(\"" NOPATH "\", SWAP_FLAG_PREFER|SWAP_FLAG_DISCARD|7) = %s\n", sprintrc(rc));
	rc = sys(SYS_swapon, (long)NOPATH, 0, 0, 0, 0);
	out("swapon(\"" NOPATH "\", 0) = %s\n", sprintrc(rc));
	rc = sys(SYS_ustat, (long)makedev(0xfff, 0xfffff), 0, 0, 0, 0);
	out("ustat(makedev(0xfff, 0xfffff), NULL) = %s\n", sprintrc(rc));
}

static void test_xattr(void)
{
	static const char val[] = "foo\0bar";
	long rc = sys(SYS_fsetxattr, -1, (long)"user.test", (long)val, sizeof(val), 2);
	out("fsetxattr(-1, \"user.test\", \"foo\\0bar\", 8, XATTR_REPLACE) = %s\n", sprintrc(rc));
	rc = sys(SYS_setxattr, (long)NOPATH, (long)"user.test", (long)val, 3, 4);
	out("setxattr(\"" NOPATH "\", \"user.test\", \"foo\", 3, 0x4 /* XATTR_??? */) = %s\n",
	    sprintrc(rc));
	rc = sys(SYS_lgetxattr, (long)NOPATH, (long)"user.test", (long)val, 8, 0);
	out("lgetxattr(\"" NOPATH "\", \"user.test\", %p, 8) = %s\n", (void *)val, sprintrc(rc));
	rc = sys(SYS_flistxattr, -1, 0, 0, 0, 0);
	out("flistxattr(-1, NULL, 0) = %s\n", sprintrc(rc));
}

static void test_fanotify(void)
{
	long rc = sys(SYS_fanotify_init, 0xc, O_WRONLY, 0, 0, 0);
	out("fanotify_init(0xc /* FAN_CLASS_??? */, O_WRONLY) = %s\n", sprintrc(rc));
	rc = sys(SYS_fanotify_mark, -1, 0x1 | 0x10, 0x8 | 0x20, -1, (long)NOPATH);
	out("fanotify_mark(-1, FAN_MARK_ADD|FAN_MARK_MOUNT, FAN_CLOSE_WRITE|FAN_OPEN, FAN_NOFD, "
	    "\"" NOPATH "\") = %s\n", sprintrc(rc));
	rc = sys(SYS_fanotify_mark, -1, 0x2, 0, AT_FDCWD, 0);
	out("fanotify_mark(-1, FAN_MARK_REMOVE, 0, AT_FDCWD, NULL) = %s\n", sprintrc(rc));
	/* strace 7.2's order: FAN_MARK_FLUSH right after the operations, FAN_ONDIR last. */
	rc = sys(SYS_fanotify_mark, -1, 0x1 | 0x80 | 0x4, 0x40000000 | 0x8000000 | 0x1, -1, 0);
	out("fanotify_mark(-1, FAN_MARK_ADD|FAN_MARK_FLUSH|FAN_MARK_DONT_FOLLOW, "
	    "FAN_ACCESS|FAN_EVENT_ON_CHILD|FAN_ONDIR, FAN_NOFD, NULL) = %s\n", sprintrc(rc));
}

int main(void)
{
	test_mount();
	test_new_api();
	test_swap_ustat();
	test_xattr();
	test_fanotify();
	out("+++ exited with 0 +++\n");
	return 0;
}
