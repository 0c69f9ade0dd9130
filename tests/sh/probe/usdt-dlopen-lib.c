// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The library usdt-dlopen.sh builds and its program dlopens after start: a USDT probe, a
 * semaphore-guarded one (it fires only if the tracer raised the semaphore in this object),
 * and lib_work itself under a uprobe and a uretprobe.  It prints the lines the tracer must
 * write for what happens inside it.
 */
#include <stdio.h>

#include "sdt.h"

SDT_DEFINE_SEMAPHORE(dlib, guarded);

int lib_work(int n)
{
	long twice = 2L * n;

	printf("--- uprobe:lib_work(%d) ---\n", n);
	DTRACE_PROBE2(dlib, work, n, twice);
	printf("--- usdt:dlib:work(%d, %ld) ---\n", n, twice);
	if (SDT_PROBE_ENABLED(dlib, guarded))
		SDT_SEM_PROBE1(dlib, guarded, n + 1);
	printf("--- usdt:dlib:guarded(%d) ---\n", n + 1);
	return 3 * n;
}
