// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * make bench: probe-loop.c's own loop (built with -Dmain=probe_loop_main) plus the CPU time
 * the process spent, user and system, appended in nanoseconds to the file $PROBE_LOOP_CPU:
 * what a probe hit costs the traced program itself (its trap and the BPF program run in its
 * context), apart from what the tracer does with the hit elsewhere.
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>

int probe_loop_main(int argc, char **argv);

int main(int argc, char **argv)
{
	int rc = probe_loop_main(argc, argv);
	const char *path = getenv("PROBE_LOOP_CPU");
	struct rusage ru;

	if (path && getrusage(RUSAGE_SELF, &ru) == 0) {
		FILE *f = fopen(path, "a");
		if (f) {
			long long s = ru.ru_utime.tv_sec + ru.ru_stime.tv_sec;
			long long us = ru.ru_utime.tv_usec + ru.ru_stime.tv_usec;
			fprintf(f, "%lld\n", s * 1000000000LL + us * 1000LL);
			fclose(f);
		}
	}
	return rc;
}
