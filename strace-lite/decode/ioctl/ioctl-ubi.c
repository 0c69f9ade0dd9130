// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * ioctl(2), types 'O' and 'o': UBI volumes over MTD (UBI_IOC*): attach, make, resize and
 * rename volumes, eraseblock requests and volume properties.  The numbers the kernel
 * assigns (a volume or device id) follow " => " at exit.
 */
#include <inttypes.h>
#include <linux/ioctl.h>
#include <linux/types.h>
#include <mtd/ubi-user.h>

#include "strace-lite/decode/ioctl/ioctl-int.h"

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

/* A name of LEN bytes (clamped to the field) as strace's PRINT_FIELD_CSTRING_SZ. */
static void print_name(struct dctx *c, const char *name, int len, size_t size)
{
	size_t n = len < 0 ? 0 : (size_t)len > size - 1 ? size - 1 : (size_t)len;

	tprint_field(c, "name");
	ioctl_print_cstring(c, name, n + 1);
}

/* At exit, " => [N]": the id the kernel chose. */
static int print_new_id(struct dctx *c, uint64_t arg)
{
	if (!syserror(c)) {
		tprints(c, " => ");
		printnum_int(c, arg, "%d");
	}
	return IOCTL_DECODED;
}

static int decode_mkvol(struct dctx *c, uint64_t arg)
{
	struct ubi_mkvol_req m;

	if (!entering(c))
		return print_new_id(c, arg);
	if (!ioctl_struct_begin(c, arg, &m))
		return IOCTL_DECODED;
	FLD_D(c, m, vol_id);
	NEXT_D(c, m, alignment);
	NEXT_D(c, m, bytes);
	NEXT_XVAL(c, m, vol_type, xlat_ubi_volume_types, "UBI_???_VOLUME");
	NEXT_FLAGS(c, m, flags, xlat_ubi_volume_flags, "UBI_VOL_???");
	NEXT_D(c, m, name_len);
	tprint_struct_next(c);
	print_name(c, m.name, m.name_len, sizeof(m.name));
	tprint_struct_end(c);
	return 0;
}

static int decode_attach(struct dctx *c, uint64_t arg)
{
	struct ubi_attach_req a;

	if (!entering(c))
		return print_new_id(c, arg);
	if (!ioctl_struct_begin(c, arg, &a))
		return IOCTL_DECODED;
	FLD_D(c, a, ubi_num);
	NEXT_D(c, a, mtd_num);
	NEXT_D(c, a, vid_hdr_offset);
	NEXT_D(c, a, max_beb_per1024);
	NEXT_D(c, a, disable_fm);
	/* need_resv_pool (Linux 6.0), the first padding byte of the 6.1 headers */
	tprint_next_field(c, "need_resv_pool");
	tprintf(c, "%d", (int)(int8_t)a.padding[0]);
	tprint_struct_end(c);
	return 0;
}

static void print_rnvol(struct dctx *c, uint64_t arg)
{
	struct ubi_rnvol_req r;
	size_t n;

	if (umove_or_printaddr(c, arg, &r))
		return;
	n = r.count < 0 ? 0 : (size_t)r.count > NELEM(r.ents) ? NELEM(r.ents) : (size_t)r.count;
	tprint_struct_begin(c);
	FLD_D(c, r, count);
	tprint_next_field(c, "ents");
	tprint_array_begin(c);
	for (size_t i = 0; i < n; i++) {
		if (!ioctl_array_elem(c, i))
			break;
		tprint_struct_begin(c);
		FLD_D(c, r.ents[i], vol_id);
		NEXT_D(c, r.ents[i], name_len);
		tprint_struct_next(c);
		print_name(c, r.ents[i].name, r.ents[i].name_len, sizeof(r.ents[i].name));
		tprint_struct_end(c);
	}
	tprint_array_end(c);
	tprint_struct_end(c);
}

IOCTL_FAMILY(ubi)
{
	union {
		struct ubi_rsvol_req rs;
		struct ubi_leb_change_req leb;
		struct ubi_map_req map;
		struct ubi_set_vol_prop_req prop;
	} u;

	switch (code) {
	case UBI_IOCATT:
		return decode_attach(c, arg);
	case UBI_IOCMKVOL:
		return decode_mkvol(c, arg);
	case UBI_IOCRNVOL:
		return ARG_DECODED(c, print_rnvol(c, arg));
	case UBI_IOCRSVOL:
		tprint_arg_next(c);
		if (!umove_or_printaddr(c, arg, &u.rs)) {
			tprint_struct_begin(c);
			FLD_D(c, u.rs, bytes);
			NEXT_D(c, u.rs, vol_id);
			tprint_struct_end(c);
		}
		return IOCTL_DECODED;
	case UBI_IOCEBCH:
		tprint_arg_next(c);
		if (!umove_or_printaddr(c, arg, &u.leb)) {
			tprint_struct_begin(c);
			FLD_D(c, u.leb, lnum);
			NEXT_D(c, u.leb, bytes);
			NEXT_XVAL(c, u.leb, dtype, xlat_ubi_data_types, "UBI_???");
			tprint_struct_end(c);
		}
		return IOCTL_DECODED;
	case UBI_IOCEBMAP:
		tprint_arg_next(c);
		if (!umove_or_printaddr(c, arg, &u.map)) {
			tprint_struct_begin(c);
			FLD_D(c, u.map, lnum);
			NEXT_XVAL(c, u.map, dtype, xlat_ubi_data_types, "UBI_???");
			tprint_struct_end(c);
		}
		return IOCTL_DECODED;
	case UBI_IOCSETVOLPROP:
		tprint_arg_next(c);
		if (!umove_or_printaddr(c, arg, &u.prop)) {
			tprint_struct_begin(c);
			FLD_XVAL(c, u.prop, property, xlat_ubi_volume_props, "UBI_VOL_PROP_???");
			NEXT_X(c, u.prop, value);
			tprint_struct_end(c);
		}
		return IOCTL_DECODED;
	case UBI_IOCVOLUP:
		return ARG_DECODED(c, printnum_int64(c, arg, "%" PRIi64));
	case UBI_IOCDET:
	case UBI_IOCEBER:
	case UBI_IOCEBISMAP:
	case UBI_IOCEBUNMAP:
	case UBI_IOCRMVOL:
	case UBI_IOCRPEB:
	case UBI_IOCSPEB:
		return ARG_DECODED(c, printnum_int(c, arg, "%d"));
	case UBI_IOCVOLCRBLK:
	case UBI_IOCVOLRMBLK:
		return IOCTL_DECODED;
	default:
		return RVAL_DECODED;
	}
}
