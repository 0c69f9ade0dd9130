// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * siginfo_t and wait statuses, as strace prints them.
 *
 * Which siginfo fields mean anything depends on who sent the signal (si_code <= 0: a process,
 * with pid/uid and maybe a value) or, for kernel-sent signals, on the signal: SIGCHLD has the
 * child's status and times, the faults an address, SIGSYS the syscall.  Only those are shown.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "strace-lite/decode/decode.h"
#include "strace-lite/decode/util-print.h"
#include "strace-lite/decode/siginfo.h"

static const struct xlat *si_code_table(int signo)
{
	switch (signo) {
	case SIGTRAP: return xlat_sigtrap_codes;
	case SIGCHLD: return xlat_sigchld_codes;
	case SIGIO: return xlat_sigpoll_codes;
	case SIGPROF: return xlat_sigprof_codes;
	case SIGILL: return xlat_sigill_codes;
	case SIGFPE: return xlat_sigfpe_codes;
	case SIGSEGV: return xlat_sigsegv_codes;
	case SIGBUS: return xlat_sigbus_codes;
	case SIGSYS: return xlat_sigsys_codes;
	default: return NULL;
	}
}

static void print_si_code(struct dctx *c, int code, int signo)
{
	const char *str = xlat_lookup(xlat_siginfo_codes, (uint64_t)(int64_t)code);
	const struct xlat *x = si_code_table(signo);

	if (!str && x)
		str = xlat_lookup(x, (uint64_t)(int64_t)code);
	/* strace prints the raw si_code as unsigned hex. */
	print_xlat_named(c->sb, (unsigned int)code, str);
}

static void print_source(struct dctx *c, const siginfo_t *si)
{
	tprints(c, ", si_pid=");
	printpid(c, si->si_pid, PT_TGID);
	tprints(c, ", si_uid=");
	print_uid(c, si->si_uid);
}

static void print_value(struct dctx *c, const siginfo_t *si)
{
	tprintf(c, ", si_int=%d, si_ptr=", si->si_int);
	printaddr(c, (uint64_t)(uintptr_t)si->si_ptr);
}

static void print_errno_u(struct dctx *c, int err)
{
	const char *name = err > 0 ? strerrorname_np(err) : NULL;

	if (!name || print_opts_get()->xstyle != XSTYLE_ABBREV)
		tprintf(c, "%u", (unsigned int)err);
	if (!name || print_opts_get()->xstyle == XSTYLE_RAW)
		return;
	if (print_opts_get()->xstyle == XSTYLE_VERBOSE)
		print_comment(c->sb, name);
	else
		tprints(c, name);
}

