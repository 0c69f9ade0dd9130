// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * --latency under --bpf: which pairs the probe program makes in the kernel
 * (bpf/latency.bpf.h), the sites that are their ends, and the times it sends.
 *
 * A pair is made in the kernel when both its ends are probes and its key is the thread, or a
 * value the kernel compares as the trace prints it: a USDT argument that is not a string, or
 * a uprobe's (uretprobe's) value by a hint other than s.  Other pairs (a syscall end, a
 * uprobe keyed by a value its prototype prints, a string key) are made in user space by the
 * sink from the hits' records (common/latency.c), as under ptrace.  The sink of a kernel pair
 * takes no event, only the times; it prints the same report.
 *
 * A probe that only --latency names (no -e usdt=, uprobe=, uretprobe= covers it) is traced
 * silently (probe_latency_end, before this runs): its hits are not printed, and when every pair it ends is made in
 * the kernel the program sends no record for it at all (psite.silent): the kernel keeps each
 * pair's histogram (bpf/latency.bpf.h), read here once at the end, and sends nothing.
 */
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "common/latency.h"
#include "common/log.h"
#include "bpf/probes.h"
#include "strace-lite/bpf/bpf-probes.h"
#include "strace-lite/bpf/bpf-run.h"
#include "gen/probes.skel.h"

static struct lat_pair {
	struct latency *l;
	const char *src[2], *name[2]; /* both NULL: an end is not a probe */
	int key;                      /* the value number, or LAT_BY_THREAD */
	bool kernel;
} pairs[LAT_MAX];
static int npairs;

/* The first spec of -e usdt=, uprobe=, uretprobe= (or --latency's own) that covers probe
 * SRC:NAME, as probe_latency_end finds it; NULL: none. */
static const struct spec *spec_of(const char *src, const char *name)
{
	int kind = !strcmp(src, "usdt") ? SPEC_USDT : !strcmp(src, "uprobe") ? SPEC_UPROBE :
		   SPEC_URETPROBE;
	const char *colon = strchr(name, ':');
	char prov[256];

	snprintf(prov, sizeof(prov), "%.*s", colon ? (int)(colon - name) : 0, name);
	for (size_t k = 0; k < probe_nspecs; k++) {
		const struct spec *sp = &probe_specs[k];
		if (sp->kind != kind || sp->label)
			continue;
		if (kind != SPEC_USDT ? !strcmp(sp->name, name) :
		    colon && !fnmatch(sp->provider, prov, 0) && !fnmatch(sp->name, colon + 1, 0))
			return sp;
	}
	return NULL;
}

/* Whether the kernel compares value KEY of END as the trace prints it. */
static bool kernel_key(const char *src, const char *name, int key)
{
	const struct spec *sp = spec_of(src, name);

	if (key == LAT_BY_THREAD)
		return true;
	if (!sp || key >= (int)sizeof(sp->hints))
		return false;
	if (sp->kind == SPEC_USDT) /* by the spec's size and sign, unless a string */
		return key >= (int)strlen(sp->hints) || sp->hints[key] != 's';
	/* A function's registers print by its prototype unless hinted: kept in user space. */
	char h = sp->kind == SPEC_URETPROBE ? sp->hints[0] : sp->hints[key];
	return sp->hints[0] && h && h != 's';
}

void bpf_latency_pairs(struct latency **l, int n)
{
	for (int i = 0; i < n && i < LAT_MAX; i++) {
		struct lat_pair *p = &pairs[npairs++];
		p->l = l[i];
		if (!latency_probe_ends(l[i], p->src, p->name, &p->key)) {
			p->src[0] = p->src[1] = p->name[0] = p->name[1] = NULL;
			continue;
		}
		p->kernel = kernel_key(p->src[0], p->name[0], p->key) &&
			    kernel_key(p->src[1], p->name[1], p->key);
		if (p->kernel)
			latency_set_external(l[i]);
	}
}

void bpf_latency_load(struct probes *skel)
{
	bpf_map__set_max_entries(skel->maps.lat_hist,
				 (unsigned int)(npairs > 0 ? npairs : 1) * LAT_BUCKETS);
	for (int i = 0; i < npairs; i++)
		skel->rodata->lat_by[i] = (int8_t)(pairs[i].key < 0 ? LAT_BY_THREAD : pairs[i].key);
}

