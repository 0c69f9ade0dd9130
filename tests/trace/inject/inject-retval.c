// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * -e inject=...:retval= gives a success whatever the value, as strace's set_success does: a
 * value in the errno range (-2) is no ENOENT, and every success prints unsigned, also in a
 * call that never fails (geteuid).  The program prints the lines alone: the values the calls
 * return differ when it runs untraced.  Run with -a0 -e trace=geteuid,chdir
 * -e inject=geteuid:retval=0x8000000000000000 -e inject=chdir:retval=0xfffffffffffffffe
 */
#include "tests.h"

int main(void)
{
	syscall(__NR_geteuid);
	printf("geteuid() = 9223372036854775808 (INJECTED)\n");
	syscall(__NR_chdir, "/");
	printf("chdir(\"/\") = 18446744073709551614 (INJECTED)\n");
	printf("+++ exited with 0 +++\n");
	return 0;
}
