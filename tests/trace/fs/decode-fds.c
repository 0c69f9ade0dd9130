// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * -y: file descriptors print with what they refer to, fd<path>, in arguments and in returned
 * values: files, pipes, sockets, a deleted file ("(deleted)" after the brackets), a file really
 * named "... (deleted)" (inside them), a path with '<' and '>' (escaped in octal so the
 * brackets stay unambiguous), and a working directory deeper than PATH_MAX (no path: readlink
 * cannot give it).
 * Run with -a0 -y -e trace=openat,close,dup.
 */
#include <fcntl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include "tests.h"

static const char *target(int fd)
{
	static char bufs[4][4200];
	static int i;
	char link[64], path[4096];
	char *b = bufs[i++ % 4];

	snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
	ssize_t n = readlink(link, path, sizeof(path) - 1);
	if (n < 0)
		FAIL("readlink: %m");
	path[n] = '\0';
	int deleted = n > 10 && !strcmp(path + n - 10, " (deleted)");
	if (deleted)
		path[n - 10] = '\0';
	char *o = b + sprintf(b, "%d<", fd);
	for (const char *p = path; *p; p++)
		o += (*p == '<' || *p == '>') ? sprintf(o, "\\%o", *p) : sprintf(o, "%c", *p);
	sprintf(o, ">%s", deleted ? "(deleted)" : "");
	return b;
}

int main(void)
{
	char path[64], odd[64];
	int p[2];

	snprintf(path, sizeof(path), "/tmp/sttrace-y-%d", getpid());
	snprintf(odd, sizeof(odd), "/tmp/sttrace-<y>-%d", getpid());
	int fd = (int)syscall(__NR_openat, AT_FDCWD, path, O_RDWR | O_CREAT, 0600);
	char cwd[4096];
	if (!getcwd(cwd, sizeof(cwd)) || strchr(cwd, '<') || strchr(cwd, '>') || strchr(cwd, '"'))
		SKIP("the working directory cannot be printed plainly");
	printf("openat(AT_FDCWD<%s>, \"%s\", O_RDWR|O_CREAT, 0600) = %s\n", cwd, path, target(fd));
	int fd2 = (int)syscall(__NR_dup, fd);
	printf("dup(%s) = %s\n", target(fd), target(fd2));
	unlink(path);
	const char *t2 = target(fd2);
	syscall(__NR_close, fd2);
	printf("close(%s) = 0\n", t2);
	int fd3 = (int)syscall(__NR_openat, AT_FDCWD, odd, O_RDONLY | O_CREAT, 0600);
	printf("openat(AT_FDCWD<%s>, \"%s\", O_RDONLY|O_CREAT, 0600) = %s\n", cwd, odd, target(fd3));
	unlink(odd);
	if (pipe(p))
		FAIL("pipe: %m");
	int s = socket(AF_INET, SOCK_DGRAM, 0);
	const char *ts = target(s), *tp = target(p[0]);
	syscall(__NR_close, s);
	printf("close(%s) = 0\n", ts);
	syscall(__NR_close, p[0]);
	printf("close(%s) = 0\n", tp);
	syscall(__NR_close, 999);
	printf("close(999) = -1 EBADF (Bad file descriptor)\n");

	char named[80];
	snprintf(named, sizeof(named), "/tmp/sttrace-y-%d (deleted)", getpid());
	int fd4 = (int)syscall(__NR_openat, AT_FDCWD, named, O_RDONLY | O_CREAT, 0600);
	printf("openat(AT_FDCWD<%s>, \"%s\", O_RDONLY|O_CREAT, 0600) = %d<%s>\n", cwd, named, fd4,
	       named);
	syscall(__NR_close, fd4);
	printf("close(%d<%s>) = 0\n", fd4, named);
	unlink(named);

	/* 20 directories of 250 characters: a working directory 5,000 bytes long. */
	char comp[251];
	int depth = 0;
	memset(comp, 'd', 250);
	comp[250] = '\0';
	if (chdir("/tmp"))
		FAIL("chdir: %m");
	for (; depth < 20; depth++)
		if (mkdir(comp, 0700) || chdir(comp))
			FAIL("mkdir, chdir: %m");
	int fd5 = (int)syscall(__NR_openat, AT_FDCWD, "deep", O_RDONLY | O_CREAT, 0600);
	printf("openat(AT_FDCWD, \"deep\", O_RDONLY|O_CREAT, 0600) = %d\n", fd5);
	syscall(__NR_close, fd5);
	printf("close(%d) = 0\n", fd5);
	unlink("deep");
	while (depth-- > 0)
		if (chdir("..") || rmdir(comp))
			FAIL("chdir, rmdir: %m");
	printf("+++ exited with 0 +++\n");
	return 0;
}
