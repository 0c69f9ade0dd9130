// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * landlock_create_ruleset and landlock_add_rule: the ruleset attributes (as much as the size
 * argument says there is) and the path-beneath rule; the result is a descriptor unless the
 * call only asks for the ABI version.
 */
#include <inttypes.h>

#include "strace-lite/decode/decode.h"
#include "gen/xlat.h"

#define RULESET_VERSION 1
#define RULE_PATH_BENEATH 1

SYS_FUNC(landlock_create_ruleset)
{
	uint64_t addr = c->arg[0], size = c->arg[1], access;
	unsigned int flags = (unsigned int)c->arg[2];

	if (!umove_sized_or_printaddr(c, addr, size, &access)) {
		tprints(c, "{handled_access_fs=");
		printflags(c, xlat_landlock_ruleset_access_fs, access, "LANDLOCK_ACCESS_FS_???");
		tprints(c, size > sizeof(access) ? ", ...}" : "}");
	}
	tprintf(c, ", %" PRIu64 ", ", size);
	printflags(c, xlat_landlock_create_ruleset_flags, flags, "LANDLOCK_CREATE_RULESET_???");
	return RVAL_DECODED | RVAL_KIND(flags & RULESET_VERSION ? RK_D : RK_FD);
}

SYS_FUNC(landlock_add_rule)
{
	unsigned int type = (unsigned int)c->arg[1];
	struct {
		uint64_t allowed_access;
		int32_t parent_fd;
	} __attribute__((packed)) attr;

	printfd(c, (int)c->arg[0]);
	tprint_arg_next(c);
	printxval(c, xlat_landlock_rule_types, type, "LANDLOCK_RULE_???");
	tprint_arg_next(c);
	if (type != RULE_PATH_BENEATH) {
		printaddr(c, c->arg[2]);
	} else if (!umove_or_printaddr(c, c->arg[2], &attr)) {
		tprints(c, "{allowed_access=");
		printflags(c, xlat_landlock_ruleset_access_fs, attr.allowed_access,
			   "LANDLOCK_ACCESS_FS_???");
		tprints(c, ", parent_fd=");
		printfd(c, attr.parent_fd);
		tprints(c, "}");
	}
	tprintf(c, ", %#x", (unsigned int)c->arg[3]);
	return RVAL_DECODED;
}
