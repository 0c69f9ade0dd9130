/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A front end's option table, printed for shell completion (`TOOL --list=options`): the bash
 * completion (completion/) asks the binary rather than keep its own copy of the options.
 */
#pragma once
#include <getopt.h>
#include <stdio.h>

/*
 * One option a line: "-a" for each letter of OPTSTRING, "--name" for each of LONGOPTS, with a
 * trailing '=' when it takes an argument ("-o=", "--output="; optional ones print bare:
 * "--compare").
 */
void optlist_print(FILE *out, const char *optstring, const struct option *longopts);
