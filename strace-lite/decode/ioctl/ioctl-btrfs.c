// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * btrfs ioctls (type 0x94, BTRFS_IOCTL_MAGIC) as strace 7.2 prints them: the volume arguments
 * (a descriptor and a name), subvolume and snapshot creation with the qgroups they inherit,
 * balancing, defragmenting, scrubbing, device replacement, features, device statistics, inode
 * lookups, quota groups, send, tree searches and space information.  Requests the kernel reads
 * print at entry; those it writes print at exit (not after an error), after " => " for those
 * it both reads and writes.  Layouts come from <linux/btrfs.h>, the kernel's stable ABI.
 * ioctl-btrfs-out.c holds the printers of what the kernel writes back.  The generic file
 * system requests of the same type (FICLONERANGE, FIDEDUPERANGE, the label) are here too.
 */
#include <errno.h>
#include <inttypes.h>
#include <stddef.h>
#include <linux/btrfs.h>
#include <linux/btrfs_tree.h>
#include <linux/fs.h>

#include "strace-lite/decode/array.h"
#include "strace-lite/decode/ioctl/ioctl-btrfs.h"
#include "strace-lite/decode/ioctl/ioctl-int.h"
#include "strace-lite/decode/util-print.h"
#include "gen/xlat.h"

static const struct xlat u64_max[] = { { UINT64_MAX, "UINT64_MAX" }, { 0, NULL } };

void btrfs_xval_u(struct dctx *c, const struct xlat *x, uint64_t v)
{
	const char *name = xlat_lookup(x, v);
	enum xlat_style st = print_opts_get()->xstyle;

	if (name && st == XSTYLE_ABBREV) {
		tprints(c, name);
		return;
	}
	tprintf(c, "%" PRIu64, v);
	if (name && st == XSTYLE_VERBOSE)
		tprintf(c, " /* %s */", name);
}

void btrfs_u64(struct dctx *c, const char *name, uint64_t v)
{
	tprint_field(c, name);
	btrfs_xval_u(c, u64_max, v);
}

void btrfs_objectid(struct dctx *c, const char *name, uint64_t v)
{
	tprint_field(c, name);
	btrfs_xval_u(c, xlat_btrfs_tree_objectids, v);
}

void btrfs_dev(struct dctx *c, const char *name, uint64_t v)
{
	tprint_field(c, name);
	print_dev(c, v);
}

void btrfs_uuid(struct dctx *c, const char *name, const uint8_t *u)
{
	tprintf(c, "%s=%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x", name,
		u[0], u[1], u[2], u[3], u[4], u[5], u[6], u[7], u[8], u[9], u[10], u[11], u[12],
		u[13], u[14], u[15]);
}

static void print_balance_args(struct dctx *c, const char *name,
			       const struct btrfs_balance_args *a)
{
	tprint_next_field(c, name);
	tprint_struct_begin(c);
	FLD_FLAGS(c, *a, profiles, xlat_btrfs_space_info_flags, "BTRFS_BLOCK_GROUP_???");
	tprint_struct_next(c);
	btrfs_u64(c, "usage", a->usage);
	tprint_struct_next(c);
	btrfs_dev(c, "devid", a->devid);
	tprint_struct_next(c);
	btrfs_u64(c, "pstart", a->pstart);
	tprint_struct_next(c);
	btrfs_u64(c, "pend", a->pend);
	tprint_struct_next(c);
	btrfs_u64(c, "vstart", a->vstart);
	tprint_struct_next(c);
	btrfs_u64(c, "vend", a->vend);
	tprint_struct_next(c);
	btrfs_u64(c, "target", a->target);
	NEXT_FLAGS(c, *a, flags, xlat_btrfs_balance_args, "BTRFS_BALANCE_ARGS_???");
	tprint_struct_end(c);
}

