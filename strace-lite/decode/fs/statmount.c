// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * statmount (Linux 6.8): struct mnt_id_req at entry (its param is the STATMOUNT_* mask asked
 * for), then at exit struct statmount: the fields of each group the kernel says it wrote (its
 * mask), strings given as offsets into the bytes after the 512-byte struct (an offset past
 * them prints in hex), string arrays as many as their count (at most -s unless -v, ??? where
 * they run out).  The groups and their fields are the table below, in strace 7.2's order.
 */
#include <inttypes.h>
#include <stddef.h>
#include <string.h>

#include "strace-lite/decode/decode.h"
#include "strace-lite/decode/idreq.h"
#include "gen/xlat.h"

struct statmount_k {
	uint32_t size, mnt_opts;
	uint64_t mask;
	uint32_t sb_dev_major, sb_dev_minor;
	uint64_t sb_magic;
	uint32_t sb_flags, fs_type;
	uint64_t mnt_id, mnt_parent_id;
	uint32_t mnt_id_old, mnt_parent_id_old;
	uint64_t mnt_attr, mnt_propagation, mnt_peer_group, mnt_master, propagate_from;
	uint32_t mnt_root, mnt_point;
	uint64_t mnt_ns_id;
	uint32_t fs_subtype, sb_source, opt_num, opt_array, opt_sec_num, opt_sec_array;
	uint64_t supported_mask;
	uint32_t mnt_uidmap_num, mnt_uidmap, mnt_gidmap_num, mnt_gidmap;
	uint64_t spare2[43];
};

#define STRS_MAX (4096 * 3) /* strace reads at most 3 * PATH_MAX bytes of strings */

enum fkind { F_U32, F_X32, F_X64, F_STR, F_SEQ, F_FLAGS32, F_FLAGS, F_XVAL };

/* A field printed when the mask has BIT (0: always); F_SEQ's count is the field before it. */
struct smfield {
	uint32_t bit;
	uint8_t kind;
	uint16_t off;
	const char *name;
	const struct xlat *x;
	const char *dflt;
};

#define F(bit, kind, field, ...) { bit, kind, offsetof(struct statmount_k, field), #field, __VA_ARGS__ }

static const struct smfield fields[] = {
	F(0, F_U32, size, NULL, NULL),
	F(0x80, F_STR, mnt_opts, NULL, NULL),
	F(0, F_FLAGS, mask, xlat_statmount_mask, "STATMOUNT_???"),
	F(0x1, F_U32, sb_dev_major, NULL, NULL),
	F(0x1, F_U32, sb_dev_minor, NULL, NULL),
	F(0x1, F_XVAL, sb_magic, xlat_fsmagic, NULL),
	F(0x1, F_FLAGS32, sb_flags, xlat_statmount_sb_flags, "MS_???"),
	F(0x20, F_STR, fs_type, NULL, NULL),
	F(0x2, F_X64, mnt_id, NULL, NULL),
	F(0x2, F_X64, mnt_parent_id, NULL, NULL),
	F(0x2, F_X32, mnt_id_old, NULL, NULL),
	F(0x2, F_X32, mnt_parent_id_old, NULL, NULL),
	F(0x2, F_FLAGS, mnt_attr, xlat_mount_attr_attr, "MOUNT_ATTR_???"),
	F(0x2, F_FLAGS, mnt_propagation, xlat_statmount_mnt_propagation, "MS_???"),
	F(0x2, F_X64, mnt_peer_group, NULL, NULL),
	F(0x2, F_X64, mnt_master, NULL, NULL),
	F(0x4, F_X64, propagate_from, NULL, NULL),
	F(0x8, F_STR, mnt_root, NULL, NULL),
	F(0x10, F_STR, mnt_point, NULL, NULL),
	F(0x40, F_X64, mnt_ns_id, NULL, NULL),
	F(0x100, F_STR, fs_subtype, NULL, NULL),
	F(0x200, F_STR, sb_source, NULL, NULL),
	F(0x400, F_U32, opt_num, NULL, NULL),
	F(0x400, F_SEQ, opt_array, NULL, NULL),
	F(0x800, F_U32, opt_sec_num, NULL, NULL),
	F(0x800, F_SEQ, opt_sec_array, NULL, NULL),
	F(0x1000, F_FLAGS, supported_mask, xlat_statmount_mask, "STATMOUNT_???"),
	F(0x2000, F_U32, mnt_uidmap_num, NULL, NULL),
	F(0x2000, F_SEQ, mnt_uidmap, NULL, NULL),
	F(0x4000, F_U32, mnt_gidmap_num, NULL, NULL),
	F(0x4000, F_SEQ, mnt_gidmap, NULL, NULL),
};

