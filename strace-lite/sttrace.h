/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * State shared by the parts of the sttrace front end and its ptrace engine: the options, the
 * per-thread trace control block, and the entry points of engine.c, output.c, filter.c,
 * summary.c and seccomp.c.
 */
#pragma once
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <stdio.h>
#include <sys/types.h>
#include <signal.h>
#include <time.h>

#include "common/clock.h"
#include "common/tidtab.h"
#include "strace-lite/argnames.h"
#include "strace-lite/color.h"
#include "strace-lite/decode/decode.h"

#define MAX_SCNO 1024 /* bitmaps of syscall numbers */
/* Numbers a set holds: syscalls, signals and descriptors (-e read=19998 must dump). */
#define NUMSET_MAX 65536

/* -e sets: a bitmap plus a "not" flag (strace's number sets). */
struct numset {
	uint64_t bits[NUMSET_MAX / 64];
	bool negated;
};
static inline bool numset_has(const struct numset *s, unsigned int n)
{
	bool in = n < NUMSET_MAX && (s->bits[n / 64] >> (n % 64)) & 1;
	return in != s->negated;
}
static inline void numset_add(struct numset *s, unsigned int n)
{
	if (n < NUMSET_MAX)
		s->bits[n / 64] |= 1ull << (n % 64);
}

enum { TS_NONE, TS_TIME, TS_UNIX };
/* -I: when sttrace may be interrupted (strace's numbers). */
enum { INTR_ANYWHERE = 1, INTR_WHILE_WAIT, INTR_NEVER, INTR_BLOCK_TSTP_TOO };
enum { STATUS_SUCCESSFUL, STATUS_FAILED, STATUS_UNFINISHED, STATUS_UNAVAILABLE, STATUS_DETACHED };
enum { QUIET_ATTACH = 1, QUIET_EXIT = 2, QUIET_PATH_RESOLVE = 4, QUIET_PERSONALITY = 8,
       QUIET_THREAD_EXECVE = 16 };

