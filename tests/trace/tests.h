/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Helpers for self-describing trace tests.  A test program makes syscalls and prints on stdout
 * the exact lines sttrace must write for them (strace's model); the runner diffs the two.  Use
 * raw syscall() where libc might pick another syscall than the one under test.
 *
 * Tests run with `-a` of their own choosing in tests/registry; with `-a0` (or any column the
 * text already passed) a return value follows ") " directly: "close(3) = 0".
 */
#pragma once
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

/* Skip the test, saying why (the runner shows the last line of stderr). */
#define SKIP(...)                                   \
	do {                                        \
		fprintf(stderr, __VA_ARGS__);       \
		fputc('\n', stderr);                \
		exit(77);                           \
	} while (0)

#define FAIL(...)                                   \
	do {                                        \
		fprintf(stderr, __VA_ARGS__);       \
		fputc('\n', stderr);                \
		exit(1);                            \
	} while (0)

/* "ENOENT (No such file or directory)" for the errno of the last failed call. */
static inline const char *sprintrc_err(int err)
{
	static char buf[256];
	snprintf(buf, sizeof(buf), "-1 %s (%s)", strerrorname_np(err), strerror(err));
	return buf;
}

/* The text strace prints after "= " for return value RC of the call just made. */
static inline const char *sprintrc(long rc)
{
	static char buf[256];
	if (rc == -1)
		return sprintrc_err(errno);
	snprintf(buf, sizeof(buf), "%ld", rc);
	return buf;
}
