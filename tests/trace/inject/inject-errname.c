// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * -e inject= and -e fault= read error=NAME as strace reads it, whatever the case of NAME
 * (strace's qual_fault tests inject error=einval), and error=NUMBER too.  Run with
 * -a0 -e trace=close,umask,chdir -e inject=close:error=eperm -e fault=umask:error=enoent
 * -e fault=chdir:error=22
 */
#include "tests.h"

int main(void)
{
	long rc = syscall(__NR_close, 1000);
	printf("close(1000) = %s (INJECTED)\n", sprintrc(rc));
	rc = syscall(__NR_umask, 022);
	printf("umask(022) = %s (INJECTED)\n", sprintrc(rc));
	rc = syscall(__NR_chdir, "/");
	printf("chdir(\"/\") = %s (INJECTED)\n", sprintrc(rc));
	printf("+++ exited with 0 +++\n");
	return 0;
}
