// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * landlock_create_ruleset and landlock_add_rule as strace 7.2 prints them: the ruleset
 * attributes field by field as far as the size argument says there are (each an access or
 * scope mask; "..." past the six fields strace knows), the path-beneath and net-port rules,
 * the rule flags.  The result is a descriptor unless the call only asks for the ABI version
 * or the errata.
 */
#include <inttypes.h>

#include "strace-lite/decode/decode.h"
#include "gen/xlat.h"

#define RULESET_VERSION 1
#define RULESET_ERRATA 2
#define RULE_PATH_BENEATH 1
#define RULE_NET_PORT 2

/* struct landlock_ruleset_attr, one u64 mask a field, each named by its table. */
static const struct {
	const char *name;
	const struct xlat *x;
	const char *dflt;
} ruleset_fields[] = {
	{ "handled_access_fs", xlat_landlock_ruleset_access_fs, "LANDLOCK_ACCESS_FS_???" },
	{ "handled_access_net", xlat_landlock_ruleset_access_net, "LANDLOCK_ACCESS_NET_???" },
	{ "scoped", xlat_landlock_scope_flags, "LANDLOCK_SCOPE_???" },
	{ "quiet_access_fs", xlat_landlock_ruleset_access_fs, "LANDLOCK_ACCESS_FS_???" },
	{ "quiet_access_net", xlat_landlock_ruleset_access_net, "LANDLOCK_ACCESS_NET_???" },
	{ "quiet_scoped", xlat_landlock_scope_flags, "LANDLOCK_SCOPE_???" },
};
#define RULESET_NFIELDS (sizeof(ruleset_fields) / sizeof(ruleset_fields[0]))

static void print_ruleset_attr(struct dctx *c, uint64_t addr, uint64_t size)
{
	uint64_t attr[RULESET_NFIELDS] = { 0 };
	uint64_t n = size < sizeof(attr) ? size : sizeof(attr);

	if (size < sizeof(attr[0])) {
		printaddr(c, addr);
		return;
	}
	if (umoven_or_printaddr(c, addr, n, attr))
		return;
	tprint_struct_begin(c);
	/* A field is shown once the size reaches into it (a partial one zero-filled). */
	for (unsigned int i = 0; i < RULESET_NFIELDS && size > i * sizeof(attr[0]); i++) {
		if (i)
			tprint_struct_next(c);
		tprint_field(c, ruleset_fields[i].name);
		printflags(c, ruleset_fields[i].x, attr[i], ruleset_fields[i].dflt);
	}
	if (size > sizeof(attr)) {
		tprint_struct_next(c);
		tprint_more_data_follows(c);
	}
	tprint_struct_end(c);
}

SYS_FUNC(landlock_create_ruleset)
{
	uint64_t size = c->arg[1];
	unsigned int flags = (unsigned int)c->arg[2];

	print_ruleset_attr(c, c->arg[0], size);
	tprintf(c, ", %" PRIu64 ", ", size);
	printflags(c, xlat_landlock_create_ruleset_flags, flags, "LANDLOCK_CREATE_RULESET_???");
	return RVAL_DECODED |
	       RVAL_KIND(flags & (RULESET_VERSION | RULESET_ERRATA) ? RK_D : RK_FD);
}

static void print_path_beneath(struct dctx *c, uint64_t addr)
{
	struct {
		uint64_t allowed_access;
		int32_t parent_fd;
	} __attribute__((packed)) attr;

	if (umove_or_printaddr(c, addr, &attr))
		return;
	tprint_struct_begin(c);
	tprint_field(c, "allowed_access");
	printflags(c, xlat_landlock_ruleset_access_fs, attr.allowed_access,
		   "LANDLOCK_ACCESS_FS_???");
	tprint_next_field(c, "parent_fd");
	printfd(c, attr.parent_fd);
	tprint_struct_end(c);
}

static void print_net_port(struct dctx *c, uint64_t addr)
{
	struct {
		uint64_t allowed_access, port;
	} attr;

	if (umove_or_printaddr(c, addr, &attr))
		return;
	tprint_struct_begin(c);
	tprint_field(c, "allowed_access");
	printflags(c, xlat_landlock_ruleset_access_net, attr.allowed_access,
		   "LANDLOCK_ACCESS_NET_???");
	tprint_next_field(c, "port");
	tprintf(c, "%" PRIu64, attr.port);
	tprint_struct_end(c);
}

SYS_FUNC(landlock_add_rule)
{
	unsigned int type = (unsigned int)c->arg[1];

	printfd(c, (int)c->arg[0]);
	tprint_arg_next(c);
	printxval(c, xlat_landlock_rule_types, type, "LANDLOCK_RULE_???");
	tprint_arg_next(c);
	if (type == RULE_PATH_BENEATH)
		print_path_beneath(c, c->arg[2]);
	else if (type == RULE_NET_PORT)
		print_net_port(c, c->arg[2]);
	else
		printaddr(c, c->arg[2]);
	tprint_arg_next(c);
	printflags(c, xlat_landlock_add_rule_flags, (unsigned int)c->arg[3],
		   "LANDLOCK_ADD_RULE_???");
	return RVAL_DECODED;
}
