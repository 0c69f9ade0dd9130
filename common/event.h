/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The event model: what a backend saw, in the form every writer reads.  A backend (ptrace or
 * eBPF) fills a struct event with the decoded payload; a writer (strace's text, JSON Lines)
 * formats it and never looks at where it came from, so both backends print alike by
 * construction.  Today probe hits (sttrace's -e usdt=/uprobe=/uretprobe=, both backends) and
 * the life of a process (signals, exits, exec: sttrace's lines and records, lttrace's records)
 * go through it; syscalls and lttrace's calls are next (docs/architecture.md).
 */
#pragma once
#include <stddef.h>
#include <sys/types.h>

#include "common/strbuf.h"

enum event_kind {
	EVENT_PROBE,        /* a USDT probe or a uprobe hit: TEXT is its argument list */
	EVENT_PROBE_RETURN, /* a uretprobe: TEXT is the value returned */
	EVENT_SIGNAL,       /* signal SIG delivered: TEXT is its siginfo, decoded (may be empty) */
	EVENT_STOPPED,      /* a group-stop by SIG */
	EVENT_EXITED,       /* the thread or process is gone with exit STATUS */
	EVENT_KILLED,       /* ... killed by SIG, CORE_DUMPED or not */
	EVENT_EXEC,         /* the process exec'd */
};

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
};

/* strace's line after its leader: "--- usdt:app:request(1, \"a\") ---\n", "--- SIGINT {si_signo=…}
 * ---\n", "+++ exited with 0 +++\n"... (nothing for EVENT_EXEC, which strace does not print). */
void event_write_text(struct strbuf *sb, const struct event *ev);
/* ltrace's line after its leader: "--- SIGINT (Interrupt) ---\n", "+++ exited (status 0) +++\n",
 * "+++ killed by SIGKILL +++\n", "--- Called exec() ---\n" (nothing for the other kinds). */
void event_write_ltrace(struct strbuf *sb, const struct event *ev);
/*
 * One JSON Lines record, without its newline (the schema of docs: type, pid, time, then
 * "probe" and "args" or "ret" for probes; "signal" (and "siginfo") for signals; "status" for
 * exits; "signal" and "core_dumped" for kills).
 */
void event_write_json(struct strbuf *sb, const struct event *ev);
