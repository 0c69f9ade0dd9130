// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * lttrace --bpf: the spawned program held at its entry point while the probes go on.
 *
 * PTRACE_TRACEME stops it at its exec; a one-shot int3 at its entry point (AT_ENTRY, or main
 * for a static program, whose libc starts up from _start) runs it to where every needed object
 * is mapped and none of its own code has run.  lt-bpf.c attaches there, then detaches ptrace.
 */
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ltrace-lite/lt-bpf.h"
#include "common/maps.h"
#include "common/proc.h"
#include "common/log.h"
#include "common/spawn.h"

/* main of a static program: its libc starts up (IRELATIVE, tunables) before, from _start. */
static uint64_t static_main(pid_t pid)
{
	struct mapping *m = NULL;
	char exe[PATH_MAX] = "";
	uint64_t addr = 0;
	int err = 0, n = maps_read(pid, MAPS_FILES, &m);

	proc_exe(pid, exe, sizeof(exe));
	struct uprobe_elf *e = uprobe_elf_get(exe, &err);
	const struct uprobe_sym *sym = e && e->is_static ? uprobe_elf_find(e, "main") : NULL;
	for (int i = 0; sym && i < n; i++)
		if (!strcmp(m[i].path, exe)) {
			addr = m[i].start - m[i].off - (e->load_vaddr - e->load_off) + sym->vaddr;
			break;
		}
	free(m);
	return addr;
}

/* Run the stopped PID to ADDR with a one-shot int3 there. */
static int run_to(pid_t pid, uint64_t addr, int *child_status)
{
	struct user_regs_struct regs;
	int status, sig = 0;

	errno = 0;
	long word = ptrace(PTRACE_PEEKTEXT, pid, (void *)addr, 0L);
	if (errno)
		return -errno;
	if (ptrace(PTRACE_POKETEXT, pid, (void *)addr, (void *)((word & ~0xffL) | 0xcc)) < 0)
		return -errno;
	for (;;) {
		if (ptrace(PTRACE_CONT, pid, 0L, (long)sig) < 0)
			return -errno;
		if (waitpid(pid, &status, 0) < 0 && errno != EINTR)
			return -errno;
		if (WIFEXITED(status) || WIFSIGNALED(status)) {
			*child_status = status;
			return -ESRCH;
		}
		if (!WIFSTOPPED(status))
			continue;
		sig = WSTOPSIG(status) == SIGTRAP ? 0 : WSTOPSIG(status);
		if (!sig && ptrace(PTRACE_GETREGS, pid, 0L, &regs) == 0 && regs.rip - 1 == addr)
			break;
	}
	regs.rip = addr;
	if (ptrace(PTRACE_POKETEXT, pid, (void *)addr, (void *)word) < 0 ||
	    ptrace(PTRACE_SETREGS, pid, 0L, &regs) < 0)
		return -errno;
	return 0;
}

static void exec_failed(const char *path, int err, void *arg)
{
	log_error("%s: %s", path, strerror(-err));
}

int lb_spawn_held(char **argv, pid_t *child, int *child_status, void (*at_exec)(pid_t))
{
	char path[PATH_MAX];
	struct proc_spawn sp = { .hold = PROC_HOLD_TRACEME, .exec_failed = exec_failed };
	struct proc_child c;
	int rc = proc_find_program(argv[0], path, sizeof(path));

	if (rc < 0) {
		log_error("%s: %s", argv[0], strerror(-rc));
		return rc;
	}
	rc = proc_spawn(path, argv, &sp, &c);
	if (c.pid < 0) {
		log_error("fork: %s", strerror(-rc));
		return rc;
	}
	*child = c.pid;
	if (rc < 0) {
		*child_status = c.status;
		return rc; /* the exec failed: said by the child */
	}
	ptrace(PTRACE_SETOPTIONS, c.pid, 0L, (void *)(long)PTRACE_O_EXITKILL);
	if (at_exec)
		at_exec(c.pid);
	uint64_t entry = static_main(c.pid);
	if (!entry)
		entry = proc_entry_point(c.pid);
	if (!entry || (rc = run_to(c.pid, entry, child_status)) < 0) {
		if (rc != -ESRCH)
			log_error("%s: cannot run to its entry point: %s", path, strerror(-rc));
		return rc ? rc : -ENOEXEC;
	}
	return 0;
}
