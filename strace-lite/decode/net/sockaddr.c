// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Socket addresses as strace prints them: AF_UNIX paths (abstract ones with a leading @),
 * AF_INET/AF_INET6 as the calls that would build them (htons(80), inet_addr("127.0.0.1"),
 * inet_pton(AF_INET6, "::1", &sin6_addr)), AF_NETLINK, and raw sa_data for the rest
 * (sockaddr-fam.c has the other families).
 * A family's printer runs only when the length covers its struct, as strace does.
 */
#include <arpa/inet.h>
#include <inttypes.h>
#include <linux/netlink.h>
#include <net/if.h>
#include <netinet/in.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>

#include "strace-lite/decode/decode.h"
#include "strace-lite/decode/net/sockaddr.h"

#define SA_FAMILY_SIZE sizeof(sa_family_t)

static void print_un(struct dctx *c, const void *buf, int len)
{
	const struct sockaddr_un *un = buf;
	int un_len = len > (int)sizeof(*un) ? (int)sizeof(*un) : len;
	int path_len = un_len - (int)SA_FAMILY_SIZE;

	tprints(c, "sun_path=");
	if (un->sun_path[0]) {
		/* path_len + 1: the buffer has a spare NUL after a short address; but never past
		 * sun_path, whatever follows a full one */
		size_t n = (size_t)path_len + 1;
		if (n > sizeof(un->sun_path))
			n = sizeof(un->sun_path);
		quote_string(c->sb, un->sun_path, n, QUOTE_0_TERMINATED);
	} else {
		tprints(c, "@");
		quote_string(c->sb, un->sun_path + 1, (size_t)(path_len - 1), 0);
	}
}

void print_net_port(struct dctx *c, const char *name, uint16_t port)
{
	tprint_field(c, name);
	if (print_opts_get()->xstyle != XSTYLE_ABBREV)
		quote_string(c->sb, &port, sizeof(port), QUOTE_FORCE_HEX);
	if (print_opts_get()->xstyle == XSTYLE_RAW)
		return;
	if (print_opts_get()->xstyle == XSTYLE_VERBOSE)
		tprints(c, " /* ");
	tprintf(c, "htons(%u)", ntohs(port));
	if (print_opts_get()->xstyle == XSTYLE_VERBOSE)
		tprints(c, " */");
}

void print_inet_addr(struct dctx *c, int af, const void *addr, unsigned int len, const char *name)
{
	char buf[INET6_ADDRSTRLEN];

	if ((af == AF_INET || af == AF_INET6) && inet_ntop(af, addr, buf, sizeof(buf))) {
		if (af == AF_INET || print_opts_get()->xstyle != XSTYLE_ABBREV) {
			if (name)
				tprint_field(c, name);
		}
		if (print_opts_get()->xstyle != XSTYLE_ABBREV)
			quote_string(c->sb, addr, len, QUOTE_FORCE_HEX);
		if (print_opts_get()->xstyle == XSTYLE_RAW)
			return;
		if (print_opts_get()->xstyle == XSTYLE_VERBOSE)
			tprints(c, " /* ");
		if (af == AF_INET) {
			tprints(c, "inet_addr(");
			quote_string(c->sb, buf, sizeof(buf), QUOTE_0_TERMINATED);
		} else {
			tprints(c, "inet_pton(AF_INET6, ");
			quote_string(c->sb, buf, sizeof(buf), QUOTE_0_TERMINATED);
			if (name && print_opts_get()->xstyle == XSTYLE_ABBREV)
				tprintf(c, ", &%s", name);
		}
		tprints(c, ")");
		if (print_opts_get()->xstyle == XSTYLE_VERBOSE)
			tprints(c, " */");
		return;
	}
	if (name)
		tprint_field(c, name);
	quote_string(c->sb, addr, len, QUOTE_FORCE_HEX);
}

void print_ifindex(struct dctx *c, unsigned int idx)
{
	char ifname[IF_NAMESIZE + 1];

	if (!idx || !if_indextoname(idx, ifname)) {
		tprintf(c, "%u", idx);
		return;
	}
	/* the name goes through the quoting rules (-x/-xx), as strace's sprint_ifname */
	struct strbuf name = { 0 };
	sb_puts(&name, "if_nametoindex(");
	quote_string(&name, ifname, strlen(ifname), 0);
	sb_puts(&name, ")");
	if (print_opts_get()->xstyle != XSTYLE_ABBREV)
		tprintf(c, "%u", idx);
	if (print_opts_get()->xstyle == XSTYLE_VERBOSE)
		print_comment(c->sb, sb_str(&name));
	else if (print_opts_get()->xstyle == XSTYLE_ABBREV)
		tprints(c, sb_str(&name));
	sb_free(&name);
}

