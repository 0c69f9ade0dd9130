// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * make bench workload "file-io": N rounds of open (create/truncate), write 64 bytes, pread them
 * back, close, on one small file (argv[2], default ./file-io.tmp): four syscalls a round, each
 * with a path or a buffer a tracer decodes.  Removes the file at the end.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1000;
	const char *path = argc > 2 ? argv[2] : "file-io.tmp";
	char out[64], in[64];

	memset(out, 'x', sizeof(out));
	for (long i = 0; i < n; i++) {
		int fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);

		if (fd < 0 || write(fd, out, sizeof(out)) != sizeof(out) ||
		    pread(fd, in, sizeof(in), 0) != sizeof(in) || close(fd) < 0) {
			perror(path);
			return 1;
		}
	}
	unlink(path);
	return 0;
}
