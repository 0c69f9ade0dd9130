// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * C++ exceptions through traced calls (tests/sh/lttrace/lttrace-options.sh): one thrown from a qsort
 * comparator through qsort, one thrown and caught in main.  The unwinder must find the real
 * return addresses on the stack (lttrace never swaps them), and the abandoned frames must
 * not leave the next calls nested.
 */
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

static int cmp(const void *a, const void *b)
{
	if (*(const int *)a == 3)
		throw std::runtime_error("three");
	return *(const int *)a - *(const int *)b;
}

int main()
{
	int v[4] = { 4, 3, 2, 1 };

	try {
		qsort(v, 4, sizeof(int), cmp);
	} catch (const std::exception &e) {
		fputs("caught\n", stdout);
	}
	void *p = malloc(5);
	free(p);
	try {
		throw 42;
	} catch (int) {
	}
	p = malloc(6);
	free(p);
	puts("end");
	return 0;
}
