// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Built and run by tests/sh/views/stack-api.sh, with strace-lite/stacktrace.c and common/strbuf.c
 * only.  strace-lite/stacktrace.c on a child of ours stopped inside raise(), reached through two
 * named functions: stacktrace_format() names them in order (with -kk, with this file and the
 * lines of their calls); stacktrace_capture() keeps the same lines for the next
 * stacktrace_format() or stacktrace_flush(); stacktrace_forget() lets the next call unwind
 * afresh.  Exit 0 when all hold.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/wait.h>
#include <unistd.h>

#include "common/stacktrace.h"

static int fails;

#define CHECK(cond, ...)                                                                        \
	do {                                                                                    \
		if (!(cond)) {                                                                  \
			printf("FAIL: " __VA_ARGS__);                                           \
			putchar('\n');                                                          \
			fails++;                                                                \
		}                                                                               \
	} while (0)

static const int inner_line = __LINE__ + 3; /* the line of the call below */
__attribute__((noinline)) void inner_stop(void)
{
	raise(SIGSTOP);
	__asm__ volatile(""); /* no tail call */
}

static const int outer_line = __LINE__ + 3;
__attribute__((noinline)) void outer_stop(void)
{
	inner_stop();
	__asm__ volatile("");
}

/* Where NAME's frame is in TEXT, or NULL. */
static const char *frame(const char *text, const char *name)
{
	char pat[64];

	snprintf(pat, sizeof(pat), "(%s+0x", name);
	return strstr(text, pat);
}

int main(void)
{
	pid_t pid = fork();
	int status;

	if (pid == 0) {
		ptrace(PTRACE_TRACEME, 0, 0, 0);
		outer_stop();
		_exit(0);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFSTOPPED(status)) {
		printf("FAIL: no stopped child\n");
		return 1;
	}
	struct strbuf k = { 0 }, kk = { 0 }, cap = { 0 }, again = { 0 };
	int n = stacktrace_format(pid, &k, 1);
	const char *in = frame(sb_str(&k), "inner_stop"), *out = frame(sb_str(&k), "outer_stop");
	const char *m = frame(sb_str(&k), "main");
	CHECK(n >= 4, "-k gave %d frames:\n%s", n, sb_str(&k));
	CHECK(in && out && m && in < out && out < m, "-k frames out of order:\n%s", sb_str(&k));

	stacktrace_format(pid, &kk, 2);
	char want[128];
	snprintf(want, sizeof(want), "stack-api.c:%d\n", inner_line);
	CHECK(strstr(sb_str(&kk), want), "-kk lacks %s in:\n%s", want, sb_str(&kk));
	snprintf(want, sizeof(want), "stack-api.c:%d\n", outer_line);
	CHECK(strstr(sb_str(&kk), want), "-kk lacks %s in:\n%s", want, sb_str(&kk));

	/* Captured lines come back once, by format or by flush, and equal an unwind's. */
	CHECK(stacktrace_capture(pid, 1) == n, "capture: not %d frames", n);
	CHECK(stacktrace_format(pid, &cap, 1) == n, "format after capture: not %d lines", n);
	CHECK(!strcmp(sb_str(&cap), sb_str(&k)), "captured:\n%s\nunwound:\n%s", sb_str(&cap),
	      sb_str(&k));
	sb_reset(&cap);
	CHECK(stacktrace_flush(pid, &cap, NULL) == 0 && cap.len == 0, "flush after format: not empty");
	stacktrace_capture(pid, 1);
	CHECK(stacktrace_flush(pid, &cap, NULL) == n, "flush after capture: not %d lines", n);

	stacktrace_forget(pid);
	stacktrace_format(pid, &again, 1);
	CHECK(!strcmp(sb_str(&again), sb_str(&k)), "after forget:\n%s", sb_str(&again));

	kill(pid, SIGKILL);
	waitpid(pid, &status, 0);
	stacktrace_forget(pid);
	sb_reset(&again);
	CHECK(stacktrace_format(pid, &again, 1) <= 0, "a dead process has a stack:\n%s",
	      sb_str(&again));
	stacktrace_forget(pid);
	if (!fails)
		printf("ok: %d frames\n%s%s", n, sb_str(&k), sb_str(&kk));
	sb_free(&k);
	sb_free(&kk);
	sb_free(&cap);
	sb_free(&again);
	return fails != 0;
}
