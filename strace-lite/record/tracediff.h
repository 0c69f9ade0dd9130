/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sttrace diff A B (see tracediff.c). */
#pragma once
#include <stdbool.h>

/* Whether ARGV is `sttrace diff [--json] A B` with A and B text traces (and not a request to
 * trace diff(1)). */
bool tracediff_wanted(int argc, char **argv);
/* The comparison: 0 the same, 1 different, 2 trouble (said). */
int tracediff_main(int argc, char **argv);
