// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * ioctl, btrfs requests (type 0x94): a volume's descriptor and name, a snapshot's flags with
 * the quota groups it inherits (a pointer followed), a defragmented range (UINT64_MAX by
 * name), balancing's per-type arguments, a tree search key (the default objectid bounds
 * left out), a device's uuid, send's arguments, quota control, device statistics, the
 * balance control command, subvolume flags; and the file system requests of the same type: FICLONERANGE, FIDEDUPERANGE (two
 * destinations, then "..."), FS_IOC_SETFSLABEL.  All on fd -1: EBADF, nothing reads back.
 * Run with -a0 -e trace=ioctl.
 */
#include <linux/btrfs.h>
#include <linux/btrfs_tree.h>
#include <linux/fs.h>
#include <stdint.h>
#include <sys/syscall.h>

#include "fdtest.h"

int main(void)
{
	static struct btrfs_ioctl_vol_args va = { .fd = 2, .name = "vol" };
	static struct btrfs_ioctl_vol_args_v2 v2 = {
		.fd = 2, .flags = BTRFS_SUBVOL_RDONLY | BTRFS_SUBVOL_QGROUP_INHERIT, .name = "snap"
	};
	static struct {
		struct btrfs_qgroup_inherit q;
		uint64_t ids[2];
	} qi = { .q = { .num_qgroups = 2, .lim = { .flags = BTRFS_QGROUP_LIMIT_MAX_RFER,
						     .max_rfer = 4096 } },
		 .ids = { 257, 258 } };
	static struct btrfs_ioctl_defrag_range_args dr = {
		.len = UINT64_MAX, .flags = BTRFS_DEFRAG_RANGE_COMPRESS, .extent_thresh = 4096,
		.compress_type = 3
	};
	static struct btrfs_ioctl_balance_args bal = {
		.flags = BTRFS_BALANCE_DATA | BTRFS_BALANCE_FORCE,
		.data = { .profiles = BTRFS_BLOCK_GROUP_RAID1, .devid = 1, .pend = UINT64_MAX,
			  .flags = BTRFS_BALANCE_ARGS_PROFILES }
	};
	static struct btrfs_ioctl_search_args sa = {
		.key = { .tree_id = BTRFS_ROOT_TREE_OBJECTID, .min_objectid = 256,
			 .max_objectid = BTRFS_LAST_FREE_OBJECTID, .max_offset = UINT64_MAX,
			 .max_transid = UINT64_MAX, .min_type = BTRFS_DIR_ITEM_KEY,
			 .max_type = 255, .nr_items = 4 }
	};
	static struct btrfs_ioctl_dev_info_args di = {
		.devid = 1, .uuid = { 0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef,
				      0xfe, 0xdc, 0xba, 0x98, 0x76, 0x54, 0x32, 0x10 }
	};
	static struct btrfs_ioctl_send_args snd = {
		.send_fd = 4, .clone_sources_count = 1, .parent_root = BTRFS_FS_TREE_OBJECTID,
		.flags = BTRFS_SEND_FLAG_NO_FILE_DATA | 0x100
	};
	static struct btrfs_ioctl_quota_ctl_args qc = { .cmd = BTRFS_QUOTA_CTL_DISABLE };
	static struct btrfs_ioctl_get_dev_stats ds = { .devid = 2, .nr_items = 5,
						       .flags = BTRFS_DEV_STATS_RESET };
	static struct file_clone_range cr = { .src_fd = 3, .src_offset = 1, .src_length = 2,
					      .dest_offset = 3 };
	static struct {
		struct file_dedupe_range r;
		struct file_dedupe_range_info i[3];
	} dd = { .r = { .src_offset = 10, .src_length = 20, .dest_count = 3 },
		 .i = { { .dest_fd = 5, .dest_offset = 1 }, { .dest_fd = 6, .dest_offset = 2 },
			{ .dest_fd = 7 } } };
	static char label[FSLABEL_MAX] = "tank";
	uint64_t flags = BTRFS_SUBVOL_RDONLY | 0x80;
	long rc;

	rc = syscall(__NR_ioctl, -1, BTRFS_IOC_SNAP_DESTROY, &va);
	out("ioctl(-1, BTRFS_IOC_SNAP_DESTROY, {fd=2, name=\"vol\"}) = %s\n", sprintrc(rc));
	v2.size = sizeof(qi);
	v2.qgroup_inherit = &qi.q;
	rc = syscall(__NR_ioctl, -1, BTRFS_IOC_SNAP_CREATE_V2, &v2);
	out("ioctl(-1, BTRFS_IOC_SNAP_CREATE_V2, {fd=2, flags=BTRFS_SUBVOL_RDONLY|"
	    "BTRFS_SUBVOL_QGROUP_INHERIT, size=%zu, qgroup_inherit={flags=0, num_qgroups=2, "
	    "num_ref_copies=0, num_excl_copies=0, lim={flags=BTRFS_QGROUP_LIMIT_MAX_RFER, "
	    "max_rfer=4096, max_excl=0, rsv_rfer=0, rsv_excl=0}, ...}, name=\"snap\"}) = %s\n",
	    sizeof(qi), sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, BTRFS_IOC_DEFRAG_RANGE, &dr);
	out("ioctl(-1, BTRFS_IOC_DEFRAG_RANGE, {start=0, len=UINT64_MAX, "
	    "flags=BTRFS_DEFRAG_RANGE_COMPRESS, extent_thresh=4096, "
	    "compress_type=BTRFS_COMPRESS_ZSTD}) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, BTRFS_IOC_BALANCE_V2, &bal);
	out("ioctl(-1, BTRFS_IOC_BALANCE_V2, {flags=BTRFS_BALANCE_DATA|BTRFS_BALANCE_FORCE, "
	    "data={profiles=BTRFS_BLOCK_GROUP_RAID1, usage=0, devid=makedev(0, 0x1), pstart=0, "
	    "pend=UINT64_MAX, vstart=0, vend=0, target=0, flags=BTRFS_BALANCE_ARGS_PROFILES}}) "
	    "= %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, BTRFS_IOC_TREE_SEARCH, &sa);
	out("ioctl(-1, BTRFS_IOC_TREE_SEARCH, {key={tree_id=BTRFS_ROOT_TREE_OBJECTID, "
	    "min_offset=0, max_offset=UINT64_MAX, "
	    "min_transid=0, max_transid=UINT64_MAX, min_type=BTRFS_DIR_ITEM_KEY, max_type=255, "
	    "nr_items=4}}) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, BTRFS_IOC_DEV_INFO, &di);
	out("ioctl(-1, BTRFS_IOC_DEV_INFO, {devid=makedev(0, 0x1), "
	    "uuid=01234567-89ab-cdef-fedc-ba9876543210}) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, BTRFS_IOC_SEND, &snd);
	out("ioctl(-1, BTRFS_IOC_SEND, {send_fd=4, clone_sources_count=1, clone_sources=NULL, "
	    "parent_root=BTRFS_FS_TREE_OBJECTID, flags=BTRFS_SEND_FLAG_NO_FILE_DATA|0x100}) = %s\n",
	    sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, BTRFS_IOC_QUOTA_CTL, &qc);
	out("ioctl(-1, BTRFS_IOC_QUOTA_CTL, {cmd=BTRFS_QUOTA_CTL_DISABLE}) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, BTRFS_IOC_GET_DEV_STATS, &ds);
	out("ioctl(-1, BTRFS_IOC_GET_DEV_STATS, {devid=makedev(0, 0x2), nr_items=5, "
	    "flags=BTRFS_DEV_STATS_RESET}) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, BTRFS_IOC_BALANCE_CTL, 2);
	out("ioctl(-1, BTRFS_IOC_BALANCE_CTL, BTRFS_BALANCE_CTL_CANCEL) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, BTRFS_IOC_SUBVOL_SETFLAGS, &flags);
	out("ioctl(-1, BTRFS_IOC_SUBVOL_SETFLAGS, BTRFS_SUBVOL_RDONLY|0x80) = %s\n",
	    sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, BTRFS_IOC_SUBVOL_GETFLAGS, &flags);
	out("ioctl(-1, BTRFS_IOC_SUBVOL_GETFLAGS, %p) = %s\n", (void *)&flags, sprintrc(rc));

	rc = syscall(__NR_ioctl, -1, FICLONERANGE, &cr);
	out("ioctl(-1, BTRFS_IOC_CLONE_RANGE or FICLONERANGE, {src_fd=3, src_offset=1, "
	    "src_length=2, dest_offset=3}) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, FIDEDUPERANGE, &dd);
	out("ioctl(-1, BTRFS_IOC_FILE_EXTENT_SAME or FIDEDUPERANGE, {src_offset=10, "
	    "src_length=20, dest_count=3, info=[{dest_fd=5, dest_offset=1}, {dest_fd=6, "
	    "dest_offset=2}, ...]}) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, FS_IOC_SETFSLABEL, label);
	out("ioctl(-1, FS_IOC_SETFSLABEL, \"tank\") = %s\n", sprintrc(rc));
	out("+++ exited with 0 +++\n");
	return 0;
}
