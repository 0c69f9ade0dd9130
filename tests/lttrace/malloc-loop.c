// SPDX-License-Identifier: LGPL-2.1-or-later
/* make bench (lttrace block): N malloc+free pairs, the workload of ltrace against lttrace. */
#include <stdlib.h>

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 10000;

	for (long i = 0; i < n; i++) {
		void *volatile p = malloc(32);
		free(p);
	}
	return 0;
}
