// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * getdents64: by default the buffer is its address and an entry count; with -v (getdents-v)
 * every entry, d_type named.  Failures print the address.  Run with -a0 -e trace=getdents64.
 */
#include <fcntl.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>

#include "fdtest.h"

struct d64 {
	uint64_t d_ino;
	int64_t d_off;
	uint16_t d_reclen;
	uint8_t d_type;
	char d_name[];
};

static __attribute__((unused)) const char *dtype(unsigned t)
{
	switch (t) {
	case 4: return "DT_DIR";
	case 8: return "DT_REG";
	default: return "DT_UNKNOWN";
	}
}

int main(void)
{
	char dir[64], path[96], buf[4096] __attribute__((aligned(8)));
	long rc;

	snprintf(dir, sizeof(dir), "/tmp/sttrace-getdents-%d", getpid());
	mkdir(dir, 0700);
	snprintf(path, sizeof(path), "%s/file", dir);
	close(open(path, O_CREAT | O_WRONLY, 0600));
	int fd = open(dir, O_RDONLY | O_DIRECTORY);

	rc = syscall(__NR_getdents64, fd, buf, sizeof(buf));
#ifdef VERBOSE
	out("getdents64(%d, [", fd);
	for (long off = 0; off < rc;) {
		struct d64 *d = (struct d64 *)(buf + off);
		out("%s{d_ino=%llu, d_off=%lld, d_reclen=%u, d_type=%s, d_name=\"%s\"}",
		    off ? ", " : "", (unsigned long long)d->d_ino, (long long)d->d_off, d->d_reclen,
		    dtype(d->d_type), d->d_name);
		off += d->d_reclen;
	}
	out("], %zu) = %s\n", sizeof(buf), sprintrc(rc));
#else
	out("getdents64(%d, %p /* 3 entries */, %zu) = %s\n", fd, buf, sizeof(buf), sprintrc(rc));
#endif
	rc = syscall(__NR_getdents64, fd, buf, sizeof(buf));
#ifdef VERBOSE
	out("getdents64(%d, [], %zu) = %s\n", fd, sizeof(buf), sprintrc(rc));
#else
	out("getdents64(%d, %p /* 0 entries */, %zu) = %s\n", fd, buf, sizeof(buf), sprintrc(rc));
#endif
	rc = syscall(__NR_getdents64, -1, buf, sizeof(buf));
	out("getdents64(-1, %p, %zu) = %s\n", buf, sizeof(buf), sprintrc(rc));
	unlink(path);
	rmdir(dir);
	out("+++ exited with 0 +++\n");
	return 0;
}
