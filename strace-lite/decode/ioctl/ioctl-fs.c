// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * ioctl(2), the filesystem requests: type 'X' (FITRIM, FIFREEZE, FITHAW, FS_IOC_FS[GS]ETXATTR,
 * FS_IOC_SHUTDOWN's flag),
 * type 'f' (FS_IOC_FIEMAP, FS_IOC_[GS]ETFLAGS and their 32-bit twins), type 0x94 (ioctl-btrfs.c)
 * and type 0x15 (FS_IOC_GETFSUUID, FS_IOC_GETFSSYSFSPATH, FS_IOC_GETLBMD_CAP: Linux 6.8-6.17).
 */
#include <stddef.h>
#include <linux/fiemap.h>
#include <linux/fs.h>

#include "strace-lite/decode/array.h"
#include "strace-lite/decode/ioctl/ioctl-int.h"
#include "strace-lite/decode/util-print.h"

/* Linux 6.8 (xfs's and ext4's until then); not in the 6.1 headers. */
#define FS_IOC_SHUTDOWN_ _IOR('X', 125, uint32_t)

static void print_fstrim_range(struct dctx *c, uint64_t addr)
{
	struct fstrim_range r;

	if (umove_or_printaddr(c, addr, &r))
		return;
	tprint_struct_begin(c);
	FLD_X(c, r, start);
	NEXT_U(c, r, len);
	NEXT_U(c, r, minlen);
	tprint_struct_end(c);
}

static void print_fsxattr(struct dctx *c, uint64_t addr, bool is_get)
{
	struct fsxattr fa;

	if (umove_or_printaddr(c, addr, &fa))
		return;
	tprint_struct_begin(c);
	FLD_FLAGS(c, fa, fsx_xflags, xlat_fs_xflags, "FS_XFLAG_???");
	NEXT_U(c, fa, fsx_extsize);
	if (is_get)
		NEXT_U(c, fa, fsx_nextents);
	NEXT_X(c, fa, fsx_projid);
	NEXT_U(c, fa, fsx_cowextsize);
	tprint_struct_end(c);
}

IOCTL_FAMILY(fs_x)
{
	switch (code) {
	case FITRIM:
		return ARG_DECODED(c, print_fstrim_range(c, arg));
	case FS_IOC_FSGETXATTR:
		if (entering(c))
			return 0;
		return ARG_DECODED(c, print_fsxattr(c, arg, true));
	case FS_IOC_FSSETXATTR:
		return ARG_DECODED(c, print_fsxattr(c, arg, false));
	case FIFREEZE:
	case FITHAW:
		return IOCTL_DECODED;
	case FS_IOC_SHUTDOWN_:
		return ARG_DECODED(c, print_u32_ref(c, arg, xlat_fs_shutdown_flags, false,
						    "FS_SHUTDOWN_FLAGS_???"));
	default:
		return RVAL_DECODED;
	}
}

static bool print_fiemap_extent(struct dctx *c, void *elem, size_t size UNUSED, void *data UNUSED)
{
	const struct fiemap_extent *fe = elem;

	tprint_struct_begin(c);
	FLD_U(c, *fe, fe_logical);
	NEXT_U(c, *fe, fe_physical);
	NEXT_U(c, *fe, fe_length);
	NEXT_FLAGS(c, *fe, fe_flags, xlat_fiemap_extent_flags, "FIEMAP_EXTENT_???");
	tprint_struct_end(c);
	return true;
}

/* The request at entry, what the kernel mapped after " => " at exit. */
static int decode_fiemap(struct dctx *c, uint64_t arg)
{
	struct fiemap fm;

	if (!ioctl_inout_begin(c, arg, &fm))
		return IOCTL_DECODED;
	if (entering(c)) {
		FLD_U(c, fm, fm_start);
		NEXT_U(c, fm, fm_length);
		NEXT_FLAGS(c, fm, fm_flags, xlat_fiemap_flags, "FIEMAP_FLAG_???");
		NEXT_U(c, fm, fm_extent_count);
		tprint_struct_end(c);
		return 0;
	}
	FLD_FLAGS(c, fm, fm_flags, xlat_fiemap_flags, "FIEMAP_FLAG_???");
	NEXT_U(c, fm, fm_mapped_extents);
	tprint_struct_next(c);
	if (!dopts.verbose) {
		tprint_more_data_follows(c);
	} else {
		struct fiemap_extent fe;

		tprint_field(c, "fm_extents");
		print_array(c, arg + offsetof(struct fiemap, fm_extents), fm.fm_mapped_extents, &fe,
			    sizeof(fe), 0, print_fiemap_extent, NULL);
	}
	return ioctl_struct_done(c);
}

/* FS_IOC32_[GS]ETFLAGS: the same requests with an int-sized argument. */
#define FS_IOC32_GETFLAGS_ _IOR('f', 1, int)
#define FS_IOC32_SETFLAGS_ _IOW('f', 2, int)

