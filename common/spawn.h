/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The process layer every pipeline shares (sttrace and lttrace, ptrace and eBPF, --compare):
 * start a program held before its exec, release it, wait for stops (polling briefly while
 * that pays), detach from a tracee leaving nothing stopped or pending lost, catch the signals
 * that interrupt the tracer, and end the way the program ended.  Library code: returns -errno,
 * never prints; a child whose exec fails calls the caller's hook to say so.
 */
#pragma once
#include <signal.h>
#include <stdbool.h>
#include <sys/resource.h>
#include <sys/types.h>

/* How a spawned program waits before its exec. */
enum proc_hold {
	PROC_HOLD_NONE,    /* it execs at once */
	PROC_HOLD_PIPE,    /* reads a byte from the tracer (eBPF: attach first); proc_release */
	PROC_HOLD_STOP,    /* stopped by its own SIGSTOP, to be seized; proc_release continues it */
	PROC_HOLD_TRACEME, /* PTRACE_TRACEME: proc_spawn returns at its exec stop */
};

struct proc_spawn {
	enum proc_hold hold;
	bool search;        /* execvp (PATH) rather than execv */
	bool pdeathsig;     /* while held, SIGKILL if the tracer dies (PROC_HOLD_PIPE) */
	bool redirect;      /* stdio[] becomes the child's 0, 1, 2 (else they are inherited) */
	int stdio[3];
	int exec_fail_code; /* the child's exit code when it cannot start (default 127) */
	int hold_fail_code; /* PROC_HOLD_PIPE: its exit code when the tracer gives up (127) */
	/* In the child, before the hold (a seccomp filter the tracer takes the listener of while
	 * the child is held): 0, or -errno having said why (the child exits with exec_fail_code). */
	int (*before_hold)(void *arg);
	/* In the child, released and about to exec (seccomp filter, -u): 0, or -errno having
	 * said why (the child exits with exec_fail_code). */
	int (*before_exec)(void *arg);
	/* In the child, when the exec (or the hold, or a dup2) failed with ERR (-errno): say why. */
	void (*exec_failed)(const char *path, int err, void *arg);
	/* proc_spawn only: ERR goes to the tracer instead of to exec_failed, which says it when
	 * it has shown what came before (the failed execve's line): proc_exec_failure. */
	bool defer_fail;
	void *arg;
};

struct proc_child {
	pid_t pid;
	int hold_fd; /* PROC_HOLD_PIPE: the write end, -1 once released */
	int status;  /* PROC_HOLD_TRACEME: the wait status when it never reached its exec */
	int fail_fd; /* defer_fail: where the child's error arrives, -1 once read */
};

/*
 * Start PATH with ARGV as SP says.  Returns 0 with CHILD filled, the program held (or, for
 * PROC_HOLD_STOP, stopped and waited for); -errno when fork fails, -ECHILD when a
 * PROC_HOLD_TRACEME child died before its exec (CHILD->status says how).
 */
int proc_spawn(const char *path, char *const argv[], const struct proc_spawn *sp,
	       struct proc_child *child);
/*
 * -D: PATH with ARGV runs in this very process, keeping its pid and its parent, held as by
 * PROC_HOLD_PIPE (SP's hooks and codes apply); the tracer goes on in a grandchild, its parent
 * gone at once (LEVEL 2: leading a new process group, 3: a new session).  Returns in the
 * tracer only: 0 with CHILD filled (its pid is the program's, to be seized, then released with
 * proc_release), or -errno when the pipe or the first fork fails (nothing started).
 */
int proc_spawn_daemon(const char *path, char *const argv[], const struct proc_spawn *sp,
		      int level, struct proc_child *child);
/*
 * Seize every thread of process PID: PTRACE_SEIZE with OPTIONS, then PTRACE_INTERRUPT so that
 * it reports from a first stop.  Threads KNOWN says are traced already are passed over, and so
 * is one that exits meanwhile once another was seized; ADDED is told of each seized.  0, or
 * -errno with *FAILED the thread that could not be seized (PID itself when its threads cannot
 * be listed: -ESRCH when it is gone).
 */
