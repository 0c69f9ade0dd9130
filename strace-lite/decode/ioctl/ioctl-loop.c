// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * ioctl(2), type 'L': loop devices (LOOP_*): status in its old and 64-bit forms, the
 * configure request, backing descriptors and the loop-control requests.  Without -v the
 * device numbers, inode and unused encryption fields are left out.
 */
#include <string.h>
#include <linux/loop.h>

#include "strace-lite/decode/util-print.h"
#include "strace-lite/decode/ioctl/ioctl-int.h"

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

static void print_key(struct dctx *c, const unsigned char *key, int size)
{
	unsigned int n = (unsigned int)size < LO_KEY_SIZE ? (unsigned int)size : LO_KEY_SIZE;

	tprint_field(c, "lo_encrypt_key");
	quote_string(c->sb, key, n, 0);
}

static void print_x_bytes(struct dctx *c, const char *name, const void *p, size_t n, size_t w)
{
	const unsigned char *b = p;

	tprint_field(c, name);
	tprint_array_begin(c);
	for (size_t i = 0; i < n; i++) {
		uint64_t v = 0;

		memcpy(&v, b + i * w, w);
		if (i)
			tprint_array_next(c);
		ioctl_print_x(c, v);
	}
	tprint_array_end(c);
}

static void decode_info(struct dctx *c, uint64_t arg)
{
	struct loop_info i;
	bool crypt;

	if (umove_or_printaddr(c, arg, &i))
		return;
	crypt = dopts.verbose || i.lo_encrypt_type != LO_CRYPT_NONE;
	tprint_struct_begin(c);
	FLD_D(c, i, lo_number);
	if (dopts.verbose) {
		tprint_next_field(c, "lo_device");
		print_dev(c, i.lo_device);
		NEXT_U(c, i, lo_inode);
		tprint_next_field(c, "lo_rdevice");
		print_dev(c, i.lo_rdevice);
	}
	NEXT_X(c, i, lo_offset);
	if (crypt) {
		NEXT_XVAL(c, i, lo_encrypt_type, xlat_loop_crypt_type_options, "LO_CRYPT_???");
		tprint_struct_next(c);
		/* The kernel takes it as unsigned. */
		tprint_field(c, "lo_encrypt_key_size");
		tprintf(c, "%u", (unsigned int)i.lo_encrypt_key_size);
	}
	NEXT_FLAGS(c, i, lo_flags, xlat_loop_flags_options, "LO_FLAGS_???");
	NEXT_CSTR(c, i, lo_name);
	if (crypt) {
		tprint_struct_next(c);
		print_key(c, i.lo_encrypt_key, i.lo_encrypt_key_size);
	}
	tprint_struct_next(c);
	if (dopts.verbose) {
		print_x_bytes(c, "lo_init", i.lo_init, NELEM(i.lo_init), sizeof(i.lo_init[0]));
		tprint_struct_next(c);
		print_x_bytes(c, "reserved", i.reserved, NELEM(i.reserved), 1);
	} else {
		tprint_more_data_follows(c);
	}
	tprint_struct_end(c);
}

static void print_info64(struct dctx *c, const struct loop_info64 *i)
{
	bool crypt = dopts.verbose || i->lo_encrypt_type != LO_CRYPT_NONE;

	tprint_struct_begin(c);
	if (dopts.verbose) {
		tprint_field(c, "lo_device");
		print_dev(c, i->lo_device);
		NEXT_U(c, *i, lo_inode);
		tprint_next_field(c, "lo_rdevice");
		print_dev(c, i->lo_rdevice);
		NEXT_X(c, *i, lo_offset);
		NEXT_U(c, *i, lo_sizelimit);
	} else {
		FLD_X(c, *i, lo_offset);
	}
	NEXT_U(c, *i, lo_number);
	if (crypt) {
		NEXT_XVAL(c, *i, lo_encrypt_type, xlat_loop_crypt_type_options, "LO_CRYPT_???");
		NEXT_U(c, *i, lo_encrypt_key_size);
	}
	NEXT_FLAGS(c, *i, lo_flags, xlat_loop_flags_options, "LO_FLAGS_???");
	NEXT_CSTR(c, *i, lo_file_name);
	if (crypt) {
		NEXT_CSTR(c, *i, lo_crypt_name);
		tprint_struct_next(c);
		print_key(c, i->lo_encrypt_key, (int)i->lo_encrypt_key_size);
	}
	tprint_struct_next(c);
	if (dopts.verbose)
		print_x_bytes(c, "lo_init", i->lo_init, NELEM(i->lo_init), sizeof(i->lo_init[0]));
	else
		tprint_more_data_follows(c);
	tprint_struct_end(c);
}

static void decode_config(struct dctx *c, uint64_t arg)
{
	struct loop_config k;
	bool rsv = false;

	if (umove_or_printaddr(c, arg, &k))
		return;
	tprint_struct_begin(c);
	tprint_field(c, "fd");
	printfd(c, (int)k.fd);
	NEXT_U(c, k, block_size);
	tprint_next_field(c, "info");
	print_info64(c, &k.info);
	for (size_t n = 0; n < NELEM(k.__reserved); n++)
		rsv |= k.__reserved[n] != 0;
	if (rsv) {
		tprint_struct_next(c);
		print_x_bytes(c, "__reserved", k.__reserved, NELEM(k.__reserved),
			      sizeof(k.__reserved[0]));
	}
	tprint_struct_end(c);
}

IOCTL_FAMILY(loop)
{
	struct loop_info64 i64;

	switch (code) {
	case LOOP_GET_STATUS:
		if (entering(c))
			return 0;
		/* fall through */
	case LOOP_SET_STATUS:
		return ARG_DECODED(c, decode_info(c, arg));
	case LOOP_GET_STATUS64:
		if (entering(c))
			return 0;
		/* fall through */
	case LOOP_SET_STATUS64:
		tprint_arg_next(c);
		if (!umove_or_printaddr(c, arg, &i64))
			print_info64(c, &i64);
		return IOCTL_DECODED;
	case LOOP_CONFIGURE:
		return ARG_DECODED(c, decode_config(c, arg));
	case LOOP_CLR_FD:
	case LOOP_SET_CAPACITY:
	case LOOP_CTL_GET_FREE:
		return IOCTL_DECODED;
	case LOOP_SET_FD:
	case LOOP_CHANGE_FD:
		return ARG_DECODED(c, printfd(c, (int)arg));
	case LOOP_CTL_ADD:
	case LOOP_CTL_REMOVE:
		return ARG_DECODED(c, tprintf(c, "%d", (int)arg));
	case LOOP_SET_DIRECT_IO:
	case LOOP_SET_BLOCK_SIZE:
		return ARG_DECODED(c, tprintf(c, "%llu", (unsigned long long)arg));
	default:
		return RVAL_DECODED;
	}
}
