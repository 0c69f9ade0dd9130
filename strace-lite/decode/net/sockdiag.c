// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * -yy: what a descriptor is, beyond its /proc link, as strace 6.1 prints it.
 *
 *  - sockets: the kernel is asked through NETLINK_SOCK_DIAG (inet_diag, unix_diag,
 *    netlink_diag) for the socket whose inode the link names, and the answer prints as
 *    <TCP:[127.0.0.1:8080->127.0.0.1:40000]>, <TCP:[127.0.0.1:8080]> (no peer),
 *    <UNIX-STREAM:[INODE->PEER,"path"]>, <NETLINK:[ROUTE:PORTID]>; when the kernel knows
 *    nothing (an unbound socket, say) <PROTO:[INODE]>, or the bare link for a protocol strace
 *    has no query for.  The protocol is the socket's "system.sockprotoname" xattr.
 *  - character and block devices: </dev/null<char 1:3>>.
 *  - pidfds: <pid:1234>.
 * Everything else prints as -y does (the caller does that when we return false).
 *
 * Like strace, answers found are cached per inode (and never invalidated: strace shows a
 * socket as it first found it), fallbacks are not.  Netlink replies are input: every message
 * and attribute is bounds-checked before it is read.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <limits.h>
#include <linux/inet_diag.h>
#include <linux/netlink.h>
#include <linux/netlink_diag.h>
#include <linux/rtnetlink.h>
#include <linux/sock_diag.h>
#include <linux/unix_diag.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/sysmacros.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "common/proc.h"
#include "strace-lite/decode/decode.h"

#ifndef IPPROTO_L2TP
#define IPPROTO_L2TP 115
#endif

/* --- the cache: one slot per inode modulo its size, as strace's -------------------------- */

#define CACHE_SIZE 1024u

static struct {
	unsigned long inode;
	char *details;
} cache[CACHE_SIZE];
static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;

/* A copy of the cached details of INODE (the caller frees it), or NULL. */
static char *cache_get(unsigned long inode)
{
	char *s = NULL;

	pthread_mutex_lock(&cache_lock);
	if (cache[inode % CACHE_SIZE].inode == inode && cache[inode % CACHE_SIZE].details)
		s = strdup(cache[inode % CACHE_SIZE].details);
	pthread_mutex_unlock(&cache_lock);
	return s;
}

static void cache_put(unsigned long inode, const char *details)
{
	char *s = strdup(details);

	if (!s)
		return;
	pthread_mutex_lock(&cache_lock);
	free(cache[inode % CACHE_SIZE].details);
	cache[inode % CACHE_SIZE].inode = inode;
	cache[inode % CACHE_SIZE].details = s;
	pthread_mutex_unlock(&cache_lock);
}

/* --- talking to NETLINK_SOCK_DIAG ------------------------------------------------------- */

/* Send the SOCK_DIAG_BY_FAMILY request R (LEN bytes) with NLM_F_REQUEST and FLAGS. */
static bool send_req(int nl, const void *r, size_t len, uint16_t flags)
{
	struct sockaddr_nl sa = { .nl_family = AF_NETLINK };
	struct {
		struct nlmsghdr h;
		union {
			struct inet_diag_req_v2 inet;
			struct unix_diag_req unix_;
			struct netlink_diag_req netlink;
		} r;
	} req = { .h = { .nlmsg_len = NLMSG_LENGTH(len), .nlmsg_type = SOCK_DIAG_BY_FAMILY,
			 .nlmsg_flags = NLM_F_REQUEST | flags } };

	memcpy(&req.r, r, len);
	for (;;) {
		if (sendto(nl, &req, req.h.nlmsg_len, 0, (struct sockaddr *)&sa, sizeof(sa)) >= 0)
			return true;
		if (errno != EINTR)
			return false;
	}
}
/*
 * Parse one reply message's payload (DATA, the whole message LEN bytes long, header included,
 * as strace's parsers see it) looking for INODE: > 0 found (details in OUT), 0 not this one,
 * < 0 give up.
 */
typedef int (*parse_fn)(const void *data, size_t len, unsigned long inode, const char *name,
			struct strbuf *out);

