/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The logger.  Library code does not print: it returns -errno and says why through these
 * calls; the front end decides where the words go.  It names the tool (log_init("sttrace")),
 * and may install a hook that runs before each message (sttrace and lttrace flush their trace
 * there, so that a message follows the lines printed before it) and a sink of its own (a test
 * collects messages instead of printing them).  The default sink writes "PREFIX: MESSAGE\n" to
 * stderr in one piece, or "MESSAGE\n" when no prefix is set.
 *
 * As libbpf's print callback, the logger is process-wide: there is one tool per process.
 */
#pragma once
#include <stdarg.h>
#include <stdio.h>

/* LOG_LEVEL_*: <syslog.h> owns LOG_ERR, LOG_WARNING, LOG_INFO. */
enum log_level {
	LOG_LEVEL_ERROR, /* the operation failed */
	LOG_LEVEL_WARN,  /* it goes on, with less than was asked */
	LOG_LEVEL_INFO,  /* what the tool does ("Process 12 attached") */
	LOG_LEVEL_RAW,   /* text passed through as it is: no prefix, no newline added */
};

/* A sink gets the level, the prefix (NULL when none, and for LOG_LEVEL_RAW) and the message. */
typedef void (*log_sink_fn)(enum log_level level, const char *prefix, const char *msg, void *ctx);

/* Messages are prefixed with PREFIX (NULL: none) and written to stderr; no hook. */
void log_init(const char *prefix);
void log_set_prefix(const char *prefix);
const char *log_prefix(void);
/* Write to F instead of stderr with the default sink. */
void log_set_file(FILE *f);
/* Send messages to FN instead (NULL: the default sink). */
void log_set_sink(log_sink_fn fn, void *ctx);
/* Run FN before each message is written (NULL: nothing). */
void log_set_hook(void (*fn)(void));

void log_vmsg(enum log_level level, const char *fmt, va_list ap);
void log_msg(enum log_level level, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The message followed by ": strerror(ERR)" (ERR positive or negative; 0: nothing added). */
void log_errno(int err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The same with the current errno, as perror(). */
void log_perror(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#define log_error(...) log_msg(LOG_LEVEL_ERROR, __VA_ARGS__)
#define log_warn(...) log_msg(LOG_LEVEL_WARN, __VA_ARGS__)
#define log_info(...) log_msg(LOG_LEVEL_INFO, __VA_ARGS__)
/* TEXT as it is (e.g. the tail of libbpf's log), after the hook, without prefix. */
void log_raw(const char *text);