/* struct btrfs_ioctl_balance_args; its state only as the kernel wrote it (OUT). */
static void print_balance(struct dctx *c, uint64_t arg, bool out)
{
	struct btrfs_ioctl_balance_args b;

	if (umove_or_printaddr(c, arg, &b))
		return;
	tprint_struct_begin(c);
	FLD_FLAGS(c, b, flags, xlat_btrfs_balance_flags, "BTRFS_BALANCE_???");
	if (out)
		NEXT_FLAGS(c, b, state, xlat_btrfs_balance_state, "BTRFS_BALANCE_STATE_???");
	if (b.flags & BTRFS_BALANCE_DATA)
		print_balance_args(c, "data", &b.data);
	if (b.flags & BTRFS_BALANCE_METADATA)
		print_balance_args(c, "meta", &b.meta);
	if (b.flags & BTRFS_BALANCE_SYSTEM)
		print_balance_args(c, "sys", &b.sys);
	tprint_struct_end(c);
}

void btrfs_print_features(struct dctx *c, const struct btrfs_ioctl_feature_flags *f)
{
	tprint_struct_begin(c);
	FLD_FLAGS(c, *f, compat_flags, xlat_btrfs_features_compat, "BTRFS_FEATURE_COMPAT_???");
	NEXT_FLAGS(c, *f, compat_ro_flags, xlat_btrfs_features_compat_ro,
		   "BTRFS_FEATURE_COMPAT_RO_???");
	NEXT_FLAGS(c, *f, incompat_flags, xlat_btrfs_features_incompat,
		   "BTRFS_FEATURE_INCOMPAT_???");
	tprint_struct_end(c);
}

void btrfs_print_qgroup_limit(struct dctx *c, const struct btrfs_qgroup_limit *l)
{
	tprint_struct_begin(c);
	FLD_FLAGS(c, *l, flags, xlat_btrfs_qgroup_limit_flags, "BTRFS_QGROUP_LIMIT_???");
	NEXT_U(c, *l, max_rfer);
	NEXT_U(c, *l, max_excl);
	NEXT_U(c, *l, rsv_rfer);
	NEXT_U(c, *l, rsv_excl);
	tprint_struct_end(c);
}

/* struct btrfs_qgroup_inherit at ADDR, its qgroup ids with -v (at most -s of them). */
static void print_qgroup_inherit(struct dctx *c, uint64_t addr)
{
	struct btrfs_qgroup_inherit q;

	if (umove_or_printaddr(c, addr, &q))
		return;
	tprint_struct_begin(c);
	FLD_FLAGS(c, q, flags, xlat_btrfs_qgroup_inherit_flags, "BTRFS_QGROUP_INHERIT_???");
	NEXT_U(c, q, num_qgroups);
	NEXT_U(c, q, num_ref_copies);
	NEXT_U(c, q, num_excl_copies);
	tprint_next_field(c, "lim");
	btrfs_print_qgroup_limit(c, &q.lim);
	tprint_struct_next(c);
	if (!dopts.verbose) {
		tprint_more_data_follows(c);
	} else {
		tprint_field(c, "qgroups");
		btrfs_print_u64_array(c, addr + offsetof(struct btrfs_qgroup_inherit, qgroups),
				      q.num_qgroups, NULL);
	}
	tprint_struct_end(c);
}

/* struct btrfs_ioctl_vol_args: a descriptor and a name. */
static int vol_args(struct dctx *c, uint64_t arg)
{
	struct btrfs_ioctl_vol_args v;

	if (!ioctl_struct_begin(c, arg, &v))
		return IOCTL_DECODED;
	tprint_field(c, "fd");
	printfd(c, (int)v.fd);
	NEXT_CSTR(c, v, name);
	return ioctl_struct_done(c);
}

/* struct btrfs_ioctl_vol_args_v2 (SNAP_CREATE_V2, SUBVOL_CREATE_V2): the transid at exit. */
static int vol_args_v2(struct dctx *c, uint64_t arg)
{
	struct btrfs_ioctl_vol_args_v2 v;

	if (!ioctl_inout_begin(c, arg, &v))
		return IOCTL_DECODED;
	if (!entering(c)) {
		FLD_U(c, v, transid);
		return ioctl_struct_done(c);
	}
	tprint_field(c, "fd");
	printfd(c, (int)v.fd);
	NEXT_FLAGS(c, v, flags, xlat_btrfs_snap_flags_v2, "BTRFS_SUBVOL_???");
	if (v.flags & BTRFS_SUBVOL_QGROUP_INHERIT) {
		NEXT_U(c, v, size);
		tprint_next_field(c, "qgroup_inherit");
		print_qgroup_inherit(c, (uintptr_t)v.qgroup_inherit);
	}
	NEXT_CSTR(c, v, name);
	tprint_struct_end(c);
	return 0;
}

