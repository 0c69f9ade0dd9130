/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * --record=FILE and `sttrace replay FILE`: the recording's format and the two sides.
 *
 * A recording is the --bpf backend's ring-buffer records exactly as the kernel delivered them,
 * plus the few things the live decode learned elsewhere (which thread it spawned or attached,
 * a child's wait status, a thread that vanished silently, the run's end), so that a replay can
 * feed the same records through the same handler (bpfbe_handle_event) and print the same
 * lines.  The container (header, records, packing) is common/recfile.h's; the records of an
 * sttrace recording are: REC_EVENT, a ring-buffer record (REC_EVENT_Z packed); REC_MAPS,
 * REC_FD, REC_PROBE as below; the others a struct rec_note.
 *
 * A file ends with a REC_END record; one without it was cut (a killed recorder) and replays up
 * to the last whole record.  The file is untrusted input: every length is checked.
 */
#pragma once
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "common/recfile.h"

#define REC_MAX_LEN RECFILE_MAX_LEN /* no ring-buffer record is larger */

enum rec_type {
	REC_EVENT = 1,    /* a ring-buffer record, as handle_event got it */
	REC_SPAWNED,      /* a: the program sttrace started */
	REC_ATTACHED,     /* a: a thread marked by -p (or --cgroup) */
	REC_SAID_ATTACHED, /* a: "Process A attached", b: the stop signal it was found in (0: none) */
	REC_REAPED,       /* a: the spawned program reaped, b: its wait status */
	REC_UNKNOWN_EXIT, /* a: a child not traced reaped ("Exit of unknown pid") */
	REC_VANISHED,     /* a: a thread gone without an exit record, dropped */
	REC_END,          /* a: the signal that interrupted the tracer (0: none), b: events lost */
	REC_INJECT,       /* -e inject=: a: the thread, b: what was done to its next call (see
			   * record_inject) */
	REC_MAPS,         /* -k: i64 a process's tgid, then the text of its /proc/PID/maps, as the
			   * live run read it (the files it names are read at replay, as live) */
	REC_EVENT_Z,      /* u32 the record's length, then its bytes with each run of 1 to 255 zero
			   * bytes written as 0, the run's length (a record's header and its small
			   * numbers are mostly zeros: the file is about half the size) */
	/* The ptrace backend's (record-ptrace.c): */
	REC_FD,           /* i64 a thread, i64 a descriptor (or FD_CWD), then what a /proc link
			   * of it read at the stop: the text, a NUL, 'D' if the file was unlinked */
	REC_STOPPED,      /* a: a thread in a group-stop, b: the stop signal */
	REC_PT_EXIT,      /* a: a thread gone, b: its wait status */
	REC_PROBE,        /* a USDT or uprobe hit as decoded live (either backend): struct
			   * rec_probe, its label, then its arguments' text */
	REC_PT_EXITING,   /* a: a thread at its exit event (the ptrace backend's): a call it is in
			   * ends now, "= ?" (killed inside it: no exit) */
};
#define REC_LAST REC_PT_EXITING
_Static_assert(REC_EVENT_Z == RECFILE_Z && REC_EVENT == 1, "the container packs type 1");

struct rec_probe {
	int64_t tid;
	uint64_t ts; /* CLOCK_MONOTONIC */
	int32_t kind; /* SPEC_USDT, SPEC_UPROBE, SPEC_URETPROBE */
	uint32_t silent;
	uint32_t label_len, text_len;
};

struct rec_note {
	int64_t a, b;
};

/* ---- record.c: the writing side (sttrace --record=FILE) ---- */

/* sttrace's VERSION and its command line, for the header (before record_open). */
void record_cmdline(const char *version, int argc, char **argv);
/* Start writing FILE (opts.record): 0, or -errno having said why. */
int record_open(const char *file);
/* Recording? */
int record_on(void);
/* --record without -o: the live trace is not printed (output to record_no_output). */
extern const char record_no_output[];
/* Recording only: calls need not be decoded (nothing is printed, nothing injected). */
int record_only(void);
/* A ring-buffer record of LEN bytes. */
void record_event(const void *data, size_t len);
/* One of the other records. */
void record_note(enum rec_type type, int64_t a, int64_t b);
/* REC_PROBE: a probe hit of thread TID, decoded (its label, its arguments' TEXT). */
void record_probe(pid_t tid, int kind, bool silent, const char *label, const char *text,
		  size_t len);
