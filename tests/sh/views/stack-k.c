// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The tracee of the stack-k and stack-kk tests: open() called through two functions of its
 * own, built with -g -O0.  Each function prints the line of the call it makes, so the -kk
 * test knows which FILE:LINE every frame must name.
 */
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

static int call_line[3];

__attribute__((noinline)) int inner_open(const char *path)
{
	call_line[0] = __LINE__; int fd = open(path, O_RDONLY);
	return fd;
}

__attribute__((noinline)) int outer_open(const char *path)
{
	call_line[1] = __LINE__; int fd = inner_open(path);
	return fd;
}

int main(void)
{
	call_line[2] = __LINE__; int fd = outer_open("/dev/null");
	if (fd < 0)
		return 1;
	close(fd);
	printf("inner_open %d\nouter_open %d\nmain %d\n", call_line[0], call_line[1], call_line[2]);
	return 0;
}