static int defrag_range(struct dctx *c, uint64_t arg)
{
	struct btrfs_ioctl_defrag_range_args d;

	if (!ioctl_struct_begin(c, arg, &d))
		return IOCTL_DECODED;
	FLD_U(c, d, start);
	tprint_struct_next(c);
	btrfs_u64(c, "len", d.len);
	NEXT_FLAGS(c, d, flags, xlat_btrfs_defrag_flags, "BTRFS_DEFRAG_RANGE_???");
	NEXT_U(c, d, extent_thresh);
	NEXT_XVAL(c, d, compress_type, xlat_btrfs_compress_types, "BTRFS_COMPRESS_???");
	return ioctl_struct_done(c);
}

/* The struct an RW request reads at entry, and at exit (" => ") unless the call failed. */
#define RW_BEGIN(c, arg, objp)                                              \
	do {                                                                \
		if (!ioctl_inout_beginn((c), (arg), sizeof(*(objp)), (objp))) \
			return IOCTL_DECODED;                               \
	} while (0)

static int dev_info(struct dctx *c, uint64_t arg)
{
	struct btrfs_ioctl_dev_info_args d;
	bool uuid;

	RW_BEGIN(c, arg, &d);
	uuid = !mem_all_zero(d.uuid, sizeof(d.uuid));
	if (entering(c)) {
		btrfs_dev(c, "devid", d.devid);
		if (uuid) {
			tprint_struct_next(c);
			btrfs_uuid(c, "uuid", d.uuid);
		}
		tprint_struct_end(c);
		return 0;
	}
	if (uuid) {
		btrfs_uuid(c, "uuid", d.uuid);
		tprint_struct_next(c);
	}
	FLD_U(c, d, bytes_used);
	NEXT_U(c, d, total_bytes);
	NEXT_CSTR(c, d, path);
	return ioctl_struct_done(c);
}

static int dev_replace(struct dctx *c, uint64_t arg)
{
	struct btrfs_ioctl_dev_replace_args d;

	RW_BEGIN(c, arg, &d);
	if (entering(c)) {
		FLD_XVAL(c, d, cmd, xlat_btrfs_dev_replace_cmds, "BTRFS_IOCTL_DEV_REPLACE_CMD_???");
		if (d.cmd == BTRFS_IOCTL_DEV_REPLACE_CMD_START) {
			tprint_next_field(c, "start");
			tprint_struct_begin(c);
			btrfs_dev(c, "srcdevid", d.start.srcdevid);
			NEXT_XVAL(c, d.start, cont_reading_from_srcdev_mode,
				  xlat_btrfs_cont_reading_from_srcdev_mode,
				  "BTRFS_IOCTL_DEV_REPLACE_CONT_READING_FROM_SRCDEV_MODE_???");
			NEXT_CSTR(c, d.start, srcdev_name);
			NEXT_CSTR(c, d.start, tgtdev_name);
			tprint_struct_end(c);
		}
		tprint_struct_end(c);
		return 0;
	}
	FLD_XVAL(c, d, result, xlat_btrfs_dev_replace_results,
		 "BTRFS_IOCTL_DEV_REPLACE_RESULT_???");
	if (d.cmd == BTRFS_IOCTL_DEV_REPLACE_CMD_STATUS)
		btrfs_print_replace_status(c, &d);
	return ioctl_struct_done(c);
}

static int set_features(struct dctx *c, uint64_t arg)
{
	struct btrfs_ioctl_feature_flags f[2];

	tprint_arg_next(c);
	if (umove_or_printaddr(c, arg, &f))
		return IOCTL_DECODED;
	tprint_array_begin(c);
	btrfs_print_features(c, &f[0]);
	tprint_array_next(c);
	btrfs_print_features(c, &f[1]);
	tprint_array_end(c);
	return IOCTL_DECODED;
}

