// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The process layer (spawn.h): one way to start a program held before its exec, to wait for
 * tracee stops, to detach, to catch the signals that end the tracer and to die the way the
 * program died, for the four pipelines and --compare.
 */
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "common/proc.h"
#include "common/spawn.h"

/* The signals that end the tracer, caught to let its tracees go first. */
static const int end_sigs[] = { SIGHUP, SIGINT, SIGQUIT, SIGPIPE, SIGTERM };

/* What proc_catch_signals found before it changed a signal: a program spawned later gets it
 * back, as if spawned before (strace's order: the program inherits the
 * dispositions strace was started with, SIGTTOU or SIGHUP ignored by a shell or nohup too). */
static struct sigaction found[NSIG];
static bool changed[NSIG];

static void change(int sig, const struct sigaction *sa)
{
	struct sigaction old;

	if (sigaction(sig, sa, &old) == 0 && !changed[sig]) {
		found[sig] = old;
		changed[sig] = true;
	}
}

/* ---- spawning --------------------------------------------------------------------------- */

/* EFD: defer_fail's pipe, where ERR goes instead of to the hook. */
static void child_fail(const char *path, int err, const struct proc_spawn *sp, int efd)
{
	if (efd >= 0) {
		if (write(efd, &err, sizeof(err)) != sizeof(err))
			_exit(sp->exec_fail_code ? sp->exec_fail_code : 127);
	} else if (sp->exec_failed) {
		sp->exec_failed(path, err, sp->arg);
	}
	_exit(sp->exec_fail_code ? sp->exec_fail_code : 127);
}

/* In the child: hold as asked, then exec. */
static void child_run(const char *path, char *const argv[], const struct proc_spawn *sp,
		      const int pfd[2], int efd)
{
	char go;

	for (int sig = 1; sig < NSIG; sig++)
		if (changed[sig])
			sigaction(sig, &found[sig], NULL);
	for (int fd = 0; sp->redirect && fd < 3; fd++)
		if ((sp->stdio[fd] == fd ? fcntl(fd, F_SETFD, 0) : dup2(sp->stdio[fd], fd)) < 0)
			child_fail(path, -errno, sp, efd);
	if (sp->before_hold && sp->before_hold(sp->arg) < 0)
		_exit(sp->exec_fail_code ? sp->exec_fail_code : 127); /* it said why */
	switch (sp->hold) {
	case PROC_HOLD_PIPE:
		close(pfd[1]);
		if (sp->pdeathsig)
			prctl(PR_SET_PDEATHSIG, SIGKILL); /* gone with the tracer if it dies first */
		if (read(pfd[0], &go, 1) != 1) /* the tracer gave up and said why */
			_exit(sp->hold_fail_code ? sp->hold_fail_code : 127);
		if (sp->pdeathsig)
			prctl(PR_SET_PDEATHSIG, 0);
		break;
	case PROC_HOLD_STOP:
		kill(getpid(), SIGSTOP); /* until seized and continued */
		break;
	case PROC_HOLD_TRACEME:
		if (ptrace(PTRACE_TRACEME, 0L, 0L, 0L) < 0)
			child_fail(path, -errno, sp, efd);
		break;
	case PROC_HOLD_NONE:
		break;
	}
	if (sp->before_exec && sp->before_exec(sp->arg) < 0)
		_exit(sp->exec_fail_code ? sp->exec_fail_code : 127); /* it said why */
	if (sp->search)
		execvp(path, argv);
	else
		execv(path, argv);
	child_fail(path, -errno, sp, efd);
}

int proc_spawn(const char *path, char *const argv[], const struct proc_spawn *sp,
	       struct proc_child *child)
{
	int pfd[2] = { -1, -1 }, efd[2] = { -1, -1 }, status, rc = 0;

	child->pid = -1;
	child->hold_fd = -1;
	child->status = -1;
	child->fail_fd = -1;
	if (sp->hold == PROC_HOLD_PIPE && pipe2(pfd, O_CLOEXEC) < 0)
		return -errno;
	/* The write end goes with a successful exec: the reader sees the error or nothing. */
	if (sp->defer_fail && pipe2(efd, O_CLOEXEC) < 0) {
		rc = -errno;
		goto fail;
	}
	pid_t pid = fork();
	if (pid < 0) {
		rc = -errno;
		goto fail;
	}
	if (pid == 0) {
		if (efd[0] >= 0)
			close(efd[0]);
		child_run(path, argv, sp, pfd, efd[1]);
	}
	child->pid = pid;
	if (efd[0] >= 0) {
		close(efd[1]);
		fcntl(efd[0], F_SETFL, O_NONBLOCK);
		child->fail_fd = efd[0];
	}
	switch (sp->hold) {
	case PROC_HOLD_PIPE:
		close(pfd[0]);
		child->hold_fd = pfd[1];
		break;
	case PROC_HOLD_STOP:
		rc = proc_waitpid(pid, &status, WSTOPPED);
		break;
	case PROC_HOLD_TRACEME:
		if ((rc = proc_waitpid(pid, &status, 0)) > 0 && !WIFSTOPPED(status)) {
			child->status = status;
			return -ECHILD; /* the exec failed: said by the child */
		}
		break;
	case PROC_HOLD_NONE:
		break;
	}
	return rc < 0 ? rc : 0;
fail:
	for (int i = 0; i < 2; i++) {
		if (pfd[i] >= 0)
			close(pfd[i]);
		if (efd[i] >= 0)
			close(efd[i]);
	}
	return rc;
}

