// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * readlink and readlinkat: the buffer printed at exit with the returned length (the kernel
 * writes no NUL), cut by -s; the address when the call failed.  Linked dynamically on purpose:
 * static glibc calls readlink at startup.  Run with -a0 -s16 -e trace=readlink,readlinkat.
 */
#include <fcntl.h>
#include <string.h>

#include "fdtest.h"

int main(void)
{
	char link[64], target[100], buf[256];
	long rc;

	snprintf(link, sizeof(link), "/tmp/sttrace-readlink-%d", getpid());
	memset(target, 'z', sizeof(target) - 1);
	target[sizeof(target) - 1] = '\0';
	target[3] = '\n';
	if (symlink(target, link))
		FAIL("symlink: %m");
	rc = syscall(__NR_readlink, link, buf, sizeof(buf));
	out("readlink(\"%s\", \"zzz\\nzzzzzzzzzzzz\"..., %zu) = %s\n", link, sizeof(buf),
	    sprintrc(rc));
	rc = syscall(__NR_readlinkat, AT_FDCWD, link, buf, 8);
	out("readlinkat(AT_FDCWD, \"%s\", \"zzz\\nzzzz\", 8) = %s\n", link, sprintrc(rc));
	rc = syscall(__NR_readlink, "/", buf, sizeof(buf));
	out("readlink(\"/\", %p, %zu) = %s\n", buf, sizeof(buf), sprintrc(rc));
	rc = syscall(__NR_readlinkat, -1, "x", buf, 10);
	out("readlinkat(-1, \"x\", %p, 10) = %s\n", buf, sprintrc(rc));
	rc = syscall(__NR_readlink, link, NULL, 10);
	out("readlink(\"%s\", NULL, 10) = %s\n", link, sprintrc(rc));
	unlink(link);
	out("+++ exited with 0 +++\n");
	return 0;
}
