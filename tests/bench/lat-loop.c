// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * make bench's --latency workload (tests/bench/latbpf.sh): N requests, each between the USDT
 * probes lat:start and lat:done carrying its id, with a little work in between.  Prints the
 * checksum so that the work is not optimised away.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "sdt.h"

int main(int argc, char **argv)
{
	unsigned long n = argc > 1 ? strtoul(argv[1], NULL, 10) : 1000;
	volatile unsigned long acc = 0;
	struct timespec t0, t1;

	clock_gettime(CLOCK_MONOTONIC, &t0);

	for (unsigned long id = 1; id <= n; id++) {
		DTRACE_PROBE1(lat, start, id);
		for (int k = 0; k < 64; k++)
			acc += id * (unsigned long)k;
		DTRACE_PROBE1(lat, done, id);
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	/* The loop's own time (stderr): what the probes cost it, start-up and exit of the tracer
	 * aside (bpftrace -c and sttrace start and stop the program differently). */
	fprintf(stderr, "loop_ns %lld\n",
		(long long)(t1.tv_sec - t0.tv_sec) * 1000000000LL + (t1.tv_nsec - t0.tv_nsec));
	printf("%lu\n", acc);
	return 0;
}
