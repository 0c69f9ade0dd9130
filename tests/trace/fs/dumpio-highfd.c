// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * -e read= and -e write= on descriptors above 1023 (strace takes any): their data is dumped
 * like that of low ones.  Run with -a0 -e trace=read,writev -e read=4000 -e write=4001.
 */
#include <sys/resource.h>
#include <sys/uio.h>

#include "tests.h"

int main(void)
{
	struct rlimit rl;
	char buf[8];
	struct iovec iov = { .iov_base = "hi!", .iov_len = 3 };
	int p[2];

	if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < 4002 && rl.rlim_max >= 4002) {
		rl.rlim_cur = 4002;
		setrlimit(RLIMIT_NOFILE, &rl);
	}
	if (pipe(p) || dup2(p[0], 4000) < 0 || dup2(p[1], 4001) < 0)
		FAIL("pipe/dup2: %m");
	long rc = syscall(__NR_writev, 4001, &iov, 1);
	printf("writev(4001, [{iov_base=\"hi!\", iov_len=3}], 1) = %ld\n", rc);
	printf(" * 3 bytes in buffer 0\n");
	printf(" | 00000  68 69 21                                          hi!              |\n");
	rc = syscall(__NR_read, 4000, buf, sizeof(buf));
	printf("read(4000, \"hi!\", 8) = %ld\n", rc);
	printf(" | 00000  68 69 21                                          hi!              |\n");
	printf("+++ exited with 0 +++\n");
	return 0;
}
