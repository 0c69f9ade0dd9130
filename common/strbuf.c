// SPDX-License-Identifier: LGPL-2.1-or-later
/* Growable text buffer; allocation failure aborts (after saying so through the logger), as a
 * tracer cannot go on without memory. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/strbuf.h"
#include "common/log.h"

static void sb_grow(struct strbuf *sb, size_t more)
{
	size_t need = sb->len + more + 1;

	if (need <= sb->cap)
		return;
	size_t cap = sb->cap ? sb->cap : 256;
	while (cap < need)
		cap *= 2;
	char *s = realloc(sb->s, cap);
	if (!s) {
		log_raw("out of memory\n");
		abort();
	}
	sb->s = s;
	sb->cap = cap;
}

void sb_write(struct strbuf *sb, const void *p, size_t n)
{
	sb_grow(sb, n);
	memcpy(sb->s + sb->len, p, n);
	sb->len += n;
	sb->s[sb->len] = '\0';
}

void sb_puts(struct strbuf *sb, const char *str)
{
	sb_write(sb, str, strlen(str));
}

void sb_putc(struct strbuf *sb, char ch)
{
	sb_grow(sb, 1);
	sb->s[sb->len++] = ch;
	sb->s[sb->len] = '\0';
}

/* Formatted once into the room there is; again only when it did not fit. */
void sb_vprintf(struct strbuf *sb, const char *fmt, va_list ap)
{
	va_list ap2;
	size_t room = sb->cap > sb->len ? sb->cap - sb->len : 0;

	va_copy(ap2, ap);
	int n = vsnprintf(room ? sb->s + sb->len : NULL, room, fmt, ap2);
	va_end(ap2);
	if (n <= 0) {
		if (room)
			sb->s[sb->len] = '\0';
		return;
	}
	if ((size_t)n >= room) {
		sb_grow(sb, (size_t)n);
		vsnprintf(sb->s + sb->len, (size_t)n + 1, fmt, ap);
	}
	sb->len += (size_t)n;
}

void sb_pad(struct strbuf *sb, char ch, size_t n)
{
	sb_grow(sb, n);
	memset(sb->s + sb->len, ch, n);
	sb->len += n;
	sb->s[sb->len] = '\0';
}

void sb_put_u64(struct strbuf *sb, uint64_t v)
{
	char d[20];
	size_t n = 0;

	do {
		d[sizeof(d) - ++n] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	sb_write(sb, d + sizeof(d) - n, n);
}

void sb_put_i64(struct strbuf *sb, int64_t v)
{
	if (v < 0) {
		sb_putc(sb, '-');
		sb_put_u64(sb, -(uint64_t)v);
	} else {
		sb_put_u64(sb, (uint64_t)v);
	}
}

void sb_printf(struct strbuf *sb, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	sb_vprintf(sb, fmt, ap);
	va_end(ap);
}

void sb_reset(struct strbuf *sb)
{
	sb->len = 0;
	if (sb->s)
		sb->s[0] = '\0';
}

void sb_free(struct strbuf *sb)
{
	free(sb->s);
	sb->s = NULL;
	sb->len = sb->cap = 0;
}

const char *sb_str(struct strbuf *sb)
{
	return sb->s ? sb->s : "";
}
