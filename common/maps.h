/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The one reader of a process's /proc/PID/maps and /proc/PID/auxv (maps.c), for the tracers,
 * the probe resolvers, the stack unwinder and the BPF backend.  Both files come from the
 * kernel, but the parser takes any bytes: a line it cannot read is left out, never a crash.
 * Library code: -errno, no output.
 */
#pragma once
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

struct mapping {
	uint64_t start, end, off;
	uint64_t inode;
	unsigned int major, minor; /* device */
	char perms[5];             /* "r-xp" */
	bool exec;                 /* perms[2] == 'x' */
	bool deleted;              /* the path ended in " (deleted)", cut off from path */
	const char *path;          /* "" for anonymous memory, "[vdso]" and the like as named */
};

/* maps_read() flags. */
#define MAPS_FILES 1 /* only mappings of files (a path from '/'), deleted files left out */

/* Parses one line of a maps file (no newline) in place: 0, or -EINVAL (M undefined). */
int maps_parse_line(char *line, struct mapping *m);
/*
 * The mappings listed in the maps file FILE (or of PID), in file order, into *OUT: their
 * count or -errno.  Paths point into the same allocation: free(*OUT) frees all.
 */
int maps_read_file(const char *file, unsigned int flags, struct mapping **out);
int maps_read(pid_t pid, unsigned int flags, struct mapping **out);
/* The text of /proc/PID/maps as the kernel gives it (a recording keeps it): its length, or
 * -errno.  free(*TEXT). */
ssize_t maps_read_text(pid_t pid, char **text);
/* The same from TEXT (LEN bytes, a maps file's contents, not changed). */
int maps_parse_text(const char *text, size_t len, unsigned int flags, struct mapping **out);
/* The mapping of M (N of them) that holds address ADDR, NULL when none. */
const struct mapping *maps_at(const struct mapping *m, int n, uint64_t addr);
/* The runtime address of file offset OFF of PATH, 0 when no mapping of M (N) covers it. */
uint64_t maps_file_addr(const struct mapping *m, int n, const char *path, uint64_t off);

/*
 * Entry TYPE (AT_ENTRY, AT_BASE, AT_SYSINFO_EHDR...) of an auxiliary vector: from LEN bytes at
 * BUF, or from /proc/PID/auxv.  0 and *VAL, -ENOENT when absent, or -errno.
 */
int auxv_parse(const void *buf, size_t len, uint64_t type, uint64_t *val);
int auxv_read(pid_t pid, uint64_t type, uint64_t *val);