static int dev_stats(struct dctx *c, uint64_t arg)
{
	struct btrfs_ioctl_get_dev_stats s;

	RW_BEGIN(c, arg, &s);
	if (entering(c)) {
		btrfs_dev(c, "devid", s.devid);
		tprint_struct_next(c);
	}
	FLD_U(c, s, nr_items);
	NEXT_FLAGS(c, s, flags, xlat_btrfs_dev_stats_flags, "BTRFS_DEV_STATS_???");
	if (entering(c)) {
		tprint_struct_end(c);
		return 0;
	}
	btrfs_print_dev_stats_values(c, &s);
	return ioctl_struct_done(c);
}

static int ino_lookup(struct dctx *c, uint64_t arg)
{
	struct btrfs_ioctl_ino_lookup_args l;

	RW_BEGIN(c, arg, &l);
	if (entering(c)) {
		/* treeid 0: the kernel answers with the subvolume of the descriptor. */
		c->priv[2] = l.treeid == 0;
		btrfs_objectid(c, "treeid", l.treeid);
		tprint_struct_next(c);
		btrfs_objectid(c, "objectid", l.objectid);
		tprint_struct_end(c);
		return 0;
	}
	if (c->priv[2]) {
		btrfs_objectid(c, "treeid", l.treeid);
		tprint_struct_next(c);
	}
	FLD_CSTR(c, l, name);
	return ioctl_struct_done(c);
}

static int ino_paths(struct dctx *c, uint64_t arg)
{
	struct btrfs_ioctl_ino_path_args p;

	RW_BEGIN(c, arg, &p);
	if (entering(c)) {
		FLD_U(c, p, inum);
		NEXT_U(c, p, size);
		NEXT_ADDR(c, p, fspath);
		tprint_struct_end(c);
		return 0;
	}
	tprint_field(c, "fspath");
	btrfs_print_ino_path_container(c, p.fspath);
	return ioctl_struct_done(c);
}

static int logical_ino(struct dctx *c, uint64_t arg)
{
	struct btrfs_ioctl_logical_ino_args l;

	RW_BEGIN(c, arg, &l);
	if (entering(c)) {
		FLD_U(c, l, logical);
		NEXT_U(c, l, size);
		if (!mem_all_zero(l.reserved, sizeof(l.reserved))) {
			tprint_next_field(c, "reserved");
			tprint_array_begin(c);
			for (size_t i = 0; i < sizeof(l.reserved) / sizeof(l.reserved[0]); i++) {
				if (i)
					tprint_array_next(c);
				ioctl_print_x(c, l.reserved[i]);
			}
			tprint_array_end(c);
		}
		NEXT_FLAGS(c, l, flags, xlat_btrfs_logical_ino_args_flags,
			   "BTRFS_LOGICAL_INO_ARGS_???");
		NEXT_ADDR(c, l, inodes);
		tprint_struct_end(c);
		return 0;
	}
	tprint_field(c, "inodes");
	btrfs_print_logical_ino_container(c, l.inodes);
	return ioctl_struct_done(c);
}

static int scrub(struct dctx *c, unsigned int code, uint64_t arg)
{
	struct btrfs_ioctl_scrub_args s;

	RW_BEGIN(c, arg, &s);
	if (entering(c)) {
		btrfs_dev(c, "devid", s.devid);
		if (code == BTRFS_IOC_SCRUB) {
			NEXT_U(c, s, start);
			tprint_struct_next(c);
			btrfs_u64(c, "end", s.end);
			NEXT_FLAGS(c, s, flags, xlat_btrfs_scrub_flags, "BTRFS_SCRUB_???");
		}
		tprint_struct_end(c);
		return 0;
	}
	btrfs_print_scrub_progress(c, &s.progress);
	return ioctl_struct_done(c);
}

