// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Signal syscalls: rt_sigaction, rt_sigprocmask, rt_sigreturn, kill and friends, and the signal
 * number and mask printers they share.
 *
 * strace shows a mask with two thirds or more of its bits set as the complement ("~[RTMIN]"),
 * which is how a "block everything" mask stays readable; the kernel's sigset is 8 bytes on
 * x86_64 and a size argument of anything else prints the address only.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "strace-lite/decode/decode.h"
#include "strace-lite/decode/siginfo.h"

#define NSIG_BYTES 8

void print_sigmask(struct dctx *c, const void *mask, unsigned int bytes)
{
	uint32_t w[NSIG_BYTES / 4] = { 0 };
	unsigned int nwords = ((bytes < NSIG_BYTES ? bytes : NSIG_BYTES) + 3) / 4;
	unsigned int set = 0;
	char sep = '[';

	memcpy(w, mask, bytes < NSIG_BYTES ? bytes : NSIG_BYTES);
	for (unsigned int i = 0; i < nwords; i++)
		set += (unsigned int)__builtin_popcount(w[i]);
	if (set >= nwords * 32 * 2 / 3) {
		for (unsigned int i = 0; i < nwords; i++)
			w[i] = ~w[i];
		tprints(c, "~");
	}
	for (unsigned int bit = 0; bit < nwords * 32; bit++) {
		if (!(w[bit / 32] & (1u << (bit % 32))))
			continue;
		int sig = (int)bit + 1;
		tprintf(c, "%c", sep);
		sep = ' ';
		if (print_opts_get()->xstyle != XSTYLE_ABBREV)
			tprintf(c, "%d", sig);
		if (print_opts_get()->xstyle == XSTYLE_VERBOSE)
			tprints(c, " /* ");
		if (print_opts_get()->xstyle != XSTYLE_RAW) {
			const char *name = signame(sig);
			if (name && sig <= 32)
				tprints(c, name + 3);
			else if (name)
				tprintf(c, "RT_%d", sig - 32);
			else if (print_opts_get()->xstyle != XSTYLE_ABBREV)
				tprintf(c, "%d", sig);
		}
		if (print_opts_get()->xstyle == XSTYLE_VERBOSE)
			tprints(c, " */");
	}
	if (sep == '[')
		tprints(c, "[");
	tprints(c, "]");
}

static void print_sigset_limit(struct dctx *c, uint64_t addr, uint64_t len, uint64_t min_len)
{
	uint8_t mask[NSIG_BYTES] = { 0 };

	if (len < min_len || len > NSIG_BYTES) {
		printaddr(c, addr);
		return;
	}
	if (umoven_or_printaddr(c, addr, (size_t)len, mask))
		return;
	print_sigmask(c, mask, (unsigned int)len);
}

void print_sigset_addr_len(struct dctx *c, uint64_t addr, uint64_t len)
{
	print_sigset_limit(c, addr, len, sizeof(long));
}

void print_sigmask_pair(struct dctx *c, uint64_t addr)
{
	struct {
		uint64_t sigmask;
		uint64_t sigsetsize;
	} sas;

	if (!umove_or_printaddr(c, addr, &sas)) {
		tprints(c, "{sigmask=");
		print_sigset_addr_len(c, sas.sigmask, sas.sigsetsize);
		tprintf(c, ", sigsetsize=%" PRIu64 "}", sas.sigsetsize);
	}
}

/* The kernel's struct sigaction; strace reads it with a 64-byte mask, so do we (same reads). */
struct k_sigaction {
	uint64_t handler;
	uint64_t flags;
	uint64_t restorer;
	uint64_t mask[8];
};

static void print_sa_handler(struct dctx *c, uint64_t h)
{
	const char *str = xlat_lookup(xlat_sa_handler_values, h);

	if (str)
		print_xlat_named(c->sb, h, str);
	else
		printaddr(c, h);
}

static void print_k_sigaction(struct dctx *c, uint64_t addr)
{
	struct k_sigaction sa;

	if (umove_or_printaddr(c, addr, &sa))
		return;
	tprints(c, "{sa_handler=");
	print_sa_handler(c, sa.handler);
	tprints(c, ", sa_mask=");
	print_sigmask(c, sa.mask, NSIG_BYTES);
	tprints(c, ", sa_flags=");
	printflags(c, xlat_sigact_flags, sa.flags, "SA_???");
	if (sa.flags & 0x04000000) { /* SA_RESTORER */
		tprints(c, ", sa_restorer=");
		printaddr(c, sa.restorer);
	}
	tprints(c, "}");
}

