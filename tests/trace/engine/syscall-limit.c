// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * --syscall-limit=2 with -e status=failed: the calls shown count, those the status filter
 * hides do not; at the limit sttrace lets the program go (no "+++ exited" line) and it runs
 * on.  The lines are printed first: the program outlives its tracer.
 */
// strace-7.2: --syscall-limit is new in strace 6.3
#include "tests.h"

int main(void)
{
	printf("chdir(\"/nonexistent-1\") = -1 ENOENT (No such file or directory)\n");
	printf("chdir(\"/nonexistent-2\") = -1 ENOENT (No such file or directory)\n");
	fflush(stdout);
	if (syscall(__NR_chdir, "/") || syscall(__NR_chdir, "/nonexistent-1") != -1 ||
	    syscall(__NR_chdir, ".") || syscall(__NR_chdir, "/nonexistent-2") != -1 ||
	    syscall(__NR_chdir, "/nonexistent-3") != -1)
		FAIL("chdir: unexpected result");
	/* Let go, its calls are its own again: none fails for want of a tracer. */
	if (syscall(__NR_chdir, "/"))
		FAIL("chdir(\"/\") after the limit: %s", strerror(errno));
	return 0;
}
