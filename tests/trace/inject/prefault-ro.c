// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * A path in a read-only page of the program that nothing has touched, given to a call that
 * fails before the kernel reads it (openat2 with a size smaller than struct open_how's first
 * version): the kernel never faults the page in, so a BPF program cannot read it at entry nor
 * at exit, and the program is gone by the time its trace is printed.  sttrace --bpf reads such
 * a page from its file (EV_ROMAP, bpf/romap.bpf.h); the line must be the same as over ptrace.
 * (A static program: fault-in-ro has the same with a PIE.)
 * Run with -a0 -e trace=openat2.
 */
#include <fcntl.h>

#include "fdtest.h"

/* The path in the middle of a big constant array nothing else reads, far enough from other
 * data and code that no fault-around maps its page early. */
#define PAD (256 * 1024)
static const char far[3 * PAD] __attribute__((aligned(4096))) = {
	[PAD] = '/', 'd', 'e', 'v', '/', 'n', 'u', 'l', 'l', '\0',
};

int main(void)
{
	static char how[24];
	long rc = syscall(__NR_openat2, AT_FDCWD, far + PAD, how, 0);

	out("openat2(%s, \"/dev/null\", %p, 0) = %s\n", FDCWD, (void *)how, sprintrc(rc));
	out("+++ exited with 0 +++\n");
	return 0;
}
