// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The ptrace engine: start or seize tracees, wait for their stops, and turn each stop into
 * trace lines: syscall entry and exit (decoded through the signature table), signals, group
 * stops, exec, exit.
 *
 * Tracees are seized (PTRACE_SEIZE), so group-stops arrive as PTRACE_EVENT_STOP and are left in
 * place with PTRACE_LISTEN, and attaching never sends a SIGSTOP the tracee could see.  Syscall
 * stops are read with PTRACE_GET_SYSCALL_INFO, which says itself whether a stop is an entry or
 * an exit.  With a seccomp prefilter, a traced syscall announces itself with a seccomp stop (on
 * kernels since 4.8, after the entry stop we never ask for): we treat that as the entry, ask
 * for the exit with PTRACE_SYSCALL, and after the exit resume with PTRACE_CONT so untraced
 * syscalls run at full speed.
 */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/resource.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <unistd.h>

#include "strace-lite/inject.h"
#include "common/json.h"
#include "strace-lite/probe/probe.h"
#include "strace-lite/record/record.h"
#include "uprobe/bp.h"
#include "common/clock.h"
#include "common/proc.h"
#include "common/spawn.h"
#include "common/backend.h"
#include "strace-lite/decode/siginfo.h"
#include "common/stacktrace.h"
#include "strace-lite/stackview.h"
#include "strace-lite/sttrace.h"
#include "common/log.h"

static unsigned int ptrace_options(bool spawned)
{
	/* TRACEEXIT: a thread leaving inside a call (exit, killed by another thread's exec or
	 * exit_group) ends that call's line when it leaves, as strace's ("exit(42) = ?"). */
	unsigned int o = PTRACE_O_TRACESYSGOOD | PTRACE_O_TRACEEXEC | PTRACE_O_TRACEEXIT;

	/* Probes: children carry our int3s, so they are followed (silently without -f).  The
	 * prefilter comes only where children are followed anyway (sttrace.c). */
	if (opts.followfork || probe_enabled())
		o |= PTRACE_O_TRACEFORK | PTRACE_O_TRACEVFORK | PTRACE_O_TRACECLONE;
	if (opts.seccomp)
		o |= PTRACE_O_TRACESECCOMP;
	/* Killing sttrace lets the program run on (its int3s restored by the guard, uprobe/guard.h),
	 * as strace's; --kill-on-exit kills it too, as strace 6.6's. */
	/* The default seccomp prefilter too (seccomp.c): killed, we would leave it failing the
	 * program's selected calls. */
	if (spawned && (opts.kill_on_exit || opts.seccomp_exitkill || opts.seccomp))
		o |= PTRACE_O_EXITKILL;
	return o;
}


/* ---- starting --------------------------------------------------------------------------- */

static const struct backend_cfg *cfg; /* what the front end said (backend.h) */
static bool exitkill_set;              /* the program dies with us (PTRACE_O_EXITKILL) */
static unsigned int nheld;             /* tracees left stopped by a delay (tcp->hold_until_ns) */

/*
 * --kill-on-exit needs PTRACE_O_EXITKILL (Linux 3.8): whether the kernel takes it, tried on a
 * child of ours stopped under PTRACE_TRACEME, as strace tries it (-d says the answer in its
 * words).
 */
static bool exitkill_works(void)
{
	int status;
	pid_t pid = fork();

	if (pid < 0)
		return false;
	if (pid == 0) {
		if (ptrace(PTRACE_TRACEME, 0L, 0L, 0L) == 0)
			raise(SIGSTOP);
		_exit(1);
	}
	bool ok = waitpid(pid, &status, 0) == pid && WIFSTOPPED(status) &&
		  WSTOPSIG(status) == SIGSTOP &&
		  ptrace(PTRACE_SETOPTIONS, pid, 0L,
			 (long)(PTRACE_O_TRACESYSGOOD | PTRACE_O_EXITKILL)) == 0;
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	if (opts.debug)
		log_msg(LOG_LEVEL_INFO, "PTRACE_O_EXITKILL %s", ok ? "works" : "does not work");
	return ok;
}

