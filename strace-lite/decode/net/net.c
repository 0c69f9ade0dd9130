// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Socket syscalls: socket, socketpair, bind, connect, accept, accept4, getsockname,
 * getpeername, sendto, recvfrom.
 *
 * An address length passed by reference is read at entry and again at exit and shown as
 * "[IN => OUT]" when the kernel changed it; the address itself is cut to the smaller of the two,
 * since the kernel writes at most the caller's size.
 */
#include <inttypes.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include "strace-lite/decode/decode.h"
#include "strace-lite/decode/netlink/netlink.h"
#include "strace-lite/decode/net/sockaddr.h"

#define SOCK_TYPE_MASK 0xf

static void print_sock_type(struct dctx *c, unsigned int type)
{
	const char *str = xlat_lookup(xlat_socktypes, type & SOCK_TYPE_MASK);

	if (str) {
		print_xlat_named(c->sb, type & SOCK_TYPE_MASK, str);
		type &= ~SOCK_TYPE_MASK;
		if (!type)
			return;
		tprints(c, "|");
	}
	printflags(c, xlat_sock_type_flags, type, "SOCK_???");
}

SYS_FUNC(socket)
{
	int family = (int)c->arg[0];

	printxval(c, xlat_addrfams, (unsigned int)c->arg[0], "AF_???");
	tprint_arg_next(c);
	print_sock_type(c, (unsigned int)c->arg[1]);
	tprint_arg_next(c);
	switch (family) {
	case AF_INET:
	case AF_INET6:
		printxval(c, xlat_inet_protocols, (unsigned int)c->arg[2], "IPPROTO_???");
		break;
	case AF_NETLINK:
		printxval(c, xlat_netlink_protocols, (unsigned int)c->arg[2], "NETLINK_???");
		break;
	default:
		tprintf(c, "%" PRIu64, c->arg[2]);
		break;
	}
	return RVAL_DECODED;
}

SYS_FUNC(socketpair)
{
	if (entering(c)) {
		printxval(c, xlat_addrfams, (unsigned int)c->arg[0], "AF_???");
		tprint_arg_next(c);
		print_sock_type(c, (unsigned int)c->arg[1]);
		tprintf(c, ", %" PRIu64 ", ", c->arg[2]);
		return 0;
	}
	int sv[2];
	if (umove_or_printaddr(c, c->arg[3], &sv))
		return 0;
	tprints(c, "[");
	printfd(c, sv[0]);
	tprints(c, ", ");
	printfd(c, sv[1]);
	tprints(c, "]");
	return 0;
}

/* bind and connect: fd, address, length. */
static int decode_addr_in(struct dctx *c)
{
	int len = (int)c->arg[2];

	printfd(c, (int)c->arg[0]);
	tprint_arg_next(c);
	decode_sockaddr(c, c->arg[1], len);
	tprintf(c, ", %d", len);
	return RVAL_DECODED;
}

SYS_FUNC(bind)
{
	return decode_addr_in(c);
}

SYS_FUNC(connect)
{
	return decode_addr_in(c);
}

static bool fetch_socklen(struct dctx *c, int *len, uint64_t addr, uint64_t lenp)
{
	return addr && lenp && umove(c, lenp, len) == 0;
}

/* The addr/addrlen pair written by the kernel; ULEN is what the caller passed. */
static void print_addr_out(struct dctx *c, uint64_t addr, uint64_t lenp, int ulen)
{
	int rlen;

	if (syserror(c) || umove(c, lenp, &rlen) < 0) {
		printaddr(c, addr);
		tprintf(c, ", [%d]", ulen);
		return;
	}
	decode_sockaddr(c, addr, ulen > rlen ? rlen : ulen);
	if (ulen != rlen)
		tprintf(c, ", [%d => %d]", ulen, rlen);
	else
		tprintf(c, ", [%d]", rlen);
}

/* accept, accept4, getsockname, getpeername: fd, addr, addrlen by reference. */
static int decode_sockname(struct dctx *c)
{
	int ulen;

	if (entering(c)) {
		printfd(c, (int)c->arg[0]);
		tprint_arg_next(c);
		if (fetch_socklen(c, &ulen, c->arg[1], c->arg[2])) {
			c->priv[0] = (uint64_t)(int64_t)ulen;
			return 0;
		}
		printaddr(c, c->arg[1]);
		tprint_arg_next(c);
		printaddr(c, c->arg[2]);
		return RVAL_DECODED;
	}
	print_addr_out(c, c->arg[1], c->arg[2], (int)c->priv[0]);
	return RVAL_DECODED;
}

SYS_FUNC(accept)
{
	return decode_sockname(c);
}

SYS_FUNC(accept4)
{
	int rc = decode_sockname(c);

	if (rc & RVAL_DECODED) {
		tprint_arg_next(c);
		printflags(c, xlat_sock_type_flags, (unsigned int)c->arg[3], "SOCK_???");
	}
	return rc;
}

SYS_FUNC(getsockname)
{
	return decode_sockname(c);
}

SYS_FUNC(getpeername)
{
	return decode_sockname(c);
}

SYS_FUNC(sendto)
{
	int len = (int)c->arg[5];

	printfd(c, (int)c->arg[0]);
	tprint_arg_next(c);
	decode_sockbuf(c, (int)c->arg[0], c->arg[1], c->arg[2]);
	tprintf(c, ", %" PRIu64 ", ", c->arg[2]);
	printflags(c, xlat_msg_flags, (unsigned int)c->arg[3], "MSG_???");
	tprint_arg_next(c);
	decode_sockaddr(c, c->arg[4], len);
	tprintf(c, ", %d", len);
	return RVAL_DECODED;
}

SYS_FUNC(recvfrom)
{
	int ulen = 0, rlen;

	if (entering(c)) {
		printfd(c, (int)c->arg[0]);
		tprint_arg_next(c);
		if (fetch_socklen(c, &ulen, c->arg[4], c->arg[5]))
			c->priv[0] = (uint64_t)(int64_t)ulen;
		return 0;
	}
	if (syserror(c))
		printaddr(c, c->arg[1]);
	else
		decode_sockbuf(c, (int)c->arg[0], c->arg[1],
			       (uint64_t)c->rval < c->arg[2] ? (uint64_t)c->rval : c->arg[2]);
	tprintf(c, ", %" PRIu64 ", ", c->arg[2]);
	printflags(c, xlat_msg_flags, (unsigned int)c->arg[3], "MSG_???");
	tprint_arg_next(c);
	if (!fetch_socklen(c, &rlen, c->arg[4], c->arg[5])) {
		printaddr(c, c->arg[4]);
		tprint_arg_next(c);
		printaddr(c, c->arg[5]);
		return 0;
	}
	print_addr_out(c, c->arg[4], c->arg[5], (int)c->priv[0]);
	return 0;
}
