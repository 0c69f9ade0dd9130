// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The trace-diff test's program (tests/sh/views/trace-diff.sh): it opens the file $TD_FILE names and
 * asks whether ./cfg is readable.  Run once with TD_FILE=/etc/passwd in a directory holding
 * cfg and once with TD_FILE=/etc/group in one without, its two traces differ in exactly two
 * calls: the file opened, and an access that fails.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(void)
{
	const char *file = getenv("TD_FILE");
	int fd = open(file ? file : "/etc/passwd", O_RDONLY);

	if (fd >= 0)
		close(fd);
	int readable = access("cfg", R_OK) == 0;
	printf("ran\n");
	return readable ? 0 : 0;
}