static int engine_init(const struct backend_cfg *c)
{
	cfg = c;
	if (opts.kill_on_exit && !exitkill_works()) {
		log_error("PTRACE_O_EXITKILL is not supported by the kernel");
		return -EOPNOTSUPP;
	}
	if (opts.debug) /* -d: strace's first debug line, what the tracees are seized with */
		log_msg(LOG_LEVEL_INFO, "ptrace_setoptions = %#x", ptrace_options(true));
	exitkill_set = (ptrace_options(true) & PTRACE_O_EXITKILL) != 0;
	if (exitkill_set && opts.debug && !opts.kill_on_exit) /* (else exitkill_works said it) */
		log_info("PTRACE_O_EXITKILL works");
	if (opts.record && record_open(opts.record) < 0)
		return -EIO;
	recpt_setup(); /* before the first tcb takes its reader */
	return 0;
}

/* In the spawned child, released: the prefilter must be in place before the exec. */
static int before_exec(void *arg)
{
	if ((opts.seccomp && seccomp_install() < 0) || tcb_become_user() < 0)
		return -EPERM;
	return 0;
}

static void exec_failed(const char *path, int err, void *arg)
{
	errno = -err;
	log_perror("exec");
}

static int spawn_daemon(const char *path, char **argv, int level);

static int engine_spawn(char **argv)
{
	char path[PATH_MAX];
	struct proc_spawn sp = { .hold = PROC_HOLD_STOP, .exec_fail_code = 1,
				 .before_exec = before_exec, .exec_failed = exec_failed };
	struct proc_child child;
	int rc = program_lookup(argv, path, sizeof(path));

	if (rc < 0)
		return rc;
	if (cfg->daemon)
		return spawn_daemon(path, argv, cfg->daemon);
	if ((rc = proc_spawn(path, argv, &sp, &child)) < 0) {
		errno = -rc;
		log_perror(child.pid < 0 ? "fork" : "waitpid");
		return rc;
	}
	if (ptrace(PTRACE_SEIZE, child.pid, 0L, (long)ptrace_options(true)) < 0) {
		int err = errno;
		proc_release(&child, false);
		errno = err;
		log_perror("attach: ptrace(PTRACE_SEIZE, %d)", child.pid);
		return -err;
	}
	proc_release(&child, true);
	strace_child = child.pid;
	struct tcb *tcp = alloctcb(child.pid, TCB_STARTUP | TCB_HIDE_LOG | TCB_SPAWNED);
	if (opts.seccomp)
		tcp->flags |= TCB_SECCOMP;
	record_note(REC_SPAWNED, child.pid, 0);
	return 0;
}

/*
 * -D: the program runs in our process, keeping its pid and its parent; the tracer is a
 * grandchild that seizes it (and with -DD leads a process group of its own, with -DDD a
 * session), so the program's parent never sees a tracer among its children (common/spawn.c,
 * proc_spawn_daemon).  The program waits for a byte from the tracer before its exec.  Returns in
 * the tracer only.
 */
static int spawn_daemon(const char *path, char **argv, int level)
{
	struct proc_spawn sp = { .hold = PROC_HOLD_PIPE, .exec_fail_code = 1, .hold_fail_code = 1,
				 .before_exec = before_exec, .exec_failed = exec_failed };
	struct proc_child child;
	int rc = proc_spawn_daemon(path, argv, &sp, level, &child);

	if (rc < 0) {
		errno = -rc;
		log_perror("fork");
		return rc;
	}
	if (opts.debug)
		log_info("new tracer pid is %d", getpid());
	/* --kill-on-exit holds for the program -D started too (PTRACE_O_EXITKILL). */
	if (ptrace(PTRACE_SEIZE, child.pid, 0L, (long)ptrace_options(true)) < 0) {
		rc = -errno;
		log_perror("attach: ptrace(PTRACE_SEIZE, %d)", child.pid);
		proc_release(&child, false); /* the program ends, unexeced */
		return rc;
	}
	ptrace(PTRACE_INTERRUPT, child.pid, 0L, 0L);
	/* Ours to watch, not to kill: interrupted, we let it go. */
	struct tcb *tcp = alloctcb(child.pid, TCB_STARTUP | TCB_HIDE_LOG | TCB_ATTACHED);
	if (opts.seccomp)
		tcp->flags |= TCB_SECCOMP;
	if (!(opts.quiet & QUIET_ATTACH))
		log_error("Process %d attached", child.pid);
	return proc_release(&child, true);
}

static bool traced(pid_t tid)
{
	return pid2tcb(tid) != NULL;
}

static void seized(pid_t tid, void *arg)
{
	alloctcb(tid, TCB_STARTUP | TCB_ATTACHED);
	record_note(REC_ATTACHED, tid, 0);
	record_note(REC_SAID_ATTACHED, tid, 0);
	if (!(opts.quiet & QUIET_ATTACH))
		log_info("Process %d attached", tid);
}

