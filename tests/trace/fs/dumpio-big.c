// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * -e write=6 on a buffer larger than a capture used to hold under --bpf (64 KiB): the whole
 * 70,000 bytes dumped, as strace dumps them.  Run with -a0 -s4 -e trace=pwrite64 -e write=6.
 */
#include <fcntl.h>
#include "tests.h"

#define LEN 70000

static void dump(const unsigned char *s, size_t n)
{
	for (size_t i = 0; i < n; i += 16) {
		printf(" | %05zx  ", i);
		for (size_t k = 0; k < 16; k++) {
			if (i + k < n)
				printf("%02x ", s[i + k]);
			else
				printf("   ");
			if (k == 7 || k == 15)
				putchar(' ');
		}
		for (size_t k = 0; k < 16; k++)
			putchar(i + k >= n ? ' ' : (s[i + k] >= ' ' && s[i + k] < 0x7f) ? s[i + k] : '.');
		printf(" |\n");
	}
}

int main(void)
{
	static unsigned char data[LEN];
	char path[64];

	for (size_t i = 0; i < LEN; i++)
		data[i] = (unsigned char)i;
	snprintf(path, sizeof(path), "/tmp/sttrace-dumpio-big-%d", getpid());
	int w = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	unlink(path);
	if (w < 0 || dup2(w, 6) < 0)
		FAIL("open: %m");
	long rc = syscall(__NR_pwrite64, 6, data, LEN, 0);
	printf("pwrite64(6, \"\\0\\1\\2\\3\"..., %d, 0) = %ld\n", LEN, rc);
	dump(data, (size_t)rc);
	printf("+++ exited with 0 +++\n");
	return 0;
}
