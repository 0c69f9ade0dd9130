// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The values of sttrace's options that take a word or a number (-s, -r/-T precisions, -I,
 * --daemonize, --tips), parsed as strace parses them;
 * the front end (sttrace.c) wires them.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "strace-lite/sttrace.h"
#include "strace-lite/optvalues.h"

int parse_uint(const char *s, int *out)
{
	char *end;
	errno = 0;
	long v = strtol(s, &end, 10);
	if (!*s || *end || errno || v < 0 || v > INT_MAX)
		return -EINVAL;
	*out = (int)v;
	return 0;
}

/* -r, -T and their long forms: on, with ARG's precision (none given: us); -EINVAL if bad. */
int time_option(bool *on, int *digits, const char *arg)
{
	*on = true;
	*digits = arg ? ts_precision(arg) : 6;
	return *digits;
}

/* -I: a name or strace's number (1-4); -EINVAL if neither. */
int parse_intr(const char *s)
{
	static const struct {
		const char *name;
		int v;
	} names[] = { { "anywhere", INTR_ANYWHERE }, { "always", INTR_ANYWHERE },
		      { "waiting", INTR_WHILE_WAIT }, { "never", INTR_NEVER },
		      { "never_tstp", INTR_BLOCK_TSTP_TOO } };
	int v;

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (!strcmp(s, names[i].name))
			return names[i].v;
	return parse_uint(s, &v) == 0 && v >= INTR_ANYWHERE && v <= INTR_BLOCK_TSTP_TOO ? v :
										      -EINVAL;
}

/* --daemonize[=grandchild|pgroup|pgrp|session]: -D, -DD, -DDD; -EINVAL for another word. */
int parse_daemonize(const char *s)
{
	static const struct {
		const char *name;
		int v;
	} names[] = { { "grandchild", 1 }, { "pgroup", 2 }, { "pgrp", 2 }, { "session", 3 } };

	if (!s)
		return 1;
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (!strcasecmp(s, names[i].name)) /* strace's words, in any case */
			return names[i].v;
	return -EINVAL;
}

/*
 * --tips[=[[id:]ID|random][,[format:]none|compact|full]...]: strace's syntax, checked the way
 * strace checks it (a token without "id:" or "format:" may be either).  sttrace has no tips of
 * its own to show, so a valid value is accepted and changes nothing.
 */
int parse_tips(const char *s)
{
	static const char *const formats[] = { "none", "compact", "full" };
	char *copy = strdup(s ? s : ""), *save = NULL;
	int rc = 0;

	if (!copy)
		return -ENOMEM;
	for (char *tok = strtok_r(copy, ",", &save); tok && !rc; tok = strtok_r(NULL, ",", &save)) {
		bool id = true, fmt = true, ok = false;
		int v;

		if (!strncasecmp(tok, "id:", 3)) {
			tok += 3;
			fmt = false;
		} else if (!strncasecmp(tok, "format:", 7)) {
			tok += 7;
			id = false;
		}
		if (id)
			ok = !strcasecmp(tok, "random") || parse_uint(tok, &v) == 0;
		for (int i = 0; fmt && !ok && i < 3; i++)
			ok = !strcasecmp(tok, formats[i]);
		if (!ok)
			rc = -EINVAL;
	}
	free(copy);
	return rc;
}
