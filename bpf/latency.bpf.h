/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * --latency=A..B under --bpf, when both ends are probes (probes.h): the pairing done in the
 * probe program itself, included by probes.bpf.c after its helpers (fetch, hold, count).
 *
 * A site that is an end of kernel pair i has bit i in its lat_a (a start) or lat_b (an end).
 * A start keeps its time in "lat_start" under (i, key); an end under the same key takes it out
 * and counts the difference in pair i's histogram ("lat_hist", per CPU, no record sent), fine
 * enough (probes.h: 128 buckets per power of two) that the percentiles user space reads off it
 * at the end are within 0.4% of the times, and its longest in "lat_top".  The key is the thread (LAT_BY_THREAD) or value N of the hit, cut to its size and
 * sign-extended as it prints, so that two ends pair when their printed arguments are equal.
 * An end is handled before a start: a site that is both (A..A) closes the pair it opened.
 */
#pragma once

struct lat_skey {
	__u32 pair;
	__u32 pad;
	__u64 key;
};

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, LAT_STARTS);
	__type(key, struct lat_skey);
	__type(value, __u64);
} lat_start SEC(".maps");

/* Pair i's key: LAT_BY_THREAD or the value number (set by user space before load). */
const volatile __s8 lat_by[LAT_MAX] = { 0 };

/* Pair I's key of a hit of ST (registers REGS, load bias BIAS) by thread TID: false when the
 * hit has no such value, or it cannot be read (the hit then pairs with nothing). */
static __always_inline bool lat_key_of(const struct psite *st, __u32 i, const __u64 *regs,
				       __u64 bias, __u32 tid, __u64 *key)
{
	__u64 j = i;
	asm volatile("" : "+r"(j)); /* keep the mask: i is an argument of a global function */
	int k = lat_by[j & (LAT_MAX - 1)];
	__u64 v = 0;

	if (k < 0) {
		*key = tid;
		return true;
	}
	if (k >= PROBE_MAX_ARGS || (__u32)k >= st->nargs)
		return false;
	const struct parg *a = &st->a[k];
	if (a->str || !fetch(a, regs, bias, &v))
		return false;
	if (a->ksize && a->ksize < 8) {
		int shift = 64 - 8 * (a->ksize & 7);
		v = a->ksigned ? (__u64)((__s64)(v << shift) >> shift) : (v << shift) >> shift;
	}
	*key = v;
	return true;
}

/* Pair i's histogram: LAT_BUCKETS counts a pair (user space sizes it to the pairs it has). */
struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, LAT_BUCKETS);
	__type(key, __u32);
	__type(value, __u64);
} lat_hist SEC(".maps");

/* Pair i's longest time. */
struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, LAT_MAX);
	__type(key, __u32);
	__type(value, __u64);
} lat_top SEC(".maps");

/* The bucket of DT nanoseconds (probes.h): exact below 2^(LAT_SUB_BITS+1), then the power of two
 * of its highest bit and the LAT_SUB_BITS bits after it. */
static __always_inline __u32 lat_bucket(__u64 dt)
{
	__u64 v = dt;
	__u32 m = 0;

	if (dt < (2u << LAT_SUB_BITS))
		return (__u32)dt;
	if (v >> 32) { v >>= 32; m += 32; }
	if (v >> 16) { v >>= 16; m += 16; }
	if (v >> 8) { v >>= 8; m += 8; }
	if (v >> 4) { v >>= 4; m += 4; }
	if (v >> 2) { v >>= 2; m += 2; }
	if (v >> 1) m += 1;
	if (m > LAT_TOP_MSB)
		return LAT_BUCKETS - 1;
	return ((m - LAT_SUB_BITS + 1) << LAT_SUB_BITS) |
	       (__u32)((dt >> (m - LAT_SUB_BITS)) & ((1u << LAT_SUB_BITS) - 1));
}

/* Pair I's time, DT nanoseconds: counted. */
static __always_inline void lat_count(__u32 i, __u64 dt)
{
	__u32 k = i * LAT_BUCKETS + lat_bucket(dt);
	__u64 *c = bpf_map_lookup_elem(&lat_hist, &k), *top = bpf_map_lookup_elem(&lat_top, &i);

	if (c)
		*c += 1;
	if (top && dt > *top)
		*top = dt;
}

/* Pair I at a hit of ST (registers in HR) by PID_TGID at NOW, if the site is an end of it: its
 * end closed, then its start opened.  A global function: verified once, not once per pair. */
__noinline int lat_pair(const struct psite *st, const struct hitregs *hr, __u32 i, __u64 now,
			__u64 pid_tgid)
{
	struct lat_skey k = { .pair = i };

	if (!st || !hr || i >= LAT_MAX)
		return 0;
	if (!((st->lat_a | st->lat_b) & (1u << i)) ||
	    !lat_key_of(st, i, hr->r, hr->bias, (__u32)pid_tgid, &k.key))
		return 0;
	if (st->lat_b & (1u << i)) {
		__u64 *t = bpf_map_lookup_elem(&lat_start, &k);
		if (t) {
			__u64 t0 = *t;
			bpf_map_delete_elem(&lat_start, &k);
			lat_count(i, now > t0 ? now - t0 : 0);
		}
	}
	if ((st->lat_a & (1u << i)) && bpf_map_update_elem(&lat_start, &k, &now, BPF_ANY))
		count(PSTAT_LAT_FULL);
	return 0;
}

/* A hit of ST, an end of some kernel pairs: ends closed, then starts opened. */
static __always_inline void lat_hit(const struct psite *st, const struct hitregs *hr,
				    __u64 pid_tgid)
{
	__u64 now = bpf_ktime_get_ns();
	__u32 mask = st->lat_a | st->lat_b;

	for (__u32 i = 0; i < LAT_MAX; i++)
		if (mask & (1u << i))
			lat_pair(st, hr, i, now, pid_tgid);
}
