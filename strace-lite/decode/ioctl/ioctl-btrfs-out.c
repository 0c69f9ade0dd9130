// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * btrfs ioctls, what the kernel writes back (see ioctl-btrfs.c): features, file system and
 * device information, replace status and scrub progress, device statistics, the inode and
 * path containers, tree search results, space information and received-subvolume times.
 * Counts come from tracee memory: arrays are bounded by what their buffer can hold and by -s.
 */
#include <inttypes.h>
#include <stddef.h>
#include <linux/btrfs.h>
#include <linux/btrfs_tree.h>

#include "strace-lite/decode/array.h"
#include "strace-lite/decode/ioctl/ioctl-btrfs.h"
#include "strace-lite/decode/ioctl/ioctl-int.h"
#include "strace-lite/decode/util-print.h"
#include "gen/xlat.h"

static PRINT_ELEM_FN(print_u64_elem)
{
	uint64_t v = *(const uint64_t *)elem;

	if (data)
		btrfs_xval_u(c, data, v);
	else
		tprintf(c, "%" PRIu64, v);
	return true;
}

void btrfs_print_u64_array(struct dctx *c, uint64_t addr, uint64_t n, const struct xlat *x)
{
	uint64_t v;

	print_array(c, addr, n, &v, sizeof(v), 0, print_u64_elem, (void *)x);
}

void btrfs_print_replace_status(struct dctx *c, const struct btrfs_ioctl_dev_replace_args *d)
{
	const struct btrfs_ioctl_dev_replace_status_params *p = &d->status;

	tprint_next_field(c, "status");
	tprint_struct_begin(c);
	FLD_XVAL(c, *p, replace_state, xlat_btrfs_dev_replace_state,
		 "BTRFS_IOCTL_DEV_REPLACE_STATE_???");
	NEXT_U(c, *p, progress_1000);
	if (p->progress_1000 <= 1000)
		tprintf(c, " /* %u.%u%% */", (unsigned int)p->progress_1000 / 10,
			(unsigned int)p->progress_1000 % 10);
	NEXT_U(c, *p, time_started);
	print_time_comment(c, (int64_t)p->time_started, 0);
	NEXT_U(c, *p, time_stopped);
	print_time_comment(c, (int64_t)p->time_stopped, 0);
	NEXT_U(c, *p, num_write_errors);
	NEXT_U(c, *p, num_uncorrectable_read_errors);
	tprint_struct_end(c);
}

void btrfs_print_dev_stats_values(struct dctx *c, const struct btrfs_ioctl_get_dev_stats *s)
{
	size_t max = sizeof(s->values) / sizeof(s->values[0]);

	tprint_struct_next(c);
	tprint_array_begin(c);
	for (uint64_t i = 0; i < s->nr_items; i++) {
		if (i)
			tprint_array_next(c);
		if (i >= max) {
			tprint_more_data_follows(c);
			break;
		}
		tprints(c, "[");
		btrfs_xval_u(c, xlat_btrfs_dev_stats_values, i);
		tprintf(c, "] = %llu", (unsigned long long)s->values[i]);
	}
	tprint_array_end(c);
}

/* struct btrfs_data_container's header; true when its values are to follow (-v). */
static bool container_head(struct dctx *c, uint64_t addr, struct btrfs_data_container *d)
{
	if (umove_or_printaddr(c, addr, d))
		return false;
	tprint_struct_begin(c);
	FLD_U(c, *d, bytes_left);
	NEXT_U(c, *d, bytes_missing);
	NEXT_U(c, *d, elem_cnt);
	NEXT_U(c, *d, elem_missed);
	tprint_struct_next(c);
	if (!dopts.verbose) {
		tprint_more_data_follows(c);
		tprint_struct_end(c);
		return false;
	}
	tprint_field(c, "val");
	return true;
}

static PRINT_ELEM_FN(print_ino_path)
{
	printpath(c, *(const uint64_t *)data + *(const uint64_t *)elem);
	return true;
}

void btrfs_print_ino_path_container(struct dctx *c, uint64_t addr)
{
	struct btrfs_data_container d;
	uint64_t off, val = addr + offsetof(struct btrfs_data_container, val);

	if (!container_head(c, addr, &d))
		return;
	print_array(c, val, d.elem_cnt, &off, sizeof(off), 0, print_ino_path, &val);
	tprint_struct_end(c);
}

