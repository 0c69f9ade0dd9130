// SPDX-License-Identifier: LGPL-2.1-or-later
/* The values of sttrace's options that take a word or a number: -EINVAL when one is bad. */
#ifndef STRACE_LITE_OPTVALUES_H
#define STRACE_LITE_OPTVALUES_H

#include <stdbool.h>

int parse_uint(const char *s, int *out);
int time_option(bool *on, int *digits, const char *arg);
int parse_intr(const char *s);
int parse_daemonize(const char *s);
int parse_tips(const char *s);
void decide_seccomp(int seccomp, bool attach_only); /* sets opts.seccomp */

#endif
