// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * sendmsg and recvmsg: struct msghdr with its address, iovec array and control messages
 * (SCM_RIGHTS descriptors, SCM_CREDENTIALS, SCM_SECURITY, the simple IP_* ones).
 *
 * recvmsg reads msg_namelen at entry, since the kernel overwrites it: at exit a changed length
 * shows as "IN => OUT" and the address is cut to the smaller; the iovec buffers hold at most
 * the return value's bytes.  A failed recvmsg shows only {msg_namelen=IN}, as strace.
 */
#include <inttypes.h>
#include <limits.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "strace-lite/decode/array.h"
#include "strace-lite/decode/decode.h"
#include "strace-lite/decode/util-print.h"
#include "strace-lite/decode/net/msghdr.h"
#include "strace-lite/decode/net/sockaddr.h"

#ifndef SCM_SECURITY
#define SCM_SECURITY 3
#endif

/* The kernel's own cap on control data, as strace reads it. */
static unsigned int optmem_max(void)
{
	static unsigned int max;
	int v = 0;

	if (max)
		return max;
	FILE *f = fopen("/proc/sys/net/core/optmem_max", "r");
	if (f) {
		if (fscanf(f, "%d", &v) != 1)
			v = 0;
		fclose(f);
	}
	if (v <= 0)
		max = sizeof(long long) * (2 * IOV_MAX + 512);
	else
		max = ((unsigned int)v + sizeof(long long) - 1) & ~(sizeof(long long) - 1);
	return max;
}

unsigned int msghdr_control_max(void)
{
	return optmem_max();
}

/* A local array of LEN ints, cut after -s elements unless -v. */
static void print_local_ints(struct dctx *c, const void *data, unsigned int n, int kind)
{
	tprint_array_begin(c);
	for (unsigned int i = 0; i < n; i++) {
		if (i)
			tprint_array_next(c);
		if (!dopts.verbose && i >= print_opts_get()->max_strlen) {
			tprint_more_data_follows(c);
			break;
		}
		if (kind == 0) { /* descriptors */
			int fd;
			memcpy(&fd, (const char *)data + i * sizeof(int), sizeof(fd));
			printfd(c, fd);
		} else if (kind == 1) { /* unsigned ints */
			unsigned int u;
			memcpy(&u, (const char *)data + i * sizeof(int), sizeof(u));
			tprintf(c, "%u", u);
		} else { /* bytes in hex */
			tprintf(c, "%#x", ((const unsigned char *)data)[i]);
		}
	}
	tprint_array_end(c);
}

/* Two 64-bit fields, as x86_64's timeval, timespec and their 64-bit-time twins all are. */
static void print_time_pair(struct dctx *c, const void *data, const char *sub)
{
	int64_t t[2];

	memcpy(t, data, sizeof(t));
	tprintf(c, "{tv_sec=%" PRId64 ", %s=%" PRIu64 "}", t[0], sub, (uint64_t)t[1]);
}

/* SCM_TIMESTAMP* data: one time, or SO_TIMESTAMPING's three; "???" when the data is short. */
static void print_cmsg_time(struct dctx *c, const void *data, unsigned int len, unsigned int n,
			    const char *sub)
{
	if (n > len / 16) {
		tprint_unavailable(c);
		return;
	}
	if (n == 1) {
		print_time_pair(c, data, sub);
		return;
	}
	tprint_array_begin(c);
	for (unsigned int i = 0; i < n; i++) {
		if (i)
			tprint_array_next(c);
		print_time_pair(c, (const char *)data + 16 * i, sub);
	}
	tprint_array_end(c);
}

static void print_cmsg_socket(struct dctx *c, int type, const void *data, unsigned int len)
{
	printxval(c, xlat_scmvals, (unsigned int)type, "SCM_???");
	switch (type) {
	case SCM_RIGHTS:
		if (len < sizeof(int))
			return;
		tprints(c, ", cmsg_data=");
		print_local_ints(c, data, len / sizeof(int), 0);
		return;
	case 4: { /* SCM_PIDFD: the sender's pidfd, installed in the receiver */
		int fd;
		if (len < sizeof(fd))
			return;
		memcpy(&fd, data, sizeof(fd));
		tprints(c, ", cmsg_data=");
		printfd(c, fd);
		return;
	}
	case SCM_CREDENTIALS: {
		struct ucred uc;
		if (len < sizeof(uc))
			return;
		memcpy(&uc, data, sizeof(uc));
		tprintf(c, ", cmsg_data={pid=%d, uid=", uc.pid);
		print_uid(c, uc.uid);
		tprints(c, ", gid=");
		print_uid(c, uc.gid);
		tprints(c, "}");
		return;
	}
	case SCM_SECURITY:
		if (len < 1)
			return;
		tprints(c, ", cmsg_data=");
		quote_string(c->sb, data, len, 0);
		return;
	case 29: /* SO_TIMESTAMP_OLD */
	case 63: /* SO_TIMESTAMP_NEW */
	case 35: /* SO_TIMESTAMPNS_OLD */
	case 64: /* SO_TIMESTAMPNS_NEW */
	case 37: /* SO_TIMESTAMPING_OLD */
	case 65: /* SO_TIMESTAMPING_NEW */
		if (len < 1)
			return;
		tprints(c, ", cmsg_data=");
		print_cmsg_time(c, data, len, type == 37 || type == 65 ? 3 : 1,
				type == 29 || type == 63 ? "tv_usec" : "tv_nsec");
		return;
	}
}

