/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * IFUNCs (ifunc.c): a function whose symbol (STT_GNU_IFUNC) is a resolver that the dynamic
 * loader calls to choose the implementation this process uses (strlen -> one of glibc's
 * __strlen_sse2/avx2/evex, by CPU and GLIBC_TUNABLES).  A probe on the function belongs on that
 * implementation: a probe on the symbol's address would see the resolver's call at start-up
 * and none of the function's.  Only the process knows the choice:
 *  - once the loader has relocated an object, the GOT slots that name the function (JUMP_SLOT
 *    once bound, GLOB_DAT) or its resolver (IRELATIVE: libc's own calls, a static program's)
 *    hold it: uprobe_ifunc_chosen;
 *  - a choice made later (lazy binding at a first call, dlopen, a static program's start-up)
 *    is the resolver's return value: the tracers watch the resolver's returns for it;
 *  - lttrace --bpf also asks its own process: uprobe_ifunc_local.
 * Shared by lttrace (lt-resolve.c, lt-bpf-plan.c) and sttrace's -e uprobe= (both backends).
 */
#pragma once
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "uprobe/objelf.h"

struct mapping;

/*
 * The implementations of IFUNC NAME, defined by OBJS[D] with its resolver at runtime address
 * RESOLVER, that the GOT slots of OBJS (the N objects of process PID) hold now: up to MAX
 * distinct addresses inside OBJS[D] into OUT, their count.
 */
size_t uprobe_ifunc_chosen(pid_t pid, const struct uprobe_obj *objs, size_t n, size_t d,
			   const char *name, uint64_t resolver, uint64_t *out, size_t max);
/*
 * The implementation of NAME that this process (the tracer) gets from the same file as DEF,
 * as a runtime address of the traced process whose mappings are M (NM): 0 when this process
 * has not loaded the file (glibc's libc, libm and libmvec are loaded for the question).
 * Right only when both processes run on the same CPU features and tunables.
 */
uint64_t uprobe_ifunc_local(const struct uprobe_obj *def, const char *name,
			    const struct mapping *m, int nm);
