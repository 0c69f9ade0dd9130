/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Memory the kernel could not read at a stop because its page was never faulted in (a string
 * literal in .rodata the program had not touched, named by a call that failed before the
 * kernel read it): when it lies in a read-only file mapping of which no page was ever copied,
 * the file holds the same bytes, and an EV_ROMAP record says which file and where, for user
 * space to read them there (the process may be gone by the time it decodes the call).
 *
 * Paid only when a read failed: the includer notes the address (romnote_add) and, once the
 * stop's memory is sent, asks romap_send, which costs a bpf_find_vma per note (the mm's lock
 * taken with a trylock: when it is busy, nothing is sent, and the call prints the address as
 * before) and, for a file mapping that qualifies, a walk of the file's dentries.  The includer
 * provides bpfev.h, the ring buffer "events" and ROMAP_LOST() (a record it had no room for).
 */
#pragma once

#include "bpf/dpath.bpf.h"

#define ROM_NOTES 4 /* failed reads a stop looks up, a power of two */

struct romnote {
	__u64 addr;
	__u32 want;
	__u32 pad;
};

/* A read of WANT bytes at ADDR failed: noted in V (N of them so far), the first ROM_NOTES. */
static __always_inline void romnote_add(struct romnote *v, __u32 *n, __u64 addr, __u32 want)
{
	__u32 i = *n;

	if (i >= ROM_NOTES)
		return;
	asm volatile("" : "+r"(i));
	v[i & (ROM_NOTES - 1)].addr = addr;
	v[i & (ROM_NOTES - 1)].want = want;
	*n = i + 1;
}

#define VM_READ_ 1
#define VM_WRITE_ 2

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct ev_romap);
} romscratch SEC(".maps");

struct romvma {
	__u64 start, end, flags, pgoff;
	struct file *file;
	void *anon;
};

static long romap_vma(struct task_struct *task, struct vm_area_struct *vma, struct romvma *v)
{
	v->start = BPF_CORE_READ(vma, vm_start);
	v->end = BPF_CORE_READ(vma, vm_end);
	v->flags = BPF_CORE_READ(vma, vm_flags);
	v->pgoff = BPF_CORE_READ(vma, vm_pgoff);
	v->file = BPF_CORE_READ(vma, vm_file);
	v->anon = BPF_CORE_READ(vma, anon_vma);
	return 0;
}

/*
 * The EV_ROMAP record of ADDR (WANT bytes from there) of the current task, in the per-CPU
 * scratch, or NULL when ADDR lies in no readable, never-writable-copied file mapping.  Its
 * header's kind and len are set; the includer sets tid, tgid and ts and sends
 * offsetof(struct ev_romap, names) + h.len bytes.
 */
static __always_inline struct ev_romap *romap_fill(__u64 addr, __u32 want)
{
	__u32 zero = 0;
	struct ev_romap *e = bpf_map_lookup_elem(&romscratch, &zero);
	struct romvma v = {};

	if (!e || bpf_find_vma(bpf_get_current_task_btf(), addr, romap_vma, &v, 0) || !v.file ||
	    (v.flags & (VM_READ_ | VM_WRITE_)) != VM_READ_ || v.anon)
		return NULL;
	struct file *f = v.file; /* (a local: CO-RE would relocate v's own fields) */
	struct dentry *d = BPF_CORE_READ(f, f_path.dentry);
	struct vfsmount *vm = BPF_CORE_READ(f, f_path.mnt);
	if (!d || !vm)
		return NULL;
	e->h.kind = EV_ROMAP;
	e->addr = addr;
	e->end = v.end;
	e->off = v.pgoff * 4096 + (addr - v.start);
	e->ino = BPF_CORE_READ(d, d_inode, i_ino);
	e->dev = BPF_CORE_READ(d, d_sb, s_dev);
	e->want = want;
	struct dentry *parent = BPF_CORE_READ(d, d_parent);
	e->flags = parent != d && !BPF_CORE_READ(d, d_hash.pprev) ? FD_DELETED : 0;
	struct walkctx w = {
		.names = e->names,
		.flags = &e->flags,
		.d = d,
		.m = (void *)vm - bpf_core_field_offset(struct mount, mnt),
	};
	bpf_loop(64, walk_step, &w, 0);
	e->h.len = w.off;
	return e;
}

struct romsend {
	struct romnote *v;
	__u32 n, tid, tgid;
	__u64 ts;
};

static long romap_send_one(__u32 i, struct romsend *rs)
{
	if (i >= rs->n || i >= ROM_NOTES)
		return 1;
	asm volatile("" : "+r"(i)); /* keep the mask: the verifier needs it */
	struct romnote *r = &rs->v[i & (ROM_NOTES - 1)];
	struct ev_romap *e = romap_fill(r->addr, r->want);
	if (!e)
		return 0;
	e->h.tid = rs->tid;
	e->h.tgid = rs->tgid;
	e->h.ts = rs->ts;
	__u32 len = e->h.len;
	if (len > EV_FD_NAMES + 255)
		len = EV_FD_NAMES + 255;
	if (bpf_ringbuf_output(&events, e, offsetof(struct ev_romap, names) + len,
			       BPF_RB_NO_WAKEUP))
		ROMAP_LOST();
	return 0;
}

/* The EV_ROMAP records of the N failed reads noted in V, for thread TID of TGID at time TS. */
static __always_inline void romap_send(struct romnote *v, __u32 n, __u32 tid, __u32 tgid, __u64 ts)
{
	struct romsend rs = { .v = v, .n = n, .tid = tid, .tgid = tgid, .ts = ts };

	if (n)
		bpf_loop(ROM_NOTES, romap_send_one, &rs, 0);
}