int proc_exec_failure(struct proc_child *child)
{
	int err = 0;

	if (child->fail_fd < 0)
		return 0;
	if (read(child->fail_fd, &err, sizeof(err)) != sizeof(err) || err >= 0)
		err = 0;
	close(child->fail_fd);
	child->fail_fd = -1;
	return err;
}

int proc_spawn_daemon(const char *path, char *const argv[], const struct proc_spawn *sp,
		      int level, struct proc_child *child)
{
	struct proc_spawn held = *sp;
	int pfd[2];
	pid_t program = getpid(), pid;

	child->pid = -1;
	child->hold_fd = -1;
	child->status = -1;
	child->fail_fd = -1;
	held.hold = PROC_HOLD_PIPE;
	held.pdeathsig = false; /* the tracer is not its parent */
	if (pipe2(pfd, O_CLOEXEC) < 0)
		return -errno;
	if ((pid = fork()) < 0) {
		int err = -errno;
		close(pfd[0]);
		close(pfd[1]);
		return err;
	}
	if (pid > 0) {
		/* The program: the middle process is gone at once, then the wait for the byte. */
		proc_waitpid(pid, NULL, 0);
		child_run(path, argv, &held, pfd, -1);
	}
	close(pfd[0]);
	/* The middle process: the tracer's parent, gone at once (the program reads EOF when the
	 * second fork fails). */
	if ((pid = fork()) != 0)
		_exit(pid < 0);
	if (level >= 3)
		setsid();
	else if (level == 2)
		setpgid(0, 0);
	child->pid = program;
	child->hold_fd = pfd[1];
	return 0;
}

int proc_release(struct proc_child *child, bool go)
{
	int rc = 0;

	if (child->hold_fd >= 0) {
		if (go && write(child->hold_fd, "g", 1) != 1)
			rc = -errno;
		close(child->hold_fd);
		child->hold_fd = -1;
	} else if (child->pid > 0 && kill(child->pid, go ? SIGCONT : SIGKILL) < 0) {
		rc = -errno;
	}
	return rc;
}

int proc_seize(pid_t pid, unsigned long options, bool (*known)(pid_t tid),
	       void (*added)(pid_t tid, void *arg), void *arg, pid_t *failed)
{
	pid_t *tids;
	int n = proc_list_threads(pid, &tids), seized = 0;

	*failed = pid;
	if (n < 0)
		return n == -ENOENT ? -ESRCH : n; /* no /proc/PID/task: gone, as ptrace would say */
	for (int i = 0; i < n; i++) {
		if (known && known(tids[i]))
			continue;
		if (ptrace(PTRACE_SEIZE, tids[i], 0L, options) < 0) {
			if (errno == ESRCH && seized)
				continue; /* a thread that just exited */
			int err = -errno;
			*failed = tids[i];
			free(tids);
			return err;
		}
		ptrace(PTRACE_INTERRUPT, tids[i], 0L, 0L);
		seized++;
		if (added)
			added(tids[i], arg);
	}
	free(tids);
	return 0;
}

pid_t proc_waitpid(pid_t pid, int *status, int flags)
{
	pid_t p;

	while ((p = waitpid(pid, status, flags)) < 0)
		if (errno != EINTR)
			return -errno;
	return p;
}

/* ---- waiting for stops ------------------------------------------------------------------- */

static long elapsed_us(const struct timespec *t0)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (t.tv_sec - t0->tv_sec) * 1000000 + (t.tv_nsec - t0->tv_nsec) / 1000;
}

/*
 * Whether polling may go on: not while other tasks want the tracer's CPU.  A poll yields the CPU
 * between two looks (proc_wait_stop), so a tracee queued behind the tracer runs at once and
 * stops again within microseconds; another program's task, given the CPU, keeps it for a slice
 * (milliseconds).  A look that comes more than 1 ms after the one before is such a slice
 * lost: when more than 4 were lost in the last 128 polls, polling stops for 2048 waits.
 */
