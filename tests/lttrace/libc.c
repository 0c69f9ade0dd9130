// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * lttrace-compat's second program: a spread of libc calls (strings, formatting, stdio, ctype,
 * numbers) for comparing lttrace's lines with ltrace's.  Deterministic: no pids, no times.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(void)
{
	char buf[64], *d = strdup("hello world");

	strncpy(buf, d, 5);
	buf[5] = 0;
	sprintf(buf + 5, "%d-%s", 42, "x");
	snprintf(buf, 10, "%ld", 123456789L);
	if (strspn("abcde", "abc") != 3 || !strstr(d, "wor") || toupper('a') != 'A')
		return 1;
	FILE *f = fopen("/dev/null", "w");
	if (!f)
		return 1;
	fputs("abc", f);
	fputc('x', f);
	fclose(f);
	if (strtol("  77z", NULL, 10) != 77 || strtod("2.5", NULL) != 2.5)
		return 1;
	if (!strrchr(d, 'o') || strncmp(d, "help", 3) || memcmp(d, "hello", 5))
		return 1;
	sleep(0);
	srand(1);
	rand();
	free(d);
	return 0;
}
