// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Extended attributes: the value is a buffer whose last NUL is not shown (strace's
 * QUOTE_OMIT_TRAILING_0), printed as an address past XATTR_SIZE_MAX; listxattr's list is the
 * names as the kernel wrote them, sized by the return value.  The *xattrat calls of Linux 6.13
 * name the file by a dirfd, a path and AT_* flags, and pass the value in a struct xattr_args.
 */
#include "strace-lite/decode/decode.h"
#include "strace-lite/decode/util-print.h"
#include "gen/xlat.h"

#define XATTR_SIZE_MAX 65536

/* The value buffer of LEN bytes. */
static void print_xattr_buf(struct dctx *c, uint64_t addr, uint64_t len)
{
	if (len > XATTR_SIZE_MAX)
		printaddr(c, addr);
	else
		printstr_ex(c, addr, len, QUOTE_OMIT_TRAILING_0);
}

/* The value buffer of LEN bytes, then the size argument SIZE. */
static void print_xattr_val(struct dctx *c, uint64_t addr, uint64_t size, uint64_t len)
{
	print_xattr_buf(c, addr, len);
	tprintf(c, ", %llu", (unsigned long long)size);
}

/* listxattr's list: the names the kernel wrote, then the size. */
static void print_xattr_list(struct dctx *c, uint64_t addr, uint64_t size)
{
	if (!size || syserror(c))
		printaddr(c, addr);
	else
		printstrn(c, addr, (uint64_t)c->rval);
	tprintf(c, ", %llu", (unsigned long long)size);
}

/* The file (a descriptor when FD, else a path), then with NAME the attribute's name; ", ". */
static void print_file(struct dctx *c, bool fd, bool name)
{
	if (fd)
		printfd(c, (int)c->arg[0]);
	else
		printpath(c, c->arg[0]);
	tprint_arg_next(c);
	if (name) {
		printstr(c, c->arg[1]);
		tprint_arg_next(c);
	}
}

/* setxattr, lsetxattr, fsetxattr: all read at entry. */
static int xattr_set(struct dctx *c, bool fd)
{
	print_file(c, fd, true);
	print_xattr_val(c, c->arg[2], c->arg[3], c->arg[3]);
	tprint_arg_next(c);
	printflags(c, xlat_xattrflags, c->arg[4], "XATTR_???");
	return RVAL_DECODED;
}

SYS_FUNC(setxattr) { return xattr_set(c, false); }
SYS_FUNC(lsetxattr) { return xattr_set(c, false); }
SYS_FUNC(fsetxattr) { return xattr_set(c, true); }

/* getxattr, lgetxattr, fgetxattr: the value is known at exit; a size query (size 0) gets
 * none, its buffer prints as an address at entry. */
static int xattr_get(struct dctx *c, bool fd)
{
	if (entering(c)) {
		print_file(c, fd, true);
		if (c->arg[3])
			return 0;
		printaddr(c, c->arg[2]);
		tprintf(c, ", %llu", (unsigned long long)c->arg[3]);
		return RVAL_DECODED;
	}
	if (syserror(c)) {
		printaddr(c, c->arg[2]);
		tprintf(c, ", %llu", (unsigned long long)c->arg[3]);
	} else {
		print_xattr_val(c, c->arg[2], c->arg[3], (uint64_t)c->rval);
	}
	return 0;
}

SYS_FUNC(getxattr) { return xattr_get(c, false); }
SYS_FUNC(lgetxattr) { return xattr_get(c, false); }
SYS_FUNC(fgetxattr) { return xattr_get(c, true); }

/* listxattr, llistxattr, flistxattr. */
static int xattr_list(struct dctx *c, bool fd)
{
	if (entering(c)) {
		print_file(c, fd, false);
		return 0;
	}
	print_xattr_list(c, c->arg[1], c->arg[2]);
	return 0;
}

SYS_FUNC(listxattr) { return xattr_list(c, false); }
SYS_FUNC(llistxattr) { return xattr_list(c, false); }
SYS_FUNC(flistxattr) { return xattr_list(c, true); }