/* struct sock_extended_err followed by the offender's address, as IP_RECVERR delivers it. */
struct sock_ee {
	uint32_t ee_errno;
	uint8_t ee_origin, ee_type, ee_code, ee_pad;
	uint32_t ee_info, ee_data;
	struct sockaddr_in offender;
};

static void print_cmsg_ip(struct dctx *c, int type, const void *data, unsigned int len)
{
	printxval(c, xlat_ip_cmsg_types, (unsigned int)type, "IP_???");
	switch (type) {
	case IP_TTL:
	case IP_CHECKSUM:
		if (len < sizeof(int))
			return;
		tprints(c, ", cmsg_data=");
		print_local_ints(c, data, len / sizeof(int), 1);
		return;
	case IP_PKTINFO: {
		struct in_pktinfo pi;
		if (len < sizeof(pi))
			return;
		memcpy(&pi, data, sizeof(pi));
		tprints(c, ", cmsg_data={ipi_ifindex=");
		print_ifindex(c, (unsigned int)pi.ipi_ifindex);
		tprints(c, ", ");
		print_inet_addr(c, AF_INET, &pi.ipi_spec_dst, sizeof(pi.ipi_spec_dst),
				"ipi_spec_dst");
		tprints(c, ", ");
		print_inet_addr(c, AF_INET, &pi.ipi_addr, sizeof(pi.ipi_addr), "ipi_addr");
		tprints(c, "}");
		return;
	}
	case IP_RECVERR: {
		struct sock_ee ee;
		char sa[sizeof(ee.offender) + 1] = { 0 };
		if (len < sizeof(ee))
			return;
		memcpy(&ee, data, sizeof(ee));
		memcpy(sa, &ee.offender, sizeof(ee.offender));
		tprintf(c, ", cmsg_data={ee_errno=%u, ee_origin=%u, ee_type=%u, ee_code=%u, "
			"ee_info=%u, ee_data=%u, offender=", ee.ee_errno, ee.ee_origin, ee.ee_type,
			ee.ee_code, ee.ee_info, ee.ee_data);
		print_sockaddr(c, sa, (int)sizeof(ee.offender));
		tprints(c, "}");
		return;
	}
	case IP_ORIGDSTADDR: {
		char sa[sizeof(struct sockaddr_storage) + 1] = { 0 };
		unsigned int n = len > sizeof(struct sockaddr_storage)
			? sizeof(struct sockaddr_storage) : len;
		if (len < sizeof(struct sockaddr_in))
			return;
		memcpy(sa, data, n);
		tprints(c, ", cmsg_data=");
		print_sockaddr(c, sa, (int)n);
		return;
	}
	case IP_TOS:
	case IP_RECVOPTS:
	case IP_RETOPTS:
		if (len < 1)
			return;
		tprints(c, ", cmsg_data=");
		print_local_ints(c, data, len, 2);
		return;
	case SCM_SECURITY:
		if (len < 1)
			return;
		tprints(c, ", cmsg_data=");
		quote_string(c->sb, data, len, 0);
		return;
	}
}

