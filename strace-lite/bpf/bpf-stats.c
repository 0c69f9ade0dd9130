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

/* -c: the kernel's counts into the summary table. */
void bpf_stats_collect(int fd)
{
	int ncpu = libbpf_num_possible_cpus();

	if (ncpu <= 0)
		return;
	struct sysstat v[ncpu];
	for (uint32_t n = 0; n < SYS_MAX && n < nsyscalls; n++) {
		struct sysstat s = { 0 };
		if (bpf_map_lookup_elem(fd, &n, v) < 0)
			continue;
		for (int i = 0; i < ncpu; i++) {
			if (!v[i].count)
				continue;
			if (!s.count || v[i].ns_min < s.ns_min)
				s.ns_min = v[i].ns_min;
			if (!s.count || v[i].wns_min < s.wns_min)
				s.wns_min = v[i].wns_min;
			if (v[i].ns_max > s.ns_max)
				s.ns_max = v[i].ns_max;
			if (v[i].wns_max > s.wns_max)
				s.wns_max = v[i].wns_max;
			s.count += v[i].count;
			s.errors += v[i].errors;
			s.ns += v[i].ns;
			s.wns += v[i].wns;
		}
		const struct sysent *se = sysent_get(n);
		if (!s.count || !se)
			continue;
		struct summary_totals st = {
			.calls = s.count,
			.errors = (se->classes & SYSCALL_NEVER_FAILS) ? 0 : s.errors,
			.time = s.ns / 1e9, .tmin = s.ns_min / 1e9, .tmax = s.ns_max / 1e9,
			.wtime = s.wns / 1e9, .wmin = s.wns_min / 1e9, .wmax = s.wns_max / 1e9,
		};
		summary_add(n, &st);
	}
}
