/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What the kernel captured for a syscall stop, kept per thread until the stop is decoded:
 * memory (read back through dctx->read) and descriptors (read back as /proc links for -y, -yy
 * and -P).  Captures arrive ahead of their stop and are "pending" until it does.
 */
#pragma once
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "bpf/bpfev.h"
#include "common/tidtab.h"
#include "strace-lite/decode/decode.h"
#include "strace-lite/record/record.h" /* FOREIGN_KEY: a descriptor's key */

struct cap {
	uint64_t addr;
	uint32_t len;
	uint8_t *data;
};

struct capset {
	struct cap *v;
	size_t n, cap;
};

/* Per traced thread: what arrives, and what the current entry and exit captured. */
struct tmem {
	struct tid_node node; /* the thread, in capture.c's table */
	struct capset pending, entry, exit;
	/* Descriptors (-y, -P): addr is the fd, data the link text. */
	struct capset fd_pending, fd_entry, fd_exit;
	/* An entry whose memory is read again at exit (EVF_REFETCH): decoded then. */
	bool deferred;
	struct ev_sys dentry;
};


void capset_clear(struct capset *s);
void capset_move(struct capset *to, struct capset *from);
void capset_add(struct capset *s, uint64_t addr, const void *data, uint32_t len);
/* Thread TID's (of TGID) memory at ADDR is DATA now (LEN bytes poked after its exit was
 * captured, before its exit record is handled): what its current entry and exit captured is
 * made to say so, and a recording gets the exit's captures as they read now. */
void capture_patch(pid_t tid, pid_t tgid, uint64_t addr, const void *data, size_t len);
/* Bytes at ADDR from S: how many could be copied from there on (0 if none). */
size_t capset_copy(const struct capset *s, uint64_t addr, uint8_t *buf, size_t len);
struct tmem *tmem_get(pid_t tid, bool create);
void tmem_drop(pid_t tid);
/* Thread OLD exec'd and is TID now (a non-leader's exec). */
void tmem_rename(pid_t old, pid_t tid);
/* An EV_FD record into S. */
void fd_record_add(struct capset *s, const struct ev_fd *e, size_t len);
/*
 * A record of what a stop captured (EV_MEM, EV_FD), kept as pending for its thread; an
 * EV_ROMAP's bytes read from its file and handed to FEED(CTX, ...) as EV_MEM records (so that
 * a recording holds them and a replay, which reads no file, is exact).
 */
void capture_event(const void *data, size_t len, int (*feed)(void *ctx, void *data, size_t len),
		   void *ctx);
/* The dctx->read, dctx->read_str, tracee_readlink and sockdiag hooks over the captures. */
int capture_read(struct dctx *c, uint64_t addr, void *out, size_t len);
int capture_read_str(struct dctx *c, uint64_t addr, void *out, size_t len);
/* LEN bytes at ADDR of PID, read now, when they lie in a read-only file mapping (which cannot
 * have changed since the call): how many (up to the mapping's end), or 0. */
size_t capture_readonly_read(pid_t pid, uint64_t addr, uint8_t *buf, size_t len);
/* Bytes at ADDR of what arrived for thread TID since its last stop (a probe hit's strings read
 * from their files: EV_ROMAP), as capset_copy; capture_pending_clear forgets them. */
size_t capture_pending_copy(pid_t tid, uint64_t addr, void *buf, size_t len);
void capture_pending_clear(pid_t tid);
/* A replay: the recorded processes are gone, a pid may now be another's; nothing is read from
 * processes (capture_readonly_read reads nothing). */
void capture_processes_gone(void);
ssize_t capture_readlink(struct dctx *c, const char *link, char *buf, size_t len);
int capture_comm(struct dctx *c, pid_t pid, char *buf, size_t len);
/* kvm_exit_reason_hook: what the kernel sent at this KVM_RUN's exit (HOW_KVMRUN). */
int capture_kvm_exit(struct dctx *c, int fd, uint32_t *reason);
/* Whether the file of LINK was unlinked, as the kernel said (its text then ends in
 * " (deleted)"): 1, 0, or -1 when no record says. */
int capture_deleted(struct dctx *c, const char *link);
bool capture_sockview(struct dctx *c, const char *link, struct sockdiag_view *v);
