// SPDX-License-Identifier: LGPL-2.1-or-later
/* writev(-1) of 32 iovecs of 32 bytes, each one byte on from the last, running over a page
 * boundary (strace's umovestr_cached_adjacent). */
#include <string.h>
#include <sys/mman.h>
#include <sys/uio.h>
#include <unistd.h>

int main(void)
{
	long page = sysconf(_SC_PAGESIZE);
	char *p = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return 1;
	char *buf = p + page - 31;
	for (int i = 0; i < 64; i++)
		buf[i] = (char)('a' + i % 26);
	struct iovec io[32];
	for (int i = 0; i < 32; i++)
		io[i] = (struct iovec){ buf + i, 32 };
	return writev(-1, io, 32) == -1 ? 0 : 2;
}
