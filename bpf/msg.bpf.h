/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sysbpf.bpf.c's walkers of socket messages: the descriptors of a msghdr's SCM_RIGHTS and
 * SCM_PIDFD (HOW_FD, SZ_CMSG) and the messages of an mmsghdr vector (SZ_MMSG).  Included
 * once, by sysbpf.bpf.c, after the capture machinery they use.
 */
#pragma once

/* HOW_FD with SZ_CMSG: one control message a step, the descriptors of an SCM_RIGHTS (or the
 * one of an SCM_PIDFD). */
#define CMSG_MAX 4
struct cmsgctx {
	struct scratch *s;
	__u64 p, end;
	__u64 data, n; /* the ints of the SCM_RIGHTS at hand */
};

static long cmsg_fd(__u32 k, struct cmsgctx *cc)
{
	__s32 fd;
	__u64 at = cc->data + k * 4;

	if (k >= cc->n || at + 4 > cc->end || bpf_probe_read_user(&fd, 4, (void *)at))
		return 1;
	add_fd(cc->s, fd);
	return 0;
}

static long cmsg_step(__u32 i, struct cmsgctx *cc)
{
	struct {
		__u64 len;
		__s32 level, type;
	} h;
	__u64 p = cc->p;

	if (p + sizeof(h) > cc->end || bpf_probe_read_user(&h, sizeof(h), (void *)p) ||
	    h.len < sizeof(h))
		return 1;
	if (h.level == 1 /* SOL_SOCKET */ &&
	    (h.type == 1 /* SCM_RIGHTS */ || h.type == 4 /* SCM_PIDFD */)) {
		cc->data = p + sizeof(h);
		cc->n = (h.len - sizeof(h)) / 4;
		bpf_loop(8, cmsg_fd, cc, 0);
	}
	cc->p = p + ((h.len + 7) & ~7ull);
	return 0;
}

/*
 * SZ_MMSG: one mmsghdr a step.  Its pieces are captured at once and their work slots given
 * back, so that a vector of a thousand messages (-v prints them all) needs no more slots
 * than one; only the budget bounds it.
 */
#define MMSG_NAME_MAX 128 /* sockaddr_storage: what the decoder reads of a name */
#define MMSG_IOVS 8       /* buffers captured per message */
struct mmsgctx {
	struct scratch *s;
	__u64 base, n;
	__u64 iov, iovlen; /* of the message at hand */
	__u32 ctl_max;
};

static long mmsg_iov(__u32 j, struct mmsgctx *mc)
{
	__u64 v[2];

	if (j >= mc->iovlen || bpf_probe_read_user(v, sizeof(v), (void *)(mc->iov + j * 16ull)))
		return 1;
	push(mc->s, v[0], v[1] < chase_size ? v[1] : chase_size, HOW_BUF, 0, 0);
	return 0;
}

static long mmsg_entry(__u32 k, struct mmsgctx *mc)
{
	struct scratch *s = mc->s;
	struct {
		__u64 name;
		__u32 namelen, pad;
		__u64 iov, iovlen, control, controllen;
	} h;

	if (k >= mc->n || !s->budget ||
	    bpf_probe_read_user(&h, sizeof(h), (void *)(mc->base + k * 64ull)))
		return 1;
	push(s, h.name, h.namelen < MMSG_NAME_MAX ? h.namelen : MMSG_NAME_MAX, HOW_BUF, 0, 0);
	/* The iovec array as much as the decoder shows (-s elements, or 1024 with -v). */
	push(s, h.iov, h.iovlen < 1024 ? h.iovlen * 16 : 1024 * 16, HOW_BUF, 0, 0);
	push(s, h.control, h.controllen < mc->ctl_max ? h.controllen : mc->ctl_max, HOW_BUF, 0, 0);
	mc->iov = h.iov;
	mc->iovlen = h.iovlen;
	bpf_loop(MMSG_IOVS, mmsg_iov, mc, 0);
	/* Captured now, the slots free again (with what earlier ops left waiting). */
	struct stepctx sc = { .s = s };
	bpf_loop(1024, capture_step, &sc, 0);
	if (s->cur >= s->nwork)
		s->cur = s->nwork = 0;
	return 0;
}
