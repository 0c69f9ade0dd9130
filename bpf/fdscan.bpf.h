/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sysbpf.bpf.c's search for descriptors inside memory, for fds.bpf.h to describe: the bits of
 * an fd_set (HOW_FD with SZ_BITS) and the 4-byte netlink attributes of a buffer (SZ_NLA).
 * Each step is a bpf_loop callback; add_fd keeps at most 8 a stop.  Included once, by
 * sysbpf.bpf.c, after add_fd.
 */
#pragma once

/* HOW_FD with SZ_BITS: one bit of an fd_set a step, its word read at each 64th. */
struct fdsetctx {
	struct scratch *s;
	__u64 base;
	__u64 word;
};

static long fdset_bit(__u32 i, struct fdsetctx *fc)
{
	if (!(i & 63) && bpf_probe_read_user(&fc->word, sizeof(fc->word),
					     (void *)(fc->base + (i / 64) * 8)))
		return 1;
	if ((fc->word >> (i & 63)) & 1)
		add_fd(fc->s, (__s32)i);
	return fc->s->nfds >= 8;
}

/* HOW_FD with SZ_NLA: a 4-byte-aligned word a step; where it reads as the header of a
 * 4-byte attribute (nla_len 8), the int after it is described if it is a descriptor. */
struct nlactx {
	struct scratch *s;
	__u64 base;
	__u64 len;
};

static long nla_fd_step(__u32 i, struct nlactx *nc)
{
	__u64 off = (__u64)i * 4;
	__u32 hdr;
	__s32 fd;

	if (off + 8 > nc->len)
		return 1;
	if (bpf_probe_read_user(&hdr, sizeof(hdr), (void *)(nc->base + off)))
		return 1;
	if ((hdr & 0xffff) == 8 &&
	    !bpf_probe_read_user(&fd, sizeof(fd), (void *)(nc->base + off + 4)) && fd >= 0)
		add_fd(nc->s, fd);
	return nc->s->nfds >= 8;
}
