/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sysbpf.bpf.c's description of descriptors (-y, -yy): a descriptor's file, path or socket,
 * walked in the kernel at the call and sent as EV_FD records.  Included once, by
 * sysbpf.bpf.c, after the capture machinery it uses.
 */
#pragma once

#include "bpf/dpath.bpf.h"

#define PIPEFS_MAGIC_ 0x50495045
#define SOCKFS_MAGIC_ 0x534F434B
#define ANON_INODE_FS_MAGIC_ 0x09041934
#define PID_FS_MAGIC_ 0x50494446

/* -yy: what sock_diag would report about the socket of dentry D, from its struct sock. */
static __always_inline void describe_socket(struct ev_fd *e, struct dentry *d)
{
	struct inode *ino = BPF_CORE_READ(d, d_inode);
	struct socket_alloc *sa = (void *)ino - bpf_core_field_offset(struct socket_alloc, vfs_inode);
	struct sock *sk = BPF_CORE_READ(sa, socket.sk);

	long r = bpf_probe_read_kernel_str(e->names, 64, BPF_CORE_READ(d, d_name.name));
	e->h.len = r > 0 ? r : 0;
	if (!sk)
		return;
	e->family = BPF_CORE_READ(sk, __sk_common.skc_family);
	if (e->family == 2 /* AF_INET */ || e->family == 10 /* AF_INET6 */) {
		e->sport = BPF_CORE_READ(sk, __sk_common.skc_num);
		e->dport = BPF_CORE_READ(sk, __sk_common.skc_dport);
		e->hashed = e->sport != 0;
		if (e->family == 2) {
			__u32 src = BPF_CORE_READ(sk, __sk_common.skc_rcv_saddr);
			__u32 dst = BPF_CORE_READ(sk, __sk_common.skc_daddr);
			__builtin_memset(e->src, 0, 32);
			__builtin_memcpy(e->src, &src, 4);
			__builtin_memcpy(e->dst, &dst, 4);
		} else {
			BPF_CORE_READ_INTO(&e->src, sk, __sk_common.skc_v6_rcv_saddr);
			BPF_CORE_READ_INTO(&e->dst, sk, __sk_common.skc_v6_daddr);
		}
	} else if (e->family == 1 /* AF_UNIX */) {
		struct unix_sock *u = (void *)sk;
		struct sock *peer = BPF_CORE_READ(u, peer);
		struct unix_address *addr = BPF_CORE_READ(u, addr);
		e->peer_ino = 0;
		e->upath_len = 0;
		if (peer) {
			struct socket *ps = BPF_CORE_READ(peer, sk_socket);
			struct socket_alloc *psa = (void *)ps -
						   bpf_core_field_offset(struct socket_alloc, socket);
			if (ps)
				e->peer_ino = BPF_CORE_READ(psa, vfs_inode.i_ino);
		}
		if (addr) {
			__u32 len = BPF_CORE_READ(addr, len);
			if (len > 2) {
				len -= 2;
				if (len > 108)
					len = 108;
				e->upath_len = len;
				asm volatile("" : "+r"(len));
				bpf_probe_read_kernel(e->upath, len & 127, (void *)addr->name[0].sun_path);
			}
		}
		e->hashed = e->peer_ino || e->upath_len;
	} else if (e->family == 16 /* AF_NETLINK */) {
		struct netlink_sock *n = (void *)sk;
		e->portid = BPF_CORE_READ(n, portid);
		e->nlproto = BPF_CORE_READ(sk, sk_protocol);
		e->hashed = e->portid != 0;
	}
}

/* --decode-fds=eventfd, signalfd: what their fdinfo shows, read from the file's context now
 * (by the time the line prints the descriptor may be closed, the process gone).  The anon
 * inode's name (in E->names) says which context private_data is. */
static __always_inline void describe_anon(struct ev_fd *e, struct file *f)
{
	__u64 w0 = 0, w1 = 0;

	e->anon = 0;
	__builtin_memcpy(&w0, e->names, 8);
	__builtin_memcpy(&w1, e->names + 8, 8);
	/* "[eventfd]" and "[signalfd]" with their NULs, little end first */
	if (w0 == 0x6466746e6576655bull && (w1 & 0xffff) == 0x5d) {
		struct eventfd_ctx *ctx = BPF_CORE_READ(f, private_data);
		if (!ctx)
			return;
		e->anon = ANON_EVENTFD;
		e->efd_count = BPF_CORE_READ(ctx, count);
		e->efd_flags = BPF_CORE_READ(ctx, flags);
		e->efd_id = BPF_CORE_READ(ctx, id);
	} else if (w0 == 0x666c616e6769735bull && (w1 & 0xffffff) == 0x5d64) {
		struct signalfd_ctx *ctx = BPF_CORE_READ(f, private_data);
		if (!ctx)
			return;
		e->anon = ANON_SIGNALFD;
		e->efd_flags = ~BPF_CORE_READ(ctx, sigmask.sig[0]);
	}
}

/* The file of the caller's descriptor FD, or NULL. */
static __always_inline struct file *fd_file(struct task_struct *t, __s32 fd)
{
	struct fdtable *fdt = BPF_CORE_READ(t, files, fdt);
	struct file **arr = BPF_CORE_READ(fdt, fd);
	struct file *f = NULL;

	if (fd < 0 || (__u32)fd >= BPF_CORE_READ(fdt, max_fds) ||
	    bpf_probe_read_kernel(&f, sizeof(f), &arr[fd]))
		return NULL;
	return f;
}

