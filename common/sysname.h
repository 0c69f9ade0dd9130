/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * x86_64 syscall names by number, for tools that name syscalls without decoding them
 * (lttrace -S).  Generated from the same syscall table as strace-lite's signature table
 * (strace-lite/decode/syscalls.in), so both name every number alike.
 */
#pragma once

/* "openat" for 257; NULL for a number without a syscall. */
const char *syscall_name(long nr);
/* Its number of arguments, or -1. */
int syscall_nargs(long nr);
