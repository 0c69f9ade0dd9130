// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Descriptor multiplexing: poll, ppoll, select, pselect6.
 *
 * As strace, the arguments print at entry (the pollfd array with its events, the fd_sets as
 * [fd fd ...]); at exit the result goes after the return value in parentheses: "Timeout", or
 * the ready descriptors ([{fd=3, revents=POLLIN}], "in [3], out [4]") and the time left.
 */
#include <inttypes.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>

#include "strace-lite/decode/array.h"
#include "strace-lite/decode/decode.h"
#include "strace-lite/decode/siginfo.h"
#include "strace-lite/decode/struct-printers.h"
#include "strace-lite/decode/util-print.h"

static char outstr[1024];

static PRINT_ELEM_FN(print_pollfd)
{
	const struct pollfd *p = elem;

	tprints(c, "{fd=");
	printfd(c, p->fd);
	if (p->fd >= 0) {
		tprints(c, ", events=");
		printflags(c, xlat_pollflags, (unsigned short)p->events, "POLL???");
	}
	tprints(c, "}");
	return true;
}

static void poll_entering(struct dctx *c)
{
	struct pollfd p;
	unsigned int nfds = (unsigned int)c->arg[1];

	print_array(c, c->arg[0], nfds, &p, sizeof(p), 0, print_pollfd, NULL);
	tprintf(c, ", %u, ", nfds);
}

/* strace's sprint_timespec/sprint_timeval: the time left, for the text after the result. */
static const char *sprint_time(struct dctx *c, uint64_t addr, bool tv)
{
	static char buf[80];

	if (!addr) {
		strcpy(buf, "NULL");
	} else {
		struct timespec t; /* a struct timeval has the same layout */
		_Static_assert(sizeof(struct timeval) == sizeof(t), "timeval is not timespec");
		if (syserror(c) || umove(c, addr, &t) < 0)
			snprintf(buf, sizeof(buf), "%#" PRIx64, addr);
		else
			snprintf(buf, sizeof(buf), "{tv_sec=%lld, %s=%llu}", (long long)t.tv_sec,
				 tv ? "tv_usec" : "tv_nsec", (unsigned long long)t.tv_nsec);
	}
	return buf;
}

static int poll_exiting(struct dctx *c, uint64_t pts)
{
	unsigned int nfds = (unsigned int)c->arg[1];
	uint64_t start = c->arg[0], size = (uint64_t)sizeof(struct pollfd) * nfds;
	uint64_t end = start + size;
	unsigned int max_printed = dopts.verbose ? -1U : print_opts_get()->max_strlen, printed = 0;
	char *o = outstr, *const oend = outstr + sizeof(outstr);

	if (syserror(c))
		return 0;
	if (c->rval == 0) {
		c->auxstr = "Timeout";
		return RVAL_STR;
	}
	if (!start || !nfds || end < start)
		return 0;
	for (uint64_t cur = start; cur < end; cur += sizeof(struct pollfd)) {
		struct pollfd p;
		if (umove(c, cur, &p) < 0) {
			o += snprintf(o, (size_t)(oend - o), "%s%#" PRIx64, o == outstr ? "[" : ", ",
				      cur);
			break;
		}
		if (!p.revents)
			continue;
		o += snprintf(o, (size_t)(oend - o), "%s", o == outstr ? "[" : ", ");
		if (printed >= max_printed) {
			o += snprintf(o, (size_t)(oend - o), "...");
			break;
		}
		char fdstr[40];
		snprintf(fdstr, sizeof(fdstr), "{fd=%d, revents=", p.fd);
		const char *flags = sprint_flags_ex("", xlat_pollflags, (unsigned short)p.revents,
						    '\0', print_opts_get()->xstyle, false);
		if (!flags)
			flags = "0";
		if (o + strlen(fdstr) + strlen(flags) + 1 >=
		    oend - (2 + 2 * sizeof(long) + sizeof(", ], ..."))) {
			o += snprintf(o, (size_t)(oend - o), "...");
			break;
		}
		o += snprintf(o, (size_t)(oend - o), "%s%s}", fdstr, flags);
		printed++;
	}
	if (o != outstr)
		*o++ = ']';
	*o = '\0';
	if (pts) {
		const char *str = sprint_time(c, pts, false);
		if (o + sizeof(", left ") + strlen(str) < oend)
			o += snprintf(o, (size_t)(oend - o), "%s%s",
				      o == outstr ? "left " : ", left ", str);
		else
			o += snprintf(o, (size_t)(oend - o), ", ...");
	}
	if (o == outstr)
		return 0;
	c->auxstr = outstr;
	return RVAL_STR;
}

