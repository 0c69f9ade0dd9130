// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The latency test's program (tests/sh/views/latency.sh): ten requests, two in flight at a time,
 * each between a lat:start and a lat:done probe carrying its id, held for a known time.  It
 * measures each request itself and writes to ./latency.want the count and the percentiles
 * (nearest rank, microseconds) that --latency must report: "10 P50 P90 P99 MAX" (the first
 * run's: the traced one, run before the untraced one).
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "../../../sdt/sdt.h"

#define N 10

static double now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

static void hold(int ms)
{
	struct timespec ts = { 0, ms * 1000000L };

	nanosleep(&ts, NULL);
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static double pct(const double *s, double q)
{
	int rank = (int)(q * N);

	if (rank < q * N)
		rank++;
	return s[rank ? rank - 1 : 0];
}

int main(void)
{
	double start[N + 1], took[N];

	for (int id = 1; id <= N; id += 2) {
		start[id] = now_us();
		DTRACE_PROBE1(lat, start, id);
		start[id + 1] = now_us();
		DTRACE_PROBE1(lat, start, id + 1);
		hold(id);
		DTRACE_PROBE1(lat, done, id);
		took[id - 1] = now_us() - start[id];
		hold(1);
		DTRACE_PROBE1(lat, done, id + 1);
		took[id] = now_us() - start[id + 1];
	}
	qsort(took, N, sizeof(took[0]), cmp);
	FILE *f = fopen("latency.want", "wx");
	if (!f) {
		puts("ten requests");
		return 0;
	}
	fprintf(f, "%d %.0f %.0f %.0f %.0f\n", N, pct(took, .5), pct(took, .9), pct(took, .99),
		took[N - 1]);
	fclose(f);
	puts("ten requests");
	return 0;
}
