/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * -e inject= and -e fault= under --bpf (bpf-inject.c): a seccomp user-notification filter in
 * the program sttrace starts, answered in the event loop; bpf/inject.bpf.h is the kernel half.
 */
#pragma once
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

struct tcb;

/* In the spawned child, before its hold: the filter for every syscall with a rule; 0 or
 * -errno, said. */
/* What --bpf refuses of the -e inject= rules: delay_exit= on a call that runs (its hold, a
 * group stop repeated at every call, shows the parent a stop and a continue each time and
 * serializes a process's threads): -EINVAL with ERR said; 0. */
int bpf_inject_unsupported(char *err, size_t errlen);
int bpf_inject_install(void);
/* In sttrace: take the child PID's listener (pidfd_getfd); 0 or -errno. */
int bpf_inject_take(pid_t pid);
/* The listener to poll, or -1. */
int bpf_inject_fd(void);
void bpf_inject_close(void);
/* Receive one notification and answer it (records of the ring buffer read first by the
 * caller); false when there was none. */
bool bpf_inject_answer(void);
/* At the exit record of thread TID's call SCNO (of process TGID), before it is recorded or handled, when
 * the kernel held the thread as the call returned: poke_exit= and delay_exit= done, the
 * thread resumed. */
void bpf_inject_exit_hold(pid_t tid, pid_t tgid, long scno);
/* After the exit line of TCP's call: its notes are spent. */
void bpf_inject_exit_done(struct tcb *tcp);