/* Read replies until PARSE finds INODE (true) or the dump ends, fails or is malformed. */
static bool receive(int nl, unsigned long inode, const char *name, parse_fn parse,
		    struct strbuf *out)
{
	static union {
		struct nlmsghdr h;
		long buf[8192 / sizeof(long)];
	} rb;
	int flags = 0;

	for (;;) {
		ssize_t n = recv(nl, rb.buf, sizeof(rb.buf), flags);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			return false;
		}
		if (n > (ssize_t)sizeof(rb.buf))
			n = sizeof(rb.buf);
		int left = (int)n;
		const struct nlmsghdr *h = &rb.h;

		if (!NLMSG_OK(h, left))
			return false;
		for (; NLMSG_OK(h, left); h = NLMSG_NEXT(h, left)) {
			/* NLMSG_DONE and NLMSG_ERROR end the search, as strace. */
			if (h->nlmsg_type != SOCK_DIAG_BY_FAMILY)
				return false;
			int rc = parse(NLMSG_DATA(h), h->nlmsg_len, inode, name, out);
			if (rc > 0)
				return true;
			if (rc < 0)
				return false;
		}
		flags = MSG_DONTWAIT;
	}
}

/* inet_diag: "TCP:[SRC:SPORT->DST:DPORT]", or "TCP:[SRC:SPORT]" when there is no peer. */
static int inet_parse(const void *data, size_t len, unsigned long inode, const char *name,
		      struct strbuf *out)
{
	static const unsigned char zero[sizeof(struct in6_addr)];
	struct inet_diag_msg m;
	char src[INET6_ADDRSTRLEN], dst[INET6_ADDRSTRLEN];
	size_t alen;

	if (len < NLMSG_LENGTH(sizeof(m)))
		return -1;
	memcpy(&m, data, sizeof(m));
	if (m.idiag_inode != inode)
		return 0;
	if (m.idiag_family == AF_INET)
		alen = sizeof(struct in_addr);
	else if (m.idiag_family == AF_INET6)
		alen = sizeof(struct in6_addr);
	else
		return -1;
	const char *ob = m.idiag_family == AF_INET6 ? "[" : "";
	const char *cb = m.idiag_family == AF_INET6 ? "]" : "";

	if (!inet_ntop(m.idiag_family, m.id.idiag_src, src, sizeof(src)))
		return -1;
	sb_printf(out, "%s:[%s%s%s:%u", name, ob, src, cb, ntohs(m.id.idiag_sport));
	if (m.id.idiag_dport || memcmp(zero, m.id.idiag_dst, alen)) {
		if (!inet_ntop(m.idiag_family, m.id.idiag_dst, dst, sizeof(dst)))
			return -1;
		sb_printf(out, "->%s%s%s:%u", ob, dst, cb, ntohs(m.id.idiag_dport));
	}
	sb_putc(out, ']');
	return 1;
}

static bool inet_query(int nl, int family, int proto)
{
	struct inet_diag_req_v2 r = { .sdiag_family = family, .sdiag_protocol = proto,
				      .idiag_states = ~0u };

	return send_req(nl, &r, sizeof(r), NLM_F_DUMP);
}

/* unix_diag: "UNIX:[INODE->PEER,"path"]", peer and path each when known (one must be). */
static int unix_parse(const void *data, size_t len, unsigned long inode, const char *name,
		      struct strbuf *out)
{
	struct unix_diag_msg m;
	char path[sizeof(((struct sockaddr_un *)0)->sun_path) + 1];
	size_t path_len = 0;
	uint32_t peer = 0;

	if (len < NLMSG_LENGTH(sizeof(m)))
		return -1;
	memcpy(&m, data, sizeof(m));
	if (m.udiag_ino != inode)
		return 0;
	if (m.udiag_family != AF_UNIX)
		return -1;
	int alen = (int)(len - NLMSG_LENGTH(sizeof(m)));
	const struct rtattr *a = (const struct rtattr *)((const char *)data + NLMSG_ALIGN(sizeof(m)));

