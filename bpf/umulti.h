/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * uprobe_multi links (Linux 6.6): one link for many uprobes on one file, attached and
 * detached at once, where one link per probe costs a perf event each and an RCU grace period
 * at every detach.  libbpf 1.1 (Debian 12) has no API for them, so they are made through the
 * kernel's own BPF_LINK_CREATE.  Library code: -errno, no output.
 */
#pragma once
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

/* The attach type a program must be loaded with to be attached by umulti_attach(). */
#define UMULTI_ATTACH_TYPE 48 /* BPF_TRACE_UPROBE_MULTI */

/* Whether this kernel makes uprobe_multi links (probed once, by making one). */
bool umulti_supported(void);
/*
 * One link of program PROG_FD (loaded with UMULTI_ATTACH_TYPE) on the N file offsets OFFS of
 * PATH, each with its cookie (and its semaphore's file offset in REF_CTRS, or REF_CTRS NULL);
 * RET: return probes.  PID: only that process (0: any).  The link's fd, or -errno.
 */
int umulti_attach(int prog_fd, const char *path, const uint64_t *offs, const uint64_t *cookies,
		  const uint64_t *ref_ctrs, uint32_t n, bool ret, pid_t pid);

/*
 * Probes gathered, then attached as one link per (program, direction, process, file): add
 * copies PATH; flush makes the links (their fds appended to FDS, which then owns them),
 * empties the batch, and returns 0 or the first -errno, with the file and the count of the
 * group that failed in *FAIL_PATH (the batch's copy, valid until the next add) and *FAIL_N.
 */
struct umulti_site {
	int prog_fd;
	bool ret;
	pid_t pid;
	char *path;
	uint64_t off, cookie, ref;
};
struct umulti_batch {
	struct umulti_site *v;
	size_t n, cap;
	char *failed;
};
struct umulti_fds {
	int *v;
	size_t n, cap;
};
int umulti_batch_add(struct umulti_batch *b, int prog_fd, bool ret, pid_t pid, const char *path,
		     uint64_t off, uint64_t cookie, uint64_t ref);
int umulti_batch_flush(struct umulti_batch *b, struct umulti_fds *fds, const char **fail_path,
		       uint32_t *fail_n);
/* What the batch holds, freed (probes added and not flushed are dropped). */
void umulti_batch_free(struct umulti_batch *b);
/* Close every link of FDS. */
void umulti_fds_close(struct umulti_fds *fds);
