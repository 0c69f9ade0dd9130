// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Process lifecycle and per-process state: clone, clone3, wait4, waitid, arch_prctl, prlimit64
 * (struct rlimit64), getrandom, uname, and the few syscalls strace deliberately prints raw.
 *
 * clone prints its flags with the exit signal (the low byte) or'ed in, then only the pointer
 * arguments the flags make meaningful, in x86_64's argument order (flags, stack, parent_tid,
 * child_tid, tls); parent_tid is written by the kernel, so the tail waits for the exit.
 */
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <linux/sched.h>
#include <stddef.h>
#include <string.h>
#include <sys/utsname.h>

#include "strace-lite/decode/decode.h"
#include "strace-lite/decode/siginfo.h"
#include "strace-lite/decode/struct-printers.h"
#include "strace-lite/decode/util-print.h"

#define CSIGNAL_MASK 0xffull

/* strace prints it raw (%#lx each), though its argument is a pointer. */
SYS_FUNC(set_tid_address)
{
	return printargs(c);
}

static void print_rlim64(struct dctx *c, uint64_t lim)
{
	char buf[48];
	const char *str = NULL;

	if (lim == UINT64_MAX) {
		str = "RLIM64_INFINITY";
	} else if (lim > 1024 && lim % 1024 == 0) {
		snprintf(buf, sizeof(buf), "%" PRIu64 "*1024", lim / 1024);
		str = buf;
	}
	if (!str || print_opts_get()->xstyle != XSTYLE_ABBREV)
		tprintf(c, "%" PRIu64, lim);
	if (!str || print_opts_get()->xstyle == XSTYLE_RAW)
		return;
	if (print_opts_get()->xstyle == XSTYLE_VERBOSE)
		print_comment(c->sb, str);
	else
		tprints(c, str);
}

void print_struct_rlimit64(struct dctx *c, uint64_t addr)
{
	uint64_t r[2];

	if (umove_or_printaddr(c, addr, &r))
		return;
	tprints(c, "{rlim_cur=");
	print_rlim64(c, r[0]);
	tprints(c, ", rlim_max=");
	print_rlim64(c, r[1]);
	tprints(c, "}");
}

SYS_FUNC(getrandom)
{
	if (entering(c))
		return 0;
	if (syserror(c) || !c->arg[0]) {
		printaddr(c, c->arg[0]);
	} else {
		/* Random bytes are shown in hex whatever -x says. */
		unsigned int max = print_opts_get()->max_strlen;
		uint64_t len = (uint64_t)c->rval;
		size_t n = len < max ? (size_t)len : max;
		char buf[n + 1];
		if (umoven(c, c->arg[0], n, buf) < 0) {
			printaddr(c, c->arg[0]);
		} else {
			quote_string(c->sb, buf, n, QUOTE_FORCE_HEX);
			if (len > max)
				tprint_more_data_follows(c);
		}
	}
	tprintf(c, ", %" PRIu64 ", ", c->arg[1]);
	printflags(c, xlat_getrandom_flags, (unsigned int)c->arg[2], "GRND_???");
	return 0;
}

static void print_cstring_field(struct dctx *c, const char *name, const char *s, size_t size)
{
	tprint_field(c, name);
	quote_string(c->sb, s, size, QUOTE_0_TERMINATED);
}

void print_struct_utsname(struct dctx *c, uint64_t addr)
{
	struct utsname u;

	if (umove_or_printaddr(c, addr, &u))
		return;
	tprints(c, "{");
	print_cstring_field(c, "sysname", u.sysname, sizeof(u.sysname));
	tprints(c, ", ");
	print_cstring_field(c, "nodename", u.nodename, sizeof(u.nodename));
	if (!dopts.verbose) {
		tprints(c, ", ...}");
		return;
	}
	tprints(c, ", ");
	print_cstring_field(c, "release", u.release, sizeof(u.release));
	tprints(c, ", ");
	print_cstring_field(c, "version", u.version, sizeof(u.version));
	tprints(c, ", ");
	print_cstring_field(c, "machine", u.machine, sizeof(u.machine));
	tprints(c, ", ");
	print_cstring_field(c, "domainname", u.domainname, sizeof(u.domainname));
	tprints(c, "}");
}

