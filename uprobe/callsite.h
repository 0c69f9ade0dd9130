/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The call sites of an executable's imported functions (callsite.c): for each function the
 * program reaches through its PLT, every `call` to its PLT entry and where the call's return
 * can be probed, when that list is provably all the program's own calls of it and each site
 * is one the kernel emulates (see the essay in callsite.c).  lttrace --bpf probes those sites
 * instead of the function's entry and return (uprobe + uretprobe), which the kernel may have to
 * single-step.  Library code: no output; the reasons are static strings.
 */
#pragma once
#include <stddef.h>
#include <stdint.h>

#define CSITE_NORET UINT64_MAX /* a call that ends its function (a noreturn callee): no probe */

struct csite_call {
	uint64_t call;         /* file offset of the call (e8 rel32, 5 bytes) */
	uint64_t ret;          /* file offset of its return probe, or CSITE_NORET */
};

struct csite_fn {
	const char *name;
	const char *why;       /* NULL: every call of it is in v[]; else why not */
	struct csite_call *v;
	size_t n, cap;
};

struct csite_exe {
	char *path;
	const char *why;       /* NULL: scanned; else why none of its functions qualify */
	struct csite_fn *fns;
	size_t nfns, cap;
};

/* The scan of the executable PATH (cached by path): NULL only when out of memory. */
const struct csite_exe *csite_scan(const char *path);
/* Function NAME of X, NULL when the program has no PLT entry for it. */
const struct csite_fn *csite_find(const struct csite_exe *x, const char *name);
void csite_free_all(void);