#define SLICE_LOST_US 1000
static unsigned int polls, slices_lost, pause_polls;

static bool cpu_to_spare(void)
{
	if (pause_polls) {
		pause_polls--;
		return false;
	}
	if (++polls % 128)
		return true;
	bool busy = slices_lost > 4;
	slices_lost = 0;
	if (busy)
		pause_polls = 2048;
	return !busy;
}

/* The CPUs the tracer may run on: its affinity (taskset), not the machine's. */
static int cpus_to_run_on(void)
{
	cpu_set_t set;

	if (sched_getaffinity(0, sizeof(set), &set) == 0)
		return CPU_COUNT(&set);
	return (int)sysconf(_SC_NPROCESSORS_ONLN);
}

/*
 * Wait for the next stop, polling for a while before sleeping.  A stop wakes the tracer, and a
 * resume wakes the tracee; when the CPU woken has gone idle, that costs an inter-processor
 * interrupt, which in a VM is a trip through the hypervisor to a halted virtual CPU: tens of
 * microseconds, more than the stop itself.  The threads bench (4 threads calling getppid under
 * -f) shows it: 4.5 us an event with the tracer and its tracees pinned to one CPU of an idle
 * 2-CPU VM, 18-22 us free (strace alike), 0.5-0.8 IPIs an event.  With one CPU to run on (one
 * online, or `taskset -c 1 sttrace`, whose tracees inherit the pin), polling would only keep
 * the tracee from running, so it is off.
 *
 * A poll yields its CPU between two looks: a tracee resumed onto the tracer's CPU runs at once,
 * handed over by a plain context switch, and the CPU does not halt while the tracer waits.  On
 * the threads bench that made 13-15 us an event (0.15-0.35 IPIs), against 14-17 polling
 * without yielding and 18-22 sleeping (strace 18-22, which never polls); polling without
 * yielding had been off whenever the threads were as many as the CPUs, since the poller kept
 * its CPU from them.
 *
 * Polling pays only when the stop comes soon.  Otherwise the tracer burns a CPU others need:
 * under -f, fork+exec+wait with a fixed 100 us poll cost 1.8x the CPU of no poll and ran 1.4x
 * slower, slower than strace (half its stops come within 5 us, the rest after the dynamic
 * loader or an exec has run for tens of microseconds).  So the poll lasts four times the recent
 * typical wait (a moving average, misses counted at the ceiling), at least 5 us and at most
 * 100 us (STTRACE_SPIN_US sets the ceiling, 0 turns polling off), and not at all while yields
 * lose slices to other programs (cpu_to_spare).
 *
 * Nor while processes are being made: under -f, fork+exec+wait's stops come 10-20 us apart,
 * as a getppid loop's do, yet polling made it run 1.3x slower than sleeping (0.52 against
 * 0.40 s for 300 rounds; strace 0.46 s).  A polling tracer holds its CPU, so the scheduler
 * puts each new process and each exec's program on the other and keeps them there (no
 * migration in the whole run), and the parent, the child and the tracer hand over through
 * cross-CPU wake-ups.  So the 512 stops after a fork or an exec sleep (proc_wait_calm).
 */
static unsigned int calm_stops;

void proc_wait_calm(void)
{
	calm_stops = 512;
}

pid_t proc_wait_stop(int *status, struct rusage *ru, void (*before_sleep)(void))
{
	static int spin_us = -1;
	static long avg_us8; /* moving average of the waits, in 1/8 us */
	struct timespec t0;
	long waited = 0;
	pid_t pid;

	if (spin_us < 0) {
		const char *e = getenv("STTRACE_SPIN_US");
		spin_us = e ? atoi(e) : cpus_to_run_on() > 1 ? 100 : 0;
	}
	if (calm_stops) {
		calm_stops--;
	} else if (spin_us > 0 && cpu_to_spare()) {
		long budget = avg_us8 / 2, look = 0;
		if (budget < 5)
			budget = 5;
		if (budget > spin_us)
			budget = spin_us;
		clock_gettime(CLOCK_MONOTONIC, &t0);
		for (;;) {
			pid = wait4(-1, status, __WALL | WNOHANG, ru);
			waited = elapsed_us(&t0);
			if (waited - look > SLICE_LOST_US)
				slices_lost++;
			if (pid != 0)
				goto out;
			if (waited >= budget)
				break;
			look = waited;
			sched_yield();
		}
		waited = spin_us;
	} else if (before_sleep && (pid = wait4(-1, status, __WALL | WNOHANG, ru)) != 0) {
		return pid;
	}
	if (before_sleep)
		before_sleep();
	pid = wait4(-1, status, __WALL, ru);
out:
	if (spin_us > 0 && !calm_stops)
		avg_us8 += (waited > spin_us ? spin_us : waited) - avg_us8 / 8;
	return pid;
}

