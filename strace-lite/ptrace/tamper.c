// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * -e inject= under ptrace, as strace tampers: at the entry stop of a call its rule hits, the
 * bytes of poke_enter= are written where the arguments point (before the entry is printed, so
 * the line shows them), the thread is held for delay_enter=, and a call that is to fail or
 * return a given value gets syscall number -1 (or syscall='s pure syscall: only then), which
 * the kernel skips (or runs harmlessly); at the exit stop the result is overwritten, poke_exit=
 * written and the thread held for delay_exit=.  A signal to inject is sent when the call
 * returns (engine.c).
 *
 * A delay holds only its thread, as strace's timer does: the thread is left stopped until
 * tcp->hold_until_ns, when the engine resumes it (engine.c), serving the others meanwhile.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/uio.h>
#include <sys/user.h>
#include <time.h>

#include "common/clock.h"
#include "common/proc.h"
#include "strace-lite/inject.h"
#include "strace-lite/sttrace.h"
#include "common/log.h"

static void hold(struct tcb *tcp, uint64_t ns)
{
	struct timespec now;

	tnow(CLOCK_MONOTONIC, &now);
	tcp->hold_until_ns = (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec + ns;
	if (!tcp->hold_until_ns)
		tcp->hold_until_ns = 1;
}

/* The pokes of R for this stop (entry or exit); true if any was written. */
/* The word at ADDR (aligned) with N bytes of DATA at offset OFF in it. */
static bool poke_part(int pid, uint64_t addr, const uint8_t *data, size_t n, size_t off)
{
	errno = 0;
	long w = ptrace(PTRACE_PEEKDATA, pid, (void *)(uintptr_t)addr, 0L);

	if (errno)
		return false;
	memcpy((char *)&w + off, data, n);
	return ptrace(PTRACE_POKEDATA, pid, (void *)(uintptr_t)addr, (void *)w) == 0;
}

static size_t poke_words(int pid, uint64_t addr, const uint8_t *data, size_t len)
{
	size_t done = 0, off = addr & (sizeof(long) - 1);

	if (len && off) {
		size_t n = sizeof(long) - off < len ? sizeof(long) - off : len;
		if (!poke_part(pid, addr - off, data, n, off))
			goto fail;
		done = n;
	}
	while (len - done >= sizeof(long)) {
		long w;
		memcpy(&w, data + done, sizeof(w));
		if (ptrace(PTRACE_POKEDATA, pid, (void *)(uintptr_t)(addr + done), (void *)w) < 0)
			goto fail;
		done += sizeof(long);
	}
	if (len > done) {
		if (!poke_part(pid, addr + done, data + done, len - done, 0))
			goto fail;
		done = len;
	}
	return done;
fail:
	if (done && (errno == EFAULT || errno == EIO || errno == EPERM))
		log_error("poke: pid:%d short write (%zu < %zu) @%#" PRIx64 ": %s", pid, done, len,
			  addr, strerror(errno));
	return done;
}

size_t inject_poke_write(int pid, uint64_t addr, const void *data, size_t len, bool ptraced)
{
	struct iovec local = { (void *)data, len };
	struct iovec remote = { (void *)(uintptr_t)addr, len };
	ssize_t n = process_vm_writev(pid, &local, 1, &remote, 1, 0);

	if (n == (ssize_t)len)
		return len;
	if (n >= 0) {
		log_error("poke: pid:%d short write (%zd < %zu) @%#" PRIx64, pid, n, len, addr);
		return (size_t)n;
	}
	if (ptraced && (errno == ENOSYS || errno == EPERM || errno == EFAULT || errno == EIO))
		return poke_words(pid, addr, data, len);
	return 0;
}

static bool poke(struct tcb *tcp, const struct inject_rule *r, bool at_enter)
{
	bool poked = false;

	for (unsigned int i = 0; i < r->npokes; i++) {
		const struct inject_poke *p = &r->pokes[i];
		if (p->at_enter != at_enter)
			continue;
		if (p->arg > tcp->dc.se->nargs) {
			log_error("poke_tcb: Failed to tamper with process %d: requested to tamper "
				  "with argument #%u, but system call '%s' has only %u arguments",
				  tcp->pid, p->arg, tcp->dc.se->name, tcp->dc.se->nargs);
			continue;
		}
		proc_vm_cache_drop();
		if (!inject_poke_write(tcp->pid, tcp->dc.arg[p->arg - 1], p->data, p->len, true))
			log_error("poke_tcb: Failed to tamper with process %d: couldn't poke",
				  tcp->pid);
		else
			poked = true;
	}
	return poked;
}

/* Give the call syscall number NR: -1 to skip it. */
static bool set_scno(struct tcb *tcp, long nr)
{
	struct user_regs_struct regs;

	if (ptrace(PTRACE_GETREGS, tcp->pid, 0L, &regs) < 0)
		return false;
	regs.orig_rax = (unsigned long long)nr;
	return ptrace(PTRACE_SETREGS, tcp->pid, 0L, &regs) == 0;
}

void tamper_enter(struct tcb *tcp)
{
	const struct inject_rule *r = inject_check(tcp, tcp->dc.scno);

	tcp->tamper = r;
	if (!r)
		return;
	tcp->inject_sig = r->signo;
	if (r->has_poke_enter && poke(tcp, r, true))
		tcp->flags |= TCB_POKED;
	if (r->has_delay_enter) {
		hold(tcp, r->delay_enter_ns);
		tcp->flags |= TCB_DELAYED;
	}
	/* syscall= names what runs in place of a call whose result is given, not otherwise. */
	if ((!r->has_error && !r->has_retval) || !set_scno(tcp, r->subst >= 0 ? r->subst : -1))
		return;
	tcp->inject_rval = r->has_error ? -(int64_t)r->error : r->retval;
	tcp->flags |= TCB_INJECTED | (r->has_error ? 0 : TCB_INJECTED_OK);
}

void tamper_exit(struct tcb *tcp, int64_t *rval, uint8_t *is_error)
{
	const struct inject_rule *r = tcp->tamper;
	struct user_regs_struct regs;

	if (!r)
		return;
	if ((tcp->flags & TCB_INJECTED) && ptrace(PTRACE_GETREGS, tcp->pid, 0L, &regs) == 0) {
		regs.rax = (unsigned long long)tcp->inject_rval;
		if (ptrace(PTRACE_SETREGS, tcp->pid, 0L, &regs) == 0) {
			*rval = tcp->inject_rval;
			*is_error = !(tcp->flags & TCB_INJECTED_OK) && tcp->inject_rval < 0 &&
				    tcp->inject_rval >= -4095;
		}
	}
	if (r->has_poke_exit && poke(tcp, r, false))
		tcp->flags |= TCB_POKED;
	if (r->has_delay_exit) {
		hold(tcp, r->delay_exit_ns);
		tcp->flags |= TCB_DELAYED;
	}
}
