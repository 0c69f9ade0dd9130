// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * name_to_handle_at and open_by_handle_at: struct file_handle as strace 7.2 prints it.  At
 * entry name_to_handle_at shows the handle_bytes the caller offers; at exit (when the call
 * succeeded, or failed with EOVERFLOW to say how many bytes it needs) the size the kernel
 * wrote back after "=>" when it changed, then on success the handle's type and bytes (at
 * most MAX_HANDLE_SZ of them, in hex) and the mount id.
 */
#include <errno.h>

#include "strace-lite/decode/decode.h"
#include "strace-lite/decode/fs/open.h"
#include "gen/xlat.h"

#define MAX_HANDLE_SZ 128

struct handle_hdr {
	uint32_t handle_bytes;
	int32_t handle_type;
};

/* The f_handle bytes after the header at ADDR, or ??? when they cannot be read. */
static void print_f_handle(struct dctx *c, uint64_t addr, uint32_t handle_bytes)
{
	unsigned char buf[MAX_HANDLE_SZ];
	uint32_t len = handle_bytes < MAX_HANDLE_SZ ? handle_bytes : MAX_HANDLE_SZ;

	addr += sizeof(struct handle_hdr);
	if (addr > sizeof(struct handle_hdr) && !umoven(c, addr, len, buf)) {
		quote_string(c->sb, buf, len, QUOTE_FORCE_HEX);
		if (handle_bytes > len)
			tprint_more_data_follows(c);
	} else {
		tprint_unavailable(c);
	}
}

static void print_at_flags(struct dctx *c, uint64_t flags)
{
	printflags(c, xlat_name_to_handle_at_flags, (unsigned int)flags, "AT_???");
}

SYS_FUNC(name_to_handle_at)
{
	uint64_t addr = c->arg[2];
	struct handle_hdr h;

	if (entering(c)) {
		print_dirfd(c, (int)c->arg[0]);
		tprint_arg_next(c);
		printpath(c, c->arg[1]);
		tprint_arg_next(c);
		if (umove_or_printaddr(c, addr, &h)) {
			tprint_arg_next(c);
			printaddr(c, c->arg[3]);
			tprint_arg_next(c);
			print_at_flags(c, c->arg[4]);
			return RVAL_DECODED;
		}
		tprint_struct_begin(c);
		tprint_field(c, "handle_bytes");
		tprintf(c, "%u", h.handle_bytes);
		c->priv[0] = h.handle_bytes;
		return 0;
	}
	if ((!syserror(c) || c->err == EOVERFLOW) && !umoven(c, addr, sizeof(h), &h)) {
		if (h.handle_bytes != c->priv[0])
			tprintf(c, " => %u", h.handle_bytes);
		if (!syserror(c)) {
			tprint_next_field(c, "handle_type");
			tprintf(c, "%d", h.handle_type);
			tprint_next_field(c, "f_handle");
			print_f_handle(c, addr, h.handle_bytes);
		}
	}
	tprint_struct_end(c);
	tprint_arg_next(c);
	printnum_int(c, c->arg[3], "%d");
	tprint_arg_next(c);
	print_at_flags(c, c->arg[4]);
	return RVAL_DECODED;
}

SYS_FUNC(open_by_handle_at)
{
	uint64_t addr = c->arg[1];
	struct handle_hdr h;

	printfd(c, (int)c->arg[0]);
	tprint_arg_next(c);
	if (!umove_or_printaddr(c, addr, &h)) {
		tprint_struct_begin(c);
		tprint_field(c, "handle_bytes");
		tprintf(c, "%u", h.handle_bytes);
		tprint_next_field(c, "handle_type");
		tprintf(c, "%d", h.handle_type);
		tprint_next_field(c, "f_handle");
		print_f_handle(c, addr, h.handle_bytes);
		tprint_struct_end(c);
	}
	tprint_arg_next(c);
	print_open_modes(c, (unsigned int)c->arg[2]);
	return RVAL_DECODED | RVAL_KIND(RK_FD);
}