IOCTL_FAMILY(fs_f)
{
	unsigned int flags;

	switch (code) {
	case FS_IOC_FIEMAP:
		return decode_fiemap(c, arg);
	case FS_IOC_GETFLAGS:
	case FS_IOC32_GETFLAGS_:
		if (entering(c))
			return 0;
		/* fall through */
	case FS_IOC_SETFLAGS:
	case FS_IOC32_SETFLAGS_:
		tprint_arg_next(c);
		if (!umove_or_printaddr(c, arg, &flags)) {
			tprints(c, "[");
			printflags(c, xlat_fs_ioc_flags, flags, "FS_???_FL");
			tprints(c, "]");
		}
		return IOCTL_DECODED;
	default:
		return RVAL_DECODED;
	}
}

/* Type 0x94 is btrfs's: FICLONE and the other file system requests of that type with it. */
IOCTL_FAMILY(fs_0x94)
{
	return btrfs_ioctl(c, code, arg);
}

/* Type 0x15 (Linux 6.8, 6.17): not in the 6.1 headers. */
struct fsuuid2_ {
	uint8_t len;
	uint8_t uuid[16];
};
struct fs_sysfs_path_ {
	uint8_t len;
	uint8_t name[128];
};
struct lbmd_cap_ {
	uint32_t lbmd_flags;
	uint16_t lbmd_interval;
	uint8_t lbmd_size, lbmd_opaque_size, lbmd_opaque_offset, lbmd_pi_size, lbmd_pi_offset;
	uint8_t lbmd_guard_tag_type, lbmd_app_tag_size, lbmd_ref_tag_size, lbmd_storage_tag_size;
	uint8_t pad;
};
#define FS_IOC_GETFSUUID_ _IOR(0x15, 0, struct fsuuid2_)
#define FS_IOC_GETFSSYSFSPATH_ _IOR(0x15, 1, struct fs_sysfs_path_)
#define FS_IOC_GETLBMD_CAP_ _IOWR(0x15, 2, struct lbmd_cap_)

static void print_fsuuid2(struct dctx *c, uint64_t arg)
{
	struct fsuuid2_ u;

	if (umove_or_printaddr(c, arg, &u))
		return;
	tprint_struct_begin(c);
	FLD_U(c, u, len);
	tprint_next_field(c, "uuid");
	quote_string(c->sb, u.uuid, u.len < sizeof(u.uuid) ? u.len : sizeof(u.uuid),
		     QUOTE_FORCE_HEX);
	tprint_struct_end(c);
}

static void print_fs_sysfs_path(struct dctx *c, uint64_t arg)
{
	struct fs_sysfs_path_ p;

	if (umove_or_printaddr(c, arg, &p))
		return;
	tprint_struct_begin(c);
	FLD_U(c, p, len);
	tprint_next_field(c, "name");
	ioctl_print_cstring(c, (const char *)p.name,
			    p.len + 1u < sizeof(p.name) ? p.len + 1u : sizeof(p.name));
	tprint_struct_end(c);
}

static void print_lbmd_cap(struct dctx *c, uint64_t arg)
{
	struct lbmd_cap_ k;

	if (umove_or_printaddr(c, arg, &k))
		return;
	tprint_struct_begin(c);
	FLD_FLAGS(c, k, lbmd_flags, xlat_lbmd_pi_cap_flags, "LBMD_PI_CAP_???");
	NEXT_U(c, k, lbmd_interval);
	NEXT_U(c, k, lbmd_size);
	NEXT_U(c, k, lbmd_opaque_size);
	NEXT_U(c, k, lbmd_opaque_offset);
	NEXT_U(c, k, lbmd_pi_size);
	NEXT_U(c, k, lbmd_pi_offset);
	NEXT_XVAL(c, k, lbmd_guard_tag_type, xlat_lbmd_pi_csum_types, "LBMD_PI_CSUM_???");
	NEXT_U(c, k, lbmd_app_tag_size);
	NEXT_U(c, k, lbmd_ref_tag_size);
	NEXT_U(c, k, lbmd_storage_tag_size);
	tprint_struct_end(c);
}

/* All three fill their structure: printed at exit. */
IOCTL_FAMILY(fs_0x15)
{
	void (*print)(struct dctx *, uint64_t);

	switch (code) {
	case FS_IOC_GETFSUUID_:
		print = print_fsuuid2;
		break;
	case FS_IOC_GETFSSYSFSPATH_:
		print = print_fs_sysfs_path;
		break;
	case FS_IOC_GETLBMD_CAP_:
		print = print_lbmd_cap;
		break;
	default:
		return RVAL_DECODED;
	}
	if (entering(c))
		return 0;
	return ARG_DECODED(c, print(c, arg));
}
