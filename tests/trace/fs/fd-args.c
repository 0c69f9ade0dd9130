// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * -y on descriptors in places other than an fd argument: kcmp's idx1 and idx2 (KCMP_FILE),
 * landlock_add_rule's parent_fd inside its attribute, the pidfd clone writes at parent_tid
 * (CLONE_PIDFD).  Under --bpf the kernel describes each at the stop.
 * Run with -a0 -y -e trace=kcmp,landlock_add_rule,clone -e signal=none.
 */
#include <fcntl.h>
#include <linux/kcmp.h>
#include <linux/landlock.h>
#include <sched.h>
#include <signal.h>
#include <sys/wait.h>

#include "fdtest.h"

int main(void)
{
	int a = open("/dev/null", O_RDONLY), b = open("/dev/zero", O_RDONLY);
	long rc;

	if (a < 0 || b < 0)
		FAIL("open: %m");
	/* The same file twice (0: equal): two files order by their addresses, which vary. */
	int a2 = dup(a);
	rc = syscall(__NR_kcmp, getpid(), getpid(), KCMP_FILE, a, a2);
	out("kcmp(%d, %d, KCMP_FILE, %d</dev/null>, %d</dev/null>) = %s\n", getpid(), getpid(), a,
	    a2, sprintrc(rc));
	struct landlock_path_beneath_attr attr = { .allowed_access = LANDLOCK_ACCESS_FS_EXECUTE,
						   .parent_fd = b };
	rc = syscall(__NR_landlock_add_rule, a, LANDLOCK_RULE_PATH_BENEATH, &attr, 0);
	out("landlock_add_rule(%d</dev/null>, LANDLOCK_RULE_PATH_BENEATH, "
	    "{allowed_access=LANDLOCK_ACCESS_FS_EXECUTE, parent_fd=%d</dev/zero>}, 0) = %s\n", a, b,
	    sprintrc(rc));
	int pidfd = -1;
	long pid = syscall(__NR_clone, CLONE_PIDFD | SIGCHLD, 0, &pidfd, 0, 0);
	if (pid == 0)
		_exit(0);
	if (pid < 0)
		FAIL("clone: %m");
	out("clone(child_stack=NULL, flags=CLONE_PIDFD|SIGCHLD, parent_tid=[%d<anon_inode:[pidfd]>]) "
	    "= %ld\n", pidfd, pid);
	waitpid((pid_t)pid, NULL, 0);
	out("+++ exited with 0 +++\n");
	return 0;
}
