/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Unwinding a stack that was copied rather than a stopped thread (-k under --bpf): libunwind
 * accessors that answer registers from the copy, memory from the copied stack bytes, and the
 * rest (the unwind tables, the code) from the files mapped, by way of a snapshot of the
 * process's maps taken while it was alive -- as perf does for `--call-graph dwarf`, so the
 * process may be gone by the time its stacks are unwound.  What is neither in the copy nor in a
 * file is read from /proc/PID/mem while the process lives, never beyond the copy on the stack.
 * Used by stacktrace.c only.
 */
#pragma once
#include <libunwind.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "common/maps.h"

#define STACKCOPY_NREGS 21 /* struct pt_regs of x86_64 (bpf/bpfev.h: EV_STACK_NREGS) */
#define STACKCOPY_SP 19
#define STACKCOPY_IP 16

/* One thread's user state at a syscall's entry. */
struct stackcopy {
	struct stackcopy *next;
	pid_t tid, tgid;
	uint64_t regs[STACKCOPY_NREGS];
	size_t len;
	unsigned char data[]; /* LEN bytes from regs[STACKCOPY_SP] up */
};

/* A file of the maps, opened once, with where its unwind table is (.eh_frame_hdr). */
struct stackcopy_file {
	char *path;
	int fd;
	int hdr_state; /* 0 not looked at, 1 found, -1 none */
	uint64_t hdr_vaddr, hdr_off;
	uint32_t fde_count;
};

/* What the accessors read besides the copy: the maps of the process and their files. */
struct stackcopy_mem {
	const struct mapping *maps;
	int nmaps;
	int memfd; /* /proc/PID/mem, or -1 */
	struct stackcopy_file *files;
	size_t nfiles;
};

/* The argument of unw_init_remote() for the copy C. */
struct stackcopy_arg {
	const struct stackcopy *c;
	struct stackcopy_mem *mem;
};

unw_accessors_t *stackcopy_accessors(void);
/* M reads the maps MAPS (N of them, kept by the caller) and PID's memory (-1: none). */
void stackcopy_mem_init(struct stackcopy_mem *m, pid_t pid);
void stackcopy_mem_set_maps(struct stackcopy_mem *m, const struct mapping *maps, int n);
void stackcopy_mem_free(struct stackcopy_mem *m);
