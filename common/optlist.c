// SPDX-License-Identifier: LGPL-2.1-or-later
/* Printing a front end's getopt tables for shell completion (common/optlist.h). */
#include "common/optlist.h"

void optlist_print(FILE *out, const char *optstring, const struct option *longopts)
{
	for (const char *p = optstring; *p; p++)
		if (*p != '+' && *p != '-' && *p != ':')
			fprintf(out, "-%c%s\n", *p, p[1] == ':' ? "=" : "");
	for (const struct option *o = longopts; o->name; o++)
		fprintf(out, "--%s%s\n", o->name, o->has_arg == required_argument ? "=" : "");
}
