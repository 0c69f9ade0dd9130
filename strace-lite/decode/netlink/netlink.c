// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Netlink messages in socket buffers, as strace 6.1 prints them (see netlink.h).
 *
 * A buffer is walked message by message: each struct nlmsghdr is read whole, its payload is
 * the smaller of nlmsg_len and what is left, and the next message starts NLMSG_ALIGN(nlmsg_len)
 * further on.  A message shorter than its header ends the walk; so does an unreadable header
 * ("..." and its address inside an array, the address alone for the first).  The header's type
 * and flags are named by the socket's family (route, sock_diag, netfilter's subsystem and
 * message, ...); its payload goes to the family's decoder, NLMSG_ERROR's to the nlmsgerr one
 * (which prints the message it answers, recursively), and anything else prints in hex.
 */
#include <linux/audit.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <stdio.h>
#include <string.h>

#include "strace-lite/decode/netlink/netlink.h"
#include "strace-lite/decode/netlink/netlink-int.h"

#ifndef NLM_F_CAPPED
#define NLM_F_CAPPED 0x100
#endif
#ifndef NETLINK_KOBJECT_UEVENT
#define NETLINK_KOBJECT_UEVENT 15
#endif

void print_nl_hex(struct dctx *c, uint64_t addr, unsigned int len)
{
	printstr_ex(c, addr, len, QUOTE_FORCE_HEX);
}

/* --- the header ------------------------------------------------------------------------- */

struct nl_family {
	const struct xlat *types;
	const char *dflt;
	/* The flags that go with a type (NEW, GET, DEL kinds), or NULL. */
	const struct xlat *(*flags)(uint16_t type);
	nl_payload_fn payload;
};

static const struct nl_family *family_of(int family)
{
	static const struct nl_family fams[] = {
		[NETLINK_ROUTE] = { xlat_nl_route_types, "RTM_???", nl_route_flags,
				    decode_netlink_route },
		[NETLINK_SOCK_DIAG] = { xlat_nl_sock_diag_types, "SOCK_DIAG_???",
					nl_sock_diag_flags, decode_netlink_sock_diag },
		[NETLINK_XFRM] = { xlat_nl_xfrm_types, "XFRM_MSG_???", nl_xfrm_flags, NULL },
		[NETLINK_SELINUX] = { xlat_nl_selinux_types, "SELNL_MSG_???", NULL,
				      decode_netlink_selinux },
		[NETLINK_AUDIT] = { xlat_nl_audit_types, "AUDIT_???", NULL, NULL },
		[NETLINK_NETFILTER] = { xlat_nl_netfilter_subsys_ids, "NFNL_SUBSYS_???",
					nl_netfilter_flags, decode_netlink_netfilter },
		[NETLINK_GENERIC] = { NULL, "GENERIC_FAMILY_???", nl_generic_flags,
				      decode_netlink_generic },
		[NETLINK_CRYPTO] = { xlat_nl_crypto_types, "CRYPTO_MSG_???", nl_crypto_flags,
				     decode_netlink_crypto },
	};

	if (family < 0 || (size_t)family >= sizeof(fams) / sizeof(fams[0]) ||
	    !fams[family].dflt)
		return NULL;
	return &fams[family];
}

static void print_type(struct dctx *c, uint16_t type, int family)
{
	const struct nl_family *f = family_of(family);

	/* Types below NLMSG_MIN_TYPE are control messages, the same in every family. */
	if (type < NLMSG_MIN_TYPE || !f) {
		printxval(c, xlat_netlink_types, type, "NLMSG_???");
		return;
	}
	if (family == NETLINK_NETFILTER) {
		print_nfnl_type(c, type);
		return;
	}
	if (family == NETLINK_GENERIC) {
		print_genl_family(c, type);
		return;
	}
	printxval(c, f->types, type, f->dflt);
}

/* NLM_F_* flags: the common ones, then those of the type's kind. */
static void print_nl_flags(struct dctx *c, uint16_t flags, uint16_t type, int family)
{
	const struct nl_family *f = family_of(family);
	const struct xlat *kind = NULL;
	struct xlat both[40];
	size_t n = 0;

	if (type < NLMSG_MIN_TYPE) {
		if (type == NLMSG_ERROR)
			kind = xlat_netlink_ack_flags;
	} else if (f && f->flags) {
		kind = f->flags(type);
	}
	for (const struct xlat *x = xlat_netlink_flags; x->str && n < 20; x++)
		both[n++] = *x;
	for (const struct xlat *x = kind; x && x->str && n < 39; x++)
		both[n++] = *x;
	both[n] = (struct xlat){ 0, NULL };
	printflags(c, both, flags, "NLM_F_???");
}

static void print_nlmsghdr(struct dctx *c, int family, const struct nlmsghdr *h)
{
	tprintf(c, "{nlmsg_len=%u, nlmsg_type=", h->nlmsg_len);
	print_type(c, h->nlmsg_type, family);
	tprints(c, ", nlmsg_flags=");
	print_nl_flags(c, h->nlmsg_flags, h->nlmsg_type, family);
	tprintf(c, ", nlmsg_seq=%u, nlmsg_pid=", h->nlmsg_seq);
	printpid(c, (int)h->nlmsg_pid, PT_TGID);
	tprint_struct_end(c);
}

/* --- NLMSG_ERROR ------------------------------------------------------------------------ */

static void print_message(struct dctx *c, int family, const struct nlmsghdr *h, uint64_t addr,
			  uint64_t len);

