// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * sendmmsg and recvmmsg: the vector of struct mmsghdr, each {msg_hdr={...}, msg_len=N}.
 *
 * sendmmsg prints at exit, with msg_len for the messages that were sent.  recvmmsg prints the
 * vector at exit, as many messages as were received, each msg_namelen as "IN => OUT" against
 * what the caller passed; those lengths, and the timeout as it was at entry, are kept from
 * entry in a block the decoder allocates (a pointer in c->priv[0]) and frees at exit.  At exit
 * recvmmsg also says "(Timeout)" when nothing came, or "(left {...})" with the time left.
 *
 * Under -e verbose= without them (syscall_verbose) both print everything at entry, the vector and the
 * timeout as addresses, as strace's !verbose(tcp) branches do; recvmmsg still says "(Timeout)".
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "strace-lite/decode/array.h"
#include "strace-lite/decode/decode.h"
#include "strace-lite/decode/net/msghdr.h"
#include "strace-lite/decode/struct-printers.h"

#define MMSG_MAX 1024 /* IOV_MAX: strace shows no more messages than this */

struct mmsg_saved {
	char timeout[64];
	unsigned int count;
	int namelen[];
};

struct mmsg_cfg {
	const int *user_namelen;
	unsigned int msg_len_vlen;
	unsigned int count;
	bool use_msg_len;
};

static PRINT_ELEM_FN(print_mmsghdr)
{
	const struct mmsghdr *m = elem;
	struct mmsg_cfg *cfg = data;

	if (!cfg->count) {
		tprint_more_data_follows(c);
		return false;
	}
	cfg->count--;
	tprints(c, "{msg_hdr=");
	print_msghdr(c, &m->msg_hdr, cfg->user_namelen,
		     cfg->use_msg_len ? m->msg_len : UINT64_MAX);
	if (cfg->msg_len_vlen) {
		tprintf(c, ", msg_len=%u", m->msg_len);
		cfg->msg_len_vlen--;
	}
	tprints(c, "}");
	if (cfg->user_namelen)
		cfg->user_namelen++;
	return true;
}

static void print_mmsgvec(struct dctx *c, uint64_t addr, unsigned int vlen,
			  unsigned int msg_len_vlen, bool use_msg_len,
			  const struct mmsg_saved *saved, unsigned int flags)
{
	struct mmsghdr m;
	struct mmsg_cfg cfg = { .msg_len_vlen = msg_len_vlen, .count = MMSG_MAX,
				.use_msg_len = use_msg_len };

	if (saved) {
		if (saved->count < cfg.count)
			cfg.count = saved->count;
		cfg.user_namelen = saved->namelen;
	}
	print_array(c, addr, vlen, &m, sizeof(m), flags, print_mmsghdr, &cfg);
}

/* -e verbose= without this call: the vector as an address, vlen and flags (and timeout). */
static void print_mmsg_quiet(struct dctx *c)
{
	printaddr(c, c->arg[1]);
	tprintf(c, ", %u, ", (unsigned int)c->arg[2]);
	printflags(c, xlat_msg_flags, (unsigned int)c->arg[3], "MSG_???");
}

SYS_FUNC(sendmmsg)
{
	if (entering(c)) {
		printfd(c, (int)c->arg[0]);
		tprint_arg_next(c);
		if (!syscall_verbose(c)) {
			print_mmsg_quiet(c);
			return RVAL_DECODED;
		}
		return 0;
	}
	/* The kernel read the vector whatever the result: show it even on failure (as strace
	 * does, by clearing the error while printing). */
	int err = c->err;
	unsigned int sent = err ? 0 : (unsigned int)c->rval;

	c->err = 0;
	print_mmsgvec(c, c->arg[1], (unsigned int)c->arg[2], sent, false, NULL, 0);
	c->err = err;
	tprintf(c, ", %u, ", (unsigned int)c->arg[2]);
	printflags(c, xlat_msg_flags, (unsigned int)c->arg[3], "MSG_???");
	return 0;
}

static void sprint_timespec(struct dctx *c, uint64_t addr, char *buf, size_t len)
{
	struct timespec ts;

	if (!addr)
		snprintf(buf, len, "NULL");
	else if (umove(c, addr, &ts) < 0)
		snprintf(buf, len, "%#" PRIx64, addr);
	else
		snprintf(buf, len, "{tv_sec=%lld, tv_nsec=%llu}", (long long)ts.tv_sec,
			 (unsigned long long)ts.tv_nsec);
}

static struct mmsg_saved *save_recvmmsg(struct dctx *c)
{
	unsigned int vlen = (unsigned int)c->arg[2] < MMSG_MAX ? (unsigned int)c->arg[2] : MMSG_MAX;
	struct mmsg_saved *s = malloc(sizeof(*s) + vlen * sizeof(int));
	struct mmsghdr m;

	if (!s)
		return NULL;
	sprint_timespec(c, c->arg[4], s->timeout, sizeof(s->timeout));
	for (s->count = 0; s->count < vlen; s->count++) {
		if (umove(c, c->arg[1] + s->count * sizeof(m), &m) < 0)
			break;
		s->namelen[s->count] = (int)m.msg_hdr.msg_namelen;
	}
	return s;
}

SYS_FUNC(recvmmsg)
{
	static __thread char left[80];
	struct mmsg_saved *saved;
	char ts[64];

	if (entering(c)) {
		printfd(c, (int)c->arg[0]);
		tprint_arg_next(c);
		if (!syscall_verbose(c)) {
			print_mmsg_quiet(c);
			tprint_arg_next(c);
			printaddr(c, c->arg[4]);
			c->priv[0] = 0;
			return 0;
		}
		c->priv[0] = (uint64_t)(uintptr_t)save_recvmmsg(c);
		return 0;
	}
	if (!syscall_verbose(c)) {
		if (syserror(c) || c->rval)
			return 0;
		c->auxstr = "Timeout";
		return RVAL_STR;
	}
	saved = (struct mmsg_saved *)(uintptr_t)c->priv[0];
	if (syserror(c))
		printaddr(c, c->arg[1]);
	else
		print_mmsgvec(c, c->arg[1], (unsigned int)c->rval, (unsigned int)c->rval, true, saved,
			      0);
	tprintf(c, ", %u, ", (unsigned int)c->arg[2]);
	printflags(c, xlat_msg_flags, (unsigned int)c->arg[3], "MSG_???");
	tprintf(c, ", %s", saved ? saved->timeout : "???");
	free(saved);
	c->priv[0] = 0;
	if (syserror(c))
		return 0;
	if (c->rval == 0) {
		c->auxstr = "Timeout";
		return RVAL_STR;
	}
	if (!c->arg[4])
		return 0;
	sprint_timespec(c, c->arg[4], ts, sizeof(ts));
	snprintf(left, sizeof(left), "left %s", ts);
	c->auxstr = left;
	return RVAL_STR;
}
