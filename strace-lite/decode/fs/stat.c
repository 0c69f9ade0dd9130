// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * struct stat (stat, lstat, fstat, newfstatat: the table's "out:stat") and statx(2).
 *
 * strace abbreviates both by default: only the mode, the size (or the device number for device
 * files) and "..." for stat; for statx only what the mask says is valid, and "...".  -v prints
 * every field, with each timestamp followed by a human-readable local time in a comment.
 */
#include <inttypes.h>
#include <sys/stat.h>

#include "strace-lite/decode/util-print.h"

/* The x86_64 kernel's struct stat (glibc's struct stat has the same layout on x86_64). */
struct stat_k {
	uint64_t st_dev, st_ino, st_nlink;
	uint32_t st_mode, st_uid, st_gid, pad0;
	uint64_t st_rdev;
	int64_t st_size, st_blksize, st_blocks;
	uint64_t st_atime_, st_atime_nsec, st_mtime_, st_mtime_nsec, st_ctime_, st_ctime_nsec;
	int64_t unused[3];
};

static void print_time_field(struct dctx *c, const char *name, int64_t sec, uint64_t nsec,
			     const char *nsec_name)
{
	tprint_next_field(c, name);
	tprintf(c, "%" PRId64, sec);
	print_time_comment(c, sec, nsec);
	tprint_next_field(c, nsec_name);
	tprintf(c, "%" PRIu64, nsec);
}

void print_struct_stat(struct dctx *c, uint64_t addr)
{
	struct stat_k st;

	if (umove_or_printaddr(c, addr, &st))
		return;
	tprint_struct_begin(c);
	if (dopts.verbose) {
		tprint_field(c, "st_dev");
		print_dev(c, st.st_dev);
		tprint_struct_next(c);
		tprintf(c, "st_ino=%" PRIu64 ", ", st.st_ino);
		tprint_field(c, "st_mode");
		print_symbolic_mode(c, st.st_mode);
		tprintf(c, ", st_nlink=%" PRIu64 ", st_uid=%u, st_gid=%u, st_blksize=%" PRIu64
			   ", st_blocks=%" PRIu64,
			st.st_nlink, st.st_uid, st.st_gid, (uint64_t)st.st_blksize,
			(uint64_t)st.st_blocks);
	} else {
		tprint_field(c, "st_mode");
		print_symbolic_mode(c, st.st_mode);
	}
	tprint_struct_next(c);
	switch (st.st_mode & S_IFMT) {
	case S_IFCHR:
	case S_IFBLK:
		tprint_field(c, "st_rdev");
		print_dev(c, st.st_rdev);
		break;
	default:
		tprintf(c, "st_size=%" PRIu64, (uint64_t)st.st_size);
		break;
	}
	if (dopts.verbose) {
		print_time_field(c, "st_atime", (int64_t)st.st_atime_, st.st_atime_nsec,
				 "st_atime_nsec");
		print_time_field(c, "st_mtime", (int64_t)st.st_mtime_, st.st_mtime_nsec,
				 "st_mtime_nsec");
		print_time_field(c, "st_ctime", (int64_t)st.st_ctime_, st.st_ctime_nsec,
				 "st_ctime_nsec");
	} else {
		tprint_struct_next(c);
		tprint_more_data_follows(c);
	}
	tprint_struct_end(c);
}

/* struct statx as the kernel (5.x/6.x) lays it out: 256 bytes. */
struct statx_ts_k {
	int64_t tv_sec;
	uint32_t tv_nsec;
	int32_t reserved;
};

struct statx_k {
	uint32_t stx_mask, stx_blksize;
	uint64_t stx_attributes;
	uint32_t stx_nlink, stx_uid, stx_gid;
	uint16_t stx_mode, pad1;
	uint64_t stx_ino, stx_size, stx_blocks, stx_attributes_mask;
	struct statx_ts_k stx_atime, stx_btime, stx_ctime, stx_mtime;
	uint32_t stx_rdev_major, stx_rdev_minor, stx_dev_major, stx_dev_minor;
	uint64_t stx_mnt_id;
	uint32_t stx_dio_mem_align, stx_dio_offset_align;
	uint64_t spare[12];
};

enum {
	K_STATX_TYPE = 0x1, K_STATX_MODE = 0x2, K_STATX_NLINK = 0x4, K_STATX_UID = 0x8,
	K_STATX_GID = 0x10, K_STATX_ATIME = 0x20, K_STATX_MTIME = 0x40, K_STATX_CTIME = 0x80,
	K_STATX_INO = 0x100, K_STATX_SIZE = 0x200, K_STATX_BLOCKS = 0x400, K_STATX_BTIME = 0x800,
	K_STATX_MNT_ID = 0x1000, K_STATX_DIOALIGN = 0x2000,
	K_AT_STATX_SYNC_TYPE = 0x6000,
};

