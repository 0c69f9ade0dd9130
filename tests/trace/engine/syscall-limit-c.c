// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * --syscall-limit=2 with -c: the table counts the two calls before the limit, not those the
 * program makes after sttrace let it go (--bpf counted them all in the kernel).
 */
// strace-7.2: --syscall-limit is new in strace 6.3
#include "tests.h"

int main(void)
{
	printf("    calls syscall\n");
	printf("--------- ----------------\n");
	printf("        2 chdir\n");
	printf("--------- ----------------\n");
	printf("        2 total\n");
	fflush(stdout);
	for (int i = 0; i < 5; i++)
		if (syscall(__NR_chdir, "."))
			FAIL("chdir: %s", strerror(errno));
	return 0;
}
