/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* plan.c: the capture plan of one syscall from its signature.  Returns the number of ops. */
#pragma once
#include <stdbool.h>
#include <stdint.h>

#include "bpf/sysbpf.h"
#include "strace-lite/decode/sysent.h"

int bpf_plan_build(const struct sysent *se, struct plan *p);
/* Every syscall's capture plan into PLANS (SYS_MAX of them), and the kinds of ops (PU_*) the
 * plans of the traced ones (TRACE_ALL, or bits of TRACE_BITS) have. */
unsigned int bpf_plans_build(struct plan *plans, bool trace_all, const uint64_t *trace_bits);