	for (; RTA_OK(a, alen); a = RTA_NEXT(a, alen)) {
		size_t plen = RTA_PAYLOAD(a);

		if (a->rta_type == UNIX_DIAG_NAME && !path_len) {
			path_len = plen < sizeof(path) - 1 ? plen : sizeof(path) - 1;
			memcpy(path, RTA_DATA(a), path_len);
			path[path_len] = '\0';
		} else if (a->rta_type == UNIX_DIAG_PEER && plen >= sizeof(peer)) {
			memcpy(&peer, RTA_DATA(a), sizeof(peer));
		}
	}
	if (!peer && !path_len)
		return -1;
	sb_printf(out, "%s:[%lu", name, inode);
	if (peer)
		sb_printf(out, "->%u", peer);
	if (path_len) {
		/* An abstract name (leading NUL) prints as @"name". */
		bool abstract = path[0] == '\0';

		sb_puts(out, abstract ? ",@" : ",");
		quote_string(out, path + abstract, path_len - abstract, QUOTE_0_TERMINATED);
	}
	sb_putc(out, ']');
	return 1;
}

static bool unix_query(int nl, unsigned long inode)
{
	struct unix_diag_req r = { .sdiag_family = AF_UNIX, .udiag_states = ~0u,
				   .udiag_ino = (__u32)inode,
				   .udiag_show = UDIAG_SHOW_NAME | UDIAG_SHOW_PEER,
				   .udiag_cookie = { ~0u, ~0u } };

	/* One socket by inode, no dump (kernels before 4.4.4 needed NLM_F_DUMP: not ours). */
	return send_req(nl, &r, sizeof(r), 0);
}

/* netlink_diag: "NETLINK:[ROUTE:PORTID]", or "NETLINK:[PROTO]" for a protocol we cannot name. */
static int netlink_parse(const void *data, size_t len, unsigned long inode, const char *name,
			 struct strbuf *out)
{
	struct netlink_diag_msg m;

	if (len < NLMSG_LENGTH(sizeof(m)))
		return -1;
	memcpy(&m, data, sizeof(m));
	if (m.ndiag_ino != inode)
		return 0;
	if (m.ndiag_family != AF_NETLINK)
		return -1;
	const char *proto = xlat_lookup(xlat_netlink_protocols, m.ndiag_protocol);

	if (proto) {
		if (!strncmp(proto, "NETLINK_", 8))
			proto += 8;
		sb_printf(out, "%s:[%s:%u]", name, proto, m.ndiag_portid);
	} else {
		sb_printf(out, "%s:[%u]", name, m.ndiag_protocol);
	}
	return 1;
}

static bool netlink_query(int nl)
{
	struct netlink_diag_req r = { .sdiag_family = AF_NETLINK,
				      .sdiag_protocol = NDIAG_PROTO_ALL };

	return send_req(nl, &r, sizeof(r), NLM_F_DUMP);
}

enum query { Q_UNIX, Q_INET, Q_NETLINK };

/* strace's protocol table, in its order (the order matters when the protocol is unknown). */
static const struct sock_proto {
	const char *name;
	enum query q;
	int family, proto;
} protos[] = {
	{ "UNIX", Q_UNIX, AF_UNIX, 0 },
	{ "UNIX-STREAM", Q_UNIX, AF_UNIX, 0 },
	{ "TCP", Q_INET, AF_INET, IPPROTO_TCP },
	{ "UDP", Q_INET, AF_INET, IPPROTO_UDP },
	{ "UDPLITE", Q_INET, AF_INET, IPPROTO_UDPLITE },
	{ "DCCP", Q_INET, AF_INET, IPPROTO_DCCP },
	{ "SCTP", Q_INET, AF_INET, IPPROTO_SCTP },
	{ "L2TP/IP", Q_INET, AF_INET, IPPROTO_L2TP },
	{ "PING", Q_INET, AF_INET, IPPROTO_ICMP },
	{ "RAW", Q_INET, AF_INET, IPPROTO_RAW },
	{ "TCPv6", Q_INET, AF_INET6, IPPROTO_TCP },
	{ "UDPv6", Q_INET, AF_INET6, IPPROTO_UDP },
	{ "UDPLITEv6", Q_INET, AF_INET6, IPPROTO_UDPLITE },
	{ "DCCPv6", Q_INET, AF_INET6, IPPROTO_DCCP },
	{ "SCTPv6", Q_INET, AF_INET6, IPPROTO_SCTP },
	{ "L2TP/IPv6", Q_INET, AF_INET6, IPPROTO_L2TP },
	{ "PINGv6", Q_INET, AF_INET6, IPPROTO_ICMP },
	{ "RAWv6", Q_INET, AF_INET6, IPPROTO_RAW },
	{ "NETLINK", Q_NETLINK, AF_NETLINK, 0 },
};
#define NPROTOS (sizeof(protos) / sizeof(protos[0]))

