// SPDX-License-Identifier: LGPL-2.1-or-later
/* Benchmark workload: N getppid() calls, then one openat() -- the needle for -e trace=openat. */
#include <fcntl.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 200000;

	for (long i = 0; i < n; i++)
		syscall(SYS_getppid);
	int fd = open("/dev/null", O_RDONLY);
	return fd < 0;
}