/* The dirfd, the path and the AT_* flags of the *xattrat calls, then with NAME the name. */
static void print_at_file(struct dctx *c, bool name)
{
	print_dirfd(c, (int)c->arg[0]);
	tprint_arg_next(c);
	printpath(c, c->arg[1]);
	tprint_arg_next(c);
	printflags(c, xlat_xattrat_flags, (unsigned int)c->arg[2], "AT_???");
	if (name) {
		tprint_arg_next(c);
		printstr(c, c->arg[3]);
	}
}

struct xattr_args_k {
	uint64_t value;
	uint32_t size;
	uint32_t flags;
};

#define XATTR_ARGS_SIZE_VER0 16
#define XATTR_ARGS_TAIL_MAX 4096 /* a page: strace shows at most that much of a larger struct */

/* struct xattr_args at ADDR of SIZE bytes into A; false (the address printed) if not read. */
static bool read_xattr_args(struct dctx *c, uint64_t addr, uint64_t size, struct xattr_args_k *a)
{
	if (size < XATTR_ARGS_SIZE_VER0) {
		printaddr(c, addr);
		return false;
	}
	return !umoven_or_printaddr(c, addr, sizeof(*a), a);
}

/* {value=..., size=N, flags=XATTR_...}: the value as a buffer of LEN bytes, or with !VALUE as an
 * address; then the non-zero bytes past the struct. */
static void print_xattr_args(struct dctx *c, const struct xattr_args_k *a, uint64_t addr,
			     uint64_t size, bool value, uint64_t len)
{
	tprints(c, "{value=");
	if (value)
		print_xattr_buf(c, a->value, len);
	else
		printaddr(c, a->value);
	tprintf(c, ", size=%u, flags=", a->size);
	printflags(c, xlat_xattrflags, a->flags, "XATTR_???");
	if (size > sizeof(*a))
		print_nonzero_tail(c, ", ", addr, sizeof(*a),
				   size < XATTR_ARGS_TAIL_MAX ? size : XATTR_ARGS_TAIL_MAX);
	tprint_struct_end(c);
}

SYS_FUNC(setxattrat)
{
	uint64_t addr = c->arg[4], size = c->arg[5];
	struct xattr_args_k a;

	print_at_file(c, true);
	tprint_arg_next(c);
	if (read_xattr_args(c, addr, size, &a))
		print_xattr_args(c, &a, addr, size, true, a.size);
	tprintf(c, ", %llu", (unsigned long long)size);
	return RVAL_DECODED;
}

/* getxattrat: with a value buffer (a non-zero size) the struct prints at exit, the value as long
 * as the result says; without one, at entry. */
SYS_FUNC(getxattrat)
{
	uint64_t addr = c->arg[4], size = c->arg[5];
	struct xattr_args_k a;

	if (entering(c)) {
		print_at_file(c, true);
		tprint_arg_next(c);
		if (size >= XATTR_ARGS_SIZE_VER0 && addr && syscall_verbose(c) &&
		    umove(c, addr, &a) >= 0 && a.size)
			return 0;
		if (read_xattr_args(c, addr, size, &a))
			print_xattr_args(c, &a, addr, size, false, 0);
	} else if (!c->arg[4] || umoven(c, addr, sizeof(a), &a) < 0) {
		printaddr(c, addr);
	} else {
		print_xattr_args(c, &a, addr, size, true, (uint64_t)c->rval);
	}
	tprintf(c, ", %llu", (unsigned long long)size);
	return RVAL_DECODED;
}

SYS_FUNC(listxattrat)
{
	if (entering(c)) {
		print_at_file(c, false);
		tprint_arg_next(c);
		return 0;
	}
	print_xattr_list(c, c->arg[3], c->arg[4]);
	return 0;
}

SYS_FUNC(removexattrat)
{
	print_at_file(c, true);
	return RVAL_DECODED;
}