/*
 * The XSAVE feature names are not the kernel's API (no uapi header has them): strace shows them
 * only as comments, after the number, whatever -X says but raw.  FLAGS: a mask, else a number.
 */
static void with_xstyle_verbose(struct dctx *c, const struct xlat *x, uint64_t val, bool flags)
{
	struct print_opts saved = *print_opts_get(), v = saved;

	if (v.xstyle != XSTYLE_RAW)
		v.xstyle = XSTYLE_VERBOSE;
	print_opts_set(&v);
	if (flags)
		printflags(c, x, val, "XFEATURE_MASK_???");
	else
		printxval(c, x, val, "XFEATURE_???");
	print_opts_set(&saved);
}

/* ARCH_GET_XCOMP_*'s answer: [0x207 /\* XFEATURE_MASK_FPSSE|XFEATURE_MASK_YMM|... *\/]. */
static void print_xfeatures(struct dctx *c, uint64_t addr)
{
	uint64_t v;

	if (umove_or_printaddr(c, addr, &v))
		return;
	tprints(c, "[");
	with_xstyle_verbose(c, xlat_x86_xfeatures, v, true);
	tprints(c, "]");
}

SYS_FUNC(arch_prctl)
{
	unsigned int op = (unsigned int)c->arg[0];

	if (entering(c))
		printxval(c, xlat_archvals, op, "ARCH_???");
	switch (op) {
	case 0x1003: /* ARCH_GET_FS */
	case 0x1004: /* ARCH_GET_GS */
		if (entering(c)) {
			tprint_arg_next(c);
			return 0;
		}
		printnum_ptr(c, c->arg[1]);
		return 0;
	case 0x1011: /* ARCH_GET_CPUID: no argument */
		return RVAL_DECODED;
	case 0x1021: /* ARCH_GET_XCOMP_SUPP */
	case 0x1022: /* ARCH_GET_XCOMP_PERM */
	case 0x1024: /* ARCH_GET_XCOMP_GUEST_PERM */
		if (entering(c)) {
			tprint_arg_next(c);
			return 0;
		}
		print_xfeatures(c, c->arg[1]);
		return 0;
	case 0x1023: /* ARCH_REQ_XCOMP_PERM */
	case 0x1025: /* ARCH_REQ_XCOMP_GUEST_PERM */
		if (entering(c)) {
			tprint_arg_next(c);
			with_xstyle_verbose(c, xlat_x86_xfeature_bits, c->arg[1], false);
			return 0;
		}
		/* A mask of features in return: named after it, but not with -X raw. */
		if (syserror(c) || c->rval <= 0)
			return 0;
		c->auxstr = print_opts_get()->xstyle == XSTYLE_RAW ? NULL :
			    sprint_flags("", xlat_x86_xfeatures, (uint64_t)c->rval);
		return RVAL_KIND(RK_X) | RVAL_STR;
	default:
		tprintf(c, ", %#" PRIx64, c->arg[1]);
		return RVAL_DECODED;
	}
}

void printnum_ptr(struct dctx *c, uint64_t addr)
{
	uint64_t v;

	if (umove_or_printaddr(c, addr, &v))
		return;
	tprints(c, "[");
	printaddr(c, v);
	tprints(c, "]");
}

static void print_int_ref(struct dctx *c, uint64_t addr, bool fd)
{
	int v;

	if (umove_or_printaddr(c, addr, &v))
		return;
	tprints(c, "[");
	if (fd)
		printfd(c, v);
	else
		tprintf(c, "%d", v);
	tprints(c, "]");
}

