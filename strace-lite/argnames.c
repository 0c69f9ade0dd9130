// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * -N/--arg-names: the names of a call's arguments put into its decoded text (argnames.h).
 *
 * An argument is what lies between the call's "(" and ")" at the top level: a ", " inside a
 * string, a comment, a structure, an array, an expression's parentheses or -y's "<...>" does
 * not end one.  The text comes in two parts (what the decoder printed at entry, then at exit,
 * maybe on a "resumed" line in between), so the reading keeps its place in struct argscan.
 */
#include <stdlib.h>
#include <string.h>

#include "strace-lite/argnames.h"

void argscan_begin(struct argscan *s)
{
	memset(s, 0, sizeof(*s));
	s->pending = true;
}

static void push(struct argscan *s, char c)
{
	if (s->depth < sizeof(s->stack))
		s->stack[s->depth] = (unsigned char)c;
	s->depth++;
}

static char top(const struct argscan *s)
{
	if (!s->depth)
		return 0;
	return s->depth <= sizeof(s->stack) ? (char)s->stack[s->depth - 1] : '?';
}

/* Whether C closes the innermost bracket. */
static bool closes(const struct argscan *s, char c)
{
	char t = top(s);

	if (!s->depth)
		return false;
	if (t == '?') /* too deep to know: any closer counts */
		return c == ')' || c == ']' || c == '}' || c == '>';
	return (t == '(' && c == ')') || (t == '[' && c == ']') || (t == '{' && c == '}') ||
	       (t == '<' && c == '>');
}

/* Read C (NEXT is the character after it, 0 at the end); true at a top-level ", ". */
static bool step(struct argscan *s, char c, char next)
{
	bool sep = false;

	if (s->in_str) {
		if (s->esc)
			s->esc = false;
		else if (c == '\\')
			s->esc = true;
		else if (c == '"')
			s->in_str = false;
	} else if (s->in_comment) {
		if (s->prev == '*' && c == '/')
			s->in_comment = false;
	} else if (c == '"') {
		s->in_str = true;
	} else if (c == '/' && next == '*') {
		s->in_comment = true;
		c = 0; /* its star does not also end it */
	} else if (c == '(' || c == '[' || c == '{') {
		push(s, c);
	} else if (c == '<' && s->prev >= '0' && s->prev <= '9' && next != '<') {
		push(s, c); /* -y's 3</path> (not 1<<2) */
	} else if ((c == ')' || c == ']' || c == '}' || (c == '>' && s->prev != '-')) &&
		   closes(s, c)) {
		s->depth--;
	} else if (c == ',' && next == ' ' && !s->depth) {
		sep = true;
	}
	s->prev = c;
	return sep;
}

/* An argument its decoder names itself, as strace always does (clone's "child_stack=",
 * "child_tidptr=": printed or not by the flags, they have no fixed position). */
static bool named(const char *s, size_t n)
{
	size_t i = 0;

	if (!n || !((s[0] >= 'a' && s[0] <= 'z') || s[0] == '_'))
		return false;
	while (i < n && ((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= '0' && s[i] <= '9') || s[i] == '_'))
		i++;
	return i < n && s[i] == '=' && (i + 1 >= n || s[i + 1] != '=');
}

bool args_end_with_sep(const char *text, size_t n)
{
	struct argscan s;
	bool sep = false;

	if (n < 2 || text[n - 2] != ',' || text[n - 1] != ' ')
		return false;
	argscan_begin(&s);
	for (size_t i = 0; i + 1 < n; i++)
		sep = step(&s, text[i], text[i + 1]) && i + 2 == n;
	return sep;
}

void argscan_apply(struct argscan *s, const struct sysent *se, struct strbuf *sb, size_t from)
{
	if (!se || from >= sb->len)
		return;
	size_t n = sb->len - from;
	char *text = malloc(n);
	if (!text)
		return;
	memcpy(text, sb->s + from, n);
	sb->len = from;
	sb->s[from] = '\0';
	for (size_t i = 0; i < n; i++) {
		char c = text[i];
		if (s->pending && c != ' ' && !s->in_str && !s->in_comment) {
			s->pending = false;
			if (s->argi < 6 && se->argnames[s->argi] && !named(text + i, n - i))
				sb_printf(sb, "%s=", se->argnames[s->argi]);
		}
		sb_putc(sb, c);
		if (step(s, c, i + 1 < n ? text[i + 1] : 0)) {
			s->argi++;
			s->pending = true;
		}
	}
	free(text);
}