/* Ask the kernel about INODE as protocol P; true with the details in OUT. */
static bool query(int nl, const struct sock_proto *p, unsigned long inode, struct strbuf *out)
{
	sb_reset(out);
	switch (p->q) {
	case Q_UNIX:
		return unix_query(nl, inode) && receive(nl, inode, p->name, unix_parse, out);
	case Q_INET:
		return inet_query(nl, p->family, p->proto) &&
		       receive(nl, inode, p->name, inet_parse, out);
	case Q_NETLINK:
		return netlink_query(nl) && receive(nl, inode, p->name, netlink_parse, out);
	}
	return false;
}

static const struct sock_proto *proto_named(const char *name)
{
	for (size_t i = 0; i < NPROTOS; i++)
		if (!strcmp(name, protos[i].name))
			return &protos[i];
	return NULL;
}

/* The protocol of the socket behind LINK, as the kernel names it; NULL if not one of ours. */
static const struct sock_proto *socket_proto(const char *link)
{
	char buf[256];
	ssize_t n = getxattr(link, "system.sockprotoname", buf, sizeof(buf) - 1);

	if (n <= 0)
		return NULL;
	buf[n] = '\0'; /* the kernel may not terminate it */
	return proto_named(buf);
}

/* The inode of "socket:[INODE]", 0 if PATH is not that. */
static unsigned long socket_inode(const char *path)
{
	static const char pfx[] = "socket:[";
	size_t len = strlen(path);
	char *end;

	if (strncmp(path, pfx, sizeof(pfx) - 1) || len <= sizeof(pfx) - 1 || path[len - 1] != ']')
		return 0;
	const char *s = path + sizeof(pfx) - 1;
	if (*s < '0' || *s > '9')
		return 0;
	errno = 0;
	unsigned long ino = strtoul(s, &end, 10);
	return errno || end != path + len - 1 ? 0 : ino;
}

bool (*sockdiag_view_hook)(struct dctx *c, const char *link, struct sockdiag_view *v);

