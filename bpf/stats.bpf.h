/* SPDX-License-Identifier: GPL-2.0 */
/*
 * -c under --bpf, counted in the kernel (sysbpf.bpf.c's part of it): per-CPU counts, errors and
 * times by syscall number, read once at the end; nothing leaves the kernel per call.
 * Included by sysbpf.bpf.c only.
 */
#pragma once

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, SYS_MAX);
	__type(key, __u32);
	__type(value, struct sysstat);
} stats SEC(".maps");

/* -c's counts of the numbers past SYS_MAX (none has a name: strace 7.1 counts them all the
 * same, as "syscall_0x..."), by number; past its size a number is not counted. */
struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_HASH);
	__uint(max_entries, STATS_FAR_MAX);
	__type(key, __s64);
	__type(value, struct sysstat);
} stats_far SEC(".maps");

static __always_inline struct sysstat *stats_slot(__s64 scno)
{
	if (scno >= 0 && scno < SYS_MAX) {
		__u32 k = scno;
		return bpf_map_lookup_elem(&stats, &k);
	}
	struct sysstat *st = bpf_map_lookup_elem(&stats_far, &scno);
	if (st)
		return st;
	struct sysstat zero = {};
	bpf_map_update_elem(&stats_far, &scno, &zero, BPF_NOEXIST);
	return bpf_map_lookup_elem(&stats_far, &scno);
}