/* Why PID could not be seized (EPERM), as strace 7.2 says it: another tracer, another user,
 * or YAMA's ptrace_scope. */
static void diagnose_attach_eperm(pid_t pid)
{
	long tracer = proc_status_field(pid, "TracerPid");
	long capeff = -1;
	int scope = 0;

	if (tracer > 0) {
		log_error("Process %d is already being traced by pid %ld", pid, tracer);
		return;
	}
	FILE *f = fopen("/proc/self/status", "re");
	char line[256];
	while (f && fgets(line, sizeof(line), f))
		if (sscanf(line, "CapEff: %lx", (unsigned long *)&capeff) == 1)
			break;
	if (f)
		fclose(f);
	bool cap = capeff >= 0 && ((unsigned long)capeff >> 19) & 1; /* CAP_SYS_PTRACE */
	if (!cap && kill(pid, 0) < 0 && errno == EPERM) {
		log_error("process %d may be owned by a different user", pid);
		return;
	}
	f = fopen("/proc/sys/kernel/yama/ptrace_scope", "re");
	bool known = f && fscanf(f, "%d", &scope) == 1;
	if (f)
		fclose(f);
	if (known && scope > 0 && (scope >= 3 || !cap))
		log_error("sysctl kernel.yama.ptrace_scope = %d may be restricting this attach",
			  scope);
}

static int engine_attach(pid_t pid)
{
	pid_t failed;
	int rc = proc_seize(pid, ptrace_options(false), traced, seized, NULL, &failed);

	if (rc < 0) {
		errno = -rc;
		log_perror("attach: ptrace(PTRACE_SEIZE, %d)", failed);
		if (rc == -EPERM)
			diagnose_attach_eperm(failed);
	}
	return rc;
}

/* ---- other events ------------------------------------------------------------------------ */

static int resume_op(struct tcb *tcp)
{
	if (!(tcp->flags & TCB_SECCOMP) && !(tcp->flags & TCB_SILENT))
		return PTRACE_SYSCALL;
	/* With the prefilter, stop at a syscall's exit only when its entry was a seccomp stop. */
	return (tcp->flags & TCB_INSYSCALL) ? PTRACE_SYSCALL : PTRACE_CONT;
}

/* -i: where a thread stopped other than at a syscall (a signal, a group-stop) is. */
static void stop_ip(struct tcb *tcp)
{
	struct __ptrace_syscall_info info;

	tcp->ip_known = ptrace(PTRACE_GET_SYSCALL_INFO, tcp->pid, (void *)sizeof(info), &info) > 0;
	tcp->ip = info.instruction_pointer;
}

static void handle_syscall_stop(struct tcb *tcp)
{
	struct __ptrace_syscall_info info;

	/*
	 * The exit of a call the filters left out: nothing to print, so (as strace) nothing is
	 * asked of the kernel, unless something still wants the result: -k (mappings changed),
	 * command names (exec, prctl), a recording.
	 */
	if ((tcp->flags & (TCB_INSYSCALL | TCB_FILTERED)) == (TCB_INSYSCALL | TCB_FILTERED) &&
	    !opts.stack && !tcb_track_comm() && !record_on() && !tcp->tamper) {
		tcp->flags &= ~(TCB_INSYSCALL | TCB_FILTERED);
		return;
	}

	if (ptrace(PTRACE_GET_SYSCALL_INFO, tcp->pid, (void *)sizeof(info), &info) < 0)
		return;
	tcp->ip = info.instruction_pointer;
	tcp->ip_known = true;
	switch (info.op) {
	case PTRACE_SYSCALL_INFO_ENTRY:
		tcp->dc.sp = info.stack_pointer;
		syscall_enter(tcp, (long)info.entry.nr, info.entry.args);
		recpt_enter(tcp, (long)info.entry.nr, info.entry.args);
		break;
	case PTRACE_SYSCALL_INFO_SECCOMP:
		tcp->dc.sp = info.stack_pointer;
		syscall_enter(tcp, (long)info.seccomp.nr, info.seccomp.args);
		recpt_enter(tcp, (long)info.seccomp.nr, info.seccomp.args);
		break;
	case PTRACE_SYSCALL_INFO_EXIT:
		if (!(tcp->flags & TCB_INSYSCALL))
			break;
		tamper_exit(tcp, &info.exit.rval, &info.exit.is_error);
		syscall_exit(tcp, info.exit.rval, info.exit.is_error);
		recpt_exit(tcp, info.exit.rval);
		tcp->flags &= ~(TCB_INJECTED | TCB_INJECTED_OK | TCB_POKED | TCB_DELAYED);
		tcp->tamper = NULL;
		break;
	default:
		break;
	}
}