SYS_FUNC(poll)
{
	if (entering(c)) {
		poll_entering(c);
		tprintf(c, "%d", (int)c->arg[2]);
		return 0;
	}
	return poll_exiting(c, 0);
}

SYS_FUNC(ppoll)
{
	if (entering(c)) {
		poll_entering(c);
		print_struct_timespec(c, c->arg[2]);
		tprint_arg_next(c);
		print_sigset_addr_len(c, c->arg[3], c->arg[4]);
		tprintf(c, ", %" PRIu64, c->arg[4]);
		return 0;
	}
	return poll_exiting(c, c->arg[2]);
}

static int decode_select(struct dctx *c, bool tv)
{
	int nfds = (int)c->arg[0];

	if (nfds < 0)
		nfds = 0;
	if (nfds > 1024 * 1024)
		nfds = 1024 * 1024;
	int fdsize = (((nfds + 7) / 8) + 7) & -8;
	unsigned char *fds = fdsize > 0 ? malloc((size_t)fdsize) : NULL;

	if (entering(c)) {
		tprintf(c, "%d", (int)c->arg[0]);
		for (int i = 0; i < 3; i++) {
			uint64_t addr = c->arg[i + 1];
			tprint_arg_next(c);
			if (!fds) {
				printaddr(c, addr);
				continue;
			}
			long got = addr && syscall_verbose(c)
				? umoven_fdset(c, addr, (size_t)fdsize, fds) : -1;
			if (got <= 0) {
				if (addr)
					printaddr(c, addr);
				else
					tprints(c, "NULL");
				continue;
			}
			int bits = got * 8 < nfds ? (int)(got * 8) : nfds;
			tprints(c, "[");
			bool next = false;
			for (int j = 0; j < bits; j++) {
				if (!(fds[j / 8] & (1u << (j % 8))))
					continue;
				if (next)
					tprints(c, " ");
				next = true;
				printfd(c, j);
			}
			tprints(c, "]");
		}
		free(fds);
		tprint_arg_next(c);
		if (tv)
			print_struct_timeval(c, c->arg[4]);
		else
			print_struct_timespec(c, c->arg[4]);
		return 0;
	}
	if (syserror(c)) {
		free(fds);
		return 0;
	}
	int ready = (int)c->rval;
	if (ready == 0) {
		free(fds);
		c->auxstr = "Timeout";
		return RVAL_STR;
	}
	char *o = outstr, *const oend = outstr + sizeof(outstr);
	const char *sep = "";
	for (int i = 0; i < 3 && ready > 0; i++) {
		bool first = true;
		uint64_t addr = c->arg[i + 1];
		long got = addr && fds ? umoven_fdset(c, addr, (size_t)fdsize, fds) : -1;
		if (got <= 0)
			continue;
		int bits = got * 8 < nfds ? (int)(got * 8) : nfds;
		for (int j = 0; j < bits; j++) {
			if (!(fds[j / 8] & (1u << (j % 8))))
				continue;
			if (o < oend - (sizeof(", except [") + sizeof(int) * 3 + 2)) {
				if (first) {
					o += snprintf(o, (size_t)(oend - o), "%s%s [%u", sep,
						      i == 0 ? "in" : i == 1 ? "out" : "except",
						      (unsigned int)j);
					first = false;
					sep = ", ";
				} else {
					o += snprintf(o, (size_t)(oend - o), " %u", (unsigned int)j);
				}
			}
			if (--ready == 0)
				break;
		}
		/* as strace: closes a bracket for every set read once anything was printed */
		if (o != outstr)
			*o++ = ']';
	}
	free(fds);
	if (c->arg[4]) {
		const char *str = sprint_time(c, c->arg[4], tv);
		if (o + sizeof("left ") + strlen(sep) + strlen(str) < oend)
			o += snprintf(o, (size_t)(oend - o), "%sleft %s", sep, str);
	}
	*o = '\0';
	c->auxstr = outstr;
	return RVAL_STR;
}

SYS_FUNC(select)
{
	return decode_select(c, true);
}

SYS_FUNC(pselect6)
{
	int rc = decode_select(c, false);

	if (entering(c)) {
		tprint_arg_next(c);
		print_sigmask_pair(c, c->arg[5]);
	}
	return rc;
}

/* The table's inout:pollfd: one struct pollfd. */
void print_struct_pollfd(struct dctx *c, uint64_t addr)
{
	struct pollfd p;

	if (!umove_or_printaddr(c, addr, &p))
		print_pollfd(c, &p, sizeof(p), NULL);
}
