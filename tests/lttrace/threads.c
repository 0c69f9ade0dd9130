// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * 4 threads x N malloc+free (N = argv[1], default 20000): under `lttrace -f` every call of
 * every thread must show, once, with its result.  Prints each thread's count of calls.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static long n = 20000;

static void *run(void *arg)
{
	long done = 0;

	for (long i = 0; i < n; i++) {
		void *volatile p = malloc(24 + (size_t)arg);
		free(p);
		done++;
	}
	return (void *)done;
}

int main(int argc, char **argv)
{
	pthread_t t[4];
	long total = 0;

	if (argc > 1)
		n = atol(argv[1]);
	for (long i = 0; i < 4; i++)
		pthread_create(&t[i], NULL, run, (void *)i);
	for (int i = 0; i < 4; i++) {
		void *r;
		pthread_join(t[i], &r);
		total += (long)r;
	}
	printf("%ld\n", total);
	return 0;
}