/* What a diag query would have answered about the socket of view V (the eBPF backend's). */
static bool view_query(const struct sock_proto *p, const struct sockdiag_view *v,
		       unsigned long inode, struct strbuf *out)
{
	union {
		char buf[NLMSG_SPACE(sizeof(struct unix_diag_msg)) + 2 * RTA_SPACE(108)];
		struct nlmsghdr h;
	} u;
	char *payload = u.buf + NLMSG_HDRLEN;
	size_t len;

	sb_reset(out);
	if (v->details[0]) { /* the ptrace backend's recording: what the query said */
		sb_write(out, v->details, strnlen(v->details, sizeof(v->details)));
		return true;
	}
	if (!v->hashed || !p)
		return false;
	memset(&u, 0, sizeof(u));
	switch (p->q) {
	case Q_INET: {
		struct inet_diag_msg m = { .idiag_family = v->family, .idiag_inode = inode };
		m.id.idiag_sport = htons(v->sport);
		m.id.idiag_dport = v->dport;
		memcpy(m.id.idiag_src, v->src, 16);
		memcpy(m.id.idiag_dst, v->dst, 16);
		memcpy(payload, &m, sizeof(m));
		return inet_parse(payload, NLMSG_LENGTH(sizeof(m)), inode, p->name, out) > 0;
	}
	case Q_UNIX: {
		struct unix_diag_msg m = { .udiag_family = AF_UNIX, .udiag_ino = inode };
		memcpy(payload, &m, sizeof(m));
		len = NLMSG_ALIGN(sizeof(m));
		if (v->upath_len > 0 && v->upath_len <= 108) {
			struct rtattr *a = (struct rtattr *)(payload + len);
			a->rta_type = UNIX_DIAG_NAME;
			a->rta_len = RTA_LENGTH(v->upath_len);
			memcpy(RTA_DATA(a), v->upath, v->upath_len);
			len += RTA_ALIGN(a->rta_len);
		}
		if (v->peer_ino) {
			struct rtattr *a = (struct rtattr *)(payload + len);
			uint32_t peer = (uint32_t)v->peer_ino;
			a->rta_type = UNIX_DIAG_PEER;
			a->rta_len = RTA_LENGTH(sizeof(peer));
			memcpy(RTA_DATA(a), &peer, sizeof(peer));
			len += RTA_ALIGN(a->rta_len);
		}
		return unix_parse(payload, NLMSG_HDRLEN + len, inode, p->name, out) > 0;
	}
	case Q_NETLINK: {
		struct netlink_diag_msg m = { .ndiag_family = AF_NETLINK, .ndiag_ino = inode,
					      .ndiag_protocol = v->nlproto, .ndiag_portid = v->portid };
		memcpy(payload, &m, sizeof(m));
		return netlink_parse(payload, NLMSG_LENGTH(sizeof(m)), inode, p->name, out) > 0;
	}
	}
	return false;
}

/* Ask the kernel now about the socket INODE, of protocol P (NULL: try them all). */
static bool live_query(const struct sock_proto *p, unsigned long inode, struct strbuf *out)
{
	int nl = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_SOCK_DIAG);
	bool found = false;

	if (nl < 0)
		return false;
	if (p) {
		found = query(nl, p, inode, out);
	} else {
		for (size_t i = 0; i < NPROTOS && !found; i++)
			found = query(nl, &protos[i], inode, out);
	}
	close(nl);
	return found;
}

static int netlink_family_of(const char *details);
static long pidfd_pid(pid_t pid, int fd);

/* The lines of /proc/PID/fdinfo/FD that describe an eventfd or a signalfd ("eventfd-...",
 * "sigmask:"), as fdinfo.c reads them, into OUT. */
static void fdinfo_lines(pid_t pid, int fd, char *out, size_t len)
{
	char name[64], line[256];
	size_t o = 0;

	out[0] = '\0';
	snprintf(name, sizeof(name), "/proc/%d/fdinfo/%d", proc_pid(pid), fd);
	FILE *f = fopen(name, "re");
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		size_t l = strlen(line);
		if ((strncmp(line, "eventfd-", 8) && strncmp(line, "sigmask:", 8)) || o + l >= len)
			continue;
		memcpy(out + o, line, l + 1);
		o += l;
	}
	fclose(f);
}

bool sockdiag_live_view(struct dctx *c, int fd, const char *link, struct sockdiag_view *v)
{
	char path[PATH_MAX + 1];
	ssize_t n = readlink(link, path, sizeof(path) - 1);
	struct strbuf out = { 0 };

	memset(v, 0, sizeof(*v));
	if (n <= 0)
		return false;
	path[n] = '\0';
	if (!strcmp(path, "anon_inode:[pidfd]")) {
		v->pidfd_pid = pidfd_pid(c->pid, fd);
		return true;
	}
	if (!strcmp(path, "anon_inode:[eventfd]") || !strcmp(path, "anon_inode:[signalfd]")) {
		fdinfo_lines(c->pid, fd, v->fdinfo, sizeof(v->fdinfo));
		return true;
	}
	unsigned long inode = socket_inode(path);
	if (!inode)
		return false;
	const struct sock_proto *p = socket_proto(link);
	if (p)
		snprintf(v->proto, sizeof(v->proto), "%s", p->name);
	if (live_query(p, inode, &out)) {
		snprintf(v->details, sizeof(v->details), "%s", sb_str(&out));
		v->hashed = true;
		if (p && p->q == Q_NETLINK) {
			int family = netlink_family_of(v->details);
			v->hashed = family >= 0;
			v->nlproto = family >= 0 ? (uint32_t)family : 0;
		}
	}
	sb_free(&out);
	return true;
}

