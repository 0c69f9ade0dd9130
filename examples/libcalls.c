// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * libcalls [NAME]: a handful of libc calls (malloc, snprintf, strlen, printf, qsort, free),
 * for workshop walkthrough 3 (examples/workshop/3-library-calls.md).  The Makefile builds it
 * three ways: libcalls (default PIE: ltrace copes), libcalls-noplt (-fno-plt: calls go through
 * the GOT, no PLT entry to break on) and libcalls-ibt (-fcf-protection=full -Wl,-z,now
 * -Wl,-z,ibtplt: calls go through .plt.sec).  ltrace 0.7.3 shows nothing for the last two;
 * lttrace breaks at the functions themselves and shows the same calls for all three.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int by_value(const void *a, const void *b)
{
	return *(const int *)a - *(const int *)b;
}

int main(int argc, char **argv)
{
	const char *who = argc > 1 ? argv[1] : "workshop";
	int v[] = { 3, 1, 2 };
	char *buf = malloc(64);

	if (!buf)
		return 1;
	snprintf(buf, 64, "hello, %s", who);
	printf("%s (%zu bytes)\n", buf, strlen(buf));
	qsort(v, 3, sizeof(v[0]), by_value);
	printf("sorted: %d %d %d\n", v[0], v[1], v[2]);
	free(buf);
	return 0;
}
