/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What every eBPF front end needs around libbpf (sttrace's strace-lite/bpf/bpf-run.c, lttrace's
 * lt-bpf.c): the privilege and BTF checks, and libbpf's messages kept so that a load that
 * fails can show the verifier's verdict.
 */
#pragma once
#include <stdbool.h>
#include <stdio.h>

/* CAP_BPF and CAP_PERFMON (or CAP_SYS_ADMIN) in the effective set. */
bool bpf_have_caps(void);
/*
 * Before loading: the privileges (-EPERM) and the kernel's BTF (-ENOENT) are there, each
 * refusal said through the logger; then libbpf's messages are captured (bpf_log_capture).
 */
int bpf_ready(void);
/* Route libbpf's messages (not its debug ones) into a buffer that keeps their tail. */
void bpf_log_capture(void);
/* The last MAXLINES lines of what libbpf said (the verifier's verdict), through the logger. */
void bpf_log_tail(int maxlines);
