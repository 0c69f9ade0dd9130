// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Extended attributes: the value is a buffer whose last NUL is not shown (strace's
 * QUOTE_OMIT_TRAILING_0), printed as an address past XATTR_SIZE_MAX; listxattr's list is the
 * names as the kernel wrote them, sized by the return value.
 */
#include "strace-lite/decode/decode.h"
#include "gen/xlat.h"

#define XATTR_SIZE_MAX 65536

/* The value buffer of LEN bytes, then the size argument SIZE. */
static void print_xattr_val(struct dctx *c, uint64_t addr, uint64_t size, uint64_t len)
{
	if (len > XATTR_SIZE_MAX)
		printaddr(c, addr);
	else
		printstr_ex(c, addr, len, QUOTE_OMIT_TRAILING_0);
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

/* getxattr, lgetxattr, fgetxattr: the value is known at exit. */
static int xattr_get(struct dctx *c, bool fd)
{
	if (entering(c)) {
		print_file(c, fd, true);
		return 0;
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
	if (!c->arg[2] || syserror(c))
		printaddr(c, c->arg[1]);
	else
		printstrn(c, c->arg[1], (uint64_t)c->rval);
	tprintf(c, ", %llu", (unsigned long long)c->arg[2]);
	return 0;
}

SYS_FUNC(listxattr) { return xattr_list(c, false); }
SYS_FUNC(llistxattr) { return xattr_list(c, false); }
SYS_FUNC(flistxattr) { return xattr_list(c, true); }
