/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A growable text buffer.  Decoders and writers build lines here; only the front end's output
 * code writes them to a file, so a line can be dropped (-e status=), redirected or turned into
 * JSON without the decoders knowing.
 */
#pragma once
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

struct strbuf {
	char *s;
	size_t len;
	size_t cap;
};

void sb_write(struct strbuf *sb, const void *p, size_t n);
void sb_puts(struct strbuf *sb, const char *str);
void sb_putc(struct strbuf *sb, char ch);
void sb_pad(struct strbuf *sb, char ch, size_t n); /* N times CH */
/* V in decimal, as printf's %llu and %lld without its cost (a traced call's result). */
void sb_put_u64(struct strbuf *sb, uint64_t v);
void sb_put_i64(struct strbuf *sb, int64_t v);
void sb_printf(struct strbuf *sb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void sb_vprintf(struct strbuf *sb, const char *fmt, va_list ap);
void sb_reset(struct strbuf *sb);
void sb_free(struct strbuf *sb);
/* NUL-terminated contents ("" for an empty buffer). */
const char *sb_str(struct strbuf *sb);