static void decode_msg_control(struct dctx *c, uint64_t addr, uint64_t in_len)
{
	const unsigned int hdr = sizeof(struct cmsghdr);

	if (!in_len)
		return;
	tprints(c, ", msg_control=");
	unsigned int control_len = in_len > optmem_max() ? optmem_max() : (unsigned int)in_len;
	unsigned int buf_len = control_len;
	char *buf = buf_len < hdr ? NULL : malloc(buf_len);
	if (!buf || umoven(c, addr, buf_len, buf) < 0) {
		printaddr(c, addr);
		free(buf);
		return;
	}
	char *p = buf;
	tprint_array_begin(c);
	while (buf_len >= hdr) {
		struct cmsghdr h;
		memcpy(&h, p, sizeof(h));
		if (p != buf)
			tprint_array_next(c);
		tprintf(c, "{cmsg_len=%" PRIu64 ", cmsg_level=", (uint64_t)h.cmsg_len);
		printxval(c, xlat_socketlayers, (unsigned int)h.cmsg_level, "SOL_???");
		tprints(c, ", cmsg_type=");
		uint64_t len = h.cmsg_len > buf_len ? buf_len : h.cmsg_len;
		unsigned int dlen = len > hdr ? (unsigned int)(len - hdr) : 0;
		if (h.cmsg_level == SOL_SOCKET)
			print_cmsg_socket(c, h.cmsg_type, p + hdr, dlen);
		else if (h.cmsg_level == SOL_IP)
			print_cmsg_ip(c, h.cmsg_type, p + hdr, dlen);
		else
			tprintf(c, "%#x", (unsigned int)h.cmsg_type);
		tprints(c, "}");
		if (len < hdr) {
			buf_len -= hdr;
			break;
		}
		len = (h.cmsg_len + sizeof(long) - 1) & ~(uint64_t)(sizeof(long) - 1);
		if (len >= buf_len) {
			buf_len = 0;
			break;
		}
		p += len;
		buf_len -= (unsigned int)len;
	}
	if (buf_len) {
		tprint_array_next(c);
		tprint_more_data_follows(c);
		tprintf(c, " /* %#" PRIx64 " */", addr + (control_len - buf_len));
	} else if (control_len < in_len) {
		tprint_array_next(c);
		tprint_more_data_follows(c);
	}
	tprint_array_end(c);
	free(buf);
}

/* USER_NAMELEN: the length the caller passed (recvmsg), or NULL. */
void print_msghdr(struct dctx *c, const struct msghdr *m, const int *user_namelen,
		  uint64_t data_size)
{
	int namelen = user_namelen && (int)m->msg_namelen > *user_namelen
		? *user_namelen : (int)m->msg_namelen;

	tprints(c, "{msg_name=");
	decode_sockaddr(c, (uint64_t)(uintptr_t)m->msg_name, namelen);
	tprints(c, ", msg_namelen=");
	if (user_namelen && *user_namelen != (int)m->msg_namelen)
		tprintf(c, "%d => ", *user_namelen);
	tprintf(c, "%d, msg_iov=", (int)m->msg_namelen);
	print_iov_upto(c, m->msg_iovlen, (uint64_t)(uintptr_t)m->msg_iov, data_size,
		       IOV_DECODE_STR);
	tprintf(c, ", msg_iovlen=%" PRIu64, (uint64_t)m->msg_iovlen);
	decode_msg_control(c, (uint64_t)(uintptr_t)m->msg_control, m->msg_controllen);
	tprintf(c, ", msg_controllen=%" PRIu64 ", msg_flags=", (uint64_t)m->msg_controllen);
	printflags(c, xlat_msg_flags, (unsigned int)m->msg_flags, "MSG_???");
	tprints(c, "}");
}

static void decode_msghdr(struct dctx *c, const int *user_namelen, uint64_t addr,
			  uint64_t data_size)
{
	struct msghdr m;

	if (addr && umove(c, addr, &m) == 0)
		print_msghdr(c, &m, user_namelen, data_size);
	else
		printaddr(c, addr);
}

/* The table's in:msghdr / inout:msghdr. */
void print_struct_msghdr(struct dctx *c, uint64_t addr)
{
	decode_msghdr(c, NULL, addr, UINT64_MAX);
}

SYS_FUNC(sendmsg)
{
	printfd(c, (int)c->arg[0]);
	tprint_arg_next(c);
	decode_msghdr(c, NULL, c->arg[1], UINT64_MAX);
	tprint_arg_next(c);
	printflags(c, xlat_msg_flags, (unsigned int)c->arg[2], "MSG_???");
	return RVAL_DECODED;
}

SYS_FUNC(recvmsg)
{
	struct msghdr m;

	if (entering(c)) {
		printfd(c, (int)c->arg[0]);
		tprint_arg_next(c);
		if (c->arg[1] && umove(c, c->arg[1], &m) == 0) {
			c->priv[0] = (uint64_t)(int64_t)(int)m.msg_namelen;
			return 0;
		}
		printaddr(c, c->arg[1]);
	} else {
		int namelen = (int)c->priv[0];
		if (syserror(c))
			tprintf(c, "{msg_namelen=%d}", namelen);
		else
			decode_msghdr(c, &namelen, c->arg[1], (uint64_t)c->rval);
	}
	tprint_arg_next(c);
	printflags(c, xlat_msg_flags, (unsigned int)c->arg[2], "MSG_???");
	return RVAL_DECODED;
}
