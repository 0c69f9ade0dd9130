/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * -k / -kk: the user stack of a thread, printed after its syscall line as strace does
 * (" > /lib/x86_64-linux-gnu/libc.so.6(__open64+0x...) [0x...]"), unwound with libunwind-ptrace
 * and symbolized with libdw; -kk adds "file:line" where debug info has it.
 */
#pragma once
#include <sys/types.h>

#include "strbuf.h"

/* Append the stack lines of stopped thread PID to SB; the number of frames or -errno. */
int stacktrace_format(pid_t pid, struct strbuf *sb, int level) __attribute__((weak));
/* PID's mappings changed (mmap, munmap, mprotect, execve) or PID is gone: drop its cache. */
void stacktrace_forget(pid_t pid) __attribute__((weak));
