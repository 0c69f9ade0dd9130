/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* plan.c: the capture plan of one syscall from its signature.  Returns the number of ops. */
#pragma once
#include "bpf/sysbpf.h"
#include "strace-lite/decode/sysent.h"

int bpf_plan_build(const struct sysent *se, struct plan *p);
