// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The open family: open, openat, creat, openat2, and the open-mode printer that fcntl's
 * F_GETFL/F_SETFL and dup3/pipe2 share.  The access mode (the low two bits) is not a flag but a
 * value, so it is named first and the flags follow; the mode argument exists only when O_CREAT
 * or O_TMPFILE asks the kernel to create a file, and strace prints it only then.
 */
#include <stdio.h>
#include <string.h>

#include "strace-lite/decode/fs/open.h"
#include "strace-lite/decode/util-print.h"

#define KERNEL_O_CREAT 0100
#define KERNEL___O_TMPFILE 020000000

/* open(2)'s flags; extra, when not NULL, names flags only openat2's struct open_how has. */
static const char *sprint_open_modes_x(uint64_t flags, const struct xlat *extra)
{
	static char out[1024];
	const char *access = xlat_lookup(xlat_open_access_modes, flags & 3);
	char sep = ' ';

	snprintf(out, sizeof(out), "flags");
	if (access) {
		snprintf(out, sizeof(out), "flags %s", access);
		flags &= ~(uint64_t)3;
		if (!flags)
			return out;
		sep = '|';
	}
	/* Always abbreviated: -X changes how the number around it prints, not this text. */
	const char *s = sprint_flags_ex2(out, xlat_open_mode_flags, extra, flags, sep, XSTYLE_ABBREV,
					 false);
	return s ? s : out;
}

const char *sprint_open_modes(uint64_t flags)
{
	return sprint_open_modes_x(flags, NULL);
}

void print_open_modes(struct dctx *c, uint64_t flags)
{
	print_xlat_named(c->sb, flags, sprint_open_modes(flags) + sizeof("flags"));
}

static int decode_open(struct dctx *c, int i)
{
	printpath(c, c->arg[i]);
	tprint_arg_next(c);
	print_open_modes(c, (unsigned int)c->arg[i + 1]);
	if (c->arg[i + 1] & (KERNEL_O_CREAT | KERNEL___O_TMPFILE)) {
		tprint_arg_next(c);
		print_mode(c, (unsigned short)c->arg[i + 2]);
	}
	return RVAL_DECODED;
}

SYS_FUNC(open)
{
	return decode_open(c, 0);
}

SYS_FUNC(openat)
{
	print_dirfd(c, (int)c->arg[0]);
	tprint_arg_next(c);
	return decode_open(c, 1);
}

SYS_FUNC(creat)
{
	printpath(c, c->arg[0]);
	tprint_arg_next(c);
	print_mode(c, (unsigned short)c->arg[1]);
	return RVAL_DECODED;
}

/* struct open_how of openat2: flags, mode (only when meaningful or set), resolve. */
struct open_how_k {
	uint64_t flags, mode, resolve;
};

static void print_open_how(struct dctx *c, uint64_t addr, uint64_t size)
{
	struct open_how_k how;

	/* The kernel's first version of the struct is 24 bytes; a smaller size is invalid. */
	if (umove_sized_or_printaddr(c, addr, size, &how))
		return;
	tprint_struct_begin(c);
	tprint_field(c, "flags");
	print_xlat_named(c->sb, how.flags,
			 sprint_open_modes_x(how.flags, xlat_openat2_flags) + sizeof("flags"));
	if ((how.flags & (KERNEL_O_CREAT | KERNEL___O_TMPFILE)) || how.mode) {
		tprint_next_field(c, "mode");
		tprintf(c, "%#03llo", (unsigned long long)how.mode);
	}
	tprint_next_field(c, "resolve");
	printflags(c, xlat_open_resolve_flags, how.resolve, "RESOLVE_???");
	if (size > sizeof(how)) {
		/* Nonzero bytes past the known struct, as strace shows them (bounded to a page). */
		unsigned char extra[4096 - sizeof(how)];
		size_t n = size - sizeof(how);
		if (n > sizeof(extra))
			n = sizeof(extra);
		if (umoven(c, addr + sizeof(how), n, extra) < 0) {
			tprint_struct_next(c);
			tprint_unavailable(c);
		} else {
			size_t nz = 0;
			while (nz < n && !extra[nz])
				nz++;
			if (nz < n) {
				size_t shown = n < print_opts_get()->max_strlen ? n : print_opts_get()->max_strlen;
				tprint_struct_next(c);
				tprintf(c, "/* bytes %zu..%zu */ ", sizeof(how), sizeof(how) + n - 1);
				quote_string(c->sb, extra, shown, QUOTE_FORCE_HEX);
				if (shown < n)
					tprint_more_data_follows(c);
			}
		}
	}
	tprint_struct_end(c);
}

SYS_FUNC(openat2)
{
	print_dirfd(c, (int)c->arg[0]);
	tprint_arg_next(c);
	printpath(c, c->arg[1]);
	tprint_arg_next(c);
	print_open_how(c, c->arg[2], c->arg[3]);
	tprint_arg_next(c);
	tprintf(c, "%llu", (unsigned long long)c->arg[3]);
	return RVAL_DECODED;
}
