// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * -e read=FDS / -e write=FDS: a hex and ASCII dump of the data a call read from or wrote to
 * those descriptors, after its line, in strace's layout:
 *	 | 00000  68 65 6c 6c 6f 0a                                hello.           |
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>

#include "strace-lite/sttrace.h"

static bool named(const struct sysent *se, const char *const *names)
{
	for (; *names; names++)
		if (!strcmp(se->name, *names))
			return true;
	return false;
}

static void dumpstr(struct dctx *c, uint64_t addr, uint64_t len)
{
	unsigned char buf[16];
	int offs_chars = 5;

	if (len > (1u << 20)) {
		offs_chars = 1;
		for (uint64_t v = (len - 1) >> 4; v; v >>= 4)
			offs_chars++;
	}
	for (uint64_t i = 0; i < len; i += 16) {
		size_t n = len - i < 16 ? (size_t)(len - i) : 16;
		if (umoven(c, addr + i, n, buf) < 0) {
			if (i)
				tprintf(c, " | <Cannot fetch %zu byte%s from pid %d @%#" PRIx64 ">\n", n,
					n == 1 ? "" : "s", c->pid, addr + i);
			return;
		}
		tprintf(c, " | %0*" PRIx64 "  ", offs_chars, i);
		for (size_t k = 0; k < 16; k++) {
			if (k < n)
				tprintf(c, "%02x ", buf[k]);
			else
				tprints(c, "   ");
			if (k == 7 || k == 15)
				tprints(c, " ");
		}
		for (size_t k = 0; k < 16; k++)
			sb_putc(c->sb, k >= n ? ' ' : (buf[k] >= ' ' && buf[k] < 0x7f) ? (char)buf[k] : '.');
		tprints(c, " |\n");
	}
}

static void dumpiov(struct dctx *c, uint64_t iovaddr, uint64_t cnt, uint64_t limit)
{
	/* As strace: the array is read whole, and nothing is dumped when it cannot be. */
	size_t n = cnt < 1024 ? (size_t)cnt : 1024;
	struct iovec *v = n ? calloc(n, sizeof(*v)) : NULL;

	if (!v || umoven(c, iovaddr, n * sizeof(*v), v) < 0) {
		free(v);
		return;
	}
	for (size_t i = 0; i < n && limit; i++) {
		struct iovec iov = v[i];
		uint64_t len = iov.iov_len < limit ? iov.iov_len : limit;
		if (!len)
			break;
		limit -= len;
		tprintf(c, " * %" PRIu64 " bytes in buffer %zu\n", len, i);
		dumpstr(c, (uint64_t)(uintptr_t)iov.iov_base, len);
	}
	free(v);
}

/* sendmsg, recvmsg: the buffers of the message's iovec, at most LIMIT bytes in all. */
static void dumpiov_in_msghdr(struct dctx *c, uint64_t addr, uint64_t limit)
{
	struct msghdr m;

	if (umoven(c, addr, sizeof(m), &m) < 0)
		return;
	dumpiov(c, (uint64_t)(uintptr_t)m.msg_iov, m.msg_iovlen, limit);
}

/* sendmmsg, recvmmsg: each message's buffers, as many bytes as its msg_len says. */
static void dumpiov_in_mmsghdr(struct dctx *c, uint64_t addr)
{
	unsigned int n = (unsigned int)c->rval;

	for (unsigned int i = 0; i < n && i < 1024; i++) {
		struct mmsghdr m;
		if (umoven(c, addr + i * sizeof(m), sizeof(m), &m) < 0)
			return;
		tprintf(c, " = %" PRIu64 " buffers in vector %u\n", (uint64_t)m.msg_hdr.msg_iovlen, i);
		dumpiov(c, (uint64_t)(uintptr_t)m.msg_hdr.msg_iov, m.msg_hdr.msg_iovlen, m.msg_len);
	}
}

void dumpio(struct dctx *c)
{
	static const char *const wr[] = { "write", "pwrite64", "sendto", "mq_timedsend", NULL };
	static const char *const wrv[] = { "writev", "pwritev", "pwritev2", "vmsplice", NULL };
	static const char *const rd[] = { "read", "pread64", "recvfrom", "mq_timedreceive", NULL };
	static const char *const rdv[] = { "readv", "preadv", "preadv2", NULL };
	int fd = (int)c->arg[0];

	if (fd < 0 || !c->se->name)
		return;
	static const char *const sendmsg_[] = { "sendmsg", NULL };
	static const char *const recvmsg_[] = { "recvmsg", NULL };
	static const char *const sendmmsg_[] = { "sendmmsg", NULL };
	static const char *const recvmmsg_[] = { "recvmmsg", NULL };

	if (numset_has(&opts.write_fds, (unsigned)fd)) {
		if (named(c->se, sendmsg_))
			dumpiov_in_msghdr(c, c->arg[1], UINT64_MAX);
		else if (named(c->se, sendmmsg_))
			dumpiov_in_mmsghdr(c, c->arg[1]);
		else if (named(c->se, wr))
			dumpstr(c, c->arg[1], c->arg[2]);
		else if (named(c->se, wrv))
			dumpiov(c, c->arg[1], c->arg[2], UINT64_MAX);
	}
	if (c->err || !numset_has(&opts.read_fds, (unsigned)fd))
		return;
	if (named(c->se, recvmsg_))
		dumpiov_in_msghdr(c, c->arg[1], (uint64_t)c->rval);
	else if (named(c->se, recvmmsg_))
		dumpiov_in_mmsghdr(c, c->arg[1]);
	else if (named(c->se, rd))
		dumpstr(c, c->arg[1], (uint64_t)c->rval);
	else if (named(c->se, rdv))
		dumpiov(c, c->arg[1], c->arg[2], (uint64_t)c->rval);
}