static void handle_stop(struct tcb *tcp, int status)
{
	int sig = WSTOPSIG(status);
	unsigned int event = (unsigned)status >> 16;
	int restart_sig = 0;
	int op;

	if ((tcp->flags & (TCB_STARTUP | TCB_ATTACHED)) == (TCB_STARTUP | TCB_ATTACHED)) {
		probe_attached(tcp);
		tcb_note_current_syscall(tcp);
	}
	if (opts.iflag && !(event == 0 && sig == (SIGTRAP | 0x80)))
		stop_ip(tcp);
	tcp->flags &= ~TCB_STARTUP;
	recpt_stop(tcp);
	switch (event) {
	case 0:
		if (sig == (SIGTRAP | 0x80)) {
			handle_syscall_stop(tcp);
			if (!(tcp->flags & TCB_INSYSCALL) && tcp->inject_sig) {
				restart_sig = tcp->inject_sig; /* -e inject=...:signal= */
				tcp->inject_sig = 0;
			}
		} else {
			siginfo_t si;
			if (ptrace(PTRACE_GETSIGINFO, tcp->pid, 0L, &si) < 0) {
				/* Not a signal-delivery-stop: leave the group-stop in place. */
				print_signal(tcp, NULL, sig);
				recpt_stopped(tcp, sig);
				ptrace(PTRACE_LISTEN, tcp->pid, 0L, 0L);
				return;
			}
			/* One of our breakpoints: a probe hit, not a signal. */
			if (sig == BP_SIG && (restart_sig = probe_handle_trap(tcp, &si)) >= 0)
				break;
			print_signal(tcp, &si, sig);
			recpt_signal(tcp, &si, sig);
			restart_sig = sig;
		}
		break;
	case PTRACE_EVENT_STOP:
		if (sig == SIGSTOP || sig == SIGTSTP || sig == SIGTTIN || sig == SIGTTOU) {
			print_signal(tcp, NULL, sig);
			recpt_stopped(tcp, sig);
			ptrace(PTRACE_LISTEN, tcp->pid, 0L, 0L);
			return;
		}
		break;
	case PTRACE_EVENT_EXEC: {
		/* The first exec of the program we started is ours, not the program's. */
		bool ours = tcp->flags & TCB_CHECK_EXEC;
		unsigned long old = 0;

		tcp->flags &= ~TCB_CHECK_EXEC;
		if (!ours)
			proc_wait_calm();
		if (ptrace(PTRACE_GETEVENTMSG, tcp->pid, 0L, &old) == 0)
			tcp = exec_switch(tcp, old);
		recpt_exec(tcp, old ? (pid_t)old : tcp->pid, opts.detach_on_execve && !ours);
		if (opts.detach_on_execve && !ours) {
			/* -b execve: the new program runs untraced. */
			ptrace(PTRACE_DETACH, tcp->pid, 0L, 0L);
			report_detach(tcp);
			return;
		}
		probe_exec(tcp);
		break;
	}
	case PTRACE_EVENT_EXIT:
		syscall_unfinished(tcp); /* "= ?" now, before another thread's lines */
		recpt_exiting(tcp);
		break;
	case PTRACE_EVENT_SECCOMP:
		tcp->flags |= TCB_SECCOMP;
		if (!(tcp->flags & TCB_INSYSCALL))
			handle_syscall_stop(tcp);
		break;
	case PTRACE_EVENT_FORK:
	case PTRACE_EVENT_VFORK:
	case PTRACE_EVENT_CLONE: {
		unsigned long child = 0;
		if (ptrace(PTRACE_GETEVENTMSG, tcp->pid, 0L, &child) == 0 && child > 0 &&
		    !pid2tcb((pid_t)child)) {
			unsigned fl = TCB_STARTUP | (tcp->flags & TCB_SECCOMP);
			if (!opts.followfork || (tcp->flags & TCB_SILENT))
				fl |= TCB_SILENT;
			recpt_fork(tcp, new_child((pid_t)child, fl));
		}
		if (child > 0)
			probe_fork(tcp, (pid_t)child);
		break;
	}
	default:
		break;
	}
	op = resume_op(tcp);
	if (tcp->hold_until_ns) { /* -e inject=...:delay_*=: resumed when due (release_held) */
		tcp->held_op = op;
		tcp->held_sig = restart_sig;
		nheld++;
		return;
	}
	if (ptrace(op, tcp->pid, 0L, (long)restart_sig) < 0 && errno != ESRCH)
		log_perror("ptrace(%s, %d)", op == PTRACE_CONT ? "PTRACE_CONT" : "PTRACE_SYSCALL",
			   tcp->pid);
}

