// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * uprobe_multi links through BPF_LINK_CREATE (see umulti.h).  The attribute is laid out here
 * as the kernel reads it (include/uapi/linux/bpf.h since 6.6), because the headers of Debian
 * 12 predate it: prog_fd, target_fd, attach_type, flags, then the uprobe_multi member of the
 * union at byte 16.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/bpf.h>
#include <bpf/bpf.h>

#include "bpf/umulti.h"
#include "common/vec.h"

#define UPROBE_MULTI_RETURN 1 /* BPF_F_UPROBE_MULTI_RETURN */

struct link_create_umulti {
	uint32_t prog_fd, target_fd, attach_type, flags;
	uint64_t path, offsets, ref_ctr_offsets, cookies;
	uint32_t cnt, mflags, pid;
	uint32_t pad[13]; /* up to the size the kernel checks is zero past what it knows */
};

int umulti_attach(int prog_fd, const char *path, const uint64_t *offs, const uint64_t *cookies,
		  const uint64_t *ref_ctrs, uint32_t n, bool ret, pid_t pid)
{
	struct link_create_umulti a;

	memset(&a, 0, sizeof(a));
	a.prog_fd = (uint32_t)prog_fd;
	a.attach_type = UMULTI_ATTACH_TYPE;
	a.path = (uint64_t)(uintptr_t)path;
	a.offsets = (uint64_t)(uintptr_t)offs;
	a.ref_ctr_offsets = (uint64_t)(uintptr_t)ref_ctrs;
	a.cookies = (uint64_t)(uintptr_t)cookies;
	a.cnt = n;
	a.mflags = ret ? UPROBE_MULTI_RETURN : 0;
	a.pid = pid > 0 ? (uint32_t)pid : 0;
	long fd = syscall(SYS_bpf, BPF_LINK_CREATE, &a, sizeof(a));
	return fd < 0 ? -errno : (int)fd;
}

/*
 * A program that returns 0, loaded for uprobe_multi, linked at offset 0 of our own executable
 * for our own pid: the ELF header is in no executable mapping, so the probe is never placed,
 * but the kernel must have understood the attach type and the link to accept them.
 */
bool umulti_supported(void)
{
	static int known; /* 0 untried, 1 yes, -1 no */
	const struct bpf_insn insns[] = {
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_0, .imm = 0 },
		{ .code = BPF_JMP | BPF_EXIT },
	};
	LIBBPF_OPTS(bpf_prog_load_opts, o, .expected_attach_type = UMULTI_ATTACH_TYPE);
	uint64_t off = 0, cookie = 0;

	if (known)
		return known > 0;
	known = -1;
	int prog = bpf_prog_load(BPF_PROG_TYPE_KPROBE, "umulti_probe", "GPL", insns, 2, &o);
	if (prog < 0)
		return false;
	int link = umulti_attach(prog, "/proc/self/exe", &off, &cookie, NULL, 1, false, getpid());
	if (link >= 0) {
		known = 1;
		close(link);
	}
	close(prog);
	return known > 0;
}

int umulti_batch_add(struct umulti_batch *b, int prog_fd, bool ret, pid_t pid, const char *path,
		     uint64_t off, uint64_t cookie, uint64_t ref)
{
	if (VEC_GROW(b->v, b->cap, b->n, 64) < 0)
			return -ENOMEM;
	char *p = strdup(path);
	if (!p)
		return -ENOMEM;
	b->v[b->n++] = (struct umulti_site){ prog_fd, ret, pid, p, off, cookie, ref };
	return 0;
}

static bool same_group(const struct umulti_site *a, const struct umulti_site *b)
{
	return a->prog_fd == b->prog_fd && a->ret == b->ret && a->pid == b->pid &&
	       !strcmp(a->path, b->path);
}

static int fds_add(struct umulti_fds *fds, int fd)
{
	if (VEC_GROW(fds->v, fds->cap, fds->n, 16) < 0) {
		close(fd);
		return -ENOMEM;
	}
	fds->v[fds->n++] = fd;
	return 0;
}

int umulti_batch_flush(struct umulti_batch *b, struct umulti_fds *fds, const char **fail_path,
		       uint32_t *fail_n)
{
	uint64_t *offs = malloc((b->n + 1) * 3 * sizeof(*offs));
	bool *done = calloc(b->n + 1, sizeof(*done));
	int err = offs && done ? 0 : -ENOMEM;

	free(b->failed);
	b->failed = NULL;
	for (size_t i = 0; i < b->n && !err; i++) {
		uint64_t *cookies = offs + b->n, *refs = offs + 2 * b->n;
		uint32_t n = 0;
		bool any_ref = false;
		if (done[i])
			continue;
		for (size_t j = i; j < b->n; j++) {
			if (done[j] || !same_group(&b->v[i], &b->v[j]))
				continue;
			done[j] = true;
			offs[n] = b->v[j].off;
			cookies[n] = b->v[j].cookie;
			refs[n] = b->v[j].ref;
			any_ref |= refs[n++] != 0;
		}
		int fd = umulti_attach(b->v[i].prog_fd, b->v[i].path, offs, cookies,
				       any_ref ? refs : NULL, n, b->v[i].ret, b->v[i].pid);
		if (fd < 0) {
			err = fd;
			b->failed = strdup(b->v[i].path);
			*fail_path = b->failed ? b->failed : "?";
			*fail_n = n;
		} else {
			err = fds_add(fds, fd);
		}
	}
	for (size_t i = 0; i < b->n; i++)
		free(b->v[i].path);
	b->n = 0;
	free(offs);
	free(done);
	return err;
}

void umulti_fds_close(struct umulti_fds *fds)
{
	for (size_t i = 0; i < fds->n; i++)
		close(fds->v[i]);
	free(fds->v);
	*fds = (struct umulti_fds){ 0 };
}

void umulti_batch_free(struct umulti_batch *b)
{
	for (size_t i = 0; i < b->n; i++)
		free(b->v[i].path);
	free(b->v);
	free(b->failed);
	*b = (struct umulti_batch){ 0 };
}
