// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Mounting: mount(2) (its flags may carry the old MS_MGC_VAL magic in the high half; the type
 * and data are not strings for a remount, bind, move or propagation change), the new mount
 * API's fsconfig (key and value printed by command) and mount_setattr (struct mount_attr,
 * sized by the caller), swapon (flags with a priority in the low bits) and ustat.
 */
#include <inttypes.h>
#include <stddef.h>
#include <string.h>

#include "strace-lite/decode/decode.h"
#include "strace-lite/decode/util-print.h"
#include "gen/xlat.h"

#define MS_MGC_VAL_ 0xc0ed0000u
#define MS_MGC_MSK_ 0xffff0000u
#define MS_REMOUNT_ (1u << 5)
#define MS_NO_TYPE_DATA_ ((1u << 12) | (1u << 13) | (1u << 17) | (1u << 18) | (1u << 19) | (1u << 20))

SYS_FUNC(mount)
{
	uint64_t flags = c->arg[3];
	bool magic = (flags & MS_MGC_MSK_) == MS_MGC_VAL_;
	bool no_type = false, no_data = false;
	enum xlat_style xs = print_opts_get()->xstyle;

	if (magic)
		flags &= ~(uint64_t)MS_MGC_MSK_;
	if (flags & MS_REMOUNT_)
		no_type = true;
	else if (flags & MS_NO_TYPE_DATA_)
		no_type = no_data = true;
	printpath(c, c->arg[0]);
	tprint_arg_next(c);
	printpath(c, c->arg[1]);
	tprint_arg_next(c);
	if (no_type)
		printaddr(c, c->arg[2]);
	else
		printstr(c, c->arg[2]);
	tprint_arg_next(c);
	if (magic) {
		if (xs == XSTYLE_ABBREV)
			tprints(c, "MS_MGC_VAL");
		else
			tprintf(c, "%#x%s", MS_MGC_VAL_, xs == XSTYLE_VERBOSE ? " /* MS_MGC_VAL */" : "");
		if (flags)
			tprints(c, "|");
	}
	if (flags || !magic)
		printflags(c, xlat_mount_flags, flags, "MS_???");
	tprint_arg_next(c);
	if (no_data)
		printaddr(c, c->arg[4]);
	else
		printstr(c, c->arg[4]);
	return RVAL_DECODED;
}

enum { FSC_SET_FLAG, FSC_SET_STRING, FSC_SET_BINARY, FSC_SET_PATH, FSC_SET_PATH_EMPTY,
       FSC_SET_FD, FSC_CMD_CREATE, FSC_CMD_RECONFIGURE };

SYS_FUNC(fsconfig)
{
	unsigned int cmd = (unsigned int)c->arg[1];
	uint64_t key = c->arg[2], value = c->arg[3];
	int aux = (int)c->arg[4];

	printfd(c, (int)c->arg[0]);
	tprint_arg_next(c);
	printxval(c, xlat_fsconfig_cmds, cmd, "FSCONFIG_???");
	tprint_arg_next(c);
	if (cmd <= FSC_SET_FD)
		printstr_ex(c, key, 256, QUOTE_0_TERMINATED);
	else
		printaddr(c, key);
	tprint_arg_next(c);
	if (cmd == FSC_SET_STRING)
		printstr_ex(c, value, 256, QUOTE_0_TERMINATED);
	else if (cmd == FSC_SET_PATH || cmd == FSC_SET_PATH_EMPTY)
		printpath(c, value);
	else if (cmd == FSC_SET_BINARY && aux >= 0 && aux <= 1024 * 1024)
		printstr_ex(c, value, (uint64_t)aux, QUOTE_FORCE_HEX);
	else
		printaddr(c, value);
	tprint_arg_next(c);
	if (cmd == FSC_SET_PATH || cmd == FSC_SET_PATH_EMPTY)
		print_dirfd(c, aux);
	else if (cmd == FSC_SET_FD)
		printfd(c, aux);
	else
		tprintf(c, "%d", aux);
	return RVAL_DECODED;
}

/* struct mount_attr (linux/mount.h, 32 bytes: MOUNT_ATTR_SIZE_VER0). */
struct mount_attr_v0 {
	uint64_t attr_set, attr_clr, propagation, userns_fd;
};
#define MOUNT_ATTR_IDMAP_ 0x100000

static void print_mount_attr(struct dctx *c, uint64_t addr, uint64_t size)
{
	struct mount_attr_v0 a;

	if (umove_sized_or_printaddr(c, addr, size, &a))
		return;
	tprints(c, "{attr_set=");
	printflags(c, xlat_mount_attr_attr, a.attr_set, "MOUNT_ATTR_???");
	tprints(c, ", attr_clr=");
	printflags(c, xlat_mount_attr_attr, a.attr_clr, "MOUNT_ATTR_???");
	tprints(c, ", propagation=");
	printxval(c, xlat_mount_attr_propagation, a.propagation, "MS_???");
	tprints(c, ", userns_fd=");
	if (a.userns_fd > 0x7fffffff || !((a.attr_set | a.attr_clr) & MOUNT_ATTR_IDMAP_))
		tprintf(c, "%" PRIu64, a.userns_fd);
	else
		printfd(c, (int)a.userns_fd);
	if (size > sizeof(a))
		print_nonzero_tail(c, ", ", addr, sizeof(a), size < 4096 ? (size_t)size : 4096);
	tprints(c, "}");
}

/* dirfd, path, the flags (X, DFLT), struct mount_attr and its size: mount_setattr and
 * open_tree_attr. */
static void print_at_mount_attr(struct dctx *c, const struct xlat *x, const char *dflt)
{
	print_dirfd(c, (int)c->arg[0]);
	tprint_arg_next(c);
	printpath(c, c->arg[1]);
	tprint_arg_next(c);
	printflags(c, x, (unsigned int)c->arg[2], dflt);
	tprint_arg_next(c);
	print_mount_attr(c, c->arg[3], c->arg[4]);
	tprintf(c, ", %" PRIu64, c->arg[4]);
}

SYS_FUNC(mount_setattr)
{
	print_at_mount_attr(c, xlat_mount_setattr_flags, "AT_???");
	return RVAL_DECODED;
}

/* open_tree_attr (Linux 6.15): open_tree's flags; the result is a descriptor. */
SYS_FUNC(open_tree_attr)
{
	print_at_mount_attr(c, xlat_open_tree_flags, "OPEN_TREE_???");
	return RVAL_DECODED | RVAL_KIND(RK_FD);
}

#define SWAP_FLAG_PRIO_MASK_ 0x7fffu

SYS_FUNC(swapon)
{
	unsigned int flags = (unsigned int)c->arg[1];
	unsigned int prio = flags & SWAP_FLAG_PRIO_MASK_;

	flags &= ~SWAP_FLAG_PRIO_MASK_;
	printpath(c, c->arg[0]);
	tprint_arg_next(c);
	if (flags) {
		printflags(c, xlat_swap_flags, flags, "SWAP_FLAG_???");
		tprints(c, "|");
	}
	tprintf(c, "%u", prio);
	return RVAL_DECODED;
}

SYS_FUNC(ustat)
{
	struct {
		int32_t f_tfree;
		uint64_t f_tinode;
		char f_fname[6], f_fpack[6];
	} u;

	if (entering(c)) {
		print_dev(c, (unsigned int)c->arg[0]);
		tprint_arg_next(c);
		return 0;
	}
	if (!umove_or_printaddr(c, c->arg[1], &u))
		tprintf(c, "{f_tfree=%d, f_tinode=%" PRIu64 "}", u.f_tfree, u.f_tinode);
	return 0;
}
