/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * -e usdt= and -e uprobe=: probes through ptrace breakpoints (probe.c).  The engine calls these
 * hooks; everything else about probes stays in probe.c and uprobe/.
 */
#pragma once
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

struct tcb;

/* filter.c: KIND is "usdt" or "uprobe", VAL the list after '='.  0 or -errno with ERR. */
int probe_qualify(const char *kind, const char *val, char *err, size_t errlen);
/*
 * The probe SOURCE:NAME ("usdt", "app:request"; "uprobe", "malloc") that a --latency pair
 * ends at: traced silently (its hits go to the sinks, not to the trace) unless a spec of
 * -e usdt=, uprobe= or uretprobe= already covers it.  0, or -EINVAL with ERR.
 */
int probe_latency_end(const char *source, const char *name, char *err, size_t errlen);
bool probe_enabled(void);
/* --prototypes=FILE: ltrace.conf prototypes over the built-in table.  0 or -errno with ERR
 * ("FILE:LINE: reason"). */
int probe_protos_file(const char *path, char *err, size_t errlen);
/* The tracee's image was replaced (PTRACE_EVENT_EXEC): resolve once its program starts. */
void probe_exec(struct tcb *tcp);
/* First stop of a thread attached with -p: resolve against what is mapped now. */
void probe_attached(struct tcb *tcp);
/*
 * A SIGTRAP signal-delivery stop: when it is one of our breakpoints, print the hit, step over
 * it and return the signal to resume with (normally 0); -1 when the trap is not ours.
 */
int probe_handle_trap(struct tcb *tcp, const siginfo_t *si);
/* TCP forked CHILD (a fork, vfork or clone event): a new process inherits the breakpoints. */
void probe_fork(struct tcb *tcp, pid_t child);
/* Process PID is gone (its leader exited). */
void probe_forget(pid_t pid);
/* Every breakpoint byte and semaphore back to its original value, in every process. */
void probe_detach_all(void);
/* In detach: TID stopped on one of our (now removed) int3s; rewind it, true. */
bool probe_fixup_detach(pid_t tid);