static void print_statx_ts(struct dctx *c, const char *name, const struct statx_ts_k *ts)
{
	tprint_next_field(c, name);
	tprintf(c, "{tv_sec=%" PRId64 ", tv_nsec=%u}", ts->tv_sec, ts->tv_nsec);
	print_time_comment(c, ts->tv_sec, ts->tv_nsec);
}

void print_struct_statx(struct dctx *c, uint64_t addr)
{
	struct statx_k stx;
	bool v = dopts.verbose;

	if (umove_or_printaddr(c, addr, &stx))
		return;
	tprint_struct_begin(c);
	tprint_field(c, "stx_mask");
	printflags(c, xlat_statx_masks, stx.stx_mask, "STATX_???");
	if (v)
		tprintf(c, ", stx_blksize=%u", stx.stx_blksize);
	tprint_next_field(c, "stx_attributes");
	printflags(c, xlat_statx_attrs, stx.stx_attributes, "STATX_ATTR_???");
	if (v) {
		if (stx.stx_mask & K_STATX_NLINK)
			tprintf(c, ", stx_nlink=%u", stx.stx_nlink);
		if (stx.stx_mask & K_STATX_UID)
			tprintf(c, ", stx_uid=%u", stx.stx_uid);
		if (stx.stx_mask & K_STATX_GID)
			tprintf(c, ", stx_gid=%u", stx.stx_gid);
	}
	if (stx.stx_mask & (K_STATX_TYPE | K_STATX_MODE)) {
		tprint_next_field(c, "stx_mode");
		print_symbolic_mode(c, stx.stx_mode);
	}
	if (v && (stx.stx_mask & K_STATX_INO))
		tprintf(c, ", stx_ino=%" PRIu64, stx.stx_ino);
	if (stx.stx_mask & K_STATX_SIZE)
		tprintf(c, ", stx_size=%" PRIu64, stx.stx_size);
	if (!v) {
		tprint_struct_next(c);
		tprint_more_data_follows(c);
		tprint_struct_end(c);
		return;
	}
	if (stx.stx_mask & K_STATX_BLOCKS)
		tprintf(c, ", stx_blocks=%" PRIu64, stx.stx_blocks);
	tprint_next_field(c, "stx_attributes_mask");
	printflags(c, xlat_statx_attrs, stx.stx_attributes_mask, "STATX_ATTR_???");
	if (stx.stx_mask & K_STATX_ATIME)
		print_statx_ts(c, "stx_atime", &stx.stx_atime);
	if (stx.stx_mask & K_STATX_BTIME)
		print_statx_ts(c, "stx_btime", &stx.stx_btime);
	if (stx.stx_mask & K_STATX_CTIME)
		print_statx_ts(c, "stx_ctime", &stx.stx_ctime);
	if (stx.stx_mask & K_STATX_MTIME)
		print_statx_ts(c, "stx_mtime", &stx.stx_mtime);
	tprintf(c, ", stx_rdev_major=%u, stx_rdev_minor=%u, stx_dev_major=%u, stx_dev_minor=%u",
		stx.stx_rdev_major, stx.stx_rdev_minor, stx.stx_dev_major, stx.stx_dev_minor);
	if (stx.stx_mask & K_STATX_MNT_ID)
		tprintf(c, ", stx_mnt_id=%#" PRIx64, stx.stx_mnt_id);
	if (stx.stx_mask & K_STATX_DIOALIGN)
		tprintf(c, ", stx_dio_mem_align=%u, stx_dio_offset_align=%u",
			stx.stx_dio_mem_align, stx.stx_dio_offset_align);
	tprint_struct_end(c);
}

SYS_FUNC(statx)
{
	if (entering(c)) {
		print_dirfd(c, (int)c->arg[0]);
		tprint_arg_next(c);
		printpath(c, c->arg[1]);
		tprint_arg_next(c);
		/* The sync type is a two-bit value inside the AT_* flags: named first, then the rest. */
		unsigned int flags = (unsigned int)c->arg[2];
		printflags(c, xlat_at_statx_sync_types, flags & K_AT_STATX_SYNC_TYPE, NULL);
		flags &= ~(unsigned)K_AT_STATX_SYNC_TYPE;
		if (flags) {
			tprint_or(c);
			printflags(c, xlat_at_flags, flags, NULL);
		}
		tprint_arg_next(c);
		printflags(c, xlat_statx_masks, (unsigned int)c->arg[3], "STATX_???");
		tprint_arg_next(c);
		return 0;
	}
	print_struct_statx(c, c->arg[4]);
	return 0;
}
