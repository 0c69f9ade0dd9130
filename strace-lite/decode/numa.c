// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * NUMA memory policy: mbind, set_mempolicy, get_mempolicy, migrate_pages, move_pages and
 * set_mempolicy_home_node.  A policy mode is one MPOL_* value with MPOL_F_* flag bits or-ed
 * in; a node mask is an array of longs as long as maxnode says (strace's print_nodemask,
 * whose count is (maxnode + 62) / 64); move_pages' status array holds node numbers or
 * negated errnos.
 */
#include <inttypes.h>

#include "strace-lite/decode/array.h"
#include "strace-lite/decode/decode.h"
#include "gen/xlat.h"

#define MPOL_FLAGS_MASK 0xe000u /* MPOL_F_STATIC_NODES|MPOL_F_RELATIVE_NODES|MPOL_F_NUMA_BALANCING */

static void print_mpol_mode(struct dctx *c, uint64_t mode_arg)
{
	uint64_t mode = mode_arg & ~(uint64_t)MPOL_FLAGS_MASK;
	uint64_t flags = mode_arg & MPOL_FLAGS_MASK;
	enum xlat_style xs = print_opts_get()->xstyle;

	if (!flags) {
		printxval(c, xlat_mpol_modes, mode, "MPOL_???");
		return;
	}
	const char *name = xlat_lookup(xlat_mpol_modes, mode);
	if (!name) {
		printflags(c, xlat_mpol_mode_flags, mode_arg, "MPOL_???");
		return;
	}
	if (xs != XSTYLE_ABBREV)
		tprintf(c, "%#" PRIx64, mode_arg);
	if (xs == XSTYLE_RAW)
		return;
	if (xs == XSTYLE_VERBOSE)
		tprints(c, " /* ");
	tprints(c, name);
	tprints(c, "|");
	/* Abbreviated names whatever -X says: we may be inside a comment already. */
	struct print_opts saved = *print_opts_get(), abbr = saved;
	abbr.xstyle = XSTYLE_ABBREV;
	print_opts_set(&abbr);
	print_flags(c->sb, xlat_mpol_mode_flags, flags, NULL);
	print_opts_set(&saved);
	if (xs == XSTYLE_VERBOSE)
		tprints(c, " */");
}

static PRINT_ELEM_FN(print_node)
{
	tprintf(c, "%#016" PRIx64, *(uint64_t *)elem);
	return true;
}

static void print_nodemask(struct dctx *c, uint64_t addr, uint64_t maxnode)
{
	uint64_t nmemb = (maxnode + 62) / 64;
	uint64_t elem;

	/* maxnode + 62 overflowed. */
	if (nmemb < maxnode / 64 || (maxnode && !nmemb)) {
		printaddr(c, addr);
		return;
	}
	print_array(c, addr, nmemb, &elem, sizeof(elem), 0, print_node, NULL);
}

SYS_FUNC(mbind)
{
	printaddr(c, c->arg[0]);
	tprintf(c, ", %" PRIu64 ", ", c->arg[1]);
	print_mpol_mode(c, c->arg[2]);
	tprint_arg_next(c);
	print_nodemask(c, c->arg[3], c->arg[4]);
	tprintf(c, ", %" PRIu64 ", ", c->arg[4]);
	printflags(c, xlat_mbind_flags, (unsigned int)c->arg[5], "MPOL_???");
	return RVAL_DECODED;
}

SYS_FUNC(set_mempolicy)
{
	print_mpol_mode(c, (unsigned int)c->arg[0]);
	tprint_arg_next(c);
	print_nodemask(c, c->arg[1], c->arg[2]);
	tprintf(c, ", %" PRIu64, c->arg[2]);
	return RVAL_DECODED;
}

SYS_FUNC(get_mempolicy)
{
	int pol;

	if (entering(c))
		return 0;
	if (!umove_or_printaddr(c, c->arg[0], &pol)) {
		tprints(c, "[");
		printxval(c, xlat_mpol_modes, (unsigned int)pol, "MPOL_???");
		tprints(c, "]");
	}
	tprint_arg_next(c);
	print_nodemask(c, c->arg[1], c->arg[2]);
	tprintf(c, ", %" PRIu64 ", ", c->arg[2]);
	printaddr(c, c->arg[3]);
	tprint_arg_next(c);
	printflags(c, xlat_get_mempolicy_flags, c->arg[4], "MPOL_???");
	return 0;
}

SYS_FUNC(migrate_pages)
{
	printpid(c, (int)c->arg[0], PT_TGID);
	tprintf(c, ", %" PRIu64 ", ", c->arg[1]);
	print_nodemask(c, c->arg[2], c->arg[1]);
	tprint_arg_next(c);
	print_nodemask(c, c->arg[3], c->arg[1]);
	return RVAL_DECODED;
}

SYS_FUNC(set_mempolicy_home_node)
{
	printaddr(c, c->arg[0]);
	tprintf(c, ", %" PRIu64 ", %" PRIu64 ", %#" PRIx64, c->arg[1], c->arg[2], c->arg[3]);
	return RVAL_DECODED;
}

static PRINT_ELEM_FN(print_page)
{
	printaddr(c, *(uint64_t *)elem);
	return true;
}

static PRINT_ELEM_FN(print_int_elem)
{
	tprintf(c, "%d", *(int *)elem);
	return true;
}

/* A node number, or a negated errno. */
static PRINT_ELEM_FN(print_status)
{
	int st = *(int *)elem;
	const char *name = st < 0 ? xlat_lookup(xlat_errnos, (uint64_t)-(int64_t)st) : NULL;
	enum xlat_style xs = print_opts_get()->xstyle;

	if (!name || xs != XSTYLE_ABBREV)
		tprintf(c, "%d", st);
	if (!name || xs == XSTYLE_RAW)
		return true;
	tprintf(c, xs == XSTYLE_ABBREV ? "-%s" : " /* -%s */", name);
	return true;
}

SYS_FUNC(move_pages)
{
	uint64_t n = c->arg[1], buf = 0;

	if (entering(c)) {
		printpid(c, (int)c->arg[0], PT_TGID);
		tprintf(c, ", %" PRIu64 ", ", n);
		print_array(c, c->arg[2], n, &buf, sizeof(uint64_t), 0, print_page, NULL);
		tprint_arg_next(c);
		print_array(c, c->arg[3], n, &buf, sizeof(int), 0, print_int_elem, NULL);
		tprint_arg_next(c);
		return 0;
	}
	print_array(c, c->arg[4], n, &buf, sizeof(int), 0, print_status, NULL);
	tprint_arg_next(c);
	printflags(c, xlat_move_pages_flags, (unsigned int)c->arg[5], "MPOL_???");
	return 0;
}