static PRINT_ELEM_FN(print_logical_ino)
{
	const uint64_t *r = elem;

	tprintf(c, "{inum=%" PRIu64 ", offset=%" PRIu64 ", root=%" PRIu64 "}", r[0], r[1], r[2]);
	return true;
}

void btrfs_print_logical_ino_container(struct dctx *c, uint64_t addr)
{
	struct btrfs_data_container d;
	uint64_t rec[3];

	if (!container_head(c, addr, &d))
		return;
	print_array(c, addr + offsetof(struct btrfs_data_container, val), d.elem_cnt / 3, rec,
		    sizeof(rec), 0, print_logical_ino, NULL);
	tprint_struct_end(c);
}

void btrfs_print_scrub_progress(struct dctx *c, const struct btrfs_scrub_progress *p)
{
	tprint_field(c, "progress");
	tprint_struct_begin(c);
	FLD_U(c, *p, data_extents_scrubbed);
	NEXT_U(c, *p, tree_extents_scrubbed);
	NEXT_U(c, *p, data_bytes_scrubbed);
	NEXT_U(c, *p, tree_bytes_scrubbed);
	NEXT_U(c, *p, read_errors);
	NEXT_U(c, *p, csum_errors);
	NEXT_U(c, *p, verify_errors);
	NEXT_U(c, *p, no_csum);
	NEXT_U(c, *p, csum_discards);
	NEXT_U(c, *p, super_errors);
	NEXT_U(c, *p, malloc_errors);
	NEXT_U(c, *p, uncorrectable_errors);
	NEXT_U(c, *p, corrected_errors);
	NEXT_U(c, *p, last_physical);
	NEXT_U(c, *p, unverified_errors);
	tprint_struct_end(c);
}

void btrfs_print_search_buf(struct dctx *c, uint64_t addr, uint64_t size, uint32_t nr)
{
	uint64_t off = 0;

	tprint_struct_next(c);
	if (!dopts.verbose) {
		tprint_more_data_follows(c);
		return;
	}
	tprint_field(c, "buf");
	tprint_array_begin(c);
	for (uint32_t i = 0; i < nr; i++) {
		struct btrfs_ioctl_search_header h;
		uint64_t at = addr + off;

		if (i)
			tprint_array_next(c);
		if (at < addr || off + sizeof(h) > size || !ioctl_array_elem(c, i)) {
			if (at < addr || off + sizeof(h) > size)
				tprint_more_data_follows(c);
			break;
		}
		if (umoven(c, at, sizeof(h), &h)) {
			tprint_more_data_follows(c);
			tprintf(c, " /* %#" PRIx64 " */", at);
			break;
		}
		tprintf(c, "{transid=%llu, ", (unsigned long long)h.transid);
		btrfs_objectid(c, "objectid", h.objectid);
		tprintf(c, ", offset=%llu, type=", (unsigned long long)h.offset);
		btrfs_xval_u(c, xlat_btrfs_key_types, h.type);
		tprintf(c, ", len=%u}", h.len);
		off += sizeof(h) + h.len;
	}
	tprint_array_end(c);
}

static PRINT_ELEM_FN(print_space_info)
{
	const struct btrfs_ioctl_space_info *s = elem;

	tprint_struct_begin(c);
	FLD_FLAGS(c, *s, flags, xlat_btrfs_space_info_flags, "BTRFS_SPACE_INFO_???");
	NEXT_U(c, *s, total_bytes);
	NEXT_U(c, *s, used_bytes);
	tprint_struct_end(c);
	return true;
}

void btrfs_print_space_infos(struct dctx *c, uint64_t addr, uint64_t n)
{
	struct btrfs_ioctl_space_info s;

	tprint_struct_next(c);
	if (!dopts.verbose) {
		tprint_more_data_follows(c);
		return;
	}
	tprint_field(c, "spaces");
	print_array(c, addr, n, &s, sizeof(s), 0, print_space_info, NULL);
}

