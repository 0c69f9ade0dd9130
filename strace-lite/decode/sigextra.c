// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Signal syscalls beyond signal.c's: sigaltstack's stack_t, rt_sigtimedwait (the signal it
 * took named after the return value) and the pidfd pair, pidfd_open and pidfd_send_signal.
 */
#include <inttypes.h>
#include <signal.h>
#include <time.h>

#include "strace-lite/decode/decode.h"
#include "strace-lite/decode/siginfo.h"
#include "strace-lite/decode/struct-printers.h"
#include "gen/xlat.h"

/* in:stack_t / out:stack_t in the table (sigaltstack's new and old stacks). */
void print_struct_stack_t(struct dctx *c, uint64_t addr)
{
	stack_t ss;

	if (umove_or_printaddr(c, addr, &ss))
		return;
	tprints(c, "{ss_sp=");
	printaddr(c, (uint64_t)(uintptr_t)ss.ss_sp);
	tprints(c, ", ss_flags=");
	printflags(c, xlat_sigaltstack_flags, (unsigned int)ss.ss_flags, "SS_???");
	tprintf(c, ", ss_size=%" PRIu64 "}", (uint64_t)ss.ss_size);
}

/* The timeout, read even at exit of a failed call (the kernel only reads it). */
static void print_timeout(struct dctx *c, uint64_t addr)
{
	struct timespec t;

	if (!umoven_or_printaddr_ignore_syserror(c, addr, sizeof(t), &t))
		tprintf(c, "{tv_sec=%lld, tv_nsec=%lld}", (long long)t.tv_sec, (long long)t.tv_nsec);
}

SYS_FUNC(rt_sigtimedwait)
{
	if (entering(c)) {
		print_sigset_addr_len(c, c->arg[0], c->arg[3]);
		tprints(c, ", ");
		if (!c->arg[1]) {
			/* No info to wait for: everything prints now. */
			tprints(c, "NULL, ");
			print_struct_timespec(c, c->arg[2]);
			tprintf(c, ", %" PRIu64, c->arg[3]);
		}
		return 0;
	}
	if (c->arg[1]) {
		print_siginfo_at(c, c->arg[1]);
		tprints(c, ", ");
		/* The timeout is const for the kernel: reading it now shows what it was given. */
		print_timeout(c, c->arg[2]);
		tprintf(c, ", %" PRIu64, c->arg[3]);
	}
	if (!syserror(c) && c->rval) {
		c->auxstr = signame((int)c->rval);
		return RVAL_STR;
	}
	return 0;
}

SYS_FUNC(pidfd_open)
{
	printpid(c, (int)c->arg[0], PT_TGID);
	tprint_arg_next(c);
	printflags(c, xlat_pidfd_open_flags, (unsigned int)c->arg[1], "PIDFD_???");
	return RVAL_DECODED | RVAL_KIND(RK_FD);
}

SYS_FUNC(pidfd_send_signal)
{
	printfd(c, (int)c->arg[0]);
	tprints(c, ", ");
	print_signame(c, (int)c->arg[1]);
	tprints(c, ", ");
	print_siginfo_at(c, c->arg[2]);
	tprints(c, ", ");
	/* strace 7.2: by name (6.1: in hex) */
	printflags(c, xlat_pidfd_send_signal_flags, (unsigned int)c->arg[3], "PIDFD_SIGNAL_???");
	return RVAL_DECODED;
}

/* in:siginfo / out:siginfo in the table. */
void print_struct_siginfo(struct dctx *c, uint64_t addr)
{
	print_siginfo_at(c, addr);
}