SYS_FUNC(clone)
{
	uint64_t flags = c->arg[0] & ~CSIGNAL_MASK;

	if (entering(c)) {
		unsigned int sig = (unsigned int)(c->arg[0] & CSIGNAL_MASK);
		tprints(c, "child_stack=");
		printaddr(c, c->arg[1]);
		tprints(c, ", flags=");
		if (flags) {
			printflags(c, xlat_clone_flags, flags, "CLONE_???");
			if (sig) {
				tprints(c, "|");
				print_signame(c, (int)sig);
			}
		} else {
			print_signame(c, (int)sig);
		}
		if (!(flags & (CLONE_PARENT_SETTID | CLONE_PIDFD | CLONE_CHILD_SETTID |
			       CLONE_CHILD_CLEARTID | CLONE_SETTLS)))
			return RVAL_DECODED;
		return 0;
	}
	if (flags & (CLONE_PARENT_SETTID | CLONE_PIDFD)) {
		tprints(c, ", parent_tid=");
		print_int_ref(c, c->arg[2], !(flags & CLONE_PARENT_SETTID));
	}
	if (flags & CLONE_SETTLS) {
		tprints(c, ", tls=");
		printaddr(c, c->arg[4]);
	}
	if (flags & (CLONE_CHILD_SETTID | CLONE_CHILD_CLEARTID)) {
		tprints(c, ", child_tidptr=");
		printaddr(c, c->arg[3]);
	}
	return 0;
}

/* clone3 flags: clone_flags, then clone3_flags (the 64-bit ones), one list as strace prints it. */
static void print_clone3_flags(struct dctx *c, uint64_t flags)
{
	static struct xlat both[64];

	if (!both[0].str) {
		size_t n = 0;
		for (const struct xlat *x = xlat_clone_flags; x->str && n < 62; x++)
			both[n++] = *x;
		for (const struct xlat *x = xlat_clone3_flags; x->str && n < 63; x++)
			both[n++] = *x;
	}
	printflags(c, both, flags, "CLONE_???");
}

/* struct clone_args as of Linux 5.7 (with cgroup). */
struct clone_args_v2 {
	uint64_t flags, pidfd, child_tid, parent_tid, exit_signal, stack, stack_size, tls;
	uint64_t set_tid, set_tid_size, cgroup;
};

