// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * -c / -C: per-syscall counts, errors and time, printed as strace's summary table.  The engine
 * measures the time: system CPU time spent in the call by default, wall time with -w.
 */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "strace-lite/sttrace.h"
#include "common/vec.h"

struct counts {
	uint64_t calls, errors;
	double time, tmin, tmax;
	double wtime, wmin, wmax; /* wall time, for the wall-* columns (strace 7.1) */
	long scno;
	char uname[24]; /* "syscall_0x1d8": a number without a name (counted since strace 7.1) */
};
/* By syscall number below nsyscalls, then the numbers beyond the table as they come. */
static struct counts *counts;
static unsigned int ncounts, counts_cap;
#define MAX_UNKNOWN 4096 /* numbers beyond the table counted apart; more are not counted */

static struct counts *counts_slot(long scno)
{
	if (!counts) {
		counts_cap = nsyscalls + 16;
		counts = calloc(counts_cap, sizeof(*counts));
		if (!counts)
			return NULL;
		ncounts = nsyscalls;
		for (unsigned int i = 0; i < ncounts; i++)
			counts[i].scno = i;
	}
	if (scno >= 0 && (unsigned long)scno < nsyscalls)
		return &counts[scno];
	for (unsigned int i = nsyscalls; i < ncounts; i++)
		if (counts[i].scno == scno)
			return &counts[i];
	if (ncounts - nsyscalls >= MAX_UNKNOWN)
		return NULL;
	if (ncounts == counts_cap) {
		struct counts *m = realloc(counts, 2 * counts_cap * sizeof(*counts));
		if (!m)
			return NULL;
		counts = m;
		counts_cap *= 2;
	}
	memset(&counts[ncounts], 0, sizeof(*counts));
	counts[ncounts].scno = scno;
	return &counts[ncounts++];
}

static const char *counts_name(struct counts *c)
{
	const struct sysent *se = sysent_get(c->scno);

	if (se)
		return se->name;
	snprintf(c->uname, sizeof(c->uname), "syscall_%#lx", (unsigned long)c->scno);
	return c->uname;
}

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
	if (VEC_GROW(s->v, s->cap, s->n, 64) < 0)
			return;
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
	struct samples *s = samples && scno >= 0 && (unsigned long)scno < nsyscalls ?
			    &samples[scno] : NULL;

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

/* V, a call's time (FIRST: the syscall's first), into the smallest and the largest. */
static void min_max(double *min, double *max, double v, bool first)
{
	if (first || v < *min)
		*min = v;
	if (v > *max)
		*max = v;
}

void summary_count(struct tcb *tcp, double t, double wall, bool failed)
{
	struct counts *cc = counts_slot(tcp->dc.scno);

	if (!cc)
		return;
	t -= opts.overhead; /* -O */
	if (t < 0)
		t = 0;
	wall -= opts.overhead;
	if (wall < 0)
		wall = 0;
	min_max(&cc->tmin, &cc->tmax, t, !cc->calls);
	min_max(&cc->wmin, &cc->wmax, wall, !cc->calls);
	cc->time += t;
	cc->wtime += wall;
	cc->calls++;
	cc->errors += failed;
}

/* Totals counted elsewhere (the eBPF backend's kernel maps). */
void summary_add(long scno, const struct summary_totals *t)
{
	uint64_t calls = t->calls, errors = t->errors;

	/* -e status=: strace 7.2 counts only the calls it lets through (the kernel's time is
	 * not split by status: all of it stays). */
	if (opts.status_mask && !(opts.status_mask & (1u << STATUS_SUCCESSFUL))) {
		calls = errors;
	} else if (opts.status_mask && !(opts.status_mask & (1u << STATUS_FAILED))) {
		calls -= errors;
		errors = 0;
	}
	struct counts *cc = calls ? counts_slot(scno) : NULL;

	if (!cc)
		return;
	min_max(&cc->tmin, &cc->tmax, t->tmin, !cc->calls);
	min_max(&cc->tmin, &cc->tmax, t->tmax, false);
	min_max(&cc->wmin, &cc->wmax, t->wmin, !cc->calls);
	min_max(&cc->wmin, &cc->wmax, t->wmax, false);
	cc->time += t->time;
	cc->wtime += t->wtime;
	cc->calls += calls;
	cc->errors += errors;
}

