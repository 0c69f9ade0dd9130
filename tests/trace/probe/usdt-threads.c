// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * THREADS threads fire a USDT probe COUNT times each (usdt-threads.sh): every hit must be
 * reported exactly once while the other threads keep running, and the program's output must
 * equal its untraced output.  Not a self-describing test: thread interleaving is not fixed.
 */
#include <pthread.h>

#include "tests.h"
#include "../../../sdt/sdt.h"

static int count;
static volatile long sum;

static void *run(void *arg)
{
	long id = (long)arg, local = 0;

	for (int i = 0; i < count; i++) {
		DTRACE_PROBE2(test, hit, id, i);
		local += i;
	}
	__atomic_add_fetch(&sum, local, __ATOMIC_RELAXED);
	return NULL;
}

int main(int argc, char **argv)
{
	int threads = argc > 2 ? atoi(argv[1]) : 8;
	pthread_t th[64];

	count = argc > 2 ? atoi(argv[2]) : 1000;
	if (threads < 1 || threads > 64)
		FAIL("1 to 64 threads");
	for (long i = 0; i < threads; i++)
		if (pthread_create(&th[i], NULL, run, (void *)i))
			FAIL("pthread_create");
	for (int i = 0; i < threads; i++)
		pthread_join(th[i], NULL);
	printf("%d threads x %d hits, sum %ld\n", threads, count, sum);
	return 0;
}
