// SPDX-License-Identifier: LGPL-2.1-or-later
/* The logger (common/log.h): one prefix, one sink and one hook, set by the front end. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "common/log.h"

static const char *prefix;
static FILE *file;
static log_sink_fn sink;
static void *sink_ctx;
static void (*hook)(void);

void log_init(const char *p)
{
	prefix = p;
	file = NULL;
	sink = NULL;
	sink_ctx = NULL;
	hook = NULL;
}

void log_set_prefix(const char *p)
{
	prefix = p;
}

const char *log_prefix(void)
{
	return prefix;
}

void log_set_file(FILE *f)
{
	file = f;
}

void log_set_sink(log_sink_fn fn, void *ctx)
{
	sink = fn;
	sink_ctx = ctx;
}

void log_set_hook(void (*fn)(void))
{
	hook = fn;
}

static void emit(enum log_level level, const char *msg)
{
	const char *p = level == LOG_LEVEL_RAW ? NULL : prefix;

	if (hook)
		hook();
	if (sink) {
		sink(level, p, msg, sink_ctx);
		return;
	}
	FILE *f = file ? file : stderr;
	if (level == LOG_LEVEL_RAW)
		fputs(msg, f);
	else if (p)
		fprintf(f, "%s: %s\n", p, msg);
	else
		fprintf(f, "%s\n", msg);
}

/* Format the message, with ": strerror(ERR)" when ERR is not 0, and emit it. */
static void vlog(enum log_level level, int err, const char *fmt, va_list ap)
{
	int saved = errno;
	char small[512], *msg = small;
	va_list aq;

	va_copy(aq, ap);
	int n = vsnprintf(small, sizeof(small), fmt, aq);
	va_end(aq);
	if (n >= (int)sizeof(small)) {
		msg = malloc(n + 1);
		if (msg)
			vsnprintf(msg, n + 1, fmt, ap);
		else
			msg = small; /* truncated rather than lost */
	}
	if (n < 0)
		small[0] = 0;
	if (err) {
		const char *why = strerror(err < 0 ? -err : err);
		size_t len = strlen(msg), wl = strlen(why);
		char *m = malloc(len + wl + 3);
		if (m) {
			memcpy(m, msg, len);
			memcpy(m + len, ": ", 2);
			memcpy(m + len + 2, why, wl + 1);
			if (msg != small)
				free(msg);
			msg = m;
		}
	}
	emit(level, msg);
	if (msg != small)
		free(msg);
	errno = saved;
}

void log_vmsg(enum log_level level, const char *fmt, va_list ap)
{
	vlog(level, 0, fmt, ap);
}

void log_msg(enum log_level level, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vlog(level, 0, fmt, ap);
	va_end(ap);
}

void log_errno(int err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vlog(LOG_LEVEL_ERROR, err, fmt, ap);
	va_end(ap);
}

void log_perror(const char *fmt, ...)
{
	int err = errno;
	va_list ap;

	va_start(ap, fmt);
	vlog(LOG_LEVEL_ERROR, err, fmt, ap);
	va_end(ap);
}

void log_raw(const char *text)
{
	int saved = errno;

	emit(LOG_LEVEL_RAW, text);
	errno = saved;
}