/* FN orders syscall numbers by VALUE of their counts c, largest first (-S). */
#define CMP_DESC(fn, value)                                                   \
	static int fn(const void *a, const void *b)                           \
	{                                                                     \
		const struct counts *c = &counts[*(const unsigned *)a];       \
		double x = (double)(value);                                   \
		c = &counts[*(const unsigned *)b];                            \
		double y = (double)(value);                                   \
		return x < y ? 1 : x > y ? -1 : 0;                            \
	}
CMP_DESC(cmp_time, c->time)
CMP_DESC(cmp_calls, c->calls)
CMP_DESC(cmp_errors, c->errors)
CMP_DESC(cmp_avg, c->time / (double)c->calls)
CMP_DESC(cmp_max, c->tmax)
CMP_DESC(cmp_min, c->tmin)
CMP_DESC(cmp_wtime, c->wtime)
CMP_DESC(cmp_wmin, c->wmin)
CMP_DESC(cmp_wmax, c->wmax)
CMP_DESC(cmp_wavg, c->wtime / (double)c->calls)
#undef CMP_DESC

static int cmp_name(const void *a, const void *b)
{
	return strcmp(counts_name(&counts[*(const unsigned *)a]),
		      counts_name(&counts[*(const unsigned *)b]));
}

/* strace's column names, for -S (which column orders the table) and -U (which are shown). */
enum { COL_NONE, COL_PCT, COL_TOTAL, COL_MIN, COL_MAX, COL_AVG, COL_CALLS, COL_ERRORS, COL_NAME,
       COL_WTOTAL, COL_WMIN, COL_WMAX, COL_WAVG, NCOLS };
static const struct {
	const char *name;
	int col;
} col_names[] = {
	{ "time", COL_PCT },	       { "time_percent", COL_PCT },  { "time-percent", COL_PCT },
	{ "time_total", COL_TOTAL },   { "time-total", COL_TOTAL },  { "total_time", COL_TOTAL },
	{ "total-time", COL_TOTAL },   { "min_time", COL_MIN },	     { "min-time", COL_MIN },
	{ "shortest", COL_MIN },       { "time_min", COL_MIN },	     { "time-min", COL_MIN },
	{ "longest", COL_MAX },	       { "max_time", COL_MAX },	     { "max-time", COL_MAX },
	{ "time_max", COL_MAX },       { "time-max", COL_MAX },	     { "avg_time", COL_AVG },
	{ "avg-time", COL_AVG },       { "time_avg", COL_AVG },	     { "time-avg", COL_AVG },
	{ "calls", COL_CALLS },	       { "count", COL_CALLS },	     { "error", COL_ERRORS },
	{ "errors", COL_ERRORS },      { "name", COL_NAME },	     { "syscall", COL_NAME },
	{ "syscall_name", COL_NAME },  { "syscall-name", COL_NAME }, { "none", COL_NONE },
	{ "nothing", COL_NONE },
	{ "wall_total", COL_WTOTAL },  { "wall-total", COL_WTOTAL }, { "total_wall", COL_WTOTAL },
	{ "total-wall", COL_WTOTAL },  { "wall_min", COL_WMIN },     { "wall-min", COL_WMIN },
	{ "min_wall", COL_WMIN },      { "min-wall", COL_WMIN },     { "wall_max", COL_WMAX },
	{ "wall-max", COL_WMAX },      { "max_wall", COL_WMAX },     { "max-wall", COL_WMAX },
	{ "wall_avg", COL_WAVG },      { "wall-avg", COL_WAVG },     { "avg_wall", COL_WAVG },
	{ "avg-wall", COL_WAVG },
};

/* The columns shown, in order (-U); strace's six by default. */
static int columns[NCOLS] = { COL_PCT, COL_TOTAL, COL_AVG, COL_CALLS, COL_ERRORS, COL_NAME };
static int ncolumns = 6;

static int column_of(const char *name, size_t len)
{
	for (size_t i = 0; i < sizeof(col_names) / sizeof(col_names[0]); i++)
		if (!strncmp(col_names[i].name, name, len) && !col_names[i].name[len])
			return col_names[i].col;
	return -1;
}

int summary_sortby(const char *key)
{
	return column_of(key, strlen(key));
}

/* -U: the columns SPEC names, the syscall name last if it names none (strace's words). */
/* Whether the table needs each call's wall time beside its CPU time: a wall-* column shown
 * (-U) or sorted by (-S).  --bpf reads a second clock per call only then. */
bool summary_needs_wall(void)
{
	for (int i = 0; i < ncolumns; i++)
		if (columns[i] >= COL_WTOTAL)
			return true;
	return opts.sortby && summary_sortby(opts.sortby) >= COL_WTOTAL;
}

