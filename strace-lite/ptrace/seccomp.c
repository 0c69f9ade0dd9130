// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The seccomp-bpf prefilter.  When -e trace= selects a subset, the tracee runs with a filter
 * that returns SECCOMP_RET_TRACE for the selected syscalls and SECCOMP_RET_ALLOW for the rest,
 * and the engine resumes it with PTRACE_CONT, so an unselected syscall costs no ptrace stop at
 * all: that is where strace's factor-of-hundreds overhead goes.
 *
 * execve and execveat are always selected: the engine must see the program's first exec to
 * start printing (and with -k the %memory calls, which invalidate the unwinder's caches).  Syscalls of other ABIs (i386, x32) always stop, as the table does not
 * describe them.  The program is a list of "jeq NR; ret TRACE" pairs (or the complement, with
 * ALLOW, when that is shorter), well inside BPF_MAXINSNS for every possible selection.
 */
#include <errno.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "common/log.h"
#include "strace-lite/probe/probe.h"
#include "strace-lite/sttrace.h"

static bool selected(unsigned int nr)
{
	/* With -k, calls that change the mappings stop too, to keep the unwinder's cache true;
	 * with --decode-pids=comm, prctl, which renames (PR_SET_NAME). */
	return opts.trace_all || numset_has(&opts.trace, nr) || !sysent_get(nr) ||
	       nr == __NR_execve ||
	       nr == __NR_execveat ||
	       (nr == __NR_prctl && tcb_track_comm()) ||
	       (opts.stack && nr < nsyscalls && (sysent_table[nr].classes & TRACE_MEMORY));
}

int seccomp_install(void)
{
	unsigned int n = nsyscalls < MAX_SCNO ? nsyscalls : MAX_SCNO, nsel = 0;

	for (unsigned int i = 0; i < n; i++)
		nsel += selected(i);
	/* List whichever of the two sets is shorter; the default covers the rest and any
	 * number beyond the table (those stop, so nothing goes unseen). */
	bool list_selected = nsel <= n - nsel;
	unsigned int nlist = list_selected ? nsel : n - nsel;
	size_t max = 9 + 2 * (size_t)nlist; /* 6 before the list, 3 after */
	struct sock_filter *f = calloc(max, sizeof(*f)), *p = f;
	if (!f)
		return -ENOMEM;

	*p++ = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
					    offsetof(struct seccomp_data, arch));
	*p++ = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_X86_64, 1, 0);
	*p++ = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_TRACE);
	*p++ = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
					    offsetof(struct seccomp_data, nr));
	/* x32 numbers have bit 30 set. */
	*p++ = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 0x40000000, 0, 1);
	*p++ = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_TRACE);
	for (unsigned int i = 0; i < n; i++) {
		if (selected(i) != list_selected)
			continue;
		*p++ = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, i, 0, 1);
		*p++ = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, list_selected ?
						    SECCOMP_RET_TRACE : SECCOMP_RET_ALLOW);
	}
	/* Numbers beyond the table are unknown to us: traced whatever -e trace= says. */
	*p++ = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, n, 0, 1);
	*p++ = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_TRACE);
	*p++ = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, list_selected ? SECCOMP_RET_ALLOW :
						     SECCOMP_RET_TRACE);

	struct sock_fprog prog = { .len = (unsigned short)(p - f), .filter = f };
	int rc = 0;
	/*
	 * no_new_privs is only needed without CAP_SYS_ADMIN, and it changes the program: a
	 * set-user-ID program it runs gains nothing, prctl(PR_GET_NO_NEW_PRIVS) says 1.  So it
	 * is set only when the kernel refuses the filter without it (strace sets it always).
	 */
	if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog) < 0 &&
	    (errno != EACCES || prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0 ||
	     prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog) < 0))
		rc = -errno;
	free(f);
	return rc;
}

/* Every syscall is selected: a prefilter would leave nothing out. */
static bool trace_selects_all(void)
{
	if (opts.trace_all)
		return true;
	for (unsigned int n = 0; n < nsyscalls && n < MAX_SCNO; n++)
		if (!numset_has(&opts.trace, n) && sysent_get(n))
			return false;
	return true;
}

/*
 * The seccomp prefilter, strace's rule: only where every child is followed anyway, that is with
 * -f (or with probes, whose breakpoints children inherit).  The filter is inherited by every
 * child: one we did not follow could not call PTRACE_TRACEME (EPERM, we would be its tracer
 * already), nor, left alone, make a selected syscall (ENOSYS without a tracer).  SECCOMP is what
 * the user asked: -1 nothing (the default: on where it pays), 0 or 1.
 *
 * The filter outlives the tracer: if the tracer dies (kill -9), every selected call of the
 * program fails with ENOSYS from then on (execve among them: always selected).  So the program
 * dies with the tracer wherever a filter is in (PTRACE_O_EXITKILL, engine.c: strace 6.6's rule
 * for --seccomp-bpf, here for the default filter too), and the default leaves the filter out
 * when probes are traced: their breakpoints have a guard to make the program outlive the tracer
 * (uprobe/guard.h), which a filter would defeat.  A tracer that ends by its own choice (SIGINT,
 * SIGTERM) still lets the program go as strace does without --seccomp-bpf (seccomp_exitkill:
 * only when asked).
 */
void seccomp_decide(int seccomp, bool attach_only)
{
	bool follows = opts.followfork || probe_enabled();

	/* strace's warnings of the options are said by the front end (seccomp_warnings). */
	if (!follows)
		seccomp = 0;
	if (seccomp > 0 && trace_selects_all()) {
		log_warn("Seccomp filter is requested but there are no syscalls to filter.  "
			 "See -e trace to filter syscalls.");
		seccomp = 0;
	}
	if (seccomp < 0 && probe_enabled())
		seccomp = 0;
	opts.seccomp = seccomp != 0 && follows && !attach_only && !trace_selects_all();
	opts.seccomp_exitkill = opts.seccomp && seccomp > 0;
}