struct options {
	int followfork;        /* -f: 1, -ff: 2 */
	const char *outfname;  /* -o */
	const char *record;    /* --record=FILE (the eBPF backend's records) */
	bool append;           /* -A: -o appends */
	const char *user;      /* -u: run the program as this user */
	bool user_ids;         /* -u UID:GID: no supplementary groups, no name looked up */
	uid_t uid;
	gid_t gid;
	bool output_separately; /* -ff with -o */
	bool pid_pfx_plain;     /* a replay of a -o run: its "PID " prefix (replay_settle) */
	int acolumn;           /* -a */
	int ts_format;         /* -t, --timestamps=: TS_NONE, TS_TIME, TS_UNIX */
	int ts_digits;         /* digits of a second it shows: 0, 3, 6, 9 */
	bool rflag;            /* -r, --relative-timestamps */
	int r_digits;
	bool Tflag;            /* -T, --syscall-times */
	int T_digits;
	bool nflag;            /* -n: the syscall number on each line */
	bool arg_names;        /* -N, --arg-names: "name=" before each argument */
	bool debug;            /* -d, --debug: strace debug lines we have */
	int color;             /* --color=: COLOR_NEVER, COLOR_AUTO (the default), COLOR_ALWAYS */
	bool iflag;            /* -i: the instruction pointer on each line */
	int intr;              /* -I: INTR_*, 0 when not given */
	bool detach_on_execve; /* -b execve: let a process go at its exec (not the program's
				* first, which is ours) */
	int stack;             /* -k: 1, -kk: 2 (1 for --flamegraph alone): stacks are unwound */
	bool stack_lines;      /* -k without --stack-format=folded: stack lines after a call's */
	bool stack_folded;     /* --stack-format=folded: folded stacks at the end */
	const char *flamegraph; /* --flamegraph=FILE.svg */
	bool json;             /* --json: JSON Lines */
	int cflag;             /* -c: 1 (only stats), -C: 2 (stats and trace) */
	const char *sortby;    /* -S */
	char *search_path;     /* $PATH before -E (NULL: not changed) */
	bool wflag;            /* -w: wall time in -c */
	bool percentiles;      /* -c --percentiles: p50, p90, p99, max of each call's wall time */
	double overhead;       /* -O: seconds taken off each call's time in -c */
	bool seccomp;          /* prefilter unselected syscalls */
	bool seccomp_exitkill; /* --seccomp-bpf asked and used: the program dies with us, as
				* strace's (without a tracer its filtered calls would fail) */
	bool kill_on_exit;     /* --kill-on-exit: the tracees die with sttrace (no guard) */
	unsigned quiet;        /* QUIET_* */
	bool quiet_given;      /* --quiet= (or -e quiet=) said which */
	bool decode_fds_given; /* --decode-fds= (or -e decode-fds=): -y too is an error */
	struct numset trace;   /* -e trace= */
	bool trace_all;        /* no -e trace= given */
	struct numset raw;     /* -e raw= */
	struct numset abbrev;  /* -e abbrev=: the calls whose structures are abbreviated... */
	bool abbrev_given;     /* ...when given after any -v (else -v decides for all) */
	struct numset signals; /* -e signal= */
	struct numset read_fds, write_fds; /* -e read=, -e write=: dump their data */
	bool dump_io;
	unsigned status_mask;  /* -e status=, -z, -Z: bits of STATUS_*; 0 = all */
	struct numset trace_fds; /* --trace-fds=, -e fd=: calls on these descriptors (as -P) */
	bool trace_fds_given;
	long long syscall_limit; /* --syscall-limit: calls left to show before detaching; -1 */
	const char *argv0;     /* --argv0: the program's argv[0] */
	bool always_show_pid;  /* --always-show-pid: the "PID " prefix even for one process */
};
extern struct options opts;
/* Where the program is looked for: strace searches its own $PATH, not the one -E gives. */
static inline const char *program_search_path(void)
{
	return opts.search_path ? opts.search_path : getenv("PATH");
}

enum {
	TCB_INSYSCALL = 1 << 0,
	TCB_STARTUP = 1 << 1,       /* first stop not seen yet */
	TCB_HIDE_LOG = 1 << 2,      /* spawned child before its first execve */
	TCB_FILTERED = 1 << 3,      /* the current syscall is not traced */
	TCB_ATTACHED = 1 << 4,      /* attached with -p: detach, never kill */
	TCB_SPAWNED = 1 << 5,       /* the program we started */
	TCB_SECCOMP = 1 << 6,       /* a seccomp prefilter is active in this tracee */
	TCB_CHECK_EXEC = 1 << 7,    /* in an execve that has not succeeded yet */
	TCB_REPRINT = 1 << 8,
	TCB_INJECTED = 1 << 9,      /* the current call's result is ours (-e inject=) */
	TCB_LEADER_EXITED = 1 << 10, /* (bpf) a leader gone before its threads: it is reported
				      * with its process, as ptrace reports it */
	TCB_VANISHED = 1 << 11,     /* (bpf) not found at the last look for threads gone silently */
	TCB_POKED = 1 << 12,        /* -e inject=...:poke_enter=/poke_exit= wrote its memory */
	TCB_DELAYED = 1 << 13,      /* -e inject=...:delay_enter=/delay_exit= held it */
	TCB_INJECTED_OK = 1 << 14,  /* with TCB_INJECTED: retval= gave it, a success whatever the
				     * value (strace's set_success: retval=-2 is no ENOENT) */
};

