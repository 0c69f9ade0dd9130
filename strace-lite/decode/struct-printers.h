/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Struct printers shared between decoders.  Each is also reachable from syscalls.in as
 * in:NAME / out:NAME (print_struct_NAME), found there by a weak reference.
 */
#pragma once
#include <stdint.h>

struct dctx;

void print_struct_timespec(struct dctx *c, uint64_t addr);
void print_struct_timeval(struct dctx *c, uint64_t addr);
void print_struct_rusage(struct dctx *c, uint64_t addr);
void print_struct_rlimit64(struct dctx *c, uint64_t addr);
void print_struct_utsname(struct dctx *c, uint64_t addr);
void print_struct_sched_param(struct dctx *c, uint64_t addr);
/* "[0x7f...]" / "[NULL]": a pointer-sized value in tracee memory. */
void printnum_ptr(struct dctx *c, uint64_t addr);
/* struct sigevent (timer_create, mq_notify). */
void print_struct_sigevent(struct dctx *c, uint64_t addr);
/* A CPU mask of LEN bytes as the list of its set bits, "[0 1]" (sched_setaffinity). */
void print_affinitylist(struct dctx *c, uint64_t addr, uint64_t len);