/* ---- leaving ------------------------------------------------------------------------------ */

static bool ours(pid_t tid, const siginfo_t *si, void *arg)
{
	return probe_fixup_detach(tid);
}

/* An exit or a stop of a pid we do not trace, while leaving: strace's words for it. */
static void unknown_pid(pid_t pid, int status)
{
	if (!WIFSTOPPED(status) && pid == output_pipe_pid()) {
		output_pipe_reaped(status); /* -o '|COMMAND' ended */
	} else if (!WIFSTOPPED(status)) {
		record_note(REC_UNKNOWN_EXIT, pid, 0);
		if (!(opts.quiet & QUIET_EXIT))
			log_warn("%s of unknown pid %d ignored",
				 WIFSIGNALED(status) ? "Termination" : "Exit", pid);
	} else {
		ptrace(PTRACE_DETACH, pid, 0L, 0L); /* a new child's first stop */
	}
}

/*
 * Let every tracee go, as strace's cleanup: each is interrupted (a program we started also
 * gets the signal we got), then detached at whichever stop comes first.  One waiting for another
 * cannot stop before it: a vfork parent stops only once its child has exited, and that child,
 * sleeping, stops at once (detach-vfork); a wait for one tracee at a time would hang on the
 * parent while its child sat stopped.  The exits that come meanwhile of pids we do not trace
 * are said as in the main loop.
 */
static void cleanup(void)
{
	/* --kill-on-exit, --seccomp-bpf: our exit kills the program (PTRACE_O_EXITKILL), as
	 * strace's cleanup leaves it to. */
	if (exitkill_set && (opts.kill_on_exit || opts.seccomp_exitkill))
		return;
	probe_detach_all();
	struct tcb *tcp, *next;
	for (tcp = tcb_first(); tcp; tcp = next) {
		next = tcb_next(tcp);
		if (tcp->pid == strace_child && !(tcp->flags & TCB_ATTACHED) &&
		    !syscall_limit_reached())
			proc_kill_spawned(tcp->pid, proc_interrupted());
		if (tcp->hold_until_ns) { /* stopped already, by a delay: let go from that stop */
			tcp->hold_until_ns = 0;
			nheld--;
			ptrace(PTRACE_DETACH, tcp->pid, 0L, (long)tcp->held_sig);
			report_detach(tcp);
		} else if (ptrace(PTRACE_INTERRUPT, tcp->pid, 0L, 0L) < 0 && errno == ESRCH &&
			   kill(tcp->pid, 0) < 0) {
			report_detach(tcp); /* gone, and reaped by no one we know of */
		}
	}
	while (tcb_first()) {
		int status;
		pid_t pid = waitpid(-1, &status, __WALL);
		if (pid < 0) {
			if (errno == EINTR)
				continue;
			break; /* ECHILD: none left to wait for */
		}
		tcp = pid2tcb(pid);
		if (!tcp)
			unknown_pid(pid, status);
		else if (proc_detach_stop(pid, status, ours, NULL))
			report_detach(tcp); /* detached, or gone */
	}
	while ((tcp = tcb_first()))
		report_detach(tcp);
}

/* ---- delays (-e inject=...:delay_enter=/delay_exit=) ------------------------------------- */

static void resume_held(struct tcb *tcp)
{
	tcp->hold_until_ns = 0;
	if (ptrace(tcp->held_op, tcp->pid, 0L, (long)tcp->held_sig) < 0 && errno != ESRCH)
		log_perror("ptrace(%s, %d)",
			   tcp->held_op == PTRACE_CONT ? "PTRACE_CONT" : "PTRACE_SYSCALL", tcp->pid);
}

