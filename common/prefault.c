// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * proc_release_prefault (spawn.h): a program held on a pipe is let go through its exec under
 * PTRACE_SEIZE with PTRACE_O_TRACEEXEC (no signal is made of the exec), and at the exec stop
 * its read-only file mappings are read through process_vm_readv, which faults them into its
 * page tables, as lttrace --bpf does at its entry stop.  Then PTRACE_DETACH: the program runs
 * on as if nothing had happened (a set-ID program is not seized: under ptrace its exec would
 * not raise its privileges; nor one with a seccomp listener the tracer answers, -e inject=
 * under --bpf: its exec may wait for an answer while the tracer waits for the exec).  The
 * wait only looks (WNOWAIT) before it takes a stop: an exit before the exec stays for the
 * tracer's own reaping.
 */
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/ptrace.h>
#include <sys/uio.h>
#include <sys/wait.h>

#include "common/maps.h"
#include "common/spawn.h"

#define PREFAULT_MAX (64u << 20) /* bytes read at most */

/* Read every read-only file mapping of PID (up to PREFAULT_MAX bytes). */
static void prefault(pid_t pid)
{
	static char buf[1 << 16];
	struct mapping *m = NULL;
	int n = maps_read(pid, MAPS_FILES, &m);
	uint64_t total = 0;

	for (int i = 0; i < n; i++) {
		if (m[i].perms[0] != 'r' || m[i].perms[1] == 'w')
			continue;
		for (uint64_t a = m[i].start; a < m[i].end && total < PREFAULT_MAX;
		     a += sizeof(buf), total += sizeof(buf)) {
			size_t len = m[i].end - a < sizeof(buf) ? m[i].end - a : sizeof(buf);
			struct iovec l = { buf, len }, r = { (void *)(uintptr_t)a, len };
			if (process_vm_readv(pid, &l, 1, &r, 1, 0) < 0)
				break;
		}
	}
	free(m);
}

int proc_release_prefault(struct proc_child *child, bool go)
{
	pid_t pid = child->pid;

	if (!go || child->noseize || child->hold_fd < 0 ||
	    ptrace(PTRACE_SEIZE, pid, 0L, (long)PTRACE_O_TRACEEXEC) < 0)
		return proc_release(child, go);
	int rc = proc_release(child, true);
	for (;;) {
		siginfo_t si = { 0 };
		int st;

		if (rc < 0 ||
		    waitid(P_PID, (id_t)pid, &si, WEXITED | WSTOPPED | WNOWAIT | __WALL) < 0) {
			if (errno != EINTR || rc < 0)
				break;
			continue;
		}
		if (si.si_code != CLD_TRAPPED && si.si_code != CLD_STOPPED)
			return rc; /* gone before its exec: the tracer reaps it */
		if (waitpid(pid, &st, __WALL) != pid)
			break;
		if (WIFSTOPPED(st) && st >> 8 == (SIGTRAP | (PTRACE_EVENT_EXEC << 8))) {
			prefault(pid);
			ptrace(PTRACE_DETACH, pid, 0L, 0L);
			return rc;
		}
		/* Another stop (a signal before the exec): let it go with its signal. */
		ptrace(PTRACE_DETACH, pid, 0L,
		       (long)(WIFSTOPPED(st) && !(st >> 16) ? WSTOPSIG(st) : 0));
		return rc;
	}
	ptrace(PTRACE_DETACH, pid, 0L, 0L);
	return rc;
}
