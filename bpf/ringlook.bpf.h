/* SPDX-License-Identifier: GPL-2.0 */
/*
 * How full the ring buffer is, looked at once per so many bytes a CPU sends, not at every
 * record: the reader moves its position as it reads, so every look (bpf_ringbuf_query) is a
 * cache miss, a fifth of a traced getppid's cost under --bpf (issue 31).  Included by the
 * programs that send records at a rate (sysbpf.bpf.c, ltrace.bpf.c).
 */
#pragma once

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u64);
} unlooked SEC(".maps");

/* Whether the record of SIZE bytes about to be sent is the one to look at the ring with:
 * once this CPU has sent QUERY bytes (headers included) since its last look. */
static __always_inline bool ring_look_due(__u64 size, __u32 query)
{
	__u32 zero = 0;
	__u64 *since = bpf_map_lookup_elem(&unlooked, &zero);

	if (!since)
		return true;
	if ((*since += size + 8) < query)
		return false;
	*since = 0;
	return true;
}