/* The task (as a number) of the process the caller's pidfd PIDFD refers to, or 0. */
static __always_inline __u64 pidfd_task(__s32 pidfd)
{
	struct file *f = fd_file((void *)bpf_get_current_task(), pidfd);
	struct dentry *d = f ? BPF_CORE_READ(f, f_path.dentry) : NULL;
	unsigned long magic = d ? BPF_CORE_READ(d, d_sb, s_magic) : 0;
	struct pid *pid;

	if (magic == PID_FS_MAGIC_)
		pid = BPF_CORE_READ(d, d_inode, i_private);
	else if (magic == ANON_INODE_FS_MAGIC_)
		pid = BPF_CORE_READ(f, private_data);
	else
		return 0;
	struct hlist_node *first = pid ? BPF_CORE_READ(pid, tasks[0].first) : NULL;
	if (!first)
		return 0;
	return (__u64)((void *)first - bpf_core_field_offset(struct task_struct, pid_links));
}

/* What /proc/PID/fd/FD (or cwd) would say, built from the dentries up to the root. */
static long describe_fd(__u32 i, struct stepctx *sc)
{
	struct scratch *s = sc->s;
	__u32 zero = 0;
	struct ev_fd *e = bpf_map_lookup_elem(&fdscratch, &zero);

	if (!e || i >= s->nfds || i >= 8)
		return 1;
	/* Keep the mask: the verifier needs it even where the compiler sees i < 8. */
	asm volatile("" : "+r"(i));
	__s32 fd = s->fds[i & 7];
	/* The task whose table holds it, chosen without a branch, and the flag kept in the
	 * record only: one path for the verifier, not one per kind of descriptor. */
	__u64 fmask = -(__u64)((s->foreign >> (i & 7)) & 1), cur = bpf_get_current_task();
	struct task_struct *t = (void *)(cur ^ ((s->ftask ^ cur) & fmask));
	struct dentry *d;
	struct vfsmount *vm;
	struct file *file = NULL;

	e->h.kind = EV_FD;
	e->pidfd_pid = 0;
	e->pts1 = 0;
	e->anon = 0;
	e->hashed = 0;
	e->h.tid = s->tid;
	e->h.tgid = s->tgid;
	e->h.ts = s->ts;
	e->h.len = 0;
	e->fd = fd;
	e->kind = FDK_NONE;
	e->ino = 0;
	e->deleted = fmask & FD_FOREIGN;
	e->ncomp = 0;
	if (fd == FD_CWD) {
		d = BPF_CORE_READ(t, fs, pwd.dentry);
		vm = BPF_CORE_READ(t, fs, pwd.mnt);
	} else {
		struct file *f = fd_file(t, fd);
		if (!f)
			goto out;
		d = BPF_CORE_READ(f, f_path.dentry);
		vm = BPF_CORE_READ(f, f_path.mnt);
		file = f;
	}
	if (!d || !vm)
		goto out;
	e->ino = BPF_CORE_READ(d, d_inode, i_ino);
	unsigned long magic = BPF_CORE_READ(d, d_sb, s_magic);
	if (magic == PIPEFS_MAGIC_) {
		e->kind = FDK_PIPE;
		goto out;
	}
	if (magic == SOCKFS_MAGIC_) {
		e->kind = FDK_SOCKET;
		if (want_sockets)
			describe_socket(e, d);
		goto out;
	}
	if (magic == PID_FS_MAGIC_ && file) {
		/* A pidfd: pidfs keeps its struct pid in the inode (older kernels: the file). */
		struct pid *pid = BPF_CORE_READ(d, d_inode, i_private);
		if (!pid)
			pid = BPF_CORE_READ(file, private_data);
		e->pidfd_pid = pid ? BPF_CORE_READ(pid, numbers[0].nr) : 0;
	}
	if (magic == PID_FS_MAGIC_) {
		/* readlink names a pidfd so, whatever its dentry is called. */
		e->kind = FDK_ANON;
		__builtin_memcpy(e->names, "[pidfd]", 8);
		e->h.len = 8;
		goto out;
	}
	if (magic == ANON_INODE_FS_MAGIC_) {
		e->kind = FDK_ANON;
		long r = bpf_probe_read_kernel_str(e->names, 256, BPF_CORE_READ(d, d_name.name));
		e->h.len = r > 0 ? r : 0;
		if (file)
			describe_anon(e, file);
		goto out;
	}
	e->kind = FDK_PATH;
	/* /dev/ptmx, char 5:2 (the kernel's dev_t is MAJOR << 20 | MINOR): its tty, the master
	 * of pts N, kept in the file (struct tty_file_private), as fdinfo's tty-index says. */
	if (file && (BPF_CORE_READ(d, d_inode, i_mode) & 0170000) == 0020000 &&
	    BPF_CORE_READ(d, d_inode, i_rdev) == ((5u << 20) | 2)) {
		struct tty_file_private *tp = BPF_CORE_READ(file, private_data);
		struct tty_struct *tty = tp ? BPF_CORE_READ(tp, tty) : NULL;
		e->pts1 = tty ? BPF_CORE_READ(tty, index) + 1 : 0;
	}
	struct dentry *parent = BPF_CORE_READ(d, d_parent);
	e->deleted |= parent != d && !BPF_CORE_READ(d, d_hash.pprev) ? FD_DELETED : 0;

	struct walkctx w = {
		.names = e->names,
		.flags = &e->deleted,
		.d = d,
		.m = (void *)vm - bpf_core_field_offset(struct mount, mnt),
	};
	bpf_loop(64, walk_step, &w, 0);
	e->h.len = w.off;
out:;
	__u32 len = e->h.len;
	if (len > EV_FD_NAMES + 255)
		len = EV_FD_NAMES + 255;
	emit(e, offsetof(struct ev_fd, names) + len);
	return 0;
}
