// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * -c / -C with -e usdt= / -e uprobe=: hits per probe, from either backend (the ptrace engine
 * counts each trap, --bpf sums the kernel's per-CPU counters at the end), printed after the
 * syscall table.  strace has no probes, so the table is ours: strace's column layout, the
 * probe as its lines name it ("usdt:PROVIDER:NAME", "uprobe:FN", "uretprobe:FN"), the most
 * hit first.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "strace-lite/sttrace.h"
#include "common/vec.h"

struct psum {
	char *name;
	uint64_t hits;
};
static struct psum *sums;
static size_t nsums, cap;

void probe_summary_add(const char *kind, const char *label, uint64_t hits)
{
	char name[512];

	snprintf(name, sizeof(name), "%s:%s", kind, label);
	for (size_t i = 0; i < nsums; i++)
		if (!strcmp(sums[i].name, name)) {
			sums[i].hits += hits;
			return;
		}
	if (VEC_GROW(sums, cap, nsums, 8) < 0)
			return;
	if (!(sums[nsums].name = strdup(name)))
		return;
	sums[nsums++].hits = hits;
}

static int cmp_hits(const void *a, const void *b)
{
	const struct psum *x = a, *y = b;

	if (x->hits != y->hits)
		return x->hits < y->hits ? 1 : -1;
	return strcmp(x->name, y->name);
}

void probe_summary_print(FILE *f)
{
	int w_hits = 9, w_name = 16;
	char dash[256];

	if (!nsums)
		return;
	qsort(sums, nsums, sizeof(*sums), cmp_hits);
	for (size_t i = 0; i < nsums; i++) {
		int w = snprintf(NULL, 0, "%" PRIu64, sums[i].hits);
		if (w > w_hits)
			w_hits = w;
		if ((int)strlen(sums[i].name) > w_name)
			w_name = (int)strlen(sums[i].name);
	}
	if (w_name > (int)sizeof(dash))
		w_name = (int)sizeof(dash);
	memset(dash, '-', sizeof(dash));
	fprintf(f, "\n%*s %s\n", w_hits, "hits", "probe");
	fprintf(f, "%.*s %.*s\n", w_hits, dash, w_name, dash);
	for (size_t i = 0; i < nsums; i++)
		fprintf(f, "%*" PRIu64 " %s\n", w_hits, sums[i].hits, sums[i].name);
	for (size_t i = 0; i < nsums; i++)
		free(sums[i].name);
	free(sums);
	sums = NULL;
	nsums = cap = 0;
}
