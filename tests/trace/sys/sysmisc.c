// SPDX-License-Identifier: LGPL-2.1-or-later
// strace-7.2-lines: ^futex_waitv\( ;; futex2 flags are named as strace 7.2 names them
// strace-7.2-lines: ^sched_(getparam|setscheduler|setattr)\(|SCHED_GETATTR_FLAG|, 48, 2\) = -1|^sched_getscheduler\(0\) = (0x|1073741824) ;; a struct sched_param, SCHED_RESET_ON_FORK by name, flags in hex
// strace-7.2-lines: ^reboot\(0 /\* ;; reboot's magics default to LINUX_REBOOT_MAGIC1???/MAGIC2??? in strace 7.2
/*
 * Edge values in system-wide calls: an int argument with its high bit set (futex's op), a
 * mode with bits above umode_t (mkdir, umask), 64-bit flags (unshare), flags tables
 * (setns, sync_file_range), out-pointers to one number (getcpu, get_robust_list,
 * sched_getparam), the policy after sched_getscheduler's result (SCHED_RESET_ON_FORK|NAME
 * in sched_setscheduler too), sched_setattr's flags in hex, kcmp by type, sethostname's
 * length check, reboot's magic numbers, syslog's actions, close_range, pidfd_getfd,
 * futex_waitv's waiters, sched_getattr's struct, _sysctl's, landlock's version query and
 * set_thread_area, ioprio's class and data.  Run with -a0.
 */
#include <fcntl.h>
#include <sched.h>
#include <stdint.h>
#include <time.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "fdtest.h"