static void print_search_key(struct dctx *c, const struct btrfs_ioctl_search_key *k)
{
	tprint_field(c, "key");
	tprint_struct_begin(c);
	if (entering(c)) {
		btrfs_objectid(c, "tree_id", k->tree_id);
		if (k->min_objectid != BTRFS_FIRST_FREE_OBJECTID || dopts.verbose) {
			tprint_struct_next(c);
			btrfs_objectid(c, "min_objectid", k->min_objectid);
		}
		if (k->max_objectid != BTRFS_LAST_FREE_OBJECTID || dopts.verbose) {
			tprint_struct_next(c);
			btrfs_objectid(c, "max_objectid", k->max_objectid);
		}
		tprint_struct_next(c);
		btrfs_u64(c, "min_offset", k->min_offset);
		tprint_struct_next(c);
		btrfs_u64(c, "max_offset", k->max_offset);
		tprint_struct_next(c);
		btrfs_u64(c, "min_transid", k->min_transid);
		tprint_struct_next(c);
		btrfs_u64(c, "max_transid", k->max_transid);
		tprint_next_field(c, "min_type");
		btrfs_xval_u(c, xlat_btrfs_key_types, k->min_type);
		tprint_next_field(c, "max_type");
		btrfs_xval_u(c, xlat_btrfs_key_types, k->max_type);
		tprint_struct_next(c);
	}
	FLD_U(c, *k, nr_items);
	tprint_struct_end(c);
}

/* TREE_SEARCH (a 4 KiB buffer) and TREE_SEARCH_V2 (buf_size bytes; EOVERFLOW says how many). */
static int tree_search(struct dctx *c, unsigned int code, uint64_t arg)
{
	struct btrfs_ioctl_search_args_v2 s;
	bool v2 = code == BTRFS_IOC_TREE_SEARCH_V2;
	size_t len = v2 ? sizeof(s) : sizeof(s.key);

	if (!entering(c) && syserror(c)) {
		if (v2 && c->err == EOVERFLOW) {
			tprints(c, " => ");
			if (!umoven_or_printaddr_ignore_syserror(c, arg, len, &s))
				tprintf(c, "{buf_size=%" PRIu64 "}", (uint64_t)s.buf_size);
		}
		return IOCTL_DECODED;
	}
	if (!ioctl_inout_beginn(c, arg, len, &s))
		return IOCTL_DECODED;
	print_search_key(c, &s.key);
	if (v2)
		NEXT_U(c, s, buf_size);
	if (!entering(c))
		btrfs_print_search_buf(c, arg + (v2 ? sizeof(s) : sizeof(s.key)),
				       v2 ? s.buf_size : sizeof(((struct btrfs_ioctl_search_args *)0)->buf),
				       s.key.nr_items);
	tprint_struct_end(c);
	return entering(c) ? 0 : IOCTL_DECODED;
}

static int send_args(struct dctx *c, uint64_t arg)
{
	struct btrfs_ioctl_send_args s;

	if (!ioctl_struct_begin(c, arg, &s))
		return IOCTL_DECODED;
	tprint_field(c, "send_fd");
	printfd(c, (int)s.send_fd);
	NEXT_U(c, s, clone_sources_count);
	tprint_next_field(c, "clone_sources");
	if (!dopts.verbose)
		printaddr(c, (uintptr_t)s.clone_sources);
	else
		btrfs_print_u64_array(c, (uintptr_t)s.clone_sources, s.clone_sources_count,
				      xlat_btrfs_tree_objectids);
	tprint_struct_next(c);
	btrfs_objectid(c, "parent_root", s.parent_root);
	NEXT_FLAGS(c, s, flags, xlat_btrfs_send_flags, "BTRFS_SEND_FLAG_???");
	return ioctl_struct_done(c);
}

static int space_info(struct dctx *c, uint64_t arg)
{
	struct btrfs_ioctl_space_args s;

	RW_BEGIN(c, arg, &s);
	if (entering(c)) {
		FLD_U(c, s, space_slots);
		tprint_struct_end(c);
		return 0;
	}
	FLD_U(c, s, total_spaces);
	if (!(s.space_slots == 0 && s.total_spaces))
		btrfs_print_space_infos(c, arg + sizeof(s), s.total_spaces);
	return ioctl_struct_done(c);
}

static int clone_range(struct dctx *c, uint64_t arg)
{
	struct file_clone_range r;

	if (!ioctl_struct_begin(c, arg, &r))
		return IOCTL_DECODED;
	tprint_field(c, "src_fd");
	printfd(c, (int)r.src_fd);
	NEXT_U(c, r, src_offset);
	NEXT_U(c, r, src_length);
	NEXT_U(c, r, dest_offset);
	return ioctl_struct_done(c);
}

