// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * File metadata: struct statfs (statfs, fstatfs), the utimensat timespec pair with its
 * UTIME_NOW/UTIME_OMIT markers, and mknod/mknodat, whose dev argument exists only for
 * character and block nodes.
 */
#include <inttypes.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <time.h>

/* Set by the kernel when f_flags is filled in (linux/statfs.h, absent from glibc). */
#ifndef ST_VALID
#define ST_VALID 0x0020
#endif

#include "strace-lite/decode/decode.h"
#include "strace-lite/decode/util-print.h"
#include "gen/xlat.h"

void print_struct_statfs(struct dctx *c, uint64_t addr)
{
	struct statfs b;

	if (umove_or_printaddr(c, addr, &b))
		return;
	tprints(c, "{f_type=");
	printxval(c, xlat_fsmagic, (uint64_t)b.f_type, NULL);
	tprintf(c, ", f_bsize=%" PRIu64 ", f_blocks=%" PRIu64 ", f_bfree=%" PRIu64
		", f_bavail=%" PRIu64 ", f_files=%" PRIu64 ", f_ffree=%" PRIu64,
		(uint64_t)b.f_bsize, (uint64_t)b.f_blocks, (uint64_t)b.f_bfree,
		(uint64_t)b.f_bavail, (uint64_t)b.f_files, (uint64_t)b.f_ffree);
	tprintf(c, ", f_fsid={val=[%#x, %#x]}", (unsigned)b.f_fsid.__val[0],
		(unsigned)b.f_fsid.__val[1]);
	tprintf(c, ", f_namelen=%" PRIu64 ", f_frsize=%" PRIu64, (uint64_t)b.f_namelen,
		(uint64_t)b.f_frsize);
	/* The kernel sets ST_VALID when f_flags means anything; strace omits it otherwise. */
	if (b.f_flags & ST_VALID) {
		tprints(c, ", f_flags=");
		printflags(c, xlat_statfs_flags, (uint64_t)b.f_flags, "ST_???");
	}
	tprints(c, "}");
}

static void print_utime(struct dctx *c, const struct timespec *t)
{
	bool marker = t->tv_nsec == UTIME_NOW || t->tv_nsec == UTIME_OMIT;

	if (!marker || print_opts_get()->xstyle != XSTYLE_ABBREV)
		tprintf(c, "{tv_sec=%lld, tv_nsec=%llu}", (long long)t->tv_sec,
			(unsigned long long)t->tv_nsec);
	if (!marker) {
		print_time_comment(c, t->tv_sec, (uint64_t)t->tv_nsec);
		return;
	}
	if (print_opts_get()->xstyle == XSTYLE_RAW)
		return;
	const char *name = t->tv_nsec == UTIME_NOW ? "UTIME_NOW" : "UTIME_OMIT";
	if (print_opts_get()->xstyle == XSTYLE_VERBOSE)
		tprintf(c, " /* %s */", name);
	else
		tprints(c, name);
}

/* utimensat's times: two timespecs, either of which may be UTIME_NOW or UTIME_OMIT. */
void print_struct_utime_pair(struct dctx *c, uint64_t addr)
{
	struct timespec t[2];

	if (umove_or_printaddr(c, addr, &t))
		return;
	tprints(c, "[");
	print_utime(c, &t[0]);
	tprints(c, ", ");
	print_utime(c, &t[1]);
	tprints(c, "]");
}

/* utimes/futimesat's times: two timevals, each with its date when its tv_usec is valid. */
void print_struct_timeval_pair(struct dctx *c, uint64_t addr)
{
	struct timeval t[2];

	if (umove_or_printaddr(c, addr, &t))
		return;
	for (int i = 0; i < 2; i++) {
		const char *s = sprint_date(t[i].tv_sec, (uint64_t)t[i].tv_usec, 6);

		tprints(c, i ? ", " : "[");
		tprintf(c, "{tv_sec=%lld, tv_usec=%llu}", (long long)t[i].tv_sec,
			(unsigned long long)t[i].tv_usec);
		if (s)
			print_comment(c->sb, s);
	}
	tprints(c, "]");
}

/* utime's struct utimbuf: seconds, each with its date. */
void print_struct_utimbuf(struct dctx *c, uint64_t addr)
{
	int64_t t[2];

	if (umove_or_printaddr(c, addr, &t))
		return;
	for (int i = 0; i < 2; i++) {
		const char *s = sprint_date(t[i], 0, 0);

		tprintf(c, "%s=%lld", i ? ", modtime" : "{actime", (long long)t[i]);
		if (s)
			print_comment(c->sb, s);
	}
	tprints(c, "}");
}

static int decode_mknod(struct dctx *c, int off)
{
	/* The kernel takes the mode as umode_t (16 bits) and dev as a 32-bit dev_t. */
	unsigned short mode = (unsigned short)c->arg[off + 1];

	printpath(c, c->arg[off]);
	tprints(c, ", ");
	print_symbolic_mode(c, mode);
	switch (mode & S_IFMT) {
	case S_IFCHR:
	case S_IFBLK:
		tprints(c, ", ");
		print_dev(c, (unsigned int)c->arg[off + 2]);
		break;
	}
	return RVAL_DECODED;
}

SYS_FUNC(mknod)
{
	return decode_mknod(c, 0);
}

SYS_FUNC(mknodat)
{
	print_dirfd(c, (int)c->arg[0]);
	tprints(c, ", ");
	return decode_mknod(c, 1);
}
