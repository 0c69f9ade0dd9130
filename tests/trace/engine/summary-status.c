// SPDX-License-Identifier: LGPL-2.1-or-later
/* -c with -Z: only the failed calls are counted, as strace 7.2 (6.1 counted them all). */
// strace-7.2: 6.1 counts every call in -c whatever -e status= says, 7.2 only those it shows
#include "tests.h"

int main(void)
{
	if (syscall(__NR_chdir, ".") || syscall(__NR_chdir, "/nonexistent-1") != -1 ||
	    syscall(__NR_chdir, "/nonexistent-2") != -1)
		FAIL("chdir: unexpected result");
	printf("    calls syscall\n");
	printf("--------- ----------------\n");
	printf("        2 chdir\n");
	printf("--------- ----------------\n");
	printf("        2 total\n");
	return 0;
}