static bool print_socket(struct dctx *c, const char *link, const char *path)
{
	unsigned long inode = socket_inode(path);
	struct strbuf out = { 0 };
	bool found = false;

	if (!inode)
		return false;
	char *cached = cache_get(inode);
	if (cached) {
		tprintf(c, "<%s>", cached);
		free(cached);
		return true;
	}
	struct sockdiag_view v;
	const struct sock_proto *p;

	if (sockdiag_view_hook && sockdiag_view_hook(c, link, &v)) {
		/* The kernel described it at the stop: no asking now, it may be gone. */
		p = proto_named(v.proto);
		found = view_query(p, &v, inode, &out);
	} else {
		p = socket_proto(link);
		found = live_query(p, inode, &out);
	}
	if (found) {
		cache_put(inode, sb_str(&out));
		tprintf(c, "<%s>", sb_str(&out));
	} else if (p) {
		tprintf(c, "<%s:[%lu]>", p->name, inode);
	} else {
		tprintf(c, "<%s>", path);
	}
	sb_free(&out);
	return true;
}

/* --- devices and pidfds ---------------------------------------------------------------- */

static bool print_dev(struct dctx *c, int fd, const char *link, char *path)
{
	struct sockdiag_view v;
	char idx[32];
	struct stat st;
	size_t n = strlen(path);

	if (path[0] != '/')
		return false;
	/* A device node that was unlinked: -y's form, with its "(deleted)". */
	if (n > 10 && !strcmp(path + n - 10, " (deleted)"))
		return false;
	if (stat(path, &st) || (!S_ISCHR(st.st_mode) && !S_ISBLK(st.st_mode)))
		return false;
	tprints(c, "<");
	quote_string_ex(c->sb, path, n, QUOTE_OMIT_QUOTES, "<>");
	tprintf(c, "<%s %u:%u", S_ISBLK(st.st_mode) ? "block" : "char", major(st.st_rdev),
		minor(st.st_rdev));
	/* /dev/ptmx (char 5:2): its other end, /dev/pts/N, N the fdinfo's tty-index (strace 6.12) */
	if (S_ISCHR(st.st_mode) && major(st.st_rdev) == 5 && minor(st.st_rdev) == 2) {
		if (sockdiag_view_hook && sockdiag_view_hook(c, link, &v)) { /* what bpf saw */
			if (v.pts1 > 0)
				tprintf(c, " @/dev/pts/%d", v.pts1 - 1);
		} else if (!fdinfo_value(c, fd, "tty-index:", idx, sizeof(idx)) && idx[0] &&
			   strspn(idx, "0123456789") == strlen(idx)) {
			tprintf(c, " @/dev/pts/%s", idx);
		}
	}
	tprints(c, ">>");
	return true;
}

/* The pid a pidfd refers to ("Pid:" of its fdinfo), -1 if none (the process is gone). */
static long pidfd_pid(pid_t pid, int fd)
{
	char name[64], line[256];
	long ret = -1;

	snprintf(name, sizeof(name), "/proc/%d/fdinfo/%d", proc_pid(pid), fd);
	FILE *f = fopen(name, "re");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		if (strncmp(line, "Pid:\t", 5))
			continue;
		char *end;
		errno = 0;
		long v = strtol(line + 5, &end, 10);
		if (!errno && end != line + 5 && (*end == '\n' || !*end) && v >= 0 && v <= INT_MAX)
			ret = v;
		break;
	}
	fclose(f);
	return ret;
}

/* The pid the tracee's descriptor FD refers to, as the backend saw it, or -1. */
static long pidfd_pid_of(struct dctx *c, int fd)
{
	struct sockdiag_view v;
	char link[64];

	snprintf(link, sizeof(link), "/proc/%d/fd/%d", proc_pid(c->pid), fd);
	if (sockdiag_view_hook && sockdiag_view_hook(c, link, &v))
		return v.pidfd_pid > 0 ? v.pidfd_pid : -1;
	return pidfd_pid(c->pid, fd);
}