struct tcb {
	pid_t pid;
	pid_t tgid; /* its process, kept for a timeline (0: not known) */
	unsigned int flags;
	int curcol; /* columns printed on the current line; 0 when no line is open */
	FILE *outf;
	struct strbuf sb;    /* text being built, written by tcb_emit */
	struct strbuf stage; /* -e status=: the entry half, held until the result is known */
	struct strbuf evargs; /* with event sinks: the call's arguments as printed, for its event */
	bool staging;
	struct colorlex colorlex; /* --color: where the colouring of its line stands */
	struct argscan argscan; /* -N: where the names of the current call's arguments stand */
	bool held_sep; /* the ", " ending its entry's arguments, printed at the exit (strace 7) */
	struct dctx dc;
	int func_rval;
	struct timespec etime; /* syscall entry time, for -T and -c -w */
	uint64_t rec_enter_ns; /* --record under ptrace: when the current call entered */
	bool rec_pidns_done;   /* ... and its pid namespace's ids were recorded */
	struct timespec stime; /* system CPU time at the last stop (-c) */
	struct timespec ltime; /* system CPU time at syscall entry (-c) */
	struct timespec rtime; /* wall clock at syscall entry (--json) */
	struct inject_rule *inject; /* this thread's copy of the rules, counting its calls */
	int64_t inject_rval;        /* with TCB_INJECTED: the result to give */
	int inject_sig;             /* a signal to deliver at the call's exit */
	uint64_t hold_until_ns;     /* (ptrace) delay_enter=/delay_exit=: left stopped until this
				     * CLOCK_MONOTONIC time, the tracer serving the others; 0 none */
	int held_op, held_sig;      /* ... and how it is resumed then */
	const struct inject_rule *tamper; /* the rule that hit the current call */
	char comm[64];              /* --decode-pids=comm: its command name, for the pid prefix */
	const char *prev_name;      /* its last call traced to its exit, for restart_syscall */
	uint64_t ip;                /* -i: the instruction pointer at the event being printed */
	bool ip_known;              /* false: "????????????????" (a thread gone) */
	struct tid_node node;       /* in the tracee table (tcb.c) */
};

#define TCB_SILENT (1u << 16) /* followed only for the probes' breakpoints (no -f) */
/* -e status=: a thread's execve superseded its leader; until its next traced call, what it
 * prints (its exit) counts as "detached" output, as strace 7.2's reopened stage does. */
#define TCB_EXEC_STAGED (1u << 17)

/* Nothing of this tracee is printed (a spawned child before its exec, a silent child). */
static inline bool hide_log(const struct tcb *tcp)
{
	return tcp->flags & (TCB_HIDE_LOG | TCB_SILENT);
}

/* syscall.c */
void syscall_enter(struct tcb *tcp, long scno, const uint64_t *args);
void syscall_exit(struct tcb *tcp, int64_t rval, bool is_error);
/* The tracee vanished inside a traced syscall (exit_group, exec by another thread, SIGKILL). */
void syscall_unfinished(struct tcb *tcp);
/* --syscall-limit: as many calls shown (or counted by -c) as it said, then the backends let
 * every tracee go, as strace (--bpf: shows nothing more while the program runs on, as it would
 * die with us), and say so once (syscall_limit_leave): whether it is reached. */
bool syscall_limit_reached(void);
void syscall_limit_leave(void);
bool sysent_is_exec(const struct sysent *se);

/* The ptrace engine's tampering (-e inject=), run after the filter and before the entry is
 * printed; NULL under --bpf. */
extern void (*syscall_tamper_hook)(struct tcb *tcp);

/* tamper.c: -e inject= for the ptrace engine, at entry (syscall_tamper_hook) and at exit
 * (before the result is decoded): what the rule that hit the call asks. */
void tamper_enter(struct tcb *tcp);
void tamper_exit(struct tcb *tcp, int64_t *rval, uint8_t *is_error);

/* engine.c: the ptrace backend (common/backend.h; its configuration's daemon, -D (1), -DD (2),
 * -DDD (3): the program in our process, the tracer a grandchild). */
struct backend;
extern const struct backend engine_backend;

/* The program to start, ARGV[0] looked for as strace does (program_search_path), into PATH,
 * and ARGV[0] then what --argv0 says; 0, or -errno having said why ("Cannot find executable
 * 'PROG'", "Cannot stat './PROG': ...", "exec: File name too long"). */
