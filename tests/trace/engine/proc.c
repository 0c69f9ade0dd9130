// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * Process syscalls: clone (flags with the exit signal, child_tidptr), wait4 (the status as
 * {WIFEXITED(s) && ...}, rusage abbreviated, WNOHANG), uname (abbreviated), nanosleep and
 * clock_nanosleep (remaining time only when interrupted), futex per operation, prlimit64,
 * getpid/gettid.  The child's SIGCHLD is not traced (-e signal=!SIGCHLD): its CPU times depend
 * on where clock ticks fall; engine-siginfo covers that line.  Run with -a0
 * -e signal=!SIGCHLD -e trace=clone,wait4,uname,nanosleep,clock_nanosleep,futex,prlimit64,
 * getpid,gettid.
 */
#include <linux/futex.h>
#include <sched.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>

#include "tests.h"

static void lim(const char *name, unsigned long long v, char *b)
{
	if (v == RLIM_INFINITY)
		sprintf(b, "%s=RLIM64_INFINITY", name);
	else if (v > 1024 && v % 1024 == 0)
		sprintf(b, "%s=%llu*1024", name, v / 1024);
	else
		sprintf(b, "%s=%llu", name, v);
}

int main(void)
{
	long rc;
	sigset_t chld;

	/* The startup prlimit64 of static glibc, which we can predict. */
	struct rlimit rl;
	char cur[64], max[64];
	getrlimit(RLIMIT_STACK, &rl); /* prlimit64 as well */
	lim("rlim_cur", rl.rlim_cur, cur);
	lim("rlim_max", rl.rlim_max, max);
	printf("prlimit64(0, RLIMIT_STACK, NULL, {%s, %s}) = 0\n", cur, max);
	printf("prlimit64(0, RLIMIT_STACK, NULL, {%s, %s}) = 0\n", cur, max);
	struct rlimit64 { unsigned long long c, m; } nl = { 1 << 20, ~0ull };
	rc = syscall(__NR_prlimit64, 0, RLIMIT_CORE, &nl, NULL);
	printf("prlimit64(0, RLIMIT_CORE, {rlim_cur=1024*1024, rlim_max=RLIM64_INFINITY}, NULL) = %s\n",
	       sprintrc(rc));
	rc = syscall(__NR_prlimit64, 0, 99, NULL, (void *)8);
	printf("prlimit64(0, 0x63 /* RLIMIT_??? */, NULL, 0x8) = %s\n", sprintrc(rc));

	pid_t me = (pid_t)syscall(__NR_getpid);
	printf("getpid() = %d\n", me);
	printf("gettid() = %ld\n", syscall(__NR_gettid));

	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	sigprocmask(SIG_BLOCK, &chld, NULL);
	fflush(stdout);
	int tid = 0;
	rc = syscall(__NR_clone, CLONE_CHILD_SETTID | SIGCHLD, 0, NULL, &tid, 0);
	if (rc == 0)
		syscall(__NR_exit_group, 3);
	pid_t pid = (pid_t)rc;
	printf("clone(child_stack=NULL, flags=CLONE_CHILD_SETTID|SIGCHLD, child_tidptr=%p) = %d\n",
	       (void *)&tid, pid);
	int status;
	struct rusage ru;
	rc = syscall(__NR_wait4, pid, &status, 0, &ru);
	printf("wait4(%d, [{WIFEXITED(s) && WEXITSTATUS(s) == 3}], 0, {ru_utime={tv_sec=%ld, "
	       "tv_usec=%ld}, ru_stime={tv_sec=%ld, tv_usec=%ld}, ...}) = %d\n", pid,
	       (long)ru.ru_utime.tv_sec, (long)ru.ru_utime.tv_usec, (long)ru.ru_stime.tv_sec,
	       (long)ru.ru_stime.tv_usec, pid);
	rc = syscall(__NR_wait4, -1, &status, WNOHANG | __WALL, NULL);
	printf("wait4(-1, %p, WNOHANG|__WALL, NULL) = %s\n", (void *)&status, sprintrc(rc));
	sigprocmask(SIG_UNBLOCK, &chld, NULL);

	struct utsname u;
	uname(&u);
	printf("uname({sysname=\"%s\", nodename=\"%s\", ...}) = 0\n", u.sysname, u.nodename);
	rc = syscall(__NR_uname, NULL);
	printf("uname(NULL) = %s\n", sprintrc(rc));

	struct timespec ts = { 0, 1000 }, rem = { 7, 7 };
	rc = syscall(__NR_nanosleep, &ts, &rem);
	printf("nanosleep({tv_sec=0, tv_nsec=1000}, %p) = %s\n", (void *)&rem, sprintrc(rc));
	ts.tv_nsec = 2000000000;
	rc = syscall(__NR_nanosleep, &ts, NULL);
	printf("nanosleep({tv_sec=0, tv_nsec=2000000000}, NULL) = %s\n", sprintrc(rc));
	ts.tv_nsec = 1000;
	rc = syscall(__NR_clock_nanosleep, CLOCK_MONOTONIC, 0, &ts, &rem);
	printf("clock_nanosleep(CLOCK_MONOTONIC, 0, {tv_sec=0, tv_nsec=1000}, %p) = %s\n",
	       (void *)&rem, sprintrc(rc));
	rc = syscall(__NR_clock_nanosleep, CLOCK_REALTIME, TIMER_ABSTIME | 4, &ts, NULL);
	printf("clock_nanosleep(CLOCK_REALTIME, TIMER_ABSTIME|0x4, {tv_sec=0, tv_nsec=1000}, NULL)"
	       " = %s\n", sprintrc(rc));
	rc = syscall(__NR_clock_nanosleep, 77, 0, (void *)8, NULL);
	printf("clock_nanosleep(0x4d /* CLOCK_??? */, 0, 0x8, NULL) = %s\n", sprintrc(rc));

	int f = 1, f2 = 0;
	rc = syscall(__NR_futex, &f, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
	printf("futex(%p, FUTEX_WAKE_PRIVATE, 1) = %s\n", (void *)&f, sprintrc(rc));
	rc = syscall(__NR_futex, &f, FUTEX_WAIT, 0, &ts, NULL, 0);
	printf("futex(%p, FUTEX_WAIT, 0, {tv_sec=0, tv_nsec=1000}) = %s\n", (void *)&f,
	       sprintrc(rc));
	rc = syscall(__NR_futex, &f, FUTEX_WAIT_BITSET | FUTEX_CLOCK_REALTIME, 0, NULL, NULL,
		     FUTEX_BITSET_MATCH_ANY);
	printf("futex(%p, FUTEX_WAIT_BITSET|FUTEX_CLOCK_REALTIME, 0, NULL, "
	       "FUTEX_BITSET_MATCH_ANY) = %s\n", (void *)&f, sprintrc(rc));
	rc = syscall(__NR_futex, &f, FUTEX_WAKE_OP_PRIVATE, 1, 1, &f2,
		     FUTEX_OP(FUTEX_OP_ADD, 1, FUTEX_OP_CMP_GT, 0));
	printf("futex(%p, FUTEX_WAKE_OP_PRIVATE, 1, 1, %p, FUTEX_OP_ADD<<28|0x1<<12|"
	       "FUTEX_OP_CMP_GT<<24|0) = %s\n", (void *)&f, (void *)&f2, sprintrc(rc));
	rc = syscall(__NR_futex, &f, FUTEX_CMP_REQUEUE, 1, 2, &f2, 5);
	printf("futex(%p, FUTEX_CMP_REQUEUE, 1, 2, %p, 5) = %s\n", (void *)&f, (void *)&f2,
	       sprintrc(rc));
	rc = syscall(__NR_futex, NULL, 0x55, 1, 2, 3, 4);
	printf("futex(NULL, 0x55 /* FUTEX_??? */, 1, 0x2, 0x3, 0x4) = %s\n", sprintrc(rc));

	printf("+++ exited with 0 +++\n");
	return 0;
}