SYS_FUNC(rt_sigaction)
{
	if (entering(c)) {
		print_signame(c, (int)c->arg[0]);
		tprint_arg_next(c);
		print_k_sigaction(c, c->arg[1]);
		tprint_arg_next(c);
		return 0;
	}
	print_k_sigaction(c, c->arg[2]);
	tprintf(c, ", %" PRIu64, c->arg[3]);
	return 0;
}

SYS_FUNC(rt_sigprocmask)
{
	if (entering(c)) {
		printxval(c, xlat_sigprocmaskcmds, c->arg[0], "SIG_???");
		tprint_arg_next(c);
		print_sigset_addr_len(c, c->arg[1], c->arg[3]);
		tprint_arg_next(c);
		return 0;
	}
	print_sigset_addr_len(c, c->arg[2], c->arg[3]);
	tprintf(c, ", %" PRIu64, c->arg[3]);
	return 0;
}

SYS_FUNC(rt_sigpending)
{
	if (entering(c))
		return 0;
	/* sigpending() reuses this with a shorter size: anything from 1 byte is valid. */
	print_sigset_limit(c, c->arg[0], c->arg[1], 1);
	tprintf(c, ", %" PRIu64, c->arg[1]);
	return 0;
}

SYS_FUNC(rt_sigsuspend)
{
	print_sigset_addr_len(c, c->arg[0], c->arg[1]);
	tprintf(c, ", %" PRIu64, c->arg[1]);
	return RVAL_DECODED;
}

/*
 * rt_sigreturn has no arguments; strace shows the mask it restores, read from the signal frame:
 * at entry the stack pointer is just past the frame's return address, and the frame's ucontext
 * follows it.
 */
/* offsetof(struct rt_sigframe, uc) + offsetof(ucontext_t, uc_sigmask) on x86_64 */
#define SIGFRAME_MASK_OFFSET (8 + 296)

SYS_FUNC(rt_sigreturn)
{
	uint64_t sp = c->sp;

	if (sp) {
		tprints(c, "{mask=");
		print_sigset_limit(c, sp - 8 + SIGFRAME_MASK_OFFSET, NSIG_BYTES, NSIG_BYTES);
		tprints(c, "}");
	}
	return RVAL_DECODED;
}

SYS_FUNC(kill)
{
	printpid_tgid_pgid(c, (int)c->arg[0]);
	tprint_arg_next(c);
	print_signame(c, (int)c->arg[1]);
	return RVAL_DECODED;
}

SYS_FUNC(tkill)
{
	printpid(c, (int)c->arg[0], PT_TID);
	tprint_arg_next(c);
	print_signame(c, (int)c->arg[1]);
	return RVAL_DECODED;
}

/* tgkill's and rt_tgsigqueueinfo's process and thread. */
static void print_tgid_tid(struct dctx *c)
{
	printpid(c, (int)c->arg[0], PT_TGID);
	tprint_arg_next(c);
	printpid(c, (int)c->arg[1], PT_TID);
	tprint_arg_next(c);
}

SYS_FUNC(tgkill)
{
	print_tgid_tid(c);
	print_signame(c, (int)c->arg[2]);
	return RVAL_DECODED;
}

SYS_FUNC(rt_sigqueueinfo)
{
	printpid(c, (int)c->arg[0], PT_TGID);
	tprint_arg_next(c);
	print_signame(c, (int)c->arg[1]);
	tprint_arg_next(c);
	print_siginfo_at(c, c->arg[2]);
	return RVAL_DECODED;
}

SYS_FUNC(rt_tgsigqueueinfo)
{
	print_tgid_tid(c);
	print_signame(c, (int)c->arg[2]);
	tprint_arg_next(c);
	print_siginfo_at(c, c->arg[3]);
	return RVAL_DECODED;
}

/* restart_syscall(): the kernel resumes the call a signal interrupted; strace names it. */
SYS_FUNC(restart_syscall)
{
	tprintf(c, "<... resuming interrupted %s ...>", c->prev_name ? c->prev_name : "system call");
	return RVAL_DECODED;
}