int program_lookup(char **argv, char *path, size_t len);
/* tcb.c: the tracees of either backend */
/* The traced threads: how many, and all of them (tcb_next may follow a droptcb of TCP only when
 * taken before it). */
unsigned int tcb_count(void);
struct tcb *tcb_first(void);
struct tcb *tcb_next(const struct tcb *tcp);
extern pid_t strace_child; /* the program we spawned */
extern int (*tcb_reader)(struct dctx *c, uint64_t addr, void *buf, size_t len);
extern int (*tcb_str_reader)(struct dctx *c, uint64_t addr, void *buf, size_t len);
struct tcb *pid2tcb(pid_t pid);
struct tcb *alloctcb(pid_t pid, unsigned int flags);
struct tcb *new_child(pid_t pid, unsigned int flags); /* says "Process N attached" */
void droptcb(struct tcb *tcp);
void print_line(struct tcb *tcp, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void print_signal(struct tcb *tcp, const siginfo_t *si, int sig);
void report_exit(struct tcb *tcp, int status);
/* The tracee is let go while still running (either backend has undone its tracing): "Process N
 * detached", its open line closed with " <detached ...>", its tcb dropped. */
void report_detach(struct tcb *tcp);
/* (bpf) The spawned program PID was reaped with wait status STATUS: the status sttrace exits
 * with, and its exit line if no exit record reported it. */
void tcb_reaped(pid_t pid, int status);
/* -u: in the program's process before its exec, become that user (groups, gid, uid); 0 or
 * -errno. */
int tcb_become_user(void);
/* The fatal signals (HUP, INT, QUIT, PIPE, TERM) end the run (proc_interrupted() says which),
 * are ignored (-I3, -I4, which ignores SIGTSTP too) or left alone (-I1); SIGTTOU and SIGTTIN
 * are ignored. */
void tcb_catch_signals(void);
/* SIG ended sttrace's run (SIGINT, SIGTERM, ...): after the cleanup, tcb_exit_status dies of it,
 * as strace does. */
void tcb_interrupted(int sig);
struct tcb *exec_switch(struct tcb *tcp, unsigned long old_pid);
/* --decode-pids=comm: read tcp's command name again (at its start, after execve, PR_SET_NAME). */
void tcb_load_comm(struct tcb *tcp);
void tcb_note_current_syscall(struct tcb *tcp); /* -p: what a restart_syscall resumes */
/* --decode-pids=comm: after a call of TCP that may have renamed it (execve: from /proc, unless
 * the backend gave the name with the exec; prctl(PR_SET_NAME): the name it passed, as the
 * decoders read it). */
void tcb_comm_changed(struct tcb *tcp);
/* (bpf) The command names come with the events (fork, exec), not from /proc afterwards. */
extern bool tcb_comm_from_events;
/* Whether tcbs keep their command names: --decode-pids=comm prints them, a timeline names its
 * tracks with them. */
bool tcb_track_comm(void);
/* usage.c: what -h prints. */
extern const char sttrace_usage[];
/* (bpf) tcp's command name as the kernel gave it (LEN bytes, NUL-terminated or not). */
void tcb_set_comm(struct tcb *tcp, const char *comm, size_t len);
/* (bpf's pid_comm_hook) PID's command name: a traced thread's as last known, else /proc's. */
int tcb_pid_comm(pid_t pid, char *buf, size_t len);
/* The end of either backend's run: leave with the spawned program's status (or its signal). */
int tcb_exit_status(void);
/* The same status as a number, 128 + N for a program killed by signal N (replay: not dying). */
int tcb_exit_status_quiet(void);

/* output.c */
/* A precision (s, ms, us, ns) as digits of a second: 0, 3, 6, 9; -EINVAL if it is none. */
int ts_precision(const char *s);
/* --timestamps=[[format:]FORMAT[,[precision:]PRECISION]]: the parts it names into FORMAT and
 * DIGITS, the others left as they are.  0 or -EINVAL. */
int ts_parse(const char *arg, int *format, int *digits);
/* SEC.FRAC of a duration with DIGITS digits of a second (none for 0), SEC WIDTH wide. */
void sb_put_secs(struct strbuf *sb, int width, const struct timespec *d, int digits);
int output_open(void);
void output_decide_prefix(void); /* after the tracees are known */
FILE *output_for(pid_t pid);
void printleader(struct tcb *tcp);
void tcb_emit(struct tcb *tcp);      /* write tcp->sb at the end of the open line */
void output_flush_line(struct tcb *tcp); /* make a partial line visible (shared stderr) */
void output_publish_stage(struct tcb *tcp); /* write what -e status= held back */
void line_ended(struct tcb *tcp);    /* the line of tcp is complete */
void tabto(struct tcb *tcp);
void output_unfinished(struct tcb *tcp); /* close an open line with " <unfinished ...>" */
void output_detached(struct tcb *tcp);   /* close an open line with " <detached ...>" */
void output_close(struct tcb *tcp);
/* The end of the trace: the log flushed, the event sinks (--perfetto...) closed. */
void output_finish(void);
/* -o '|COMMAND': the command's process (our child, not a tracee: the wait loops pass it to
 * output_pipe_reaped), or 0. */
pid_t output_pipe_pid(void);
void output_pipe_reaped(int status);
void output_flush_for_message(void); /* the logger's hook: flush the shared log */
void output_record(struct tcb *tcp, struct strbuf *rec); /* one whole --json line */
FILE *output_shared(void); /* the log (-o) or stderr: where -c writes its table */
extern struct tcb *printing_tcp;

/* filter.c: -e EXPR. 0 or -errno with a message in ERR (-ERANGE: strace adds its -h line). */
int qualify(const char *expr, char *err, size_t errlen);
int qualify_trace(const char *spec, char *err, size_t errlen);
/* A syscall set (names, %classes, /regex, !, all, none) into SET. */
int qualify_syscalls(const char *spec, struct numset *set, char *err, size_t errlen);

/* pathtrace.c: -P */
int pathtrace_add(const char *path);
void pathtrace_report(void);
bool pathtrace_enabled(void);
bool pathtrace_match(struct dctx *c);

/* dumpio.c: -e read=/write= dumps after a call's line */
void dumpio(struct dctx *c);

/* summary.c: -c */
void summary_count(struct tcb *tcp, double seconds, double wall, bool failed);
/* Totals counted elsewhere (the eBPF backend's kernel maps), -O's overhead already taken off
 * each call: seconds of the time column (CPU, or wall with -w) and of the wall-* ones. */
struct summary_totals {
	uint64_t calls, errors;
	double time, tmin, tmax;
	double wtime, wmin, wmax;
};
void summary_add(long scno, const struct summary_totals *t);
/* --percentiles: one call of SCNO took SECONDS of wall time. */
void summary_sample(long scno, double seconds);
void summary_print(FILE *f);
int summary_sortby(const char *key); /* -1 if unknown */
int summary_columns(const char *spec, char *err, size_t errlen); /* -U */
bool summary_needs_wall(void); /* a wall-* column shown or sorted by */
/* probe-summary.c: -c with probes, hits per probe (KIND "usdt", "uprobe", "uretprobe") */
void probe_summary_add(const char *kind, const char *label, uint64_t hits);
void probe_summary_print(FILE *f);

/* seccomp.c: install, in the child before execve, a filter that stops only traced syscalls. */
int seccomp_install(void);
/* Whether the prefilter is used (opts.seccomp): SECCOMP is what the user asked (-1 nothing, 0,
 * 1), ATTACH_ONLY no program started; strace's rule and warnings. */
void seccomp_decide(int seccomp, bool attach_only);