void print_sockaddr_in(struct dctx *c, const void *buf, int len)
{
	const struct sockaddr_in *in = buf;

	print_net_port(c, "sin_port", in->sin_port);
	tprints(c, ", ");
	print_inet_addr(c, AF_INET, &in->sin_addr, sizeof(in->sin_addr), "sin_addr");
}

void print_sockaddr_in6(struct dctx *c, const void *buf, int len)
{
	const struct sockaddr_in6 *in6 = buf;

	print_net_port(c, "sin6_port", in6->sin6_port);
	tprints(c, ", sin6_flowinfo=");
	if (print_opts_get()->xstyle != XSTYLE_ABBREV)
		quote_string(c->sb, &in6->sin6_flowinfo, sizeof(in6->sin6_flowinfo),
			     QUOTE_FORCE_HEX);
	if (print_opts_get()->xstyle == XSTYLE_VERBOSE)
		tprints(c, " /* ");
	if (print_opts_get()->xstyle != XSTYLE_RAW)
		tprintf(c, "htonl(%u)", ntohl(in6->sin6_flowinfo));
	if (print_opts_get()->xstyle == XSTYLE_VERBOSE)
		tprints(c, " */");
	tprints(c, ", ");
	print_inet_addr(c, AF_INET6, &in6->sin6_addr, sizeof(in6->sin6_addr), "sin6_addr");
	if (len <= SIN6_MIN_LEN)
		return;
	tprints(c, ", sin6_scope_id=");
	if (IN6_IS_ADDR_LINKLOCAL(&in6->sin6_addr) || IN6_IS_ADDR_MC_LINKLOCAL(&in6->sin6_addr)) {
		print_ifindex(c, in6->sin6_scope_id);
		return;
	}
	tprintf(c, "%u", in6->sin6_scope_id);
}

static void print_nl(struct dctx *c, const void *buf, int len)
{
	const struct sockaddr_nl *nl = buf;

	if (nl->nl_pad)
		tprintf(c, "nl_pad=%#x, ", nl->nl_pad);
	/* a process of the tracee's namespace, as strace's PRINT_FIELD_TGID */
	tprints(c, "nl_pid=");
	printpid(c, (int)nl->nl_pid, PT_TGID);
	tprintf(c, ", nl_groups=%#08x", nl->nl_groups);
}

void print_sockaddr_raw(struct dctx *c, const void *buf, int len)
{
	tprints(c, "sa_data=");
	quote_string(c->sb, (const char *)buf + SA_FAMILY_SIZE, (size_t)len - SA_FAMILY_SIZE, 0);
}

void print_sockaddr(struct dctx *c, const void *buf, int len)
{
	const struct sockaddr *sa = buf;

	tprints(c, "{sa_family=");
	printxval(c, xlat_addrfams, sa->sa_family, "AF_???");
	if (len > (int)SA_FAMILY_SIZE) {
		tprints(c, ", ");
		switch (sa->sa_family) {
		case AF_UNIX:
			print_un(c, buf, len);
			break;
		case AF_INET:
			if (len >= (int)sizeof(struct sockaddr_in))
				print_sockaddr_in(c, buf, len);
			else
				print_sockaddr_raw(c, buf, len);
			break;
		case AF_INET6:
			if (len >= SIN6_MIN_LEN)
				print_sockaddr_in6(c, buf, len);
			else
				print_sockaddr_raw(c, buf, len);
			break;
		case AF_NETLINK:
			if (len >= (int)sizeof(struct sockaddr_nl))
				print_nl(c, buf, len);
			else
				print_sockaddr_raw(c, buf, len);
			break;
		default:
			if (!print_sockaddr_fam(c, buf, len))
				print_sockaddr_raw(c, buf, len);
			break;
		}
	}
	tprints(c, "}");
}

int decode_sockaddr(struct dctx *c, uint64_t addr, int len)
{
	union {
		struct sockaddr sa;
		struct sockaddr_storage storage;
		char pad[sizeof(struct sockaddr_storage) + 1];
	} buf;

	if (len < 2) {
		printaddr(c, addr);
		return -1;
	}
	if ((unsigned int)len > sizeof(buf.storage))
		len = sizeof(buf.storage);
	if (umoven_or_printaddr(c, addr, (size_t)len, buf.pad))
		return -1;
	memset(buf.pad + len, 0, sizeof(buf.pad) - (size_t)len);
	print_sockaddr(c, &buf, len);
	return buf.sa.sa_family;
}
