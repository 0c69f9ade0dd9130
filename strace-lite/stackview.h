/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * -k's views (stackview.c): the stack lines after a syscall's line, and the stacks aggregated
 * for --stack-format=folded and --flamegraph (common/stacktrie.h), written at the end.
 */
#pragma once
#include <stdio.h>
#include <time.h>

#include "strace-lite/sttrace.h"

/* The stack of TCP's call, whose line is in TCP's buffer; DUR its time in the call (-T). */
void stackview_syscall(struct tcb *tcp, const struct timespec *dur);
/* TCP's exit: the stack its exit call left (unwound at its entry), into TCP's buffer or the
 * aggregate.  True when lines were added to the buffer. */
bool stackview_exit(struct tcb *tcp);
/* At the end: the folded lines into OUT, the flame graph into its file: 0 or -errno. */
int stackview_finish(FILE *out);