int summary_columns(const char *spec, char *err, size_t errlen)
{
	bool seen[NCOLS] = { false };
	int n = 0;

	for (const char *tok = spec;;) {
		const char *comma = strchr(tok, ',');
		size_t len = comma ? (size_t)(comma - tok) : strlen(tok);
		int c = column_of(tok, len);

		if (c <= COL_NONE) {
			snprintf(err, errlen, "unknown column name: '%.*s'", (int)len, tok);
			return -EINVAL;
		}
		if (seen[c]) {
			snprintf(err, errlen,
				 "call summary column has been provided more than once: '%.*s' "
				 "(-U option residual: '%s')",
				 (int)len, tok, tok);
			return -EINVAL;
		}
		seen[c] = true;
		columns[n++] = c;
		if (!comma)
			break;
		tok = comma + 1;
	}
	if (!seen[COL_NAME])
		columns[n++] = COL_NAME;
	ncolumns = n;
	return 0;
}

static int ndigits(const char *fmt, double v)
{
	char buf[64];
	return snprintf(buf, sizeof(buf), fmt, v);
}

/* One row: each column's value for C (SCNO -1: the totals line), separated by one space. */
static void print_row(FILE *f, const int *w, const struct counts *c, const char *name,
		      long scno, double total)
{
	for (int i = 0; i < ncolumns; i++) {
		int col = columns[i];
		if (i && !(col == COL_NAME && opts.percentiles))
			fputc(' ', f);
		switch (col) {
		case COL_PCT:
			fprintf(f, "%*.2f", w[col],
				scno < 0 ? 100.0 : total > 0 ? 100.0 * c->time / total : 0);
			break;
		case COL_TOTAL: fprintf(f, "%*.6f", w[col], c->time); break;
		case COL_MIN: fprintf(f, "%*.6f", w[col], c->tmin); break;
		case COL_MAX: fprintf(f, "%*.6f", w[col], c->tmax); break;
		case COL_AVG:
			fprintf(f, "%*" PRIu64, w[col],
				c->calls ? (uint64_t)(c->time / (double)c->calls * 1e6) : 0);
			break;
		case COL_WTOTAL: fprintf(f, "%*.6f", w[col], c->wtime); break;
		case COL_WMIN: fprintf(f, "%*.6f", w[col], c->wmin); break;
		case COL_WMAX: fprintf(f, "%*.6f", w[col], c->wmax); break;
		case COL_WAVG:
			fprintf(f, "%*" PRIu64, w[col],
				c->calls ? (uint64_t)(c->wtime / (double)c->calls * 1e6) : 0);
			break;
		case COL_CALLS: fprintf(f, "%*" PRIu64, w[col], c->calls); break;
		case COL_ERRORS: fprintf(f, "%*.0" PRIu64, w[col], c->errors); break;
		case COL_NAME:
			if (opts.percentiles) { /* ours, before the name, a space before each */
				print_percentiles(f, scno);
				fputc(' ', f);
			}
			if (i == ncolumns - 1)
				fprintf(f, "%s", name);
			else
				fprintf(f, "%-*s", w[col], name);
			break;
		}
	}
	fputc('\n', f);
}

static void print_rule(FILE *f, const int *w)
{
	for (int i = 0; i < ncolumns; i++) {
		if (i)
			fputc(' ', f);
		if (columns[i] == COL_NAME && opts.percentiles)
			fprintf(f, "--------- --------- --------- --------- ");
		for (int j = 0; j < w[columns[i]]; j++)
			fputc('-', f);
	}
	fputc('\n', f);
}

