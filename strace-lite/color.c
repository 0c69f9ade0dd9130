// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * --color: the trace coloured as strace 7.2 colours it (color.h).
 *
 * strace colours as it prints: every printer of punctuation, names and values switches the
 * colour.  Here no decoder knows of colour: a line is coloured as it is written out, by reading
 * the text at strace's grammar -- the call's name (SYSCALL), its punctuation (PUNCT: brackets,
 * ", ", "=", "|"), each "name=" of a field or of -N's argument (ARGNAME), the values (ARGVAL),
 * the named constants (CONST: O_RDONLY|O_CLOEXEC, not NULL), comments (COMMENT), the result
 * (RETVAL) and an error's name and message (ERROR); RESET ends the call's parentheses and the
 * line.  The column of -a counts what is printed, not the escape sequences.
 *
 * The palette is strace's (color_seq_table_default): STRACE_COLORS changes it like LS_COLORS,
 * "key=SGR:key=SGR", keys in any case and spaces around them ignored, an SGR being digits and
 * ";" only; an unknown key or a bad value is skipped.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <term.h>
#include <unistd.h>

#include "strace-lite/color.h"

enum color_kind {
	C_ARGNAME, C_ARGVAL, C_CALL, C_COMMENT, C_CONST, C_ERROR, C_PUNCT, C_RETVAL, C_SYSCALL,
	C_RESET, C_KINDS
};

static const char *const kind_names[C_RESET] = {
	"argname", "argval", "call", "comment", "const", "error", "punct", "retval", "syscall",
};

/* strace 7.2's default palette. */
static const char *const default_seq[C_KINDS] = {
	[C_ARGNAME] = "39", [C_ARGVAL] = "35", [C_CALL] = "33",  [C_COMMENT] = "36",
	[C_CONST] = "34",   [C_ERROR] = "31",  [C_PUNCT] = "0",  [C_RETVAL] = "32",
	[C_SYSCALL] = "33", [C_RESET] = "0",
};

static bool enabled;
static char seq[C_KINDS][32]; /* "\033[...m" */

int color_mode_parse(const char *s)
{
	if (!s)
		return -1;
	if (!strcmp(s, "auto"))
		return COLOR_AUTO;
	if (!strcmp(s, "always"))
		return COLOR_ALWAYS;
	if (!strcmp(s, "never"))
		return COLOR_NEVER;
	return -1;
}

bool color_enabled(void)
{
	return enabled;
}

static char *trim(char *s)
{
	while (isspace((unsigned char)*s))
		s++;
	size_t n = strlen(s);
	while (n && isspace((unsigned char)s[n - 1]))
		s[--n] = '\0';
	return s;
}

/* An SGR parameter list: digits and ';', at least one digit, short enough to keep. */
static bool is_sgr(const char *s)
{
	bool digit = false;

	if (strlen(s) > 20)
		return false;
	for (; *s; s++) {
		if (isdigit((unsigned char)*s))
			digit = true;
		else if (*s != ';')
			return false;
	}
	return digit;
}

static void parse_strace_colors(const char *spec)
{
	char *buf = spec ? strdup(spec) : NULL;
	char *save = NULL;

	if (!buf)
		return;
	for (char *tok = strtok_r(buf, ":", &save); tok; tok = strtok_r(NULL, ":", &save)) {
		char *eq = strchr(tok, '=');
		if (!eq)
			continue;
		*eq = '\0';
		char *key = trim(tok), *val = trim(eq + 1);
		for (int k = 0; k < C_RESET; k++)
			if (!strcasecmp(key, kind_names[k]) && is_sgr(val))
				snprintf(seq[k], sizeof(seq[k]), "\033[%sm", val);
	}
	free(buf);
}

/* NO_COLOR, or a $TERM without 8 colours (or unknown to terminfo). */
static bool no_color(void)
{
	const char *term = getenv("TERM");
	int err = 0;

	if (getenv("NO_COLOR") || !term || !*term)
		return true;
	if (setupterm(term, -1, &err) != 0 || err <= 0)
		return true;
	int colors = tigetnum("colors");
	del_curterm(cur_term);
	return colors < 8;
}

