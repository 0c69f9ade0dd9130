/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A file's path built in the kernel from its dentries up to the root, crossing mounts: what
 * readlink(2) of /proc/PID/fd/N says.  The components go out last first, each NUL-terminated
 * (user space joins them: strace-lite/bpf/bpf-capture.c).  Used for descriptors (fds.bpf.h)
 * and for the files of read-only mappings (romap.bpf.h).
 */
#pragma once

struct walkctx {
	char *names; /* EV_FD_NAMES + 256 bytes */
	__u32 *flags; /* FD_WHOLE once the walk reached the root */
	struct dentry *d;
	struct mount *m;
	__u32 off;
};

/* One step up from W->d: a name, or a crossing from a mount's root to its mount point. */
static long walk_step(__u32 k, struct walkctx *w)
{
	struct dentry *d = w->d;
	struct mount *m = w->m;
	struct dentry *root = BPF_CORE_READ(m, mnt.mnt_root);

	if (d == root) {
		struct mount *mp = BPF_CORE_READ(m, mnt_parent);
		if (mp == m) {
			*w->flags |= FD_WHOLE;
			return 1;
		}
		w->d = BPF_CORE_READ(m, mnt_mountpoint);
		w->m = mp;
		return 0;
	}
	struct dentry *parent = BPF_CORE_READ(d, d_parent);
	if (parent == d) {
		*w->flags |= FD_WHOLE;
		return 1;
	}
	__u32 off = w->off;
	if (off >= EV_FD_NAMES)
		return 1;
	long r = bpf_probe_read_kernel_str(&w->names[off & (EV_FD_NAMES - 1)], 256,
					   BPF_CORE_READ(d, d_name.name));
	if (r <= 0)
		return 1;
	w->off = off + r;
	w->d = parent;
	return 0;
}