void summary_print(FILE *f)
{
	static const char *const heads[NCOLS] = {
		[COL_PCT] = "% time",	[COL_TOTAL] = "seconds", [COL_MIN] = "shortest",
		[COL_MAX] = "longest",	[COL_AVG] = "usecs/call", [COL_CALLS] = "calls",
		[COL_ERRORS] = "errors", [COL_NAME] = "syscall", [COL_WTOTAL] = "wall-total",
		[COL_WMIN] = "wall-min", [COL_WMAX] = "wall-max", [COL_WAVG] = "wall-avg",
	};
	static int (*const cmps[NCOLS])(const void *, const void *) = {
		[COL_PCT] = cmp_time, [COL_TOTAL] = cmp_time,	[COL_CALLS] = cmp_calls,
		[COL_ERRORS] = cmp_errors, [COL_NAME] = cmp_name, [COL_AVG] = cmp_avg,
		[COL_MAX] = cmp_max, [COL_MIN] = cmp_min, [COL_WTOTAL] = cmp_wtime,
		[COL_WMIN] = cmp_wmin, [COL_WMAX] = cmp_wmax, [COL_WAVG] = cmp_wavg,
	};
	struct counts sum = { 0 };
	double avg_max = 0, wavg_max = 0;
	size_t name_max = 0;
	unsigned *idx = calloc(ncounts ? ncounts : 1, sizeof(*idx)), n = 0;

	if (!idx)
		return;
	for (unsigned i = 0; counts && i < ncounts; i++) {
		struct counts *cc = &counts[i];
		if (!cc->calls)
			continue;
		idx[n++] = i;
		if (!sum.calls || cc->tmin < sum.tmin)
			sum.tmin = cc->tmin;
		if (cc->tmax > sum.tmax)
			sum.tmax = cc->tmax;
		if (!sum.calls || cc->wmin < sum.wmin)
			sum.wmin = cc->wmin;
		if (cc->wmax > sum.wmax)
			sum.wmax = cc->wmax;
		sum.wtime += cc->wtime;
		if (cc->wtime / (double)cc->calls > wavg_max)
			wavg_max = cc->wtime / (double)cc->calls;
		sum.calls += cc->calls;
		sum.errors += cc->errors;
		sum.time += cc->time;
		double avg = cc->time / (double)cc->calls;
		if (avg > avg_max)
			avg_max = avg;
		if (strlen(counts_name(cc)) > name_max)
			name_max = strlen(counts_name(cc));
	}
	int sort = summary_sortby(opts.sortby ? opts.sortby : "time");
	if (sort > 0)
		qsort(idx, n, sizeof(*idx), cmps[sort]);

	/* strace's widths: the heading's, or the widest value's (the times by whole seconds). */
	double min_max = 0, wmin_max = 0;
	for (unsigned j = 0; j < n; j++) {
		if (counts[idx[j]].tmin > min_max)
			min_max = counts[idx[j]].tmin;
		if (counts[idx[j]].wmin > wmin_max)
			wmin_max = counts[idx[j]].wmin;
	}
	int w[NCOLS] = { [COL_PCT] = 6, [COL_TOTAL] = 11, [COL_MIN] = 8, [COL_MAX] = 7,
			 [COL_AVG] = 11, [COL_CALLS] = 9, [COL_ERRORS] = 9, [COL_NAME] = 16,
			 [COL_WTOTAL] = 11, [COL_WMIN] = 8, [COL_WMAX] = 8, [COL_WAVG] = 11 };
	int v[NCOLS] = { [COL_TOTAL] = ndigits("%.6f", sum.time),
			 [COL_MIN] = ndigits("%.0f", (double)(uint64_t)min_max) + 7,
			 [COL_MAX] = ndigits("%.0f", (double)(uint64_t)sum.tmax) + 7,
			 [COL_AVG] = ndigits("%.0f", avg_max * 1e6),
			 [COL_CALLS] = ndigits("%.0f", (double)sum.calls),
			 [COL_ERRORS] = ndigits("%.0f", (double)sum.errors),
			 [COL_NAME] = (int)name_max + 1,
			 [COL_WTOTAL] = ndigits("%.6f", sum.wtime),
			 [COL_WMIN] = ndigits("%.0f", (double)(uint64_t)wmin_max) + 7,
			 [COL_WMAX] = ndigits("%.0f", (double)(uint64_t)sum.wmax) + 7,
			 [COL_WAVG] = ndigits("%.0f", wavg_max * 1e6) };
	for (int c = 0; c < NCOLS; c++)
		if (v[c] > w[c])
			w[c] = v[c];

	for (int i = 0; i < ncolumns; i++) {
		int col = columns[i];
		if (i)
			fputc(' ', f);
		if (col == COL_NAME && opts.percentiles) /* microseconds of wall time */
			fprintf(f, "%9s %9s %9s %9s ", "p50", "p90", "p99", "max");
		if (col != COL_NAME)
			fprintf(f, "%*s", w[col], heads[col]);
		else if (i == ncolumns - 1)
			fprintf(f, "%s", heads[col]);
		else
			fprintf(f, "%-*s", w[col], heads[col]);
	}
	fputc('\n', f);
	print_rule(f, w);
	for (unsigned j = 0; j < n; j++)
		print_row(f, w, &counts[idx[j]], counts_name(&counts[idx[j]]),
			  idx[j] < nsyscalls ? (long)idx[j] : LONG_MAX, sum.time);
	print_rule(f, w);
	print_row(f, w, &sum, "total", -1, sum.time);
	free(idx);
	probe_summary_print(f);
}