void color_init(int mode, int fd, bool output_separately)
{
	enabled = false;
	if (mode == COLOR_NEVER)
		return;
	if (mode == COLOR_AUTO && (!isatty(fd) || output_separately || no_color()))
		return;
	for (int k = 0; k < C_KINDS; k++)
		snprintf(seq[k], sizeof(seq[k]), "\033[%sm", default_seq[k]);
	parse_strace_colors(getenv("STRACE_COLORS"));
	enabled = true;
}

/* ---- the lexer ---------------------------------------------------------------------------- */

enum { LX_START, LX_ARGS, LX_RET, LX_PLAIN };

void color_line_start(struct colorlex *lx)
{
	lx->state = LX_START;
	lx->in_str = lx->esc = lx->in_comment = false;
}

static void put(struct strbuf *out, int kind)
{
	sb_puts(out, seq[kind]);
}

static bool is_ident_start(char c)
{
	return isalpha((unsigned char)c) || c == '_';
}

static bool is_ident(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

static size_t ident_len(const char *s, size_t n)
{
	size_t i = 0;

	if (!n || !is_ident_start(s[0]))
		return 0;
	while (i < n && is_ident(s[i]))
		i++;
	return i;
}

/* A named constant: capitals, digits, '_', with a capital (O_RDONLY, AT_FDCWD; not NULL). */
static bool is_const(const char *s, size_t n)
{
	bool cap = false;

	if (n == 4 && !memcmp(s, "NULL", 4))
		return false;
	for (size_t i = 0; i < n; i++) {
		if (islower((unsigned char)s[i]))
			return false;
		if (isupper((unsigned char)s[i]))
			cap = true;
	}
	return cap && !isdigit((unsigned char)s[0]);
}

/* The arguments: from S, what is left of them on this piece; returns the bytes read. */
static size_t lex_args(struct colorlex *lx, const char *s, size_t n, struct strbuf *out)
{
	size_t i = 0;

	while (i < n) {
		char c = s[i];
		if (c == '\n') {
			put(out, C_RESET);
			sb_putc(out, c);
			color_line_start(lx);
			return i + 1;
		}
		if (lx->in_str) {
			sb_putc(out, c);
			if (lx->esc)
				lx->esc = false;
			else if (c == '\\')
				lx->esc = true;
			else if (c == '"')
				lx->in_str = false;
			i++;
			continue;
		}
		if (lx->in_comment) {
			sb_putc(out, c);
			if (c == '/' && i && s[i - 1] == '*') {
				lx->in_comment = false;
				put(out, C_ARGVAL);
			}
			i++;
			continue;
		}
		if (c == '"') {
			lx->in_str = true;
			sb_putc(out, c);
			i++;
		} else if (c == '/' && i + 1 < n && s[i + 1] == '*') {
			lx->in_comment = true;
			put(out, C_COMMENT);
			sb_puts(out, "/*");
			i += 2;
		} else if (isdigit((unsigned char)c)) {
			while (i < n && is_ident(s[i]))
				sb_putc(out, s[i++]);
		} else if (is_ident_start(c)) {
			size_t l = ident_len(s + i, n - i);
			if (i + l < n && s[i + l] == '=' && (i + l + 1 >= n || s[i + l + 1] != '=')) {
				put(out, C_ARGNAME);
				sb_write(out, s + i, l);
				put(out, C_PUNCT);
				sb_putc(out, '=');
				put(out, C_ARGVAL);
				i += l + 1;
			} else if (is_const(s + i, l)) {
				/* FLAG|FLAG|... as one */
				size_t j = i + l;
				while (j + 1 < n && s[j] == '|') {
					size_t m = ident_len(s + j + 1, n - j - 1);
					if (!m || !is_const(s + j + 1, m))
						break;
					j += 1 + m;
				}
				put(out, C_CONST);
				sb_write(out, s + i, j - i);
				put(out, C_ARGVAL);
				i = j;
			} else {
				sb_write(out, s + i, l);
				i += l;
			}
		} else if (c == ',' && i + 1 < n && s[i + 1] == ' ') {
			put(out, C_PUNCT);
			sb_puts(out, ", ");
			put(out, C_ARGVAL);
			i += 2;
		} else if (c == ')' && lx->depth <= 1) {
			lx->depth = 0;
			put(out, C_PUNCT);
			sb_putc(out, ')');
			put(out, C_RESET);
			lx->state = LX_RET;
			return i + 1;
		} else if (strchr("()[]{}|", c)) {
			if (c == '(')
				lx->depth++;
			else if (c == ')')
				lx->depth--;
			put(out, C_PUNCT);
			sb_putc(out, c);
			put(out, C_ARGVAL);
			i++;
		} else {
			sb_putc(out, c);
			i++;
		}
	}
	return i;
}

/* The result: "= VALUE", maybe "ENAME (message)" or "(text)", "<time>". */
static size_t lex_ret(struct colorlex *lx, const char *s, size_t n, struct strbuf *out)
{
	size_t i = 0;
	bool error = false;

	while (i < n) {
		char c = s[i];
		if (c == '\n') {
			put(out, C_RESET);
			sb_putc(out, c);
			color_line_start(lx);
			return i + 1;
		}
		if (c == ' ' || (c == '=' && (i + 1 >= n || s[i + 1] == ' '))) {
			if (c == '=') {
				put(out, C_PUNCT);
				sb_putc(out, c);
				put(out, C_RESET);
			} else {
				sb_putc(out, c);
			}
			i++;
			continue;
		}
		/* a word, or a parenthesized text */
		size_t j = i;
		if (c == '(') {
			const char *e = memchr(s + i, ')', n - i);
			j = e ? (size_t)(e - s) + 1 : n;
		} else if (c == '<') {
			const char *e = memchr(s + i, '>', n - i);
			j = e ? (size_t)(e - s) + 1 : n;
			sb_write(out, s + i, j - i); /* -T's time, plain */
			i = j;
			continue;
		} else {
			while (j < n && s[j] != ' ' && s[j] != '\n')
				j++;
		}
		size_t l = ident_len(s + i, j - i);
		if (l == j - i && s[i] == 'E' && is_const(s + i, l))
			error = true;
		put(out, error ? C_ERROR : C_RETVAL);
		sb_write(out, s + i, j - i);
		put(out, C_RESET);
		i = j;
	}
	return i;
}

void color_text(struct colorlex *lx, const char *s, size_t n, struct strbuf *out)
{
	size_t i = 0;

	if (!enabled) {
		sb_write(out, s, n);
		return;
	}
	while (i < n) {
		const char *rest = s + i;
		size_t left = n - i;
		if (lx->state == LX_START) {
			size_t l = ident_len(rest, left);
			if (l && l < left && rest[l] == '(') {
				put(out, C_SYSCALL);
				sb_write(out, rest, l);
				put(out, C_PUNCT);
				sb_putc(out, '(');
				put(out, C_ARGVAL);
				lx->depth = 1;
				lx->state = LX_ARGS;
				i += l + 1;
				continue;
			}
			static const char resumed[] = " resumed>";
			const char *r = left > 5 && !memcmp(rest, "<... ", 5) ?
						memmem(rest, left, resumed, sizeof(resumed) - 1) : NULL;
			if (r) {
				size_t m = (size_t)(r - rest) + sizeof(resumed) - 1;
				sb_write(out, rest, m);
				put(out, C_ARGVAL);
				if (!lx->depth)
					lx->depth = 1;
				lx->state = LX_ARGS;
				i += m;
				continue;
			}
			lx->state = LX_PLAIN;
		}
		if (lx->state == LX_ARGS) {
			i += lex_args(lx, rest, left, out);
		} else if (lx->state == LX_RET) {
			i += lex_ret(lx, rest, left, out);
		} else {
			const char *nl = memchr(rest, '\n', left);
			size_t m = nl ? (size_t)(nl - rest) + 1 : left;
			sb_write(out, rest, m);
			if (nl)
				color_line_start(lx);
			i += m;
		}
	}
}
