// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * -y on descriptors that are not syscall arguments of the caller's own table: pidfd_getfd's
 * target, a descriptor of the pidfd's process (here a child that holds /dev/full where its
 * parent has /dev/zero under the same number, and that exits before the parent goes on), and
 * mount_setattr's userns_fd inside its struct mount_attr.  Under --bpf both are described in
 * the kernel at the call.  Run with -a0 -y -e signal=none -e trace=pidfd_getfd,mount_setattr.
 */
#include <fcntl.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#include "fdtest.h"

#define MOUNT_ATTR_IDMAP_ 0x00100000

static int open_at(const char *path, int want)
{
	int fd = open(path, O_RDONLY);

	if (fd < 0 || (want >= 0 && fd != want))
		FAIL("open %s: %d %m", path, fd);
	return fd;
}

static void test_pidfd_getfd(void)
{
	int fds[2];

	if (pipe(fds))
		FAIL("pipe: %m");
	int fd = open_at("/dev/full", -1);
	pid_t pid = fork();
	if (pid < 0)
		FAIL("fork: %m");
	if (pid == 0) {
		char c;
		close(fds[1]);
		_exit(read(fds[0], &c, 1) == 0 ? 0 : 1);
	}
	close(fd);
	open_at("/dev/zero", fd); /* the parent's descriptor of that number */
	close(fds[0]);
	int pidfd = (int)syscall(SYS_pidfd_open, pid, 0);
	if (pidfd < 0)
		FAIL("pidfd_open: %m");
	long rc = syscall(SYS_pidfd_getfd, pidfd, fd, 0);
	/* The child exits at once: what it held is gone before a late reader could look. */
	close(fds[1]);
	if (waitpid(pid, NULL, 0) != pid)
		FAIL("waitpid: %m");
	if (rc < 0)
		out("pidfd_getfd(%d<anon_inode:[pidfd]>, %d</dev/full>, 0) = %s\n", pidfd, fd,
		    sprintrc(rc));
	else
		out("pidfd_getfd(%d<anon_inode:[pidfd]>, %d</dev/full>, 0) = %ld</dev/full>\n",
		    pidfd, fd, rc);
}

static void test_mount_setattr(void)
{
	int fd = open_at("/dev/zero", -1);
	struct {
		unsigned long long attr_set, attr_clr, propagation, userns_fd;
	} attr = { MOUNT_ATTR_IDMAP_, 0, 1 << 18 /* MS_PRIVATE */, (unsigned int)fd };
	long rc = syscall(SYS_mount_setattr, -1, "/nonexistent-sttrace", 0, &attr, sizeof(attr));
	out("mount_setattr(-1, \"/nonexistent-sttrace\", 0, {attr_set=MOUNT_ATTR_IDMAP, "
	    "attr_clr=0, propagation=MS_PRIVATE, userns_fd=%d</dev/zero>}, 32) = %s\n", fd, sprintrc(rc));
}

int main(void)
{
	test_pidfd_getfd();
	test_mount_setattr();
	out("+++ exited with 0 +++\n");
	return 0;
}
