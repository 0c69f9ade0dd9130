// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * --json: JSON Lines.  The decoders have one output, strace's text; this file turns that text
 * into structured JSON, so the two can never disagree and no decoder has two code paths.
 *
 * strace's value grammar is regular enough to read back: "strings" (C escapes, maybe followed
 * by "..." when cut), {field=value, ...} structures, [value, ...] arrays, decimal numbers, NULL,
 * and everything else (flags, names, hex, expressions like htons(80), comments) as atoms.  A
 * string becomes a JSON string of its bytes (bytes outside printable ASCII as \u00XX, i.e. read
 * as Latin-1, so any tracee bytes give valid JSON); a cut string becomes
 * {"str": "...", "truncated": true}; a structure an object (its "..." as "...": true); an
 * array an array; a decimal number a number; NULL null; an atom a string of its text.  A value
 * that does not parse this way is kept whole as a string: the output is always valid JSON.
 */
#include <ctype.h>
#include <stdbool.h>
#include <string.h>
#include <time.h>

#include "common/clock.h"
#include "common/json.h"

void json_put_string(struct strbuf *sb, const void *bytes, size_t n)
{
	const unsigned char *s = bytes;

	sb_putc(sb, '"');
	for (size_t i = 0; i < n; i++) {
		unsigned c = s[i];
		if (c == '"' || c == '\\') {
			sb_putc(sb, '\\');
			sb_putc(sb, (char)c);
		} else if (c < 0x20 || c >= 0x7f) {
			sb_printf(sb, "\\u%04x", c);
		} else {
			sb_putc(sb, (char)c);
		}
	}
	sb_putc(sb, '"');
}

/* Length of the quoted C string at S (quotes included), or 0 if it is not closed. */
static size_t string_len(const char *s, size_t n)
{
	for (size_t i = 1; i < n; i++) {
		if (s[i] == '\\')
			i++;
		else if (s[i] == '"')
			return i + 1;
	}
	return 0;
}

/* Position of the first top-level SEP in S, or N. */
static size_t scan(const char *s, size_t n, const char *sep)
{
	int depth = 0;
	size_t seplen = strlen(sep);

	for (size_t i = 0; i < n; i++) {
		char c = s[i];
		if (!depth && n - i >= seplen && !memcmp(s + i, sep, seplen))
			return i;
		if (c == '"') {
			size_t l = string_len(s + i, n - i);
			if (!l)
				return n;
			i += l - 1;
		} else if (c == '/' && i + 1 < n && s[i + 1] == '*') {
			const char *end = memmem(s + i + 2, n - i - 2, "*/", 2);
			if (!end)
				return n;
			i = (size_t)(end - s) + 1;
		} else if (c == '(' || c == '[' || c == '{') {
			depth++;
		} else if (c == ')' || c == ']' || c == '}') {
			depth--;
		}
	}
	return n;
}

/* The bytes of the C-quoted string S (quotes included) into JSON. */
static void put_c_string(struct strbuf *sb, const char *s, size_t n)
{
	struct strbuf bytes = { 0 };

	for (size_t i = 1; i + 1 < n; i++) {
		char c = s[i];
		if (c != '\\') {
			sb_putc(&bytes, c);
			continue;
		}
		c = s[++i];
		const char *esc = strchr("tnvfr", c);
		if (esc && c) {
			sb_putc(&bytes, "\t\n\v\f\r"[esc - "tnvfr"]);
		} else if (c == 'x' && i + 2 < n) {
			unsigned v = 0;
			for (int k = 0; k < 2; k++) {
				char h = s[++i];
				v = v * 16 + (unsigned)(isdigit((unsigned char)h) ? h - '0' : (h | 0x20) - 'a' + 10);
			}
			sb_putc(&bytes, (char)v);
		} else if (c >= '0' && c <= '7') {
			unsigned v = 0;
			for (int k = 0; k < 3 && s[i] >= '0' && s[i] <= '7' && i + 1 < n; k++)
				v = v * 8 + (unsigned)(s[i++] - '0');
			i--;
			sb_putc(&bytes, (char)v);
		} else {
			sb_putc(&bytes, c);
		}
	}
	json_put_string(sb, bytes.s ? bytes.s : "", bytes.len);
	sb_free(&bytes);
}

