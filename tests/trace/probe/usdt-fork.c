// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * A forked child inherits the int3s in its copy of the text (and the raised semaphore).  It
 * must survive its hits: without -f (here with the seccomp prefilter off, the case where
 * children would not be traced at all) its hits are stepped over silently; with -f
 * (usdt-fork-f) they are reported with its pid.
 */
// untraced: its child checks that the semaphore it inherits is raised, as only a tracer does
#include <sys/wait.h>

#include "tests.h"
#include "../../../sdt/sdt.h"

SDT_DEFINE_SEMAPHORE(test, guarded);

#ifndef FOLLOW
#define FOLLOW 0
#endif

static void line(pid_t pid, const char *text)
{
	if (FOLLOW)
		printf("%-5d %s\n", pid, text);
	else
		printf("%s\n", text);
}

int main(void)
{
	pid_t parent = getpid();

	setvbuf(stdout, NULL, _IOLBF, 0);
	DTRACE_PROBE1(test, where, 1);
	line(parent, "--- usdt:test:where(1) ---");
	pid_t pid = test_fork();
	if (pid == 0) {
		for (int i = 0; i < 3; i++)
			DTRACE_PROBE1(test, where, 2);
		if (!SDT_PROBE_ENABLED(test, guarded))
			_exit(3); /* the child's copy of the semaphore is raised too */
		SDT_SEM_PROBE1(test, guarded, 5);
		_exit(0);
	}
	int status;
	if (waitpid(pid, &status, 0) != pid)
		FAIL("waitpid: %m");
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		FAIL("the child did not survive its probe hits: status %#x", status);
	if (FOLLOW) {
		for (int i = 0; i < 3; i++)
			line(pid, "--- usdt:test:where(2) ---");
		line(pid, "--- usdt:test:guarded(5) ---");
		line(pid, "+++ exited with 0 +++");
	}
	DTRACE_PROBE1(test, where, 3);
	line(parent, "--- usdt:test:where(3) ---");
	line(parent, "+++ exited with 0 +++");
	return 0;
}
