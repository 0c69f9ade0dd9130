// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * -c / -C: per-syscall counts, errors and time, printed as strace's summary table.  The engine
 * measures the time: system CPU time spent in the call by default, wall time with -w.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "strace-lite/sttrace.h"

struct counts {
	uint64_t calls, errors;
	double time, tmin, tmax;
};
static struct counts *counts;
static unsigned int ncounts;

struct samples {
	double *v; /* wall time of each call, seconds */
	size_t n, cap;
};
static struct samples *samples; /* --percentiles, by syscall number */

void summary_sample(long scno, double t)
{
	if (scno < 0 || (unsigned long)scno >= nsyscalls || !sysent_get(scno))
		return;
	if (!samples && !(samples = calloc(nsyscalls, sizeof(*samples))))
		return;
	struct samples *s = &samples[scno];
	if (s->n == s->cap) {
		size_t cap = s->cap ? s->cap * 2 : 64;
		double *v = realloc(s->v, cap * sizeof(*v));
		if (!v)
			return;
		s->v = v;
		s->cap = cap;
	}
	s->v[s->n++] = t < 0 ? 0 : t;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

/* Nearest rank, in microseconds. */
static double pct_us(const struct samples *s, double q)
{
	size_t rank = (size_t)(q * (double)s->n);

	if ((double)rank < q * (double)s->n)
		rank++;
	return s->n ? s->v[rank ? rank - 1 : 0] * 1e6 : 0;
}

/* " P50 P90 P99 MAX" of SCNO's calls (blank for the total line: SCNO -1). */
static void print_percentiles(FILE *f, long scno)
{
	struct samples *s = samples && scno >= 0 ? &samples[scno] : NULL;

	if (!opts.percentiles)
		return;
	if (!s || !s->n) {
		fprintf(f, " %9s %9s %9s %9s", "", "", "", "");
		return;
	}
	qsort(s->v, s->n, sizeof(*s->v), cmp_double);
	fprintf(f, " %9.0f %9.0f %9.0f %9.0f", pct_us(s, .5), pct_us(s, .9), pct_us(s, .99),
		pct_us(s, 1));
}

void summary_count(struct tcb *tcp, double t, bool failed)
{
	long scno = tcp->dc.scno;

	if (scno < 0 || !sysent_get(scno))
		return;
	if (!counts) {
		ncounts = nsyscalls;
		counts = calloc(ncounts, sizeof(*counts));
		if (!counts)
			return;
	}
	struct counts *cc = &counts[scno];
	t -= opts.overhead; /* -O */
	if (t < 0)
		t = 0;
	if (!cc->calls || t < cc->tmin)
		cc->tmin = t;
	if (t > cc->tmax)
		cc->tmax = t;
	cc->calls++;
	cc->errors += failed;
	cc->time += t;
}

/* Totals counted elsewhere (the eBPF backend's kernel maps): no per-call minimum or maximum. */
void summary_add(long scno, uint64_t calls, uint64_t errors, double t)
{
	if (scno < 0 || !sysent_get(scno) || !calls)
		return;
	if (!counts) {
		ncounts = nsyscalls;
		counts = calloc(ncounts, sizeof(*counts));
		if (!counts)
			return;
	}
	struct counts *cc = &counts[scno];
	/* -O: the kernel summed the times, each call's is not known: the sum less the overheads. */
	t -= opts.overhead * (double)calls;
	if (t < 0)
		t = 0;
	double avg = t / (double)calls;
	if (!cc->calls || avg < cc->tmin)
		cc->tmin = avg;
	if (avg > cc->tmax)
		cc->tmax = avg;
	cc->calls += calls;
	cc->errors += errors;
	cc->time += t;
}

static int cmp_time(const void *a, const void *b)
{
	double x = counts[*(const unsigned *)a].time, y = counts[*(const unsigned *)b].time;
	return x < y ? 1 : x > y ? -1 : 0;
}
static int cmp_calls(const void *a, const void *b)
{
	uint64_t x = counts[*(const unsigned *)a].calls, y = counts[*(const unsigned *)b].calls;
	return x < y ? 1 : x > y ? -1 : 0;
}
static int cmp_errors(const void *a, const void *b)
{
	uint64_t x = counts[*(const unsigned *)a].errors, y = counts[*(const unsigned *)b].errors;
	return x < y ? 1 : x > y ? -1 : 0;
}
static int cmp_avg(const void *a, const void *b)
{
	const struct counts *x = &counts[*(const unsigned *)a], *y = &counts[*(const unsigned *)b];
	double u = x->time / (double)x->calls, v = y->time / (double)y->calls;
	return u < v ? 1 : u > v ? -1 : 0;
}
static int cmp_max(const void *a, const void *b)
{
	double x = counts[*(const unsigned *)a].tmax, y = counts[*(const unsigned *)b].tmax;
	return x < y ? 1 : x > y ? -1 : 0;
}
static int cmp_min(const void *a, const void *b)
{
	double x = counts[*(const unsigned *)a].tmin, y = counts[*(const unsigned *)b].tmin;
	return x < y ? 1 : x > y ? -1 : 0;
}
static int cmp_name(const void *a, const void *b)
{
	return strcmp(sysent_table[*(const unsigned *)a].name, sysent_table[*(const unsigned *)b].name);
}

/* strace's column names (-S and its -U): 0 nothing, then SORT_*. */
enum { SORT_TIME = 1, SORT_CALLS, SORT_ERRORS, SORT_NAME, SORT_AVG, SORT_MAX, SORT_MIN };

int summary_sortby(const char *key)
{
	static const struct {
		const char *name;
		int which;
	} keys[] = {
		{ "time", SORT_TIME },	       { "time_percent", SORT_TIME },
		{ "time-percent", SORT_TIME }, { "time_total", SORT_TIME },
		{ "time-total", SORT_TIME },   { "total_time", SORT_TIME },
		{ "total-time", SORT_TIME },   { "min_time", SORT_MIN },
		{ "min-time", SORT_MIN },      { "shortest", SORT_MIN },
		{ "time_min", SORT_MIN },      { "time-min", SORT_MIN },
		{ "longest", SORT_MAX },       { "max_time", SORT_MAX },
		{ "max-time", SORT_MAX },      { "time_max", SORT_MAX },
		{ "time-max", SORT_MAX },      { "avg_time", SORT_AVG },
		{ "avg-time", SORT_AVG },      { "time_avg", SORT_AVG },
		{ "time-avg", SORT_AVG },      { "calls", SORT_CALLS },
		{ "count", SORT_CALLS },       { "error", SORT_ERRORS },
		{ "errors", SORT_ERRORS },     { "name", SORT_NAME },
		{ "syscall", SORT_NAME },      { "syscall_name", SORT_NAME },
		{ "syscall-name", SORT_NAME }, { "none", 0 },
		{ "nothing", 0 },
	};
	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		if (!strcmp(key, keys[i].name))
			return keys[i].which;
	return -1;
}

static int ndigits(const char *fmt, double v)
{
	char buf[64];
	return snprintf(buf, sizeof(buf), fmt, v);
}

void summary_print(FILE *f)
{
	uint64_t calls = 0, errors = 0;
	double total = 0, avg_max = 0;
	size_t name_max = 0;
	unsigned *idx = calloc(nsyscalls, sizeof(*idx)), n = 0;

	if (!idx)
		return;
	for (unsigned i = 0; counts && i < ncounts; i++) {
		if (!counts[i].calls)
			continue;
		idx[n++] = i;
		calls += counts[i].calls;
		errors += counts[i].errors;
		total += counts[i].time;
		double avg = counts[i].time / (double)counts[i].calls;
		if (avg > avg_max)
			avg_max = avg;
		if (strlen(sysent_table[i].name) > name_max)
			name_max = strlen(sysent_table[i].name);
	}
	int sort = summary_sortby(opts.sortby ? opts.sortby : "time");
	static int (*const cmps[])(const void *, const void *) = {
		[SORT_TIME] = cmp_time, [SORT_CALLS] = cmp_calls, [SORT_ERRORS] = cmp_errors,
		[SORT_NAME] = cmp_name, [SORT_AVG] = cmp_avg,	  [SORT_MAX] = cmp_max,
		[SORT_MIN] = cmp_min,
	};
	int (*fn)(const void *, const void *) = sort > 0 ? cmps[sort] : NULL;
	if (fn)
		qsort(idx, n, sizeof(*idx), fn);

	int w_pct = 6, w_sec = 11, w_usec = 11, w_calls = 9, w_err = 9;
	int w_name = name_max + 1 > 16 ? (int)name_max + 1 : 16;
	if (ndigits("%.6f", total) > w_sec)
		w_sec = ndigits("%.6f", total);
	if (ndigits("%.0f", avg_max * 1e6) > w_usec)
		w_usec = ndigits("%.0f", avg_max * 1e6);
	if (ndigits("%.0f", (double)calls) > w_calls)
		w_calls = ndigits("%.0f", (double)calls);
	if (ndigits("%.0f", (double)errors) > w_err)
		w_err = ndigits("%.0f", (double)errors);

	fprintf(f, "%*s %*s %*s %*s %*s", w_pct, "% time", w_sec, "seconds", w_usec,
		"usecs/call", w_calls, "calls", w_err, "errors");
	if (opts.percentiles) /* microseconds of wall time, as usecs/call */
		fprintf(f, " %9s %9s %9s %9s", "p50", "p90", "p99", "max");
	fprintf(f, " syscall\n");
	char dash[256];
	memset(dash, '-', sizeof(dash));
#define DASHES()                                                                              \
	fprintf(f, "%.*s %.*s %.*s %.*s %.*s%s %.*s\n", w_pct, dash, w_sec, dash, w_usec, dash,   \
		w_calls, dash, w_err, dash,                                                      \
		opts.percentiles ? " --------- --------- --------- ---------" : "", w_name, dash)
	DASHES();
	for (unsigned j = 0; j < n; j++) {
		struct counts *cc = &counts[idx[j]];
		double pct = total > 0 ? 100.0 * cc->time / total : 0;
		fprintf(f, "%*.2f %*.6f %*" PRIu64 " %*" PRIu64 " %*.0" PRIu64, w_pct, pct, w_sec,
			cc->time, w_usec, (uint64_t)(cc->time / (double)cc->calls * 1e6), w_calls,
			cc->calls, w_err, cc->errors);
		print_percentiles(f, idx[j]);
		fprintf(f, " %s\n", sysent_table[idx[j]].name);
	}
	DASHES();
	fprintf(f, "%*.2f %*.6f %*" PRIu64 " %*" PRIu64 " %*.0" PRIu64, w_pct, 100.0, w_sec, total,
		w_usec, calls ? (uint64_t)(total / (double)calls * 1e6) : 0, w_calls, calls, w_err,
		errors);
	print_percentiles(f, -1);
	fprintf(f, " total\n");
#undef DASHES
	free(idx);
	probe_summary_print(f);
}