/* data: without -v, how many more elements to show (two, then "..."). */
static PRINT_ELEM_FN(print_dedupe_info)
{
	const struct file_dedupe_range_info *i = elem;
	unsigned int *left = data;

	if (left) {
		if (!*left) {
			tprint_more_data_follows(c);
			return false;
		}
		--*left;
	}
	tprint_struct_begin(c);
	if (entering(c)) {
		tprint_field(c, "dest_fd");
		printfd(c, (int)i->dest_fd);
		NEXT_U(c, *i, dest_offset);
	} else {
		FLD_U(c, *i, bytes_deduped);
		NEXT_D(c, *i, status);
	}
	tprint_struct_end(c);
	return true;
}

static int dedupe_range(struct dctx *c, uint64_t arg)
{
	struct file_dedupe_range r;
	struct file_dedupe_range_info info;
	unsigned int left = 2;

	if (!ioctl_inout_begin(c, arg, &r))
		return IOCTL_DECODED;
	if (entering(c)) {
		FLD_U(c, r, src_offset);
		NEXT_U(c, r, src_length);
		NEXT_U(c, r, dest_count);
		tprint_struct_next(c);
	}
	tprint_field(c, "info");
	bool all = print_array(c, arg + offsetof(struct file_dedupe_range, info), r.dest_count,
			       &info, sizeof(info), 0, print_dedupe_info,
			       !dopts.verbose && r.dest_count > left ? &left : NULL);
	tprint_struct_end(c);
	return all && entering(c) ? 0 : IOCTL_DECODED;
}

/* A request the kernel only writes: nothing at entry, ARG at exit. */
static bool out_only(struct dctx *c)
{
	if (entering(c))
		return true;
	tprint_arg_next(c);
	return false;
}