SYS_FUNC(clone3)
{
	const size_t minsz = offsetof(struct clone_args_v2, tls) + 8;
	uint64_t addr = c->arg[0], size = c->arg[1];
	struct clone_args_v2 a;
	size_t fetch = size < sizeof(a) ? (size_t)size : sizeof(a);

	memset(&a, 0, sizeof(a));
	if (entering(c)) {
		if (fetch < minsz) {
			printaddr(c, addr);
			goto out;
		}
		if (umoven_or_printaddr(c, addr, fetch, &a))
			goto out;
		tprints(c, "{flags=");
		print_clone3_flags(c, a.flags);
		if (a.flags & CLONE_PIDFD) {
			tprints(c, ", pidfd=");
			printaddr(c, a.pidfd);
		}
		if (a.flags & (CLONE_CHILD_SETTID | CLONE_CHILD_CLEARTID)) {
			tprints(c, ", child_tid=");
			printaddr(c, a.child_tid);
		}
		if (a.flags & CLONE_PARENT_SETTID) {
			tprints(c, ", parent_tid=");
			printaddr(c, a.parent_tid);
		}
		tprints(c, ", exit_signal=");
		if (a.exit_signal < INT_MAX)
			print_signame(c, (int)a.exit_signal);
		else
			tprintf(c, "%" PRIu64, a.exit_signal);
		tprints(c, ", stack=");
		printaddr(c, a.stack);
		tprintf(c, ", stack_size=%#" PRIx64, a.stack_size);
		if (a.flags & CLONE_SETTLS) {
			tprints(c, ", tls=");
			printaddr(c, a.tls);
		}
		if (a.set_tid || a.set_tid_size) {
			tprints(c, ", set_tid=");
			if (!a.set_tid || !a.set_tid_size || a.set_tid_size > 32) {
				printaddr(c, a.set_tid);
			} else {
				int tids[32];
				if (umoven(c, a.set_tid, a.set_tid_size * sizeof(int), tids) < 0) {
					printaddr(c, a.set_tid);
				} else {
					tprints(c, "[");
					for (uint64_t i = 0; i < a.set_tid_size; i++)
						tprintf(c, "%s%d", i ? ", " : "", tids[i]);
					tprints(c, "]");
				}
			}
			tprintf(c, ", set_tid_size=%" PRIu64, a.set_tid_size);
		}
		if (fetch > offsetof(struct clone_args_v2, cgroup) &&
		    (a.cgroup || a.flags & CLONE_INTO_CGROUP))
			tprintf(c, ", cgroup=%" PRIu64, a.cgroup);
		if (size > fetch)
			print_nonzero_tail(c, ", ", addr, fetch, size < 4096 ? size : 4096);
		tprints(c, "}");
		if ((a.flags & (CLONE_PIDFD | CLONE_PARENT_SETTID)) || size > fetch)
			return 0;
		goto out;
	}
	if (syserror(c))
		goto out;
	if (umoven(c, addr, fetch, &a) < 0) {
		tprints(c, " => ");
		printaddr(c, addr);
		goto out;
	}
	const char *prefix = " => {";
	if (a.flags & CLONE_PIDFD) {
		tprints(c, prefix);
		prefix = ", ";
		tprints(c, "pidfd=");
		print_int_ref(c, a.pidfd, true);
	}
	if (a.flags & CLONE_PARENT_SETTID) {
		tprints(c, prefix);
		prefix = ", ";
		tprints(c, "parent_tid=");
		print_int_ref(c, a.parent_tid, false);
	}
	if (size > fetch &&
	    print_nonzero_tail(c, prefix, addr, fetch, size < 4096 ? size : 4096))
		prefix = ", ";
	if (prefix[0] == ',')
		tprints(c, "}");
out:
	tprintf(c, ", %" PRIu64, size);
	return RVAL_DECODED;
}

SYS_FUNC(wait4)
{
	if (entering(c)) {
		printpid_tgid_pgid(c, (int)c->arg[0]);
		tprint_arg_next(c);
		return 0;
	}
	int status;
	if (c->rval == 0)
		printaddr(c, c->arg[1]);
	else if (!umove_or_printaddr(c, c->arg[1], &status))
		print_wait_status(c, status);
	tprint_arg_next(c);
	printflags(c, xlat_wait4_options, (unsigned int)c->arg[2], "W???");
	tprint_arg_next(c);
	if (c->rval > 0)
		print_struct_rusage(c, c->arg[3]);
	else
		printaddr(c, c->arg[3]);
	return 0;
}

SYS_FUNC(waitid)
{
	if (entering(c)) {
		unsigned int idtype = (unsigned int)c->arg[0];
		printxval(c, xlat_waitid_types, idtype, "P_???");
		tprint_arg_next(c);
		if (idtype == 3) /* P_PIDFD */
			printfd(c, (int)c->arg[1]);
		else if (idtype == 1) /* P_PID */
			printpid(c, (int)c->arg[1], PT_TGID);
		else if (idtype == 2) /* P_PGID */
			printpid(c, (int)c->arg[1], PT_PGID);
		else
			tprintf(c, "%d", (int)c->arg[1]);
		tprint_arg_next(c);
		return 0;
	}
	print_siginfo_at(c, c->arg[2]);
	tprint_arg_next(c);
	printflags(c, xlat_wait4_options, (unsigned int)c->arg[3], "W???");
	tprint_arg_next(c);
	print_struct_rusage(c, c->arg[4]);
	return 0;
}
