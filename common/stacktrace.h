/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * -k / -kk: the user stack of a thread, printed after its syscall line as strace does
 * (" > /lib/x86_64-linux-gnu/libc.so.6(__open64+0x...) [0x...]"), unwound with libunwind-ptrace
 * and symbolized with libdw; -kk adds "file:line" where debug info has it.
 */
#pragma once
#include <sys/types.h>

#include "common/strbuf.h"

/* Append the stack lines of stopped thread PID to SB; the number of frames or -errno. */
int stacktrace_format(pid_t pid, struct strbuf *sb, int level);
/* PID's mappings changed (mmap, munmap, mprotect, execve) or PID is gone: drop its cache. */
void stacktrace_forget(pid_t pid);
/*
 * strace unwinds execve, execveat, exit and exit_group at their *entry* (at their exit the
 * stack is replaced or gone) and prints those lines after the syscall's line, or after
 * "+++ exited ..." when the thread vanishes.  Call stacktrace_capture() at the entry of those
 * four; the next stacktrace_format() for PID prints what it kept instead of unwinding, and
 * stacktrace_flush() (from droptcb, before stacktrace_forget) prints what is still pending.
 * Kept frames without a symbol print as "PATH(+0x0) [0x...]", as strace's queued frames do.
 */
int stacktrace_capture(pid_t pid, int level);
/* Append PID's captured, unprinted stack lines to SB; the number of lines. */
int stacktrace_flush(pid_t pid, struct strbuf *sb);