static void fs_info(struct dctx *c, const struct btrfs_ioctl_fs_info_args *f)
{
	tprint_struct_begin(c);
	FLD_U(c, *f, max_id);
	NEXT_U(c, *f, num_devices);
	tprint_struct_next(c);
	btrfs_uuid(c, "fsid", f->fsid);
	NEXT_U(c, *f, nodesize);
	NEXT_U(c, *f, sectorsize);
	NEXT_U(c, *f, clone_alignment);
	if (f->flags & BTRFS_FS_INFO_FLAG_CSUM_INFO) {
		NEXT_XVAL(c, *f, csum_type, xlat_btrfs_csum_types, "BTRFS_CSUM_TYPE_???");
		NEXT_U(c, *f, csum_size);
	}
	NEXT_FLAGS(c, *f, flags, xlat_btrfs_fs_info_flags, "BTRFS_FS_INFO_FLAG_???");
	if (f->flags & BTRFS_FS_INFO_FLAG_GENERATION)
		NEXT_U(c, *f, generation);
	if (f->flags & BTRFS_FS_INFO_FLAG_METADATA_UUID) {
		tprint_struct_next(c);
		btrfs_uuid(c, "metadata_uuid", f->metadata_uuid);
	}
	tprint_struct_end(c);
}

void btrfs_print_out(struct dctx *c, unsigned int code, uint64_t arg)
{
	static const char *const comments[] = { "supported", "safe to set", "safe to clear" };
	union {
		struct btrfs_ioctl_feature_flags f[3];
		struct btrfs_ioctl_fs_info_args fs;
		struct btrfs_ioctl_qgroup_limit_args lim;
		struct btrfs_ioctl_quota_rescan_args rescan;
	} u;
	size_t len = code == BTRFS_IOC_GET_FEATURES ? sizeof(u.f[0])
		   : code == BTRFS_IOC_GET_SUPPORTED_FEATURES ? sizeof(u.f)
		   : code == BTRFS_IOC_FS_INFO ? sizeof(u.fs)
		   : code == BTRFS_IOC_QGROUP_LIMIT ? sizeof(u.lim) : sizeof(u.rescan);

	if (umoven_or_printaddr(c, arg, len, &u))
		return;
	switch (code) {
	case BTRFS_IOC_GET_FEATURES:
		btrfs_print_features(c, &u.f[0]);
		break;
	case BTRFS_IOC_GET_SUPPORTED_FEATURES:
		tprint_array_begin(c);
		for (int i = 0; i < 3; i++) {
			if (i)
				tprint_array_next(c);
			btrfs_print_features(c, &u.f[i]);
			tprintf(c, " /* %s */", comments[i]);
		}
		tprint_array_end(c);
		break;
	case BTRFS_IOC_FS_INFO:
		fs_info(c, &u.fs);
		break;
	case BTRFS_IOC_QGROUP_LIMIT:
		tprint_struct_begin(c);
		FLD_U(c, u.lim, qgroupid);
		tprint_next_field(c, "lim");
		btrfs_print_qgroup_limit(c, &u.lim.lim);
		tprint_struct_end(c);
		break;
	default: /* QUOTA_RESCAN_STATUS */
		tprint_struct_begin(c);
		FLD_U(c, u.rescan, flags);
		tprint_struct_next(c);
		btrfs_objectid(c, "progress", u.rescan.progress);
		tprint_struct_end(c);
		break;
	}
}

static void print_timespec(struct dctx *c, const char *name,
			   const struct btrfs_ioctl_timespec *t)
{
	tprint_field(c, name);
	tprintf(c, "{sec=%llu, nsec=%u}", (unsigned long long)t->sec, t->nsec);
	print_time_comment(c, (int64_t)t->sec, t->nsec);
}

int btrfs_received_subvol(struct dctx *c, uint64_t arg)
{
	struct btrfs_ioctl_received_subvol_args r;

	if (!ioctl_inout_begin(c, arg, &r))
		return IOCTL_DECODED;
	if (entering(c)) {
		btrfs_uuid(c, "uuid", (const uint8_t *)r.uuid);
		NEXT_U(c, r, stransid);
		tprint_struct_next(c);
		print_timespec(c, "stime", &r.stime);
		NEXT_U(c, r, flags);
		tprint_struct_end(c);
		return 0;
	}
	FLD_U(c, r, rtransid);
	tprint_struct_next(c);
	print_timespec(c, "rtime", &r.rtime);
	return ioctl_struct_done(c);
}
