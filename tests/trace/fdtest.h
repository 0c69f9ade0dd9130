/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Helpers for the file and descriptor trace tests.
 *
 * out() writes the expected trace with writev(2), not stdio's write(2), so a test may trace
 * write without its own expected output showing up in the trace.
 *
 * A test built with -DXLAT_RAW or -DXLAT_VERBOSE (a wrapper that #defines it and includes the
 * test) expects -X raw or -X verbose: XLAT(VAL, "NAME") gives the text each style prints.
 */
#pragma once
#include <stdarg.h>
#include <stdio.h>
#include <sys/uio.h>

#include "tests.h"

static inline void __attribute__((format(printf, 1, 2))) out(const char *fmt, ...)
{
	char buf[8192];
	va_list ap;

	va_start(ap, fmt);
	int n = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (n > (int)sizeof(buf) - 1)
		n = sizeof(buf) - 1;
	struct iovec iov = { buf, (size_t)n };
	if (writev(1, &iov, 1) != n)
		exit(1);
}

/* The text of a named value in the -X style the test is built for. */
static inline const char *xlat_str(unsigned long long val, const char *name)
{
	static char bufs[8][256];
	static int i;
	char *b = bufs[i++ % 8];
#if defined XLAT_RAW
	snprintf(b, 256, val ? "%#llx" : "0", val);
	(void)name;
#elif defined XLAT_VERBOSE
	if (val)
		snprintf(b, 256, "%#llx /* %s */", val, name);
	else
		snprintf(b, 256, "0 /* %s */", name);
#else
	snprintf(b, 256, "%s", name);
	(void)val;
#endif
	return b;
}
#define XLAT(val, name) xlat_str((unsigned long long)(val), (name))

/* AT_FDCWD: strace prints it in decimal under -X raw and -X verbose. */
#if defined XLAT_RAW
#define FDCWD "-100"
#elif defined XLAT_VERBOSE
#define FDCWD "-100 /* AT_FDCWD */"
#else
#define FDCWD "AT_FDCWD"
#endif
