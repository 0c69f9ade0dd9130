// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
// strace-7.2-lines: O_RDONLY\|(OPENAT2_REGULAR|0x100000000) ;; OPENAT2_REGULAR (bit 32 of open_how.flags) is named since strace 7.2
/*
 * open, openat, creat, openat2: the access mode named first, then the flags; the mode only
 * with O_CREAT or O_TMPFILE; unknown flag bits in hex; NULL and unreadable paths; paths are
 * never cut by -s.  Linked static, so the dynamic loader's own openat calls stay out of the
 * trace.  Run with -a0 -s8 -e trace=open,openat,creat,openat2.
 */
#include <fcntl.h>
#include <linux/openat2.h>
#include <string.h>

#include "fdtest.h"

int main(void)
{
	char path[64], longpath[200];
	long rc;

	snprintf(path, sizeof(path), "/tmp/sttrace-open-%d", getpid());
	memset(longpath, 'a', sizeof(longpath) - 1);
	longpath[0] = '/';
	longpath[sizeof(longpath) - 1] = '\0';

	rc = syscall(__NR_openat, AT_FDCWD, path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	out("openat(%s, \"%s\", %s, 0644) = %s\n", FDCWD, path,
	    XLAT(O_WRONLY | O_CREAT | O_TRUNC, "O_WRONLY|O_CREAT|O_TRUNC"), sprintrc(rc));
	int fd = (int)rc;

	rc = syscall(__NR_open, path, O_RDONLY);
	out("open(\"%s\", %s) = %s\n", path, XLAT(O_RDONLY, "O_RDONLY"), sprintrc(rc));
	close((int)rc);

	rc = syscall(__NR_open, path, O_RDWR | O_APPEND | O_CLOEXEC | O_NOFOLLOW);
	out("open(\"%s\", %s) = %s\n", path,
	    XLAT(O_RDWR | O_APPEND | O_CLOEXEC | O_NOFOLLOW, "O_RDWR|O_APPEND|O_NOFOLLOW|O_CLOEXEC"),
	    sprintrc(rc));
	close((int)rc);

	/* The mode prints only with O_CREAT or O_TMPFILE, even when passed. */
	rc = syscall(__NR_openat, AT_FDCWD, longpath, O_RDONLY | O_NONBLOCK, 0755);
	out("openat(%s, \"%s\", %s) = %s\n", FDCWD, longpath,
	    XLAT(O_RDONLY | O_NONBLOCK, "O_RDONLY|O_NONBLOCK"), sprintrc(rc));

	rc = syscall(__NR_openat, AT_FDCWD, "/tmp", O_RDWR | O_TMPFILE | O_EXCL, 0600);
	out("openat(%s, \"/tmp\", %s, 0600) = %s\n", FDCWD,
	    XLAT(O_RDWR | O_TMPFILE | O_EXCL, "O_RDWR|O_EXCL|O_TMPFILE"), sprintrc(rc));
	if (rc >= 0)
		close((int)rc);

	/* A directory fd as dirfd; a relative path. */
	int dfd = (int)syscall(__NR_open, "/tmp", O_RDONLY | O_DIRECTORY);
	out("open(\"/tmp\", %s) = %d\n", XLAT(O_RDONLY | O_DIRECTORY, "O_RDONLY|O_DIRECTORY"), dfd);
	rc = syscall(__NR_openat, dfd, path + 5, O_RDONLY | O_NOATIME | O_PATH);
	out("openat(%d, \"%s\", %s) = %s\n", dfd, path + 5,
	    XLAT(O_RDONLY | O_NOATIME | O_PATH, "O_RDONLY|O_NOATIME|O_PATH"), sprintrc(rc));
	close((int)rc);

	/* Unknown bits: the kernel ignores them, strace prints them in hex. */
	rc = syscall(__NR_openat, dfd, path + 5, O_RDONLY | 0x40000000);
	out("openat(%d, \"%s\", %s) = %s\n", dfd, path + 5,
	    XLAT(0x40000000, "O_RDONLY|0x40000000"), sprintrc(rc));
	close((int)rc);

	rc = syscall(__NR_openat, -100 + 1, "x", O_WRONLY | O_SYNC | O_DSYNC);
	out("openat(-99, \"x\", %s) = %s\n", XLAT(O_WRONLY | O_SYNC, "O_WRONLY|O_SYNC"),
	    sprintrc(rc));

	rc = syscall(__NR_openat, AT_FDCWD, NULL, O_RDONLY);
	out("openat(%s, NULL, %s) = %s\n", FDCWD, XLAT(O_RDONLY, "O_RDONLY"),
	    sprintrc(rc));
	rc = syscall(__NR_open, (void *)1, O_ACCMODE);
	out("open(0x1, %s) = %s\n", XLAT(O_ACCMODE, "O_ACCMODE"), sprintrc(rc));

	rc = syscall(__NR_creat, path, 0640);
	out("creat(\"%s\", 0640) = %s\n", path, sprintrc(rc));
	close((int)rc);

	struct open_how how = { .flags = O_RDONLY | O_CLOEXEC, .resolve = RESOLVE_NO_SYMLINKS };
	rc = syscall(__NR_openat2, AT_FDCWD, path, &how, sizeof(how));
	out("openat2(%s, \"%s\", {flags=%s, resolve=%s}, %zu) = %s\n",
	    FDCWD, path, XLAT(O_RDONLY | O_CLOEXEC, "O_RDONLY|O_CLOEXEC"),
	    XLAT(RESOLVE_NO_SYMLINKS, "RESOLVE_NO_SYMLINKS"), sizeof(how), sprintrc(rc));
	close((int)rc);
	how = (struct open_how){ .flags = O_WRONLY | O_CREAT, .mode = 0600 };
	rc = syscall(__NR_openat2, AT_FDCWD, path, &how, sizeof(how));
	out("openat2(%s, \"%s\", {flags=%s, mode=0600, resolve=0}, %zu) = %s\n",
	    FDCWD, path, XLAT(O_WRONLY | O_CREAT, "O_WRONLY|O_CREAT"),
	    sizeof(how), sprintrc(rc));
	close((int)rc);
	rc = syscall(__NR_openat2, AT_FDCWD, path, &how, 8);
	out("openat2(%s, \"%s\", %p, 8) = %s\n", FDCWD, path, (void *)&how,
	    sprintrc(rc));
	/* A larger struct than the kernel knows: its nonzero tail is shown (E2BIG). */
	struct { struct open_how how; unsigned char tail[8]; } big = { .how = how };
	for (int i = 0; i < 8; i++)
		big.tail[i] = (unsigned char)(0x80 + i);
	rc = syscall(__NR_openat2, AT_FDCWD, path, &big, sizeof(big));
	out("openat2(%s, \"%s\", {flags=%s, mode=0600, resolve=0, /* bytes 24..31 */ "
	    "\"\\x80\\x81\\x82\\x83\\x84\\x85\\x86\\x87\"}, %zu) = %s\n",
	    FDCWD, path, XLAT(O_WRONLY | O_CREAT, "O_WRONLY|O_CREAT"), sizeof(big), sprintrc(rc));
	/* Bit 32 of open_how.flags is OPENAT2_REGULAR (regular files only), named by strace 7.2. */
	how = (struct open_how){ .flags = O_RDONLY | (1ULL << 32) };
	rc = syscall(__NR_openat2, AT_FDCWD, path, &how, sizeof(how));
	out("openat2(%s, \"%s\", {flags=%s, resolve=0}, %zu) = %s\n", FDCWD, path,
	    XLAT(O_RDONLY | (1ULL << 32), "O_RDONLY|OPENAT2_REGULAR"), sizeof(how), sprintrc(rc));

	unlink(path);
	close(fd);
	close(dfd);
	out("+++ exited with 0 +++\n");
	return 0;
}