static void print_si_info(struct dctx *c, const siginfo_t *si)
{
	if (si->si_errno) {
		tprints(c, ", si_errno=");
		print_errno_u(c, si->si_errno);
	}
	if (si->si_code <= 0) {
		switch (si->si_code) {
		case SI_USER:
		case SI_TKILL:
			print_source(c, si);
			break;
		case SI_TIMER:
			tprintf(c, ", si_timerid=%#x, si_overrun=%d", (unsigned)si->si_timerid,
				si->si_overrun);
			print_value(c, si);
			break;
		case SI_SIGIO:
			tprintf(c, ", si_band=%ld, si_fd=", si->si_band);
			printfd(c, si->si_fd);
			break;
		default:
			print_source(c, si);
			if (si->si_ptr)
				print_value(c, si);
			break;
		}
		return;
	}
	switch (si->si_signo) {
	case SIGCHLD:
		print_source(c, si);
		tprints(c, ", si_status=");
		if (si->si_code == CLD_EXITED)
			tprintf(c, "%d", si->si_status);
		else
			print_signame(c, si->si_status);
		tprints(c, ", si_utime=");
		print_clock_t(c, (uint64_t)si->si_utime);
		tprints(c, ", si_stime=");
		print_clock_t(c, (uint64_t)si->si_stime);
		break;
	case SIGILL:
	case SIGFPE:
	case SIGTRAP:
		tprints(c, ", si_addr=");
		printaddr(c, (uint64_t)(uintptr_t)si->si_addr);
		break;
	case SIGBUS:
		tprints(c, ", si_addr=");
		printaddr(c, (uint64_t)(uintptr_t)si->si_addr);
		if (si->si_code == BUS_MCEERR_AR || si->si_code == BUS_MCEERR_AO)
			tprintf(c, ", si_addr_lsb=%#x", (unsigned)(unsigned short)si->si_addr_lsb);
		break;
	case SIGSEGV:
		tprints(c, ", si_addr=");
		printaddr(c, (uint64_t)(uintptr_t)si->si_addr);
		if (si->si_code == SEGV_BNDERR) {
			tprints(c, ", si_lower=");
			printaddr(c, (uint64_t)(uintptr_t)si->si_lower);
			tprints(c, ", si_upper=");
			printaddr(c, (uint64_t)(uintptr_t)si->si_upper);
		} else if (si->si_code == SEGV_PKUERR) {
			tprintf(c, ", si_pkey=%u", (unsigned)si->si_pkey);
		}
		break;
	case SIGIO:
		if (si->si_code >= POLL_IN && si->si_code <= POLL_HUP) {
			tprintf(c, ", si_band=%ld, si_fd=", si->si_band);
			printfd(c, si->si_fd);
		}
		break;
	case SIGSYS: {
		const struct sysent *se = si->si_arch == 0xc000003e /* AUDIT_ARCH_X86_64 */
						  ? sysent_get(si->si_syscall) : NULL;
		tprints(c, ", si_call_addr=");
		printaddr(c, (uint64_t)(uintptr_t)si->si_call_addr);
		tprints(c, ", si_syscall=");
		if (!se || !se->name || print_opts_get()->xstyle != XSTYLE_ABBREV)
			tprintf(c, "%u", (unsigned)si->si_syscall);
		if (se && se->name && print_opts_get()->xstyle != XSTYLE_RAW) {
			char nm[64];
			snprintf(nm, sizeof(nm), "__NR_%s", se->name);
			if (print_opts_get()->xstyle == XSTYLE_VERBOSE)
				print_comment(c->sb, nm);
			else
				tprints(c, nm);
		}
		tprints(c, ", si_arch=");
		printxval(c, xlat_audit_arch, (unsigned)si->si_arch, "AUDIT_ARCH_???");
		break;
	}
	default:
		if (si->si_pid || si->si_uid)
			print_source(c, si);
		if (si->si_ptr)
			print_value(c, si);
		break;
	}
}

void print_siginfo(struct dctx *c, const siginfo_t *si)
{
	tprints(c, "{");
	if (si->si_signo) {
		tprints(c, "si_signo=");
		print_signame(c, si->si_signo);
		tprints(c, ", si_code=");
		print_si_code(c, si->si_code, si->si_signo);
		print_si_info(c, si);
	}
	tprints(c, "}");
}

void print_siginfo_at(struct dctx *c, uint64_t addr)
{
	siginfo_t si;

	if (!umove_or_printaddr(c, addr, &si))
		print_siginfo(c, &si);
}

static void print_signame_or_num(struct dctx *c, int sig)
{
	const char *s = signame(sig);

	if (s)
		tprints(c, s);
	else
		tprintf(c, "%d", sig);
}

void print_wait_status(struct dctx *c, int status)
{
	unsigned int st = (unsigned int)status;

	tprints(c, "[");
	if ((st & 0xff) == 0x7f) { /* stopped */
		int sig = (int)((st >> 8) & 0xff);
		tprints(c, "{WIFSTOPPED(s) && WSTOPSIG(s) == ");
		print_signame_or_num(c, sig & 0x7f);
		tprints(c, sig & 0x80 ? " | 0x80}" : "}");
		st &= ~((unsigned)sig << 8 | 0x7f);
	} else if ((st & 0x7f) && (st & 0x7f) != 0x7f) { /* signaled */
		int sig = (int)(st & 0x7f);
		tprints(c, "{WIFSIGNALED(s) && WTERMSIG(s) == ");
		print_signame_or_num(c, sig);
		tprints(c, st & 0x80 ? " && WCOREDUMP(s)}" : "}");
		st &= ~(unsigned)(sig | 0x80);
	} else if (!(st & 0x7f)) { /* exited */
		tprintf(c, "{WIFEXITED(s) && WEXITSTATUS(s) == %u}", (st >> 8) & 0xff);
		st &= ~(((st >> 8) & 0xff) << 8);
	} else if (st == 0xffff) { /* continued */
		tprints(c, "{WIFCONTINUED(s)}");
		st = 0;
	} else {
		tprintf(c, "%#x]", st);
		return;
	}
	if (st) {
		unsigned int event = st >> 16;
		if (event) {
			tprints(c, "|");
			printxval(c, xlat_ptrace_events, event, "PTRACE_EVENT_???");
			tprints(c, "<<16");
			st &= 0xffff;
		}
		if (st)
			tprintf(c, "|%#x", st);
	}
	tprints(c, "]");
}
