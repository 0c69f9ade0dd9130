// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The logger (common/log.c): the exact bytes of each message the default sink writes, to a
 * file here instead of stderr ("PREFIX: MESSAGE\n", ": strerror" appended by log_errno and
 * log_perror, raw text as it is), the hook running before each message, a sink of the front
 * end's receiving level, prefix and message, and errno left as it was.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/log.h"

static int failures;
static int hooks;

#define FAIL(...)                                                                                  \
	do {                                                                                       \
		printf("FAIL: " __VA_ARGS__);                                                      \
		putchar('\n');                                                                     \
		failures++;                                                                        \
	} while (0)

static FILE *f;
static char *buf;
static size_t len;

/* What the default sink wrote since the last call is WANT. */
static void expect(const char *what, const char *want)
{
	fflush(f);
	if (strcmp(buf, want))
		FAIL("%s: wrote \"%s\", want \"%s\"", what, buf, want);
	rewind(f);
	memset(buf, 0, len);
}

static void hook(void)
{
	hooks++;
}

struct seen {
	enum log_level level;
	char prefix[32], msg[128];
	int n;
};

static void sink(enum log_level level, const char *prefix, const char *msg, void *ctx)
{
	struct seen *s = ctx;

	s->level = level;
	snprintf(s->prefix, sizeof(s->prefix), "%s", prefix ? prefix : "(none)");
	snprintf(s->msg, sizeof(s->msg), "%s", msg);
	s->n++;
}

int main(void)
{
	f = open_memstream(&buf, &len);
	char big[2000];

	log_init("sttrace");
	log_set_file(f);
	log_error("Process %d attached", 42);
	expect("log_error", "sttrace: Process 42 attached\n");
	log_info("--bpf: probes: %llu holds", 3ull);
	expect("log_info", "sttrace: --bpf: probes: 3 holds\n");
	log_set_prefix("lttrace");
	log_warn("%s", "a % sign stays");
	expect("log_warn, new prefix", "lttrace: a % sign stays\n");
	log_errno(-ENOENT, "--compare: %s", "/tmp/x");
	expect("log_errno -ENOENT", "lttrace: --compare: /tmp/x: No such file or directory\n");
	log_errno(EPERM, "attach");
	expect("log_errno EPERM", "lttrace: attach: Operation not permitted\n");
	log_errno(0, "nothing added");
	expect("log_errno 0", "lttrace: nothing added\n");
	errno = ESRCH;
	log_perror("ptrace(PTRACE_SEIZE, %d)", 7);
	expect("log_perror", "lttrace: ptrace(PTRACE_SEIZE, 7): No such process\n");
	if (errno != ESRCH)
		FAIL("log_perror changed errno to %d", errno);
	errno = 0;
	log_perror("errno 0");
	expect("log_perror, errno 0", "lttrace: errno 0\n");
	log_raw("libbpf: verifier said\nno\n");
	expect("log_raw", "libbpf: verifier said\nno\n");
	log_set_prefix(NULL);
	log_error("no prefix");
	expect("no prefix", "no prefix\n");

	/* Longer than the logger's buffer on the stack. */
	memset(big, 'x', sizeof(big) - 1);
	big[sizeof(big) - 1] = 0;
	log_set_prefix("sttrace");
	log_errno(EIO, "%s", big);
	char *want = malloc(sizeof(big) + 64);
	snprintf(want, sizeof(big) + 64, "sttrace: %s: Input/output error\n", big);
	expect("a long message", want);
	free(want);

	/* The hook runs before every message, raw ones too. */
	log_set_hook(hook);
	log_error("one");
	log_raw("two\n");
	expect("with the hook", "sttrace: one\ntwo\n");
	if (hooks != 2)
		FAIL("hook ran %d times, want 2", hooks);

	/* A sink gets the parts; nothing goes to the file. */
	struct seen s = { 0 };
	log_set_sink(sink, &s);
	log_warn("--bpf: %d functions not traced", 2);
	if (s.n != 1 || s.level != LOG_LEVEL_WARN || strcmp(s.prefix, "sttrace") ||
	    strcmp(s.msg, "--bpf: 2 functions not traced"))
		FAIL("sink got %d: level %d prefix %s msg \"%s\"", s.n, s.level, s.prefix, s.msg);
	log_raw("tail\n");
	if (s.n != 2 || s.level != LOG_LEVEL_RAW || strcmp(s.prefix, "(none)") ||
	    strcmp(s.msg, "tail\n"))
		FAIL("sink got raw: level %d prefix %s msg \"%s\"", s.level, s.prefix, s.msg);
	expect("with a sink", "");
	/* log_init starts over: stderr, no hook, no sink. */
	log_init("sdt");
	if (strcmp(log_prefix(), "sdt"))
		FAIL("log_prefix: %s", log_prefix());
	hooks = 0;
	log_set_file(f);
	log_error("back");
	expect("after log_init", "sdt: back\n");
	if (hooks || s.n != 2)
		FAIL("log_init kept the hook or the sink");

	if (failures) {
		printf("%d failures\n", failures);
		return 1;
	}
	puts("logger: all cases pass");
	return 0;
}
