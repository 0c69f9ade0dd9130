// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Not a trace test by itself (no registry line): a long-running loop for the attach tests.
 * It counts getppid calls into a file every 10 ms, so a test can see it run on after detach.
 */
#include <fcntl.h>
#include <stdio.h>
#include <time.h>
#include "tests.h"

int main(int argc, char **argv)
{
	const char *file = argc > 1 ? argv[1] : "loop.count";
	struct timespec ts = { 0, 10 * 1000 * 1000 };
	char tmp[4096];

	/* Written aside and renamed, so a reader never sees the file empty. */
	snprintf(tmp, sizeof(tmp), "%s.tmp", file);
	for (long n = 0;; n++) {
		syscall(__NR_getppid);
		FILE *f = fopen(tmp, "w");
		if (f) {
			fprintf(f, "%ld\n", n);
			fclose(f);
			rename(tmp, file);
		}
		nanosleep(&ts, NULL);
	}
}
