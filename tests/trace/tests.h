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
#include <sys/prctl.h>
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

/* A string quoted as strace prints a printable one. */
static inline void print_quoted_str(const char *str)
{
	putchar('"');
	for (; *str; str++) {
		if (*str == '"' || *str == '\\')
			putchar('\\');
		putchar(*str);
	}
	putchar('"');
}

/* ["a", "b"], as strace prints argv and, with -v, envp. */
static inline void print_str_array(char *const *v)
{
	putchar('[');
	for (int i = 0; v[i]; i++) {
		if (i)
			printf(", ");
		print_quoted_str(v[i]);
	}
	putchar(']');
}

/*
 * The line of the tracer's own execve of this program, as -v -s4096 prints it (without -v it
 * would show an envp address the program cannot know).  PREFIX goes first ("PID " under -f).
 */
static inline void print_own_execve(const char *prefix, char **argv)
{
	extern char **environ;

	for (char **e = environ; *e; e++) {
		for (const char *p = *e; *p; p++)
			if ((unsigned char)*p < 0x20 || (unsigned char)*p >= 0x7f)
				SKIP("environment has unprintable bytes");
		if (strlen(*e) > 4096)
			SKIP("environment string longer than -s4096");
	}
	printf("%sexecve(", prefix);
	print_quoted_str(argv[0]);
	printf(", ");
	print_str_array(argv);
	printf(", ");
	print_str_array(environ);
	printf(") = 0\n");
}

/* fork(), flushing stdout first so the child does not print the parent's buffered lines. */
static inline pid_t test_fork(void)
{
	fflush(stdout);
	pid_t pid = fork();
	if (pid < 0)
		FAIL("fork: %m");
	return pid;
}

/* This program's command name (PR_GET_NAME: no file opened) into COMM (16 bytes or more); skips
 * the test if -Y would escape it. */
static inline void own_comm(char *comm, size_t len)
{
	if (len < 16 || prctl(PR_GET_NAME, comm))
		FAIL("PR_GET_NAME: %m");
	if (strpbrk(comm, "<>\"\\"))
		SKIP("the program's name needs escaping");
}
