/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The event model: what a backend saw, in the form every writer reads.  A backend (ptrace or
 * eBPF) fills a struct event with the decoded payload; a writer (strace's text, JSON Lines)
 * formats it and never looks at where it came from, so both backends print alike by
 * construction.  Syscalls (a whole call, at its exit), library calls (lttrace), probe hits and
 * the life of a process (signals, exits, exec) are events; besides the tool's own output, every
 * event goes to the sinks the front end registered (a timeline file, a latency table...).
 * strace's text of a syscall is the one writer that keeps state of its own (a line left open
 * by one thread, resumed later: strace-lite/output.c); it prints the same payload.
 */
#pragma once
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <time.h>

#include "common/strbuf.h"

enum event_kind {
	EVENT_PROBE,        /* a USDT probe or a uprobe hit: TEXT is its argument list */
	EVENT_PROBE_RETURN, /* a uretprobe: TEXT is the value returned */
	EVENT_SIGNAL,       /* signal SIG delivered: TEXT is its siginfo, decoded (may be empty) */
	EVENT_STOPPED,      /* a group-stop by SIG */
	EVENT_EXITED,       /* the thread or process is gone with exit STATUS */
	EVENT_KILLED,       /* ... killed by SIG, CORE_DUMPED or not */
	EVENT_EXEC,         /* the process exec'd */
	EVENT_SYSCALL,      /* a whole syscall: NAME(TEXT) = RET, from T_NS for DUR_NS */
	EVENT_CALL,         /* a library call's entry: NAME(TEXT), DEPTH calls open with it */
	EVENT_RETURN,       /* its return: NAME(TEXT) = RET, from T_NS for DUR_NS */
};

#define EVF_UNFINISHED 1u /* the call never returned (the thread went, or the trace ended) */
#define EVF_INJECTED   2u /* -e inject= decided the result */
#define EVF_NO_RETVAL  4u /* the call has no result to show ("= ?") */

struct event {
	enum event_kind kind;
	pid_t tid;
	const char *source; /* "usdt", "uprobe", "uretprobe" */
	const char *name;   /* the probe's label, "app:request" or "malloc" */
	const char *text;   /* the decoded payload, in strace's syntax */
	size_t len;
	int sig;            /* EVENT_SIGNAL, EVENT_STOPPED, EVENT_KILLED */
	int status;         /* EVENT_EXITED */
	int core_dumped;    /* EVENT_KILLED: 1 or 0; -1 when the backend cannot tell */
	pid_t pid;          /* the thread's process when the backend knows it, else 0 */
	uint64_t t_ns;      /* CLOCK_MONOTONIC: the event's time, a call's start; 0: unknown */
	uint64_t dur_ns;    /* EVENT_SYSCALL, EVENT_RETURN: time in the call */
	const struct timespec *wall; /* the time of day the record shows (NULL: now) */
	const char *ret;    /* EVENT_SYSCALL, EVENT_RETURN: the result as the text shows it */
	size_t ret_len;
	int64_t retval;     /* EVENT_SYSCALL: the value returned (-1 on an error) */
	int err;            /* EVENT_SYSCALL: errno, 0 on success */
	const char *errname; /* ... and its name ("ENOENT"), or NULL */
	unsigned int flags; /* EVF_* */
	int depth;          /* EVENT_CALL, EVENT_RETURN: calls open on the thread, this one too */
	const char *lib;    /* EVENT_CALL, EVENT_RETURN: the library the callee is in, or NULL */
	const char *comm;   /* the thread's command name when the backend keeps it, else NULL */
};

/*
 * A sink: a writer the front end registers (the tool's own output is not one).  Every event
 * the backends produce goes to every sink, in order; CLOSE runs once at the end of the trace.
 */
struct event_sink {
	void (*write)(struct event_sink *self, const struct event *ev);
	void (*close)(struct event_sink *self);
	struct event_sink *next;
};
void event_sink_add(struct event_sink *sink);
/* Whether any sink wants events: producers skip the work of building them otherwise. */
bool event_sinks_active(void);
void event_publish(const struct event *ev);
/* Close every sink (each once) and forget them. */
void event_sinks_close(void);

/* strace's line after its leader: "--- usdt:app:request(1, \"a\") ---\n", "--- SIGINT {si_signo=…}
 * ---\n", "+++ exited with 0 +++\n"... (nothing for EVENT_EXEC, which strace does not print). */
void event_write_text(struct strbuf *sb, const struct event *ev);
/* ltrace's line after its leader: "--- SIGINT (Interrupt) ---\n", "+++ exited (status 0) +++\n",
 * "+++ killed by SIGKILL +++\n", "--- Called exec() ---\n" (nothing for the other kinds). */
void event_write_ltrace(struct strbuf *sb, const struct event *ev);
/*
 * One JSON Lines record, without its newline (the schema of docs: type, pid, time, then
 * "probe" and "args" or "ret" for probes; "signal" (and "siginfo") for signals; "status" for
 * exits; "signal" and "core_dumped" for kills; "name", "args", "retval", "return", "errno" and
 * "error", "injected", "duration" for syscalls).  Library calls have their own record
 * (ltrace-lite/lt-output.c): nothing is written for them here.
 */
void event_write_json(struct strbuf *sb, const struct event *ev);
