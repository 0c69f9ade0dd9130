/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * -k / -kk: the user stack of a thread, printed after its syscall line as strace does
 * (" > /lib/x86_64-linux-gnu/libc.so.6(__open64+0x...) [0x...]"), unwound with libunwind-ptrace
 * and symbolized with libdw; -kk adds "file:line" where debug info has it.
 */
#pragma once
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "common/strbuf.h"

/* Append the stack lines of stopped thread PID to SB; the number of frames or -errno. */
int stacktrace_format(pid_t pid, struct strbuf *sb, int level);
/* At most FRAMES frames a stack, then " > too many stack frames" (strace's
 * --stack-trace-frame-limit; 256 by default, as strace's). */
void stacktrace_set_frame_limit(int frames);
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
/* Append PID's captured, unprinted stack lines to SB and its folded frames to FOLD (either may
 * be NULL); the number of lines. */
int stacktrace_flush(pid_t pid, struct strbuf *sb, struct strbuf *fold);
/*
 * stacktrace_format() that can also give the stack as folded frames (--stack-format=folded,
 * --flamegraph): lines into LINES, folded frames into FOLD (either may be NULL): outermost
 * first, joined by ';', each the function's name, "[FILE]" (its base name) without one,
 * "0xADDR" outside any file.  The number of frames (0: none) or -errno.
 */
int stacktrace_unwind(pid_t pid, struct strbuf *lines, struct strbuf *fold, int level);

/*
 * --bpf: threads are never stopped; the kernel copies their registers and stack at a syscall's
 * entry (as perf's --call-graph dwarf does) and they are unwound from that copy (stackcopy.h),
 * with the maps and symbols of snapshots taken while the process was held.  With copies on,
 * stacktrace_format(), _capture() and _fold() unwind the copy last set for PID (and use it up)
 * and print nothing without one; stacktrace_forget() does nothing.
 */
void stacktrace_use_copies(bool on);
/* Thread TID of process TGID: REGS (struct pt_regs, 21 words) and LEN bytes of STACK from
 * its stack pointer up; replaces a copy not unwound.  0 or -ENOMEM. */
int stacktrace_copy_set(pid_t tid, pid_t tgid, const uint64_t *regs, const void *stack,
			size_t len);
/* Process TGID is held (its exec, its loader's link map complete): read its maps and symbols
 * now, for the copies that follow.  0 or -errno. */
int stacktrace_snapshot(pid_t tgid);
/*
 * Where the maps of a process come from, and who hears of them: SOURCE (NULL: /proc/PID/maps)
 * gives the text of TGID's maps file (*LEN bytes, alive until the next call), or NULL; SEEN is
 * told each time TGID's maps were read from /proc (a recorder keeps them for a replay, whose
 * SOURCE gives them back).  Either may be NULL.
 */
void stacktrace_maps_hooks(const char *(*source)(pid_t tgid, size_t *len),
			   void (*seen)(pid_t tgid));