IOCTL_FAMILY(btrfs)
{
	char label[FSLABEL_MAX];

	switch (code) {
	case FICLONE: /* the source descriptor as a plain int */
		return ARG_DECODED(c, tprintf(c, "%d", (int)arg));
	case FICLONERANGE:
		return clone_range(c, arg);
	case FIDEDUPERANGE:
		return dedupe_range(c, arg);
	case FS_IOC_GETFSLABEL:
	case FS_IOC_SETFSLABEL:
		if (code == FS_IOC_GETFSLABEL ? out_only(c) : (tprint_arg_next(c), false))
			return 0;
		if (!umove_or_printaddr(c, arg, &label))
			ioctl_print_cstring(c, label, sizeof(label));
		return IOCTL_DECODED;
	case BTRFS_IOC_TRANS_START:
	case BTRFS_IOC_TRANS_END:
	case BTRFS_IOC_SYNC:
	case BTRFS_IOC_SCRUB_CANCEL:
	case BTRFS_IOC_QUOTA_RESCAN_WAIT:
	case BTRFS_IOC_DEFRAG: /* these encode a vol_args they do not read */
	case BTRFS_IOC_BALANCE:
		return IOCTL_DECODED;
	case BTRFS_IOC_BALANCE_CTL:
		return ARG_DECODED(c, printxval(c, xlat_btrfs_balance_ctl_cmds, (unsigned int)arg,
						"BTRFS_BALANCE_CTL_???"));
	case BTRFS_IOC_START_SYNC:
		if (out_only(c))
			return 0;
		return DECODED(printnum_int64(c, arg, "%" PRIu64));
	case BTRFS_IOC_DEFAULT_SUBVOL:
	case BTRFS_IOC_WAIT_SYNC:
		return ARG_DECODED(c, printnum_int64(c, arg, "%" PRIu64));
	case BTRFS_IOC_SUBVOL_GETFLAGS:
	case BTRFS_IOC_SUBVOL_SETFLAGS: {
		uint64_t flags;
		if (code == BTRFS_IOC_SUBVOL_GETFLAGS ? out_only(c) : (tprint_arg_next(c), false))
			return 0;
		if (!umove_or_printaddr(c, arg, &flags))
			printflags(c, xlat_btrfs_snap_flags_v2, flags, "BTRFS_SUBVOL_???");
		return IOCTL_DECODED;
	}
	case BTRFS_IOC_BALANCE_V2:
		if (entering(c)) {
			tprint_arg_next(c);
			print_balance(c, arg, false);
			return 0;
		}
		if (!syserror(c)) {
			tprints(c, " => ");
			print_balance(c, arg, true);
		}
		return IOCTL_DECODED;
	case BTRFS_IOC_BALANCE_PROGRESS:
		if (out_only(c))
			return 0;
		return DECODED(print_balance(c, arg, true));
	case BTRFS_IOC_DEFRAG_RANGE:
		return defrag_range(c, arg);
	case BTRFS_IOC_DEV_INFO:
		return dev_info(c, arg);
	case BTRFS_IOC_DEV_REPLACE:
		return dev_replace(c, arg);
	case BTRFS_IOC_GET_FEATURES:
	case BTRFS_IOC_GET_SUPPORTED_FEATURES:
	case BTRFS_IOC_FS_INFO:
	case BTRFS_IOC_QGROUP_LIMIT:
	case BTRFS_IOC_QUOTA_RESCAN_STATUS:
		if (out_only(c))
			return 0;
		return DECODED(btrfs_print_out(c, code, arg));
	case BTRFS_IOC_SET_FEATURES:
		return set_features(c, arg);
	case BTRFS_IOC_GET_DEV_STATS:
		return dev_stats(c, arg);
	case BTRFS_IOC_INO_LOOKUP:
		return ino_lookup(c, arg);
	case BTRFS_IOC_INO_PATHS:
		return ino_paths(c, arg);
	case BTRFS_IOC_LOGICAL_INO:
		return logical_ino(c, arg);
	case BTRFS_IOC_QGROUP_ASSIGN: {
		struct btrfs_ioctl_qgroup_assign_args a;
		if (!ioctl_struct_begin(c, arg, &a))
			return IOCTL_DECODED;
		FLD_U(c, a, assign);
		NEXT_U(c, a, src);
		NEXT_U(c, a, dst);
		return ioctl_struct_done(c);
	}
	case BTRFS_IOC_QGROUP_CREATE: {
		struct btrfs_ioctl_qgroup_create_args a;
		if (!ioctl_struct_begin(c, arg, &a))
			return IOCTL_DECODED;
		FLD_U(c, a, create);
		NEXT_U(c, a, qgroupid);
		return ioctl_struct_done(c);
	}
	case BTRFS_IOC_QUOTA_CTL: {
		struct btrfs_ioctl_quota_ctl_args a;
		if (!ioctl_struct_begin(c, arg, &a))
			return IOCTL_DECODED;
		FLD_XVAL(c, a, cmd, xlat_btrfs_qgroup_ctl_cmds, "BTRFS_QUOTA_CTL_???");
		return ioctl_struct_done(c);
	}
	case BTRFS_IOC_QUOTA_RESCAN: {
		struct btrfs_ioctl_quota_rescan_args a;
		if (!ioctl_struct_begin(c, arg, &a))
			return IOCTL_DECODED;
		FLD_U(c, a, flags);
		return ioctl_struct_done(c);
	}
	case BTRFS_IOC_SET_RECEIVED_SUBVOL:
		return btrfs_received_subvol(c, arg);
	case BTRFS_IOC_SCRUB:
	case BTRFS_IOC_SCRUB_PROGRESS:
		return scrub(c, code, arg);
	case BTRFS_IOC_TREE_SEARCH:
	case BTRFS_IOC_TREE_SEARCH_V2:
		return tree_search(c, code, arg);
	case BTRFS_IOC_SEND:
		return send_args(c, arg);
	case BTRFS_IOC_SPACE_INFO:
		return space_info(c, arg);
	case BTRFS_IOC_SNAP_CREATE:
	case BTRFS_IOC_RESIZE:
	case BTRFS_IOC_SCAN_DEV:
	case BTRFS_IOC_FORGET_DEV:
	case BTRFS_IOC_ADD_DEV:
	case BTRFS_IOC_RM_DEV:
	case BTRFS_IOC_SUBVOL_CREATE:
	case BTRFS_IOC_SNAP_DESTROY:
	case BTRFS_IOC_DEVICES_READY:
		return vol_args(c, arg);
	case BTRFS_IOC_SNAP_CREATE_V2:
	case BTRFS_IOC_SUBVOL_CREATE_V2:
		return vol_args_v2(c, arg);
	}
	return RVAL_DECODED;
}
