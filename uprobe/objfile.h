/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Where a probe goes: a function's file offset from an object's ELF symbol tables, and a file
 * offset's runtime address in a process from its /proc/PID/maps.  File offsets are what both
 * backends share (the kernel's uprobes take them too).  Library code: -errno, no output.
 */
#pragma once
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

struct uprobe_mapping {
	uint64_t start, end, off;
	bool exec;          /* mapped executable */
	char path[256];
};

/* File-backed mappings of PID (deleted files left out) into a malloc'd array; count or -errno. */
int uprobe_read_maps(pid_t pid, struct uprobe_mapping **out);
/* The mapping of M (N) that holds runtime address ADDR, NULL when none. */
const struct uprobe_mapping *uprobe_mapping_at(const struct uprobe_mapping *m, int n,
					       uint64_t addr);
/* The runtime address of file offset OFF of PATH, 0 when no mapping covers it. */
uint64_t uprobe_map_offset(const struct uprobe_mapping *m, int n, const char *path, uint64_t off);
/*
 * File offset of function (or IFUNC) SYM in the ELF file PATH, from .symtab or .dynsym, through
 * the PT_LOAD that holds it: 0 and *OFF, -ENOENT (no such defined function), -ENOEXEC (not ELF),
 * -EFAULT (its segment is not executable: *OFF set all the same), -EINVAL (in no segment's
 * file bytes), or -errno from open.
 */
int uprobe_symbol_offset(const char *path, const char *sym, uint64_t *off);
