// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * ioctl(2), type 0xaa: userfaultfd requests (UFFDIO_*): the API handshake (the features
 * asked for, those granted after " => " when they differ, the ioctls available), copies,
 * zero pages, the ranges registered, unregistered or woken, write-protected, continued
 * (minor faults) or poisoned.
 */
#include <stddef.h>
#include <linux/ioctl.h>
#include <linux/types.h>
#include <linux/userfaultfd.h>

#include "strace-lite/decode/ioctl/ioctl-int.h"

static void print_range(struct dctx *c, const struct uffdio_range *r)
{
	tprint_struct_begin(c);
	FLD_X(c, *r, start);
	NEXT_X(c, *r, len);
	tprint_struct_end(c);
}

static int decode_api(struct dctx *c, uint64_t arg)
{
	struct uffdio_api a;

	if (entering(c)) {
		if (!ioctl_struct_begin(c, arg, &a))
			return IOCTL_DECODED;
		FLD_X(c, a, api);
		NEXT_FLAGS(c, a, features, xlat_uffd_api_features, "UFFD_FEATURE_???");
		/* Kept to tell at exit whether the kernel changed them. */
		c->priv[0] = a.features;
		c->priv[1] = 1;
		return 0;
	}
	if (!syserror(c) && !umove(c, arg, &a)) {
		if (!c->priv[1] || c->priv[0] != a.features) {
			tprints(c, " => ");
			FLD_FLAGS(c, a, features, xlat_uffd_api_features, "UFFD_FEATURE_???");
		}
		NEXT_FLAGS(c, a, ioctls, xlat_uffd_api_flags, "_UFFDIO_???");
	}
	return ioctl_struct_done(c);
}

static int decode_copy(struct dctx *c, uint64_t arg)
{
	struct uffdio_copy u;

	if (entering(c)) {
		if (!ioctl_struct_begin(c, arg, &u))
			return IOCTL_DECODED;
		FLD_X(c, u, dst);
		NEXT_X(c, u, src);
		NEXT_X(c, u, len);
		NEXT_FLAGS(c, u, mode, xlat_uffd_copy_flags, "UFFDIO_COPY_???");
		return 0;
	}
	if (!syserror(c) && !umove(c, arg, &u))
		NEXT_X(c, u, copy);
	return ioctl_struct_done(c);
}

/* UFFDIO_REGISTER and UFFDIO_ZEROPAGE: a range and mode flags, then what was done. */
static int decode_range_mode(struct dctx *c, uint64_t arg, bool zero)
{
	union {
		struct uffdio_register r;
		struct uffdio_zeropage z;
	} u;

	if (entering(c)) {
		if (!ioctl_struct_beginn(c, arg, zero ? sizeof(u.z) : sizeof(u.r), &u))
			return IOCTL_DECODED;
		tprint_field(c, "range");
		print_range(c, &u.r.range);
		if (zero)
			NEXT_FLAGS(c, u.z, mode, xlat_uffd_zeropage_flags, "UFFDIO_ZEROPAGE_???");
		else
			NEXT_FLAGS(c, u.r, mode, xlat_uffd_register_mode_flags,
				   "UFFDIO_REGISTER_MODE_???");
		return 0;
	}
	if (syserror(c) || umoven(c, arg, zero ? sizeof(u.z) : sizeof(u.r), &u))
		return ioctl_struct_done(c);
	if (zero)
		NEXT_X(c, u.z, zeropage);
	else
		NEXT_FLAGS(c, u.r, ioctls, xlat_uffd_register_ioctl_flags, "UFFDIO_???");
	return ioctl_struct_done(c);
}

/* UFFDIO_POISON (Linux 6.6), which older headers lack: a range, a mode, what was done. */
struct uffdio_poison_ {
	struct uffdio_range range;
	uint64_t mode;
	int64_t updated;
};
#define UFFDIO_POISON_ _IOWR(UFFDIO, 0x08, struct uffdio_poison_)

/*
 * UFFDIO_WRITEPROTECT, UFFDIO_CONTINUE and UFFDIO_POISON: a range and mode flags (from table
 * X, default DFLT); then, but for write protection, at exit the count done (RESULT: "mapped",
 * "updated"), the 64-bit field after the mode.
 */
static int decode_range_op(struct dctx *c, uint64_t arg, const struct xlat *x, const char *dflt,
			   const char *result)
{
	struct uffdio_poison_ u; /* the largest: range, mode, result */
	size_t size = result ? sizeof(u) : offsetof(struct uffdio_poison_, updated);

	if (entering(c)) {
		if (!ioctl_struct_beginn(c, arg, size, &u))
			return IOCTL_DECODED;
		tprint_field(c, "range");
		print_range(c, &u.range);
		NEXT_FLAGS(c, u, mode, x, dflt);
		if (result)
			return 0;
		return ioctl_struct_done(c);
	}
	if (!syserror(c) && !umoven(c, arg, size, &u)) {
		tprint_next_field(c, result);
		tprintf(c, "%llu", ZX(u.updated));
	}
	return ioctl_struct_done(c);
}

IOCTL_FAMILY(uffdio)
{
	struct uffdio_range r;

	switch (code) {
	case UFFDIO_API:
		return decode_api(c, arg);
	case UFFDIO_COPY:
		return decode_copy(c, arg);
	case UFFDIO_REGISTER:
		return decode_range_mode(c, arg, false);
	case UFFDIO_UNREGISTER:
	case UFFDIO_WAKE:
		tprint_arg_next(c);
		if (!umove_or_printaddr(c, arg, &r))
			print_range(c, &r);
		return IOCTL_DECODED;
	case UFFDIO_ZEROPAGE:
		return decode_range_mode(c, arg, true);
	case UFFDIO_WRITEPROTECT:
		return decode_range_op(c, arg, xlat_uffd_writeprotect_mode_flags,
				       "UFFDIO_WRITEPROTECT_MODE_???", NULL);
	case UFFDIO_CONTINUE:
		return decode_range_op(c, arg, xlat_uffd_continue_mode_flags,
				       "UFFDIO_CONTINUE_MODE_???", "mapped");
	case UFFDIO_POISON_:
		return decode_range_op(c, arg, xlat_uffd_poison_mode_flags,
				       "UFFDIO_POISON_MODE_???", "updated");
	default:
		return RVAL_DECODED;
	}
}
