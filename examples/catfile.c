// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * catfile FILE...: copy files to stdout with open/read/write/close, the smallest program whose
 * trace shows the whole file life cycle (`make demo` traces it with -e trace=openat).
 */
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	char buf[4096];
	int status = 0;

	for (int i = 1; i < argc; i++) {
		int fd = open(argv[i], O_RDONLY | O_CLOEXEC);
		if (fd < 0) {
			perror(argv[i]);
			status = 1;
			continue;
		}
		ssize_t n;
		while ((n = read(fd, buf, sizeof(buf))) > 0)
			if (write(STDOUT_FILENO, buf, (size_t)n) != n)
				return 1;
		close(fd);
	}
	return status;
}
