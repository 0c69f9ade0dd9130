// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * ioctl(2), type 'u': udmabuf (/dev/udmabuf) requests, as strace 7.2 prints them: a dma-buf
 * made of one range of a memfd (UDMABUF_CREATE) or of a list of ranges (UDMABUF_CREATE_LIST,
 * the items inline after the header); both read only, and return the new descriptor.
 */
#include <stddef.h>
#include <linux/ioctl.h>
#include <linux/types.h>
#include <linux/udmabuf.h>

#include "strace-lite/decode/array.h"
#include "strace-lite/decode/ioctl/ioctl-int.h"

static bool print_item(struct dctx *c, void *elem, size_t size UNUSED, void *data UNUSED)
{
	const struct udmabuf_create_item *it = elem;

	tprint_struct_begin(c);
	tprint_field(c, "memfd");
	printfd(c, (int)it->memfd);
	NEXT_U(c, *it, offset);
	NEXT_U(c, *it, size);
	tprint_struct_end(c);
	return true;
}

static int create(struct dctx *c, uint64_t arg)
{
	struct udmabuf_create u;

	if (ioctl_struct_begin(c, arg, &u)) {
		tprint_field(c, "memfd");
		printfd(c, (int)u.memfd);
		NEXT_FLAGS(c, u, flags, xlat_udmabuf_flags, "UDMABUF_FLAGS_???");
		NEXT_U(c, u, offset);
		NEXT_U(c, u, size);
		tprint_struct_end(c);
	}
	return IOCTL_DECODED | RVAL_KIND(RK_FD);
}

static int create_list(struct dctx *c, uint64_t arg)
{
	struct udmabuf_create_list l;
	struct udmabuf_create_item item;

	if (ioctl_struct_begin(c, arg, &l)) {
		FLD_FLAGS(c, l, flags, xlat_udmabuf_flags, "UDMABUF_FLAGS_???");
		NEXT_U(c, l, count);
		tprint_next_field(c, "list");
		print_array(c, arg + offsetof(struct udmabuf_create_list, list), l.count, &item,
			    sizeof(item), 0, print_item, NULL);
		tprint_struct_end(c);
	}
	return IOCTL_DECODED | RVAL_KIND(RK_FD);
}

IOCTL_FAMILY(udmabuf)
{
	switch (code) {
	case UDMABUF_CREATE:
		return create(c, arg);
	case UDMABUF_CREATE_LIST:
		return create_list(c, arg);
	default:
		return RVAL_DECODED;
	}
}
