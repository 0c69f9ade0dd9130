// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * personality(2): the argument as PER_type|flags (0xffffffff, the query, stays numeric) and the
 * previous persona, which the call returns, decoded after the hex return value.
 */
#include <stdio.h>
#include <string.h>

#include "strace-lite/decode/decode.h"
#include "strace-lite/decode/util-print.h"
#include "gen/xlat.h"

#define PER_MASK 0xff

SYS_FUNC(personality)
{
	static char text[1024];
	unsigned int pers;

	if (entering(c)) {
		pers = (unsigned int)c->arg[0];
		if (pers == 0xffffffff) {
			tprints(c, "0xffffffff");
			return 0;
		}
		printxval(c, xlat_personality_types, pers & PER_MASK, "PER_???");
		if (pers & ~PER_MASK) {
			tprints(c, "|");
			printflags(c, xlat_personality_flags, pers & ~PER_MASK, NULL);
		}
		return 0;
	}
	if (syserror(c))
		return 0;
	pers = (unsigned int)c->rval;
	const char *name = xlat_lookup(xlat_personality_types, pers & PER_MASK);
	if (print_opts_get()->xstyle == XSTYLE_RAW || !name)
		snprintf(text, sizeof(text), "%#x", pers & PER_MASK);
	else if (print_opts_get()->xstyle == XSTYLE_VERBOSE)
		snprintf(text, sizeof(text), "%#x /* %s */", pers & PER_MASK, name);
	else
		snprintf(text, sizeof(text), "%s", name);
	if (!name && print_opts_get()->xstyle != XSTYLE_RAW)
		strcat(text, " /* PER_??? */");
	if (pers & ~PER_MASK) {
		const char *rest = sprint_flags_ex("|", xlat_personality_flags, pers & ~PER_MASK,
						   '\0', print_opts_get()->xstyle, false);
		if (rest && strlen(text) + strlen(rest) < sizeof(text))
			strcat(text, rest);
	}
	c->auxstr = text;
	return RVAL_KIND(RK_X) | RVAL_STR;
}
