// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * landlock_create_ruleset and landlock_add_rule: the ruleset attributes (as much as the size
 * argument says there is), the path-beneath and net-port rules and the rule flags; the result
 * is a descriptor unless the call only asks for the ABI version or the errata.
 */
#include <inttypes.h>

#include "strace-lite/decode/decode.h"
#include "gen/xlat.h"

#define RULESET_VERSION 1
#define RULESET_ERRATA 2
#define RULE_PATH_BENEATH 1
#define RULE_NET_PORT 2

/* The ruleset's fields strace 7.2 knows, each a u64 of bits, in the kernel's order: as many as
 * the size argument covers (the first is needed, the rest are printed when the size reaches
 * into them; a larger size's tail is "..."). */
static const struct {
	const char *name;
	const struct xlat *xlat;
	const char *dflt;
} ruleset_fields[] = {
	{ "handled_access_fs", xlat_landlock_ruleset_access_fs, "LANDLOCK_ACCESS_FS_???" },
	{ "handled_access_net", xlat_landlock_ruleset_access_net, "LANDLOCK_ACCESS_NET_???" },
	{ "scoped", xlat_landlock_scope_flags, "LANDLOCK_SCOPE_???" },
	{ "quiet_access_fs", xlat_landlock_ruleset_access_fs, "LANDLOCK_ACCESS_FS_???" },
	{ "quiet_access_net", xlat_landlock_ruleset_access_net, "LANDLOCK_ACCESS_NET_???" },
	{ "quiet_scoped", xlat_landlock_scope_flags, "LANDLOCK_SCOPE_???" },
};
#define NFIELDS (sizeof(ruleset_fields) / sizeof(ruleset_fields[0]))

static void print_ruleset_attr(struct dctx *c, uint64_t addr, uint64_t size)
{
	uint64_t v[NFIELDS] = { 0 };

	if (size < sizeof(v[0])) {
		printaddr(c, addr);
		return;
	}
	size_t len = size < sizeof(v) ? (size_t)size : sizeof(v);
	if (umoven_or_printaddr(c, addr, len, v))
		return;
	tprints(c, "{");
	for (size_t i = 0; i < NFIELDS && size > i * sizeof(v[0]); i++) {
		tprintf(c, "%s%s=", i ? ", " : "", ruleset_fields[i].name);
		printflags(c, ruleset_fields[i].xlat, v[i], ruleset_fields[i].dflt);
	}
	tprints(c, size > sizeof(v) ? ", ...}" : "}");
}

SYS_FUNC(landlock_create_ruleset)
{
	uint64_t size = c->arg[1];
	unsigned int flags = (unsigned int)c->arg[2];

	print_ruleset_attr(c, c->arg[0], size);
	tprintf(c, ", %" PRIu64 ", ", size);
	printflags(c, xlat_landlock_create_ruleset_flags, flags, "LANDLOCK_CREATE_RULESET_???");
	/* The ABI version or the errata asked for: a number, not a descriptor. */
	return RVAL_DECODED |
	       RVAL_KIND(flags & (RULESET_VERSION | RULESET_ERRATA) ? RK_D : RK_FD);
}

SYS_FUNC(landlock_add_rule)
{
	unsigned int type = (unsigned int)c->arg[1];
	struct {
		uint64_t allowed_access;
		int32_t parent_fd;
	} __attribute__((packed)) attr;
	struct {
		uint64_t allowed_access, port;
	} net;

	printfd(c, (int)c->arg[0]);
	tprint_arg_next(c);
	printxval(c, xlat_landlock_rule_types, type, "LANDLOCK_RULE_???");
	tprint_arg_next(c);
	if (type == RULE_PATH_BENEATH) {
		if (!umove_or_printaddr(c, c->arg[2], &attr)) {
			tprints(c, "{allowed_access=");
			printflags(c, xlat_landlock_ruleset_access_fs, attr.allowed_access,
				   "LANDLOCK_ACCESS_FS_???");
			tprints(c, ", parent_fd=");
			printfd(c, attr.parent_fd);
			tprints(c, "}");
		}
	} else if (type == RULE_NET_PORT) {
		if (!umove_or_printaddr(c, c->arg[2], &net)) {
			tprints(c, "{allowed_access=");
			printflags(c, xlat_landlock_ruleset_access_net, net.allowed_access,
				   "LANDLOCK_ACCESS_NET_???");
			tprintf(c, ", port=%" PRIu64 "}", net.port);
		}
	} else {
		printaddr(c, c->arg[2]);
	}
	tprint_arg_next(c);
	printflags(c, xlat_landlock_add_rule_flags, (unsigned int)c->arg[3],
		   "LANDLOCK_ADD_RULE_???");
	return RVAL_DECODED;
}
