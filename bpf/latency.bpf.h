/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * --latency=A..B under --bpf, when both ends are probes (probes.h): the pairing done in the
 * probe program itself, included by probes.bpf.c after its helpers (fetch, hold, count).
 *
 * A site that is an end of kernel pair i has bit i in its lat_a (a start) or lat_b (an end).
 * A start keeps its time in "lat_start" under (i, key); an end under the same key takes it out
 * and sends the difference, one EV_PROBE_LAT record of 40 bytes, to user space, which keeps
 * every time and prints the percentiles and the histogram as for pairs made there
 * (common/latency.c): a histogram in a map would be cheaper by a record, but its percentiles
 * could only be read to the power of two, and the acceptance wants them to the timer's
 * resolution.  The key is the thread (LAT_BY_THREAD) or value N of the hit, cut to its size and
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
	int k = lat_by[i & (LAT_MAX - 1)];
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

/* Pair I's time, DT nanoseconds, ending at NOW on thread PID_TGID: sent to user space. */
static __always_inline void lat_send(__u32 i, __u64 dt, __u64 now, __u64 pid_tgid)
{
	__u64 avail = bpf_ringbuf_query(&events, BPF_RB_AVAIL_DATA), size = ring_size;
	struct ev_lat *r = bpf_ringbuf_reserve(&events, sizeof(*r), 0);
	__u64 wake = avail >= WAKE_BYTES ? BPF_RB_FORCE_WAKEUP : BPF_RB_NO_WAKEUP;

	if (!r) {
		count(PSTAT_LAT_LOST);
		return;
	}
	r->h.kind = EV_PROBE_LAT;
	r->h.tid = (__u32)pid_tgid;
	r->h.tgid = pid_tgid >> 32;
	r->h.len = sizeof(*r);
	r->h.ts = now;
	r->pair = i;
	r->bad = 0;
	r->ns = dt;
	/* As a hit: with the buffer over half full, the thread waits for the reader. */
	if (avail > size / 2 && hold((__u32)pid_tgid)) {
		r->bad = PROBE_HELD;
		wake = BPF_RB_FORCE_WAKEUP;
	}
	bpf_ringbuf_submit(r, wake);
}

/* A hit of ST, an end of some kernel pairs: ends closed, then starts opened. */
static __always_inline void lat_hit(const struct psite *st, const __u64 *regs, __u64 bias,
				    __u64 pid_tgid)
{
	__u64 now = bpf_ktime_get_ns();
	__u32 mask = st->lat_a | st->lat_b;

#pragma clang loop unroll(disable)
	for (__u32 i = 0; i < LAT_MAX; i++) {
		struct lat_skey k = { .pair = i };
		if (!(mask & (1u << i)) || !lat_key_of(st, i, regs, bias, (__u32)pid_tgid, &k.key))
			continue;
		if (st->lat_b & (1u << i)) {
			__u64 *t = bpf_map_lookup_elem(&lat_start, &k);
			if (t) {
				__u64 t0 = *t;
				bpf_map_delete_elem(&lat_start, &k);
				lat_send(i, now > t0 ? now - t0 : 0, now, pid_tgid);
			}
		}
		if ((st->lat_a & (1u << i)) && bpf_map_update_elem(&lat_start, &k, &now, BPF_ANY))
			count(PSTAT_LAT_FULL);
	}
}
