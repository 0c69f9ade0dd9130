// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
// strace-7.2: under -v strace 7.2 dumps an unknown request's argument in hex; 6.1 printed its address
/*
 * ioctl under -v, requests of a type no decoder knows: the IOC_SIZE bytes of the argument in
 * hex (strace 7.2), before the call for _IOC_WRITE, after it for _IOC_READ, both joined by
 * " => " for _IOC_READ|_IOC_WRITE and _IOC_NONE; a NULL (0), a size of 0 and an unreadable buffer
 * print as the argument's value.  On fd -1: EBADF, the buffer unchanged.
 * Run with -a0 -v -e trace=ioctl.
 */
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "tests.h"

#define BYTES "\\xfe\\xed\\xfa\\xce\\xde\\xad\\xbe\\xef"

int main(void)
{
	static const unsigned char b[8] = { 0xfe, 0xed, 0xfa, 0xce, 0xde, 0xad, 0xbe, 0xef };
	char *page = mmap(NULL, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	long rc;

	rc = syscall(__NR_ioctl, -1, _IOC(_IOC_WRITE, 0xde, 0xad, 8), b);
	printf("ioctl(-1, _IOC(_IOC_WRITE, 0xde, 0xad, 0x8), \"" BYTES "\") = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, _IOC(_IOC_READ, 0xde, 0xad, 8), b);
	printf("ioctl(-1, _IOC(_IOC_READ, 0xde, 0xad, 0x8), \"" BYTES "\") = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, _IOC(_IOC_READ | _IOC_WRITE, 0xde, 0xad, 8), b);
	printf("ioctl(-1, _IOC(_IOC_READ|_IOC_WRITE, 0xde, 0xad, 0x8), \"" BYTES "\" => \"" BYTES
	       "\") = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, _IOC(_IOC_NONE, 0xde, 0xad, 4), b);
	printf("ioctl(-1, _IOC(_IOC_NONE, 0xde, 0xad, 0x4), \"\\xfe\\xed\\xfa\\xce\" => "
	       "\"\\xfe\\xed\\xfa\\xce\") = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, _IOC(_IOC_WRITE, 0xde, 0xad, 8), NULL);
	printf("ioctl(-1, _IOC(_IOC_WRITE, 0xde, 0xad, 0x8), 0) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, _IOC(_IOC_WRITE, 0xde, 0xad, 0), b);
	printf("ioctl(-1, _IOC(_IOC_WRITE, 0xde, 0xad, 0), %p) = %s\n", (void *)b, sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, _IOC(_IOC_WRITE, 0xde, 0xad, 8), page);
	printf("ioctl(-1, _IOC(_IOC_WRITE, 0xde, 0xad, 0x8), %p) = %s\n", (void *)page, sprintrc(rc));
	printf("+++ exited with 0 +++\n");
	return 0;
}