static void print_errno_val(struct dctx *c, int err)
{
	const char *name = err < 0 ? errno_name(-err) : NULL;

	if (!name || print_opts_get()->xstyle == XSTYLE_RAW) {
		tprintf(c, "%d", err);
		return;
	}
	if (print_opts_get()->xstyle == XSTYLE_VERBOSE)
		tprintf(c, "%d /* -%s */", err, name);
	else
		tprintf(c, "-%s", name);
}

static void decode_nlmsgerr(struct dctx *c, int family, uint64_t addr, unsigned int len,
			    bool capped)
{
	static const nla_fn fns[] = {
		[NLMSGERR_ATTR_MSG] = decode_nla_str,
		[NLMSGERR_ATTR_OFFS] = decode_nla_u32,
		[NLMSGERR_ATTR_COOKIE] = decode_nla_u8_array,
	};
	struct nlmsgerr err;

	if (len < sizeof(err)) {
		print_nl_hex(c, addr, len);
		return;
	}
	if (umove_or_printaddr(c, addr, &err))
		return;
	addr += offsetof(struct nlmsgerr, msg);
	len -= offsetof(struct nlmsgerr, msg);
	/* An invalid nlmsg_len counts as a bare header; a valid one may exceed LEN. */
	unsigned int mlen = err.msg.nlmsg_len > sizeof(err.msg) ? err.msg.nlmsg_len
								 : sizeof(err.msg);
	unsigned int payload = capped ? sizeof(err.msg) : mlen;
	if (payload > len)
		payload = len;
	if (len > payload)
		tprint_array_begin(c);
	tprints(c, "{error=");
	print_errno_val(c, err.error);
	tprints(c, ", msg=");
	print_message(c, family, &err.msg, addr, payload);
	tprint_struct_end(c);
	if (len > payload) {
		tprint_array_next(c);
		decode_nlattr(c, addr + payload, len - payload, xlat_nlmsgerr_attrs,
			      "NLMSGERR_ATTR_???", NLA_FNS(fns), NULL);
		tprint_array_end(c);
	}
}

/* --- payloads --------------------------------------------------------------------------- */

static void decode_payload(struct dctx *c, int family, const struct nlmsghdr *h, uint64_t addr,
			   unsigned int len)
{
	const struct nl_family *f = family_of(family);

	if (h->nlmsg_type == NLMSG_ERROR) {
		decode_nlmsgerr(c, family, addr, len, h->nlmsg_flags & NLM_F_CAPPED);
		return;
	}
	/* NLMSG_DONE's payload is usually an int, but some families put more in it. */
	if ((h->nlmsg_type >= NLMSG_MIN_TYPE || h->nlmsg_type == NLMSG_DONE) && f && f->payload &&
	    f->payload(c, h, addr, len))
		return;
	if (h->nlmsg_type == NLMSG_DONE && len == sizeof(int)) {
		int num;
		if (!umove_or_printaddr(c, addr, &num))
			tprintf(c, "%d", num);
		return;
	}
	print_nl_hex(c, addr, len);
}

/* One message with header H (already read) at ADDR, LEN bytes left in the buffer. */
static void print_message(struct dctx *c, int family, const struct nlmsghdr *h, uint64_t addr,
			  uint64_t len)
{
	unsigned int mlen = h->nlmsg_len < len ? h->nlmsg_len : (unsigned int)len;

	if (mlen > NLMSG_HDRLEN)
		tprint_array_begin(c);
	print_nlmsghdr(c, family, h);
	if (mlen > NLMSG_HDRLEN) {
		tprint_array_next(c);
		decode_payload(c, family, h, addr + NLMSG_HDRLEN, mlen - NLMSG_HDRLEN);
		tprint_array_end(c);
	}
}

bool fetch_nl_header(struct dctx *c, void *buf, size_t size, uint64_t addr, uint64_t len,
		     bool in_array)
{
	if (len < size) {
		print_nl_hex(c, addr, (unsigned int)len);
		return false;
	}
	if (!umoven(c, addr, size, buf))
		return true;
	if (in_array) {
		tprint_more_data_follows(c);
		printaddr_comment(c, addr);
	} else {
		printaddr(c, addr);
	}
	return false;
}

static void decode_netlink(struct dctx *c, int family, uint64_t addr, uint64_t len)
{
	struct nlmsghdr h;
	bool is_array = false;

	if (family == NETLINK_KOBJECT_UEVENT) {
		decode_netlink_kobject_uevent(c, addr, len);
		return;
	}
	for (unsigned int elt = 0; fetch_nl_header(c, &h, sizeof(h), addr, len, is_array); elt++) {
		if (!dopts.verbose && elt == print_opts_get()->max_strlen) {
			tprint_more_data_follows(c);
			break;
		}
		uint64_t step = NLMSG_ALIGN((uint64_t)h.nlmsg_len), next = 0, left = 0;
		if (h.nlmsg_len >= NLMSG_HDRLEN) {
			left = len >= step ? len - step : 0;
			if (left && addr + step > addr)
				next = addr + step;
		}
		if (!is_array && next) {
			tprint_array_begin(c);
			is_array = true;
		}
		print_message(c, family, &h, addr, len);
		if (!next)
			break;
		tprint_array_next(c);
		addr = next;
		len = left;
	}
	if (is_array)
		tprint_array_end(c);
}

void decode_sockbuf(struct dctx *c, int fd, uint64_t addr, uint64_t len)
{
	int family = netlink_fd_family(c, fd);

	if (family == -2)
		printstrn(c, addr, len);
	else
		decode_netlink(c, family, addr, len);
}
