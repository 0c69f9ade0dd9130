/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* --json: strace's decoded text read back into JSON values (see json.c). */
#pragma once
#include <stddef.h>
#include <sys/types.h>
#include <time.h>

#include "common/strbuf.h"

/* BYTES as a JSON string (non-ASCII bytes as \u00XX). */
void json_put_string(struct strbuf *sb, const void *bytes, size_t n);
/* One decoded value ("abc", {a=1}, [1, 2], 42, NULL, O_RDONLY...) as JSON. */
void json_put_value(struct strbuf *sb, const char *text, size_t n);
/* A decoded argument list ("3, \"abc\", 8") as a JSON array. */
void json_put_args(struct strbuf *sb, const char *text, size_t n);
/* '{"type":TYPE,"pid":PID,"time":T' (T NULL: now); the caller adds fields and the '}'. */
void json_record_begin(struct strbuf *sb, const char *type, pid_t pid, const struct timespec *t);
/* ',"name":NAME,"args":[...]' from the decoded argument text. */
void json_syscall_fields(struct strbuf *sb, const char *name, const char *args, size_t n);