/* Resume the held tracees whose time has come; the nanoseconds until the next one's. */
static uint64_t release_held(void)
{
	struct timespec ts;
	uint64_t next = UINT64_MAX;

	tnow(CLOCK_MONOTONIC, &ts);
	uint64_t now = (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
	unsigned int left = 0; /* counted again: a held tracee may have been killed and dropped */
	for (struct tcb *tcp = tcb_first(); tcp; tcp = tcb_next(tcp)) {
		if (!tcp->hold_until_ns)
			continue;
		if (tcp->hold_until_ns <= now) {
			resume_held(tcp);
			continue;
		}
		left++;
		if (tcp->hold_until_ns - now < next)
			next = tcp->hold_until_ns - now;
	}
	nheld = left;
	return next;
}

/*
 * The next stop while some tracee is held: polled, sleeping at most a millisecond between
 * polls (or until the next one is due), so each is resumed on time while the others are served
 * (strace arms a timer).
 */
static pid_t wait_holding(int *status, struct rusage *ru)
{
	while (nheld && !proc_interrupted()) {
		uint64_t next = release_held();
		pid_t pid = wait4(-1, status, __WALL | WNOHANG, ru);
		if (pid != 0)
			return pid;
		if (!nheld)
			break;
		struct timespec d = { 0, (long)(next < 1000000 ? next : 1000000) };
		nanosleep(&d, NULL);
	}
	if (proc_interrupted()) {
		errno = EINTR;
		return -1;
	}
	return proc_wait_stop(status, ru, NULL);
}

static int engine_run(void)
{
	if (inject_enabled())
		syscall_tamper_hook = tamper_enter;
	tcb_catch_signals();

	while (!proc_interrupted() && !syscall_limit_reached()) {
		int status;
		struct rusage ru;
		bool want_ru = opts.cflag && !opts.wflag;
		pid_t pid = nheld ? wait_holding(&status, want_ru ? &ru : NULL) :
				    proc_wait_stop(&status, want_ru ? &ru : NULL, NULL);
		proc_vm_cache_drop(); /* whichever tracee stopped, others may have run */
		if (pid < 0) {
			if (errno == EINTR)
				continue;
			if (errno == ECHILD && tcb_count() == 0)
				break;
			if (errno == ECHILD)
				break;
			log_perror("wait4(__WALL)");
			break;
		}
		struct tcb *tcp = pid2tcb(pid);
		if (!tcp) {
			/* A new child whose first stop beat its parent's fork event, or the exit
			 * of a child we do not trace: one the program cloned with CLONE_PARENT
			 * (its parent is ours: us), or one we inherited. */
			if (!WIFSTOPPED(status)) {
				unknown_pid(pid, status); /* -o '|COMMAND' ended early, or ... */
				continue;
			}
			if (!opts.followfork && !probe_enabled()) {
				/* Not ours to follow: a clone that misused CLONE_PTRACE. */
				ptrace(PTRACE_DETACH, pid, 0L, 0L);
				if (!(opts.quiet & QUIET_ATTACH))
					log_warn("Detached unknown pid %d", pid);
				continue;
			}
			tcp = new_child(pid, TCB_STARTUP | (opts.followfork ? 0 : TCB_SILENT) |
						     (opts.seccomp ? TCB_SECCOMP : 0));
			recpt_fork(NULL, tcp);
		}
		if (want_ru) {
			/* For a stopped tracee the kernel reports its own usage: the syscall's
			 * system time is the difference between its entry and exit stops. */
			tcp->stime.tv_sec = ru.ru_stime.tv_sec;
			tcp->stime.tv_nsec = ru.ru_stime.tv_usec * 1000;
		}
		if (WIFEXITED(status) || WIFSIGNALED(status)) {
			recpt_exit_status(tcp, status);
			report_exit(tcp, status);
		}
		else if (WIFSTOPPED(status))
			handle_stop(tcp, status);
		/* Without -f, no more to do once every process we were asked to trace is gone. */
		if (!opts.followfork && !probe_enabled() && tcb_count() == 0)
			break;
	}
	if (syscall_limit_reached() && !proc_interrupted())
		syscall_limit_leave();
	/* Interrupted, or the loop ended on an error with tracees left: leave none stopped or
	 * holding a breakpoint. */
	if (proc_interrupted() || tcb_count())
		cleanup();
	if (proc_interrupted())
		tcb_interrupted(proc_interrupted());
	if (opts.cflag)
		summary_print(output_shared());
	if (opts.stack)
		stackview_finish(output_shared());
	int rc = record_close(proc_interrupted(), 0) < 0;
	output_finish();
	return rc ? 1 : tcb_exit_status();
}

/* The ptrace backend, as sttrace.c's table registers it. */
const struct backend engine_backend = {
	.name = "ptrace",
	.init = engine_init,
	.attach = engine_attach,
	.spawn = engine_spawn,
	.run = engine_run,
};
