/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Between ioctl-btrfs.c (the requests, what the kernel reads) and ioctl-btrfs-out.c (what it
 * writes back): the field printers both use.
 */
#pragma once
#include <stdint.h>
#include <linux/btrfs.h>

#include "strace-lite/decode/decode.h"

/* V in decimal, named by X as strace's printxval_u: "NAME", or "256 /\* NAME *\/" (verbose). */
void btrfs_xval_u(struct dctx *c, const struct xlat *x, uint64_t v);
/* "name=V", UINT64_MAX by name. */
void btrfs_u64(struct dctx *c, const char *name, uint64_t v);
/* "name=V", a tree object id by name. */
void btrfs_objectid(struct dctx *c, const char *name, uint64_t v);
/* "name=makedev(...)". */
void btrfs_dev(struct dctx *c, const char *name, uint64_t v);
/* "name=01234567-89ab-cdef-fedc-ba9876543210". */
void btrfs_uuid(struct dctx *c, const char *name, const uint8_t *u);
void btrfs_print_features(struct dctx *c, const struct btrfs_ioctl_feature_flags *f);
void btrfs_print_qgroup_limit(struct dctx *c, const struct btrfs_qgroup_limit *l);
/* N u64s at ADDR, "[1, 2, ...]"; named by X when not NULL. */
void btrfs_print_u64_array(struct dctx *c, uint64_t addr, uint64_t n, const struct xlat *x);

/* ioctl-btrfs-out.c */
void btrfs_print_replace_status(struct dctx *c, const struct btrfs_ioctl_dev_replace_args *d);
void btrfs_print_dev_stats_values(struct dctx *c, const struct btrfs_ioctl_get_dev_stats *s);
void btrfs_print_ino_path_container(struct dctx *c, uint64_t addr);
void btrfs_print_logical_ino_container(struct dctx *c, uint64_t addr);
void btrfs_print_scrub_progress(struct dctx *c, const struct btrfs_scrub_progress *p);
/* The search results at ADDR (SIZE bytes, NR items): headers with -v, else "...". */
void btrfs_print_search_buf(struct dctx *c, uint64_t addr, uint64_t size, uint32_t nr);
void btrfs_print_space_infos(struct dctx *c, uint64_t addr, uint64_t n);
/* The requests the kernel only writes (GET_FEATURES, FS_INFO, ...): their argument at exit. */
void btrfs_print_out(struct dctx *c, unsigned int code, uint64_t arg);
/* SET_RECEIVED_SUBVOL, both ways. */
int btrfs_received_subvol(struct dctx *c, uint64_t arg);