int main(void)
{
	long rc;
	unsigned int node;
	void *head;
	size_t len;
	int prio;
	pid_t pid = getpid();

	rc = syscall(__NR_futex, NULL, 0xbefeededL, 0, NULL, NULL, 0);
	out("futex(NULL, 0xbefeeded /* FUTEX_??? */, 0, NULL, NULL, 0) = %s\n", sprintrc(rc));

	rc = syscall(__NR_mkdir, "/nonexistent/sysmisc", 0xffff0000UL | 0177777);
	out("mkdir(\"/nonexistent/sysmisc\", 0177777) = %s\n", sprintrc(rc));
	rc = syscall(__NR_mkdir, "/nonexistent/sysmisc", 0xffff0000UL);
	out("mkdir(\"/nonexistent/sysmisc\", 000) = %s\n", sprintrc(rc));
	long old = syscall(__NR_umask, 0xffff0000UL | 022);
	out("umask(022) = %#03lo\n", old);
	rc = syscall(__NR_umask, old);
	out("umask(%#03lo) = %#03lo\n", old, rc);

	rc = syscall(__NR_unshare, 0xbadc0ded0000000fUL);
	out("unshare(0xbadc0ded0000000f /* CLONE_??? */) = %s\n", sprintrc(rc));
	rc = syscall(__NR_setns, -1, CLONE_NEWNET);
	out("setns(-1, CLONE_NEWNET) = %s\n", sprintrc(rc));
	rc = syscall(__NR_sync_file_range, -1, 0, 0, 0xffffffffUL);
	out("sync_file_range(-1, 0, 0, SYNC_FILE_RANGE_WAIT_BEFORE|SYNC_FILE_RANGE_WRITE|"
	    "SYNC_FILE_RANGE_WAIT_AFTER|0xfffffff8) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioperm, 0xdeafbeefffffffffUL, 1UL, 0);
	out("ioperm(0xdeafbeefffffffff, 0x1, 0) = %s\n", sprintrc(rc));

	/* Not the CPU: it may change between the traced and the untraced run. */
	rc = syscall(__NR_getcpu, NULL, &node, NULL);
	out("getcpu(NULL, [%u], NULL) = %s\n", node, sprintrc(rc));
	rc = syscall(__NR_get_robust_list, 0, &head, &len);
	out("get_robust_list(0, [%p], [%zu]) = %s\n", head, len, sprintrc(rc));
	rc = syscall(__NR_sched_getparam, 0, &prio);
	out("sched_getparam(0, {sched_priority=%d}) = %s\n", prio, sprintrc(rc));
	rc = syscall(__NR_sched_getscheduler, 0);
	out("sched_getscheduler(0) = %ld (SCHED_OTHER)\n", rc);
	/* strace 7.2: SCHED_RESET_ON_FORK joined to the policy's name, the result in hex */
	struct sched_param sp = { 0 };
	rc = syscall(__NR_sched_setscheduler, 0, SCHED_OTHER | SCHED_RESET_ON_FORK, &sp);
	out("sched_setscheduler(0, SCHED_RESET_ON_FORK|SCHED_OTHER, {sched_priority=0}) = %s\n",
	    sprintrc(rc));
	rc = syscall(__NR_sched_getscheduler, 0);
	out("sched_getscheduler(0) = %#lx (SCHED_RESET_ON_FORK|SCHED_OTHER)\n", rc);
	rc = syscall(__NR_sched_setscheduler, 0, SCHED_OTHER, &sp);
	out("sched_setscheduler(0, SCHED_OTHER, {sched_priority=0}) = %s\n", sprintrc(rc));
	rc = syscall(__NR_sched_setattr, 0, NULL, 0x10);
	out("sched_setattr(0, NULL, 0x10) = %s\n", sprintrc(rc));

	rc = syscall(__NR_kcmp, pid, pid, 0 /* KCMP_FILE */, 1, 1);
	out("kcmp(%d, %d, KCMP_FILE, 1, 1) = %s\n", pid, pid, sprintrc(rc));
	rc = syscall(__NR_kcmp, pid, pid, 1 /* KCMP_VM */, 1, 2);
	out("kcmp(%d, %d, KCMP_VM) = %s\n", pid, pid, sprintrc(rc));
	rc = syscall(__NR_kcmp, -1, -1, 0xda7adeadUL, 0xdec0ded3dec0ded4UL, 2UL);
	out("kcmp(-1, -1, 0xda7adead /* KCMP_??? */, 0xdec0ded3dec0ded4, 0x2) = %s\n",
	    sprintrc(rc));

	rc = syscall(__NR_sethostname, NULL, 0xffffffff00000040UL);
	out("sethostname(NULL, 64) = %s\n", sprintrc(rc));
	rc = syscall(__NR_sethostname, "host", 65UL);
	out("sethostname(%p, 65) = %s\n", (void *)"host", sprintrc(rc));
	rc = syscall(__NR_reboot, 0, 0xfa57beef, 0x9caffee1, NULL);
	out("reboot(0 /* LINUX_REBOOT_MAGIC1??? */, 0xfa57beef /* LINUX_REBOOT_MAGIC2??? */, "
	    "0x9caffee1 /* LINUX_REBOOT_CMD_??? */) = %s\n", sprintrc(rc));
	rc = syscall(__NR_syslog, 10, NULL, 0);
	out("syslog(10 /* SYSLOG_ACTION_SIZE_BUFFER */) = %s\n", sprintrc(rc));
	rc = syscall(__NR_syslog, 8, NULL, 9);
	out("syslog(8 /* SYSLOG_ACTION_CONSOLE_LEVEL */, NULL, 9 /* LOGLEVEL_??? */) = %s\n",
	    sprintrc(rc));

	rc = syscall(__NR_close_range, 0xfffffffeUL, 0xffffffffUL, 1);
	out("close_range(4294967294, 4294967295, 0x1 /* CLOSE_RANGE_??? */) = %s\n", sprintrc(rc));
	rc = syscall(__NR_pidfd_getfd, -1, -1, 0);
	out("pidfd_getfd(-1, -1, 0) = %s\n", sprintrc(rc));
	struct { uint64_t val, uaddr; uint32_t flags, reserved; } w = { 1, 0, 0x82, 0 };
	rc = syscall(__NR_futex_waitv, &w, 1, 0, NULL, CLOCK_MONOTONIC);
	out("futex_waitv([{val=0x1, uaddr=NULL, flags=FUTEX2_SIZE_U32|FUTEX2_PRIVATE}], 1, 0, NULL, "
	    "CLOCK_MONOTONIC) = %s\n", sprintrc(rc));
	struct { uint32_t size, policy; uint64_t flags; int32_t nice; uint32_t prio;
		 uint64_t runtime, deadline, period; } sa;
	rc = syscall(__NR_sched_getattr, 0, &sa, sizeof(sa), 2);
	out("sched_getattr(0, %p, 48, 0x2 /* SCHED_GETATTR_FLAG_??? */) = %s\n", (void *)&sa,
	    sprintrc(rc));
	rc = syscall(__NR_sched_getattr, 0, &sa, sizeof(sa), 0);
	if (rc == 0 && sa.size == 48 && sa.policy == 0)
		out("sched_getattr(0, {size=48, sched_policy=SCHED_OTHER, sched_flags=%s, "
		    "sched_nice=%d, sched_priority=%u, sched_runtime=%llu, sched_deadline=%llu, "
		    "sched_period=%llu}, 48, 0) = 0\n", sa.flags ? "?" : "0", sa.nice, sa.prio,
		    (unsigned long long)sa.runtime, (unsigned long long)sa.deadline,
		    (unsigned long long)sa.period);
	else
		SKIP("sched_getattr: an unexpected policy or size");
	uint64_t sysctl_args[10] = { 0 };
	rc = syscall(__NR__sysctl, sysctl_args);
	out("_sysctl({name=NULL, nlen=0, oldval=NULL, oldlenp=NULL, newval=NULL, newlen=0}) = %s\n",
	    sprintrc(rc));
	rc = syscall(__NR_landlock_create_ruleset, NULL, 0, 1);
	out("landlock_create_ruleset(NULL, 0, LANDLOCK_CREATE_RULESET_VERSION) = %s\n",
	    sprintrc(rc));
	rc = syscall(__NR_set_thread_area, NULL);
	out("set_thread_area(NULL) = %s\n", sprintrc(rc));
	static const char *const classes[] = { "IOPRIO_CLASS_NONE", "IOPRIO_CLASS_RT",
					       "IOPRIO_CLASS_BE", "IOPRIO_CLASS_IDLE" };
	rc = syscall(__NR_ioprio_get, 1 /* IOPRIO_WHO_PROCESS */, 0);
	if (rc >= 0 && (rc >> 13) < 4)
		out("ioprio_get(IOPRIO_WHO_PROCESS, 0) = %ld (IOPRIO_PRIO_VALUE(%s, %ld))\n", rc,
		    classes[rc >> 13], rc & 8191);
	else
		SKIP("ioprio_get: %ld", rc);
	rc = syscall(__NR_ioprio_set, 0xfa57beef, 0, 0xfacefeed);
	out("ioprio_set(0xfa57beef /* IOPRIO_WHO_??? */, 0, IOPRIO_PRIO_VALUE(0x7d677 /* "
	    "IOPRIO_CLASS_??? */, 7917)) = %s\n", sprintrc(rc));
	out("+++ exited with 0 +++\n");
	return 0;
}