/* ---- leaving ------------------------------------------------------------------------------ */

void proc_kill_spawned(pid_t pid, int sig)
{
	kill(pid, SIGCONT);
	kill(pid, sig ? sig : SIGTERM);
}

int proc_detach_stop(pid_t tid, int status, bool (*ours)(pid_t tid, const siginfo_t *si, void *arg),
		     void *arg)
{
	if (!WIFSTOPPED(status))
		return -ESRCH; /* gone */
	int sig = WSTOPSIG(status), event = (unsigned)status >> 16, deliver = 0;
	siginfo_t si;
	if (event == 0 && sig != (SIGTRAP | 0x80) && ptrace(PTRACE_GETSIGINFO, tid, 0L, &si) == 0)
		deliver = sig; /* a pending signal: hand it back */
	if ((deliver == SIGTRAP || deliver == SIGSEGV) && ours && ours(tid, &si, arg))
		deliver = 0; /* our int3, already removed: run the instruction again */
	if (event == PTRACE_EVENT_STOP || event == 0 || deliver) {
		ptrace(PTRACE_DETACH, tid, 0L, (long)deliver);
		return 1;
	}
	/* Another event (exec, fork, exit): move on to the interrupt stop. */
	ptrace(PTRACE_CONT, tid, 0L, 0L);
	return 0;
}

int proc_detach(pid_t tid, bool (*ours)(pid_t tid, const siginfo_t *si, void *arg), void *arg)
{
	int status;

	/* PTRACE_DETACH needs a ptrace-stop: interrupt, wait for a stop, detach from it. */
	if (ptrace(PTRACE_INTERRUPT, tid, 0L, 0L) < 0)
		return -errno;
	for (;;) {
		if (proc_waitpid(tid, &status, __WALL) < 0)
			return -ESRCH; /* gone */
		int rc = proc_detach_stop(tid, status, ours, arg);
		if (rc)
			return rc < 0 ? rc : 0;
	}
}

/* ---- signals and the end ----------------------------------------------------------------- */

static volatile sig_atomic_t interrupted;

static void on_signal(int sig)
{
	interrupted = sig;
}

void proc_catch_signals(enum proc_sigs how, bool ignore_pipe)
{
	struct sigaction sa = { .sa_handler = how == PROC_SIGS_IGNORE ? SIG_IGN : on_signal };
	struct sigaction ign = { .sa_handler = SIG_IGN };

	sigemptyset(&sa.sa_mask);
	sigemptyset(&ign.sa_mask);
	change(SIGTTOU, &ign);
	change(SIGTTIN, &ign);
	if (how == PROC_SIGS_DEFAULT)
		return;
	change(SIGTSTP, &ign);
	for (size_t i = 0; i < sizeof(end_sigs) / sizeof(end_sigs[0]); i++)
		if (end_sigs[i] != SIGPIPE || !ignore_pipe)
			change(end_sigs[i], &sa);
	if (ignore_pipe)
		change(SIGPIPE, &ign);
}

int proc_interrupted(void)
{
	return interrupted;
}

int proc_exit_code(int status)
{
	return WIFSIGNALED(status) ? 0x100 | WTERMSIG(status) : WEXITSTATUS(status);
}

int proc_exit_like(int exit_code)
{
	if (exit_code <= 0xff)
		return exit_code;
	int sig = exit_code & 0xff;
	/* Die the way the program died, without dumping our own core. */
	struct rlimit rl = { 0, 0 };
	setrlimit(RLIMIT_CORE, &rl);
	signal(sig, SIG_DFL);
	sigset_t set;
	sigemptyset(&set);
	sigaddset(&set, sig);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	raise(sig);
	return 0x80 | sig;
}

int proc_stdio_open(void)
{
	for (int fd = 0; fd <= 2; fd++) {
		if (fcntl(fd, F_GETFD) >= 0 || errno != EBADF)
			continue;
		/* The lowest free descriptor: FD itself, the ones below being open.  Closed on
		 * exec: the program must find it closed, as it was given (redirect-fds). */
		int n = open("/dev/null", O_RDWR | O_CLOEXEC);
		if (n < 0)
			return -errno;
		if (n != fd) {
			close(n);
			return -EBADF;
		}
	}
	return 0;
}

int proc_stdio_release(void)
{
	int n = open("/dev/null", O_RDWR | O_CLOEXEC), rc = 0;

	if (n < 0)
		return -errno;
	for (int fd = 0; fd <= 1; fd++)
		if (dup2(n, fd) < 0)
			rc = -errno;
	close(n);
	return rc;
}