int proc_seize(pid_t pid, unsigned long options, bool (*known)(pid_t tid),
	       void (*added)(pid_t tid, void *arg), void *arg, pid_t *failed);
/*
 * defer_fail: the error (-errno) with which CHILD could not start, once it has exited; 0 when
 * it exec'd or said nothing (yet).  Read once.
 */
int proc_exec_failure(struct proc_child *child);
/* Let a held program go on to its exec; GO false: to its death, unexeced. 0 or -errno. */
int proc_release(struct proc_child *child, bool go);
/* waitpid that retries on EINTR: the pid or -errno. */
pid_t proc_waitpid(pid_t pid, int *status, int flags);

/*
 * The next stop or exit of any tracee (wait4(-1, __WALL)), polling first for as long as the
 * recent stops suggest one is near and the CPU is not wanted elsewhere (spawn.c says why).
 * BEFORE_SLEEP, when not NULL, runs before sleeping (an output flush).  The pid or -1/errno.
 */
pid_t proc_wait_stop(int *status, struct rusage *ru, void (*before_sleep)(void));
/* A process was forked or exec'd: the next stops are waited for sleeping (spawn.c says why). */
void proc_wait_calm(void);

/*
 * Let tracee TID go: interrupt it, wait for a stop, detach from it handing back a pending
 * signal.  OURS, when not NULL, is asked about a pending SIGTRAP or SIGSEGV: true when it was one of the
 * tracer's breakpoints, now removed (the instruction runs again, no signal delivered).  Returns
 * 0, or -errno when the tracee is gone.
 */
int proc_detach(pid_t tid, bool (*ours)(pid_t tid, const siginfo_t *si, void *arg), void *arg);
/* Many at once (a tracer interrupted, strace's cleanup): PTRACE_INTERRUPT each, then give each
 * stop that comes, whoever's, to proc_detach_stop: 1 detached from it, 0 let run on to the
 * interrupt stop (an event stop), -ESRCH gone (STATUS not a stop).  None waits for another, so
 * a tracee that stops only once another one has (a vfork parent) holds nobody up. */
int proc_detach_stop(pid_t tid, int status, bool (*ours)(pid_t tid, const siginfo_t *si, void *arg),
		     void *arg);
/*
 * The tracer's own standard descriptors.  proc_stdio_open: any of 0, 1, 2 that is closed is
 * opened on /dev/null, close-on-exec, so that no file the tracer opens becomes one of them
 * (at start) while a program it starts still finds it closed.
 * proc_stdio_release: 0 and 1 onto /dev/null once the program is started, as strace does:
 * a program that closes its end of a pipe it shares with the tracer must close the pipe
 * (stderr stays, for the messages).  0 or -errno.
 */
int proc_stdio_open(void);
int proc_stdio_release(void);
/* A program the tracer started gets the signal SIG that ended the tracer (SIGTERM for none). */
void proc_kill_spawned(pid_t pid, int sig);

/* What the tracer does with the signals that end it (proc_catch_signals). */
enum proc_sigs {
	PROC_SIGS_CATCH,   /* recorded (proc_interrupted), the loop ends cleanly */
	PROC_SIGS_IGNORE,  /* -I 3, 4: ignored */
	PROC_SIGS_DEFAULT, /* -I 1: left as they are (SIGTTOU, SIGTTIN ignored all the same) */
};
/*
 * Catch SIGHUP, SIGINT, SIGQUIT, SIGTERM (and SIGPIPE unless IGNORE_PIPE, which ignores it);
 * ignore SIGTTOU, SIGTTIN (and SIGTSTP: ^Z would stop the tracer with its tracees held).
 */
void proc_catch_signals(enum proc_sigs how, bool ignore_pipe);
/* The signal that interrupted the tracer, 0 while none came. */
int proc_interrupted(void);

/*
 * End the way a program ended: EXIT_CODE is its exit status (0-255) or 0x100 | the signal
 * that killed it, which is raised here without dumping the tracer's own core.  Returns what
 * to exit with should the signal not kill (0x80 | sig), or the exit status.
 */
int proc_exit_like(int exit_code);
/* A wait status as proc_exit_like's EXIT_CODE. */
int proc_exit_code(int status);
