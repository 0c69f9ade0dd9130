// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * -c under --bpf: the per-CPU counts and times the kernel kept per syscall (map "stats" of
 * sysbpf, struct sysstat: calls, errors, CPU or wall time and wall time, each with its least
 * and most), summed over the CPUs into the summary table at the end.
 */
#include <stdint.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "bpf/sysbpf.h"
#include "strace-lite/bpf/bpf-run.h"
#include "strace-lite/sttrace.h"

/* The per-CPU values V[NCPU] of one syscall summed into S: false when it was never called. */
static bool sum_cpus(const struct sysstat *v, int ncpu, struct sysstat *s)
{
	*s = (struct sysstat){ 0 };
	for (int i = 0; i < ncpu; i++) {
		if (!v[i].count)
			continue;
		if (!s->count || v[i].ns_min < s->ns_min)
			s->ns_min = v[i].ns_min;
		if (!s->count || v[i].wns_min < s->wns_min)
			s->wns_min = v[i].wns_min;
		if (v[i].ns_max > s->ns_max)
			s->ns_max = v[i].ns_max;
		if (v[i].wns_max > s->wns_max)
			s->wns_max = v[i].wns_max;
		s->count += v[i].count;
		s->errors += v[i].errors;
		s->ns += v[i].ns;
		s->wns += v[i].wns;
	}
	return s->count != 0;
}

static void add(long scno, const struct sysstat *s)
{
	const struct sysent *se = scno >= 0 && scno < SYS_MAX ? sysent_get(scno) : NULL;
	struct summary_totals st = {
		.calls = s->count,
		.errors = se && (se->classes & SYSCALL_NEVER_FAILS) ? 0 : s->errors,
		.time = s->ns / 1e9, .tmin = s->ns_min / 1e9, .tmax = s->ns_max / 1e9,
		.wtime = s->wns / 1e9, .wmin = s->wns_min / 1e9, .wmax = s->wns_max / 1e9,
	};
	summary_add(scno, &st);
}

/* -c: the kernel's counts into the summary table: map FD by number below SYS_MAX, FAR (a hash)
 * the numbers past it.  A number without a name is counted too (strace 7.1), as
 * "syscall_0x...". */
void bpf_stats_collect(int fd, int far)
{
	int ncpu = libbpf_num_possible_cpus();

	if (ncpu <= 0)
		return;
	struct sysstat v[ncpu], s;
	for (uint32_t n = 0; n < SYS_MAX; n++)
		if (bpf_map_lookup_elem(fd, &n, v) == 0 && sum_cpus(v, ncpu, &s))
			add(n, &s);
	int64_t key, next, *prev = NULL;
	for (unsigned int left = STATS_FAR_MAX; left && !bpf_map_get_next_key(far, prev, &next);
	     left--) {
		key = next;
		prev = &key;
		if (bpf_map_lookup_elem(far, &key, v) == 0 && sum_cpus(v, ncpu, &s))
			add((long)key, &s);
	}
}