/* A NUL-terminated string in SIZE (> 0) bytes, as strace's print_quoted_cstring: at most
 * SIZE - 1 characters, "..." after when no NUL ends them. */
static void print_cstr(struct dctx *c, const char *s, size_t size)
{
	if (quote_string(c->sb, s, size - 1, QUOTE_0_TERMINATED) && s[size - 1])
		tprint_more_data_follows(c);
}

/* N strings one after the other in SIZE bytes. */
static void print_cstr_seq(struct dctx *c, const char *s, uint32_t n, size_t size)
{
	uint32_t i;

	tprint_array_begin(c);
	for (i = 0; i < n && size > 0; i++) {
		if (i)
			tprint_array_next(c);
		if (!dopts.verbose && i + 1 > print_opts_get()->max_strlen) {
			tprint_more_data_follows(c);
			tprint_array_end(c);
			return;
		}
		print_cstr(c, s, size);
		size_t len = strnlen(s, size);
		if (len < size)
			len++;
		s += len;
		size -= len;
	}
	if (i < n) {
		if (i)
			tprint_array_next(c);
		tprint_unavailable(c);
	}
	tprint_array_end(c);
}

static void print_field(struct dctx *c, const struct smfield *f, const struct statmount_k *st,
			const char *strs, size_t nstrs)
{
	const char *p = (const char *)st + f->off;
	uint32_t u32;
	uint64_t u64;

	memcpy(&u32, p, sizeof(u32));
	memcpy(&u64, p, sizeof(u64));
	tprint_field(c, f->name);
	switch (f->kind) {
	case F_U32:
		tprintf(c, "%u", u32);
		break;
	case F_X32:
		tprintf(c, "%#x", u32);
		break;
	case F_X64:
		tprintf(c, "%#" PRIx64, u64);
		break;
	case F_FLAGS32:
		printflags(c, f->x, u32, f->dflt);
		break;
	case F_FLAGS:
		printflags(c, f->x, u64, f->dflt);
		break;
	case F_XVAL:
		printxval(c, f->x, u64, f->dflt);
		break;
	case F_STR:
	case F_SEQ:
		if (u32 >= nstrs) {
			tprintf(c, "%#x", u32);
		} else if (f->kind == F_STR) {
			print_cstr(c, strs + u32, nstrs - u32);
		} else {
			uint32_t n;
			memcpy(&n, p - sizeof(n), sizeof(n));
			print_cstr_seq(c, strs + u32, n, nstrs - u32);
		}
		break;
	}
}

static void print_statmount(struct dctx *c, uint64_t addr, uint64_t size)
{
	static char strs[STRS_MAX];
	struct statmount_k st;
	size_t nstrs = 0;

	memset(&st, 0, sizeof(st));
	if (size < sizeof(st.size)) {
		printaddr(c, addr);
		return;
	}
	if (umoven_or_printaddr(c, addr, size < sizeof(st) ? size : sizeof(st), &st))
		return;
	if (st.size > sizeof(st) && st.size <= size) {
		nstrs = st.size - sizeof(st) < STRS_MAX ? st.size - sizeof(st) : STRS_MAX;
		if (umoven(c, addr + sizeof(st), nstrs, strs) < 0)
			nstrs = 0;
	}
	tprint_struct_begin(c);
	for (size_t i = 0, n = 0; i < sizeof(fields) / sizeof(fields[0]); i++) {
		if (fields[i].bit && !(st.mask & fields[i].bit))
			continue;
		if (n++)
			tprint_struct_next(c);
		print_field(c, &fields[i], &st, strs, nstrs);
	}
	tprint_struct_end(c);
}

SYS_FUNC(statmount)
{
	if (entering(c)) {
		print_mnt_id_req(c, c->arg[0], true);
		return 0;
	}
	tprint_arg_next(c);
	print_statmount(c, c->arg[1], c->arg[2]);
	tprintf(c, ", %" PRIu64 ", ", c->arg[2]);
	printflags(c, xlat_statmount_flags, (unsigned int)c->arg[3], "STATMOUNT_???");
	return 0;
}