static const char *source_of(int kind)
{
	return kind == SPEC_USDT ? "usdt" : kind == SPEC_UPROBE ? "uprobe" :
	       kind == SPEC_URETPROBE ? "uretprobe" : NULL;
}

void bpf_latency_site(const struct usite *us, struct psite *ps)
{
	const char *src = source_of(us->kind);
	bool records = !us->silent;

	if (!src)
		return;
	for (int i = 0; i < npairs; i++) {
		const struct lat_pair *p = &pairs[i];
		for (int e = 0; e < 2 && p->src[0]; e++) {
			if (strcmp(p->src[e], src) || strcmp(p->name[e], us->label))
				continue;
			if (!p->kernel)
				records = true; /* the sink pairs it from the hit's record */
			else if (e == 0)
				ps->lat_a |= (uint16_t)(1u << i);
			else
				ps->lat_b |= (uint16_t)(1u << i);
		}
	}
	ps->silent = !records;
	/* Keys compare as they print: cut to the value's size, sign-extended if signed. */
	for (uint32_t i = 0; i < ps->nargs && i < PROBE_MAX_ARGS; i++) {
		char h = us->kind == SPEC_URETPROBE ? us->hints[0] :
			 i < strlen(us->hints) ? us->hints[i] : 0;
		if (us->kind == SPEC_USDT) {
			ps->a[i].ksize = (uint8_t)(us->argv[i].size > 0 && us->argv[i].size < 8 ?
						   us->argv[i].size : 8);
			ps->a[i].ksigned = us->argv[i].is_signed;
		} else {
			ps->a[i].ksize = h == 'd' || h == 'u' ? 4 : 8;
			ps->a[i].ksigned = h == 'd';
		}
	}
}

/* The lowest time bucket B of lat_hist holds (bpf/latency.bpf.h's lat_bucket), and its width. */
static uint64_t bucket_low(uint32_t b, uint64_t *width)
{
	uint32_t g = b >> LAT_SUB_BITS, m = g + LAT_SUB_BITS - 1;

	*width = 1;
	if (g <= 1)
		return b;
	*width = 1ull << (m - LAT_SUB_BITS);
	return (1ull << m) | ((uint64_t)(b & ((1u << LAT_SUB_BITS) - 1)) << (m - LAT_SUB_BITS));
}

/* The per-CPU values of key KEY of map FD, summed (max: their largest); 0 on error. */
static uint64_t percpu(int fd, uint32_t key, bool max)
{
	int ncpu = libbpf_num_possible_cpus();
	uint64_t v[ncpu > 0 ? ncpu : 1], r = 0;

	if (ncpu <= 0 || bpf_map_lookup_elem(fd, &key, v))
		return 0;
	for (int c = 0; c < ncpu; c++)
		r = max ? (v[c] > r ? v[c] : r) : r + v[c];
	return r;
}

/* Pair I's histogram into its sink: each bucket's count at the bucket's middle, the one that
 * holds the longest time with that time itself (exact) for one of its count. */
static unsigned long long collect(const struct probes *skel, int i)
{
	int hfd = bpf_map__fd(skel->maps.lat_hist);
	uint64_t top = percpu(bpf_map__fd(skel->maps.lat_top), (uint32_t)i, true), w;
	unsigned long long n = 0;

	for (uint32_t b = 0; b < LAT_BUCKETS; b++) {
		uint64_t c = percpu(hfd, (uint32_t)i * LAT_BUCKETS + b, false);
		if (!c)
			continue;
		uint64_t lo = bucket_low(b, &w), mid = lo + w / 2;
		n += c;
		if (top >= lo && (top - lo < w || b == LAT_BUCKETS - 1)) {
			latency_add(pairs[i].l, top, 1);
			c--;
			mid = mid < top ? mid : top;
		}
		latency_add(pairs[i].l, mid, c);
	}
	return n;
}

void bpf_latency_report(const struct probes *skel, uint64_t full)
{
	unsigned long long ntimes = 0;

	for (int i = 0; skel && i < npairs; i++)
		if (pairs[i].kernel)
			ntimes += collect(skel, i);
	if (full)
		log_warn("--bpf: --latency: %llu starts not kept (%d already waiting for their end)",
			 (unsigned long long)full, LAT_STARTS);
	if (getenv("STTRACE_BPF_LOG") && npairs)
		log_info("--bpf: --latency: %llu pair times from the kernel", ntimes);
}