long pidfd_target(struct dctx *c, int fd)
{
	char link[64], path[64];

	snprintf(link, sizeof(link), "/proc/%d/fd/%d", proc_pid(c->pid), fd);
	ssize_t n = tracee_readlink(c, link, path, sizeof(path) - 1);
	if (n <= 0)
		return -1;
	path[n] = '\0';
	if (strcmp(path, "anon_inode:[pidfd]"))
		return -1;
	return pidfd_pid_of(c, fd);
}

static bool print_pidfd(struct dctx *c, int fd, const char *path)
{
	/* strace 6.1 knows pidfds by this link only (pidfs, kernel 6.9, names them otherwise). */
	if (strcmp(path, "anon_inode:[pidfd]"))
		return false;
	long pid = pidfd_pid_of(c, fd);

	if (pid > 0) {
		tprints(c, "<pid:");
		printpid_ours(c, (int)pid);
		tprints(c, ">");
	} else
		tprintf(c, "<%s>", path);
	return true;
}

bool print_fd_details(struct dctx *c, int fd, const char *link)
{
	char path[PATH_MAX + 1];
	ssize_t n = tracee_readlink(c, link, path, sizeof(path) - 1);

	if (n < 0)
		return false;
	path[n] = '\0';
	return ((dopts.decode_fds & DECODE_FD_SOCKET) && print_socket(c, link, path)) ||
	       ((dopts.decode_fds & DECODE_FD_DEV) && print_dev(c, fd, link, path)) ||
	       ((dopts.decode_fds & DECODE_FD_EVENTFD) && print_eventfd(c, fd, path)) ||
	       ((dopts.decode_fds & DECODE_FD_PIDFD) && print_pidfd(c, fd, path)) ||
	       ((dopts.decode_fds & DECODE_FD_SIGNALFD) && print_signalfd(c, fd, path));
}

/* --- the protocol of a netlink socket, for the netlink message decoders ------------------ */

/* "NETLINK:[ROUTE:1234]" or "NETLINK:[42]" as a NETLINK_* number; -1 if not that. */
static int netlink_family_of(const char *details)
{
	static const char pfx[] = "NETLINK:[";
	char name[64] = "NETLINK_";
	uint64_t v;

	if (strncmp(details, pfx, sizeof(pfx) - 1))
		return -1;
	details += sizeof(pfx) - 1;
	if (*details >= '0' && *details <= '9')
		return atoi(details);
	size_t n = strcspn(details, ":]");
	if (n >= sizeof(name) - 8)
		return -1;
	memcpy(name + 8, details, n);
	name[8 + n] = '\0';
	return xlat_find(xlat_netlink_protocols, name, &v) ? -1 : (int)v;
}

int netlink_fd_family(struct dctx *c, int fd)
{
	char link[64], path[PATH_MAX + 1];
	struct strbuf out = { 0 };
	struct sockdiag_view v;
	int family = -1;

	if (fd < 0)
		return -2;
	snprintf(link, sizeof(link), "/proc/%d/fd/%d", proc_pid(c->pid), fd);
	ssize_t n = tracee_readlink(c, link, path, sizeof(path) - 1);
	if (n < 0)
		return -2;
	path[n] = '\0';
	unsigned long inode = socket_inode(path);
	if (!inode)
		return -2;
	if (sockdiag_view_hook && sockdiag_view_hook(c, link, &v)) {
		if (strcmp(v.proto, "NETLINK"))
			return -2;
		if (!v.hashed)
			return -1;
		return (int)v.nlproto;
	}
	const struct sock_proto *p = socket_proto(link);
	if (!p || p->q != Q_NETLINK)
		return -2;
	char *cached = cache_get(inode);
	if (cached) {
		family = netlink_family_of(cached);
		free(cached);
		return family;
	}
	if (live_query(p, inode, &out)) {
		cache_put(inode, sb_str(&out));
		family = netlink_family_of(sb_str(&out));
	}
	sb_free(&out);
	return family;
}