/* The key of a descriptor's record (REC_FD, and a capset's in the eBPF pipeline): (uint32_t)fd,
 * | FOREIGN_KEY for one of another process than the stopped thread's (pidfd_getfd's target). */
#define FOREIGN_KEY (1ull << 40)
/* REC_FD: what thread TID's descriptor FD was at the stop (LEN bytes of DATA). */
void record_fd(pid_t tid, int64_t fd, const void *data, size_t len);
/* What is buffered, written (when the events pause: a killed recorder loses little). */
void record_flush(void);
/* -e inject=: what was decided for thread TCP's next call (its TCB_INJECTED, TCB_POKED,
 * TCB_DELAYED flags, the result given), before its records; replay_inject applies it. */
struct tcb;
void record_inject(const struct tcb *tcp);
void replay_inject(struct tcb *tcp, int64_t how);
/* The end: REC_END, the file flushed and closed; 0, or -errno having said why. */
int record_close(int interrupted, uint64_t lost);


/* ---- record-ptrace.c: the ptrace backend's stops as records (engine.c calls these) ---- */
/* Recording: decoders' reads and descriptor lookups are kept from now on. */
void recpt_setup(void);
/* A stop of TCP begins (its reads so far are dropped). */
void recpt_stop(struct tcb *tcp);
/* The stop was a syscall's entry (decoded), or its exit (RVAL as printed). */
void recpt_enter(struct tcb *tcp, long scno, const uint64_t args[6]);
void recpt_exit(struct tcb *tcp, int64_t rval);
/* A signal delivered (SI may be NULL), a group-stop, a new thread or process, an exec, an exit. */
void recpt_signal(struct tcb *tcp, const siginfo_t *si, int sig);
void recpt_stopped(struct tcb *tcp, int sig);
void recpt_fork(struct tcb *parent, struct tcb *child);
void recpt_exec(struct tcb *tcp, pid_t old_tid, bool detached);
void recpt_exiting(struct tcb *tcp); /* its exit event: a call it is in ends "= ?" */
void recpt_exit_status(struct tcb *tcp, int status);

/* ---- replay.c: `sttrace replay [options] FILE [options]`, a backend whose events come from
 * FILE ---- */
struct backend;
struct option;
extern const struct backend replay_backend;
/*
 * After the options (parsed in any order around FILE): *ARGC, *ARGV the words left, which must be
 * FILE alone; it is kept for the replay backend and the words are used up.  What the replay does
 * not say of -f, -ff, --follow-forks, --output-separately and -o it takes from the recording's
 * command line (*FFLAG as the front end counts -f; -o's "PID " prefix style on a replay that has
 * no -o), so that a replay without options looks like the live run.
 * 0, or -EINVAL with ERR.
 */
int replay_settle(int *argc, char ***argv, int *fflag, const char *optstring,
		  const struct option *longopts, char *err, size_t errlen);
/*
 * Where a replay's records go: the decoding side of the backend whose records they are (the
 * eBPF pipeline's ring-buffer records: bpfbe_replay_feed, strace-lite/bpf/bpf-replay.c).  The
 * front end gives it (replay_set_feed) before the replay's init; recording includes nothing of
 * a backend.
 */
struct replay_feed {
	/* Before the first record: decode as after a run whose processes are all gone. */
	void (*start)(void);
	/* A ring-buffer record (bpf/bpfev.h) of LEN bytes. */
	void (*event)(void *rec, size_t len);
	/* REC_FD: thread TID's descriptor KEY (FOREIGN_KEY above) was TEXT (LEN bytes). */
	void (*fd_link)(pid_t tid, uint64_t key, const void *text, uint32_t len);
	/* Thread TID is gone: what was kept for it is dropped. */
	void (*forget)(pid_t tid);
};
void replay_set_feed(const struct replay_feed *feed);
