/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The eBPF backend (--bpf), user-space side, shared by its parts: bpf-run.c (syscalls, process
 * life cycle, the ring buffer, the event loop) and bpf-probes.c (USDT, uprobes, uretprobes).
 *
 * Every BPF program of the backend writes into one ring buffer (map "events" of sysbpf) and
 * filters on one map of traced threads (map "traced" of sysbpf): other skeletons reuse both
 * with bpf_map__reuse_fd before they load, so events of all kinds arrive in one order.
 */
#pragma once
#include <stdbool.h>
#include <signal.h>
#include <stddef.h>
#include <sys/types.h>

#include "bpf/bpfev.h"

struct tcb;

/*
 * bpf-run.c: the backend as sttrace.c's table registers it (common/backend.h): init loads and
 * attaches the programs, spawn holds the program until every probe is attached, attach (-p)
 * stops nothing, run is the event loop and returns the exit status as the ptrace engine's.
 */
struct backend;
extern const struct backend bpfbe_backend;

/* For the other parts: the shared maps' fds (valid after bpfbe_init). */
int bpfbe_events_fd(void);
int bpfbe_traced_fd(void);
int bpfbe_traced_gen_fd(void);
int bpfbe_injected_fd(void);   /* -e inject=: map "injected" (bpf/inject.bpf.h) */ /* bumped at every change of traced, in the kernel */
/* A ring-buffer record of LEN bytes, live (libbpf's callback) or from a recording. */
int bpfbe_handle_event(void *ctx, void *data, size_t len);
/* bpf-replay.c: the records of a replay (strace-lite/record/record.h) decoded by this handler. */
struct replay_feed;
extern const struct replay_feed bpfbe_replay_feed;
/* The decoders set to read captured memory, not live processes (also for a replay). */
void bpfbe_decode_setup(void);
/* bpf-stats.c: -c, the kernel's counts (maps "stats" FD and "stats_far" FAR) into the summary table. */
void bpf_stats_collect(int fd, int far);
/*
 * bpf-sys.c: a syscall's entry and exit records into syscall_enter and syscall_exit.
 * bpfbe_sysret reads an EV_SYS_EXIT record of LEN bytes in either form (bpfev.h) into R: false
 * when DATA is not one.  A deferred entry (EVF_REFETCH) prints with what its exit read.
 */
void bpfbe_sys_enter(const struct ev_sys *e);
void bpfbe_sys_exit(const struct ev_sysret *e);
bool bpfbe_sysret(const void *data, size_t len, struct ev_sysret *r);
struct tmem;
void bpfbe_enter_deferred(struct tcb *tcp, struct tmem *t);
/* The tcb of thread TID, created if it is traced but not known yet. */
struct tcb *bpfbe_tcb(pid_t tid);
/* Print "sttrace: --bpf: WHAT: reason" for a libbpf error ERR (-errno), with the verifier
 * log's last lines when the load was rejected.  Returns ERR. */
int bpfbe_error(const char *what, int err);

/*
 * probes.c.  bpf_probes_attach runs after the spawned
 * program exists (held before its exec) or after -p threads are marked traced; it attaches
 * every -e usdt=/uprobe=/uretprobe= spec.  0 or -errno with a message printed.
 */
int bpf_probes_attach(pid_t pid, bool spawned);
/* An EV_PROBE* event of thread TCP. */
void bpf_probes_event(struct tcb *tcp, const void *data, size_t len);
/* Detach everything (semaphores drop with the links). */
void bpf_probes_detach(void);
/* --latency's pairs (N, before the trace starts): those whose ends are both probes and whose
 * key the kernel can compare are made by the probe program, their sinks fed the times. */
struct latency;
void bpf_latency_pairs(struct latency **l, int n);
/* A signal that is the probes' own doing (holding a thread, or its parent told so). */
bool bpf_probes_signal_is_ours(pid_t tid, int sig, const siginfo_t *si);