static bool is_decimal(const char *s, size_t n)
{
	size_t i = (n && s[0] == '-') ? 1 : 0;

	if (i == n || n > 20 || (s[i] == '0' && n - i > 1))
		return false;
	for (; i < n; i++)
		if (!isdigit((unsigned char)s[i]))
			return false;
	return true;
}

static void trim(const char **s, size_t *n)
{
	while (*n && isspace((unsigned char)**s)) {
		(*s)++;
		(*n)--;
	}
	while (*n && isspace((unsigned char)(*s)[*n - 1]))
		(*n)--;
}

static bool put_value(struct strbuf *sb, const char *s, size_t n);

/* "a, b, c" (array items, or KEY=VALUE members when OBJECT) into SB; false if it cannot. */
static bool put_list(struct strbuf *sb, const char *s, size_t n, bool object)
{
	size_t start = sb->len;
	bool first = true;

	trim(&s, &n);
	sb_putc(sb, object ? '{' : '[');
	while (n) {
		size_t end = scan(s, n, ", ");
		const char *item = s;
		size_t len = end;
		trim(&item, &len);
		if (!first)
			sb_putc(sb, ',');
		first = false;
		if (object) {
			if (len == 3 && !memcmp(item, "...", 3)) {
				sb_puts(sb, "\"...\":true");
			} else {
				size_t eq = scan(item, len, "=");
				if (eq == len || eq == 0)
					goto fail;
				json_put_string(sb, item, eq);
				sb_putc(sb, ':');
				if (!put_value(sb, item + eq + 1, len - eq - 1))
					goto fail;
			}
		} else if (!put_value(sb, item, len)) {
			goto fail;
		}
		if (end == n)
			break;
		s += end + 2;
		n -= end + 2;
	}
	sb_putc(sb, object ? '}' : ']');
	return true;
fail:
	sb->len = start;
	sb->s[start] = '\0';
	return false;
}

static bool put_value(struct strbuf *sb, const char *s, size_t n)
{
	trim(&s, &n);
	if (!n)
		return false;
	if (s[0] == '"') {
		size_t l = string_len(s, n);
		if (l == n) {
			put_c_string(sb, s, n);
			return true;
		}
		if (l && n == l + 3 && !memcmp(s + l, "...", 3)) {
			sb_puts(sb, "{\"str\":");
			put_c_string(sb, s, l);
			sb_puts(sb, ",\"truncated\":true}");
			return true;
		}
	} else if ((s[0] == '{' || s[0] == '[') && scan(s, n, " ") == n &&
		   s[n - 1] == (s[0] == '{' ? '}' : ']') && scan(s + 1, n - 1, s[0] == '{' ? "}" : "]") == n - 2) {
		/* One bracketed value with nothing after it. */
		if (put_list(sb, s + 1, n - 2, s[0] == '{'))
			return true;
	} else if (is_decimal(s, n)) {
		sb_write(sb, s, n);
		return true;
	} else if (n == 4 && !memcmp(s, "NULL", 4)) {
		sb_puts(sb, "null");
		return true;
	}
	json_put_string(sb, s, n);
	return true;
}

void json_put_value(struct strbuf *sb, const char *text, size_t n)
{
	put_value(sb, text, n);
}

void json_put_args(struct strbuf *sb, const char *text, size_t n)
{
	if (!put_list(sb, text, n, false)) {
		/* Not a plain list: keep each top-level piece as text. */
		sb_putc(sb, '[');
		json_put_string(sb, text, n);
		sb_putc(sb, ']');
	}
}

void json_record_begin(struct strbuf *sb, const char *type, pid_t pid, const struct timespec *t)
{
	struct timespec now;

	if (!t) {
		tnow(CLOCK_REALTIME, &now);
		t = &now;
	}
	sb_printf(sb, "{\"type\":\"%s\",\"pid\":%d,\"time\":%lld.%06ld", type, (int)pid,
		  (long long)t->tv_sec, t->tv_nsec / 1000);
}

void json_syscall_fields(struct strbuf *sb, const char *name, const char *args, size_t n)
{
	sb_puts(sb, ",\"name\":");
	json_put_string(sb, name, strlen(name));
	sb_puts(sb, ",\"args\":");
	json_put_args(sb, args, n);
}
