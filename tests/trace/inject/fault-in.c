// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * Paths in pages the program has never touched: the kernel faults them in when the syscall
 * reads them, which a BPF program at sys_enter cannot do.  With --bpf the path is read again at
 * exit; the lines must be the same as over ptrace.  Run with -a0 -e trace=openat,chdir.
 */
#include <fcntl.h>

#include "fdtest.h"

/* The paths sit in the middle of a big array nothing else reads, far enough from other data
 * that no fault-around maps their pages early.  Writable (.data): a read-only file page may
 * come mapped with the code near it (large folios), and sttrace --bpf reads read-only file
 * memory from the process anyway (capture_readonly_read), so only the re-read shows these. */
#define PAD (256 * 1024)
static char far[3 * PAD] __attribute__((aligned(4096))) = {
	[PAD] = '/', 'd', 'e', 'v', '/', 'n', 'u', 'l', 'l', '\0',
	[2 * PAD] = '/', 't', 'm', 'p', '\0',
};

int main(void)
{
	long rc;

	rc = syscall(__NR_openat, AT_FDCWD, far + PAD, O_RDONLY);
	out("openat(%s, \"/dev/null\", %s) = %s\n", FDCWD, XLAT(O_RDONLY, "O_RDONLY"), sprintrc(rc));
	rc = syscall(__NR_chdir, far + 2 * PAD);
	out("chdir(\"/tmp\") = %s\n", sprintrc(rc));
	out("+++ exited with 0 +++\n");
	return 0;
}
