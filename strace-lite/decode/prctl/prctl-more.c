// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * prctl(2) options of newer kernels and of other architectures, as strace 6.1 decodes them on
 * x86-64 too: arm64's vector lengths (PR_SVE_*, PR_SME_*: flags above a 16-bit length),
 * pointer authentication keys (PR_PAC_*), tagged addresses with MTE fields, syscall user
 * dispatch, and core scheduling cookies (PR_SCHED_CORE: a pid of a given type, a cookie read
 * back through arg5).
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "strace-lite/decode/decode.h"
#include "strace-lite/decode/prctl/prctl.h"
#include "strace-lite/decode/util-print.h"
#include "gen/xlat.h"

#define OPT_SVE_SET_VL 50
#define OPT_SVE_GET_VL 51
#define OPT_PAC_RESET_KEYS 54
#define OPT_SET_TAGGED_ADDR_CTRL 55
#define OPT_GET_TAGGED_ADDR_CTRL 56
#define OPT_SET_SYSCALL_USER_DISPATCH 59
#define OPT_PAC_SET_ENABLED_KEYS 60
#define OPT_PAC_GET_ENABLED_KEYS 61
#define OPT_SCHED_CORE 62
#define OPT_SME_SET_VL 63
#define OPT_SME_GET_VL 64

#define VL_LEN_MASK 0xffffull
#define TAGGED_ADDR_ENABLE 1ull
#define MTE_TCF_MASK 6ull
#define MTE_TAG_SHIFT 3
#define MTE_TAG_MASK (0xffffull << MTE_TAG_SHIFT)
#define SCHED_CORE_GET 0

static char text[256];

/*
 * A vector length argument (or result, AUX): "FLAGS|0xLEN".  For a result, NULL when there is
 * nothing to add to the hex value (no flags, or -X raw).
 */
static const char *sprint_vl(const struct xlat *flags_x, uint64_t v, bool aux)
{
	uint64_t len = v & VL_LEN_MASK, flags = v & ~VL_LEN_MASK;

	if (print_opts_get()->xstyle == XSTYLE_RAW) {
		if (aux)
			return NULL;
		snprintf(text, sizeof(text), "%#" PRIx64, v);
		return text;
	}
	if (!flags && aux)
		return NULL;
	const char *f = sprint_flags_ex("", flags_x, flags, '\0', XSTYLE_ABBREV, false);
	char fl[160];
	snprintf(fl, sizeof(fl), "%s%s", f ? f : "", f ? "|" : "");
	if (!aux && flags && print_opts_get()->xstyle == XSTYLE_VERBOSE)
		snprintf(text, sizeof(text), "%#" PRIx64 " /* %s%#" PRIx64 " */", v, fl, len);
	else
		snprintf(text, sizeof(text), "%s%#" PRIx64, fl, len);
	return text;
}

/* PR_{SET,GET}_TAGGED_ADDR_CTRL's value: "PR_TAGGED_ADDR_ENABLE|PR_MTE_TCF_SYNC|0x..<<..". */
static const char *sprint_tagged(uint64_t v, bool rval)
{
	uint64_t en = v & TAGGED_ADDR_ENABLE, tcf = v & MTE_TCF_MASK, tag = v & MTE_TAG_MASK;
	uint64_t rest = v & ~(TAGGED_ADDR_ENABLE | MTE_TCF_MASK | MTE_TAG_MASK);
	size_t n = 0;

	text[0] = '\0';
	if (!rval && print_opts_get()->xstyle != XSTYLE_ABBREV)
		n += snprintf(text + n, sizeof(text) - n, "%#" PRIx64, v);
	if (print_opts_get()->xstyle == XSTYLE_RAW)
		return rval ? NULL : text;
	if (!rval && print_opts_get()->xstyle == XSTYLE_VERBOSE)
		n += snprintf(text + n, sizeof(text) - n, " /* ");
	const char *e = sprint_flags_ex("", xlat_pr_tagged_addr_enable, en, '\0', XSTYLE_ABBREV,
					false);
	const char *t = xlat_lookup(xlat_pr_tagged_addr_mte_tcf, tcf);
	n += snprintf(text + n, sizeof(text) - n, "%s|", e ? e : "");
	if (t)
		n += snprintf(text + n, sizeof(text) - n, "%s", t);
	else
		n += snprintf(text + n, sizeof(text) - n, "%#" PRIx64, tcf);
	if (tag)
		n += snprintf(text + n, sizeof(text) - n, "|%#" PRIx64 "<<PR_MTE_TAG_SHIFT",
			      tag >> MTE_TAG_SHIFT);
	if (rest)
		n += snprintf(text + n, sizeof(text) - n, "|%#" PRIx64, rest);
	if (!rval && print_opts_get()->xstyle == XSTYLE_VERBOSE && n < sizeof(text))
		snprintf(text + n, sizeof(text) - n, " */");
	return text;
}

/* PR_PAC_RESET_KEYS names its bits from two tables: the enabled-keys ones, then the rest. */
static void print_pac_reset_keys(struct dctx *c, uint64_t v)
{
	struct xlat both[16];
	size_t n = 0;

	for (const struct xlat *x = xlat_pr_pac_enabled_keys; x->str && n < 7; x++)
		both[n++] = *x;
	for (const struct xlat *x = xlat_pr_pac_keys; x->str && n < 15; x++)
		both[n++] = *x;
	both[n] = (struct xlat){ 0, NULL };
	printflags(c, both, v, "PR_PAC_???");
}

static int sched_core(struct dctx *c)
{
	unsigned int cmd = (unsigned int)c->arg[1], type = (unsigned int)c->arg[3];
	static const enum pid_type types[] = { PT_TID, PT_TGID, PT_PGID, PT_SID };

	if (c->exiting) {
		if (syserror(c))
			printaddr(c, c->arg[4]);
		else
			printnum_int64(c, c->arg[4], "%#" PRIx64);
		return RVAL_DECODED;
	}
	tprints(c, ", ");
	printxval(c, xlat_pr_sched_core_cmds, cmd, "PR_SCHED_CORE_???");
	tprints(c, ", ");
	if (type < 4)
		printpid(c, (int)c->arg[2], types[type]);
	else
		tprintf(c, "%d", (int)c->arg[2]);
	tprints(c, ", ");
	/* The pid type is always named in a comment, whatever -X says (but raw). */
	const char *name = xlat_lookup(xlat_pr_sched_core_pidtypes, type);
	print_xlat_val(c->sb, type);
	if (print_opts_get()->xstyle != XSTYLE_RAW)
		print_comment(c->sb, name ? name : "PIDTYPE_???");
	if (cmd == SCHED_CORE_GET) {
		tprints(c, ", ");
		return 0; /* the cookie is read at exit */
	}
	prctl_print_args_from(c, 4); /* strace 7.2: in hex, as an unused argument */
	return RVAL_DECODED;
}

bool prctl_more(struct dctx *c, unsigned int option, int *rc)
{
	const struct xlat *vl = option == OPT_SME_SET_VL || option == OPT_SME_GET_VL
					? xlat_pr_sme_vl_flags : xlat_pr_sve_vl_flags;

	switch (option) {
	case OPT_SVE_SET_VL:
	case OPT_SME_SET_VL:
		if (entering(c)) {
			tprints(c, ", ");
			tprints(c, sprint_vl(vl, c->arg[1], false));
			*rc = 0;
			return true;
		}
		/* fall through */
	case OPT_SVE_GET_VL:
	case OPT_SME_GET_VL:
		*rc = 0;
		if (entering(c) || syserror(c) || c->rval == 0)
			return true;
		c->auxstr = sprint_vl(vl, (uint64_t)c->rval, true);
		*rc = RVAL_KIND(RK_X) | RVAL_STR;
		return true;
	case OPT_SET_TAGGED_ADDR_CTRL:
		tprints(c, ", ");
		tprints(c, sprint_tagged(c->arg[1], false));
		prctl_print_args_from(c, 2);
		*rc = RVAL_DECODED;
		return true;
	case OPT_GET_TAGGED_ADDR_CTRL:
		*rc = 0;
		if (entering(c)) {
			prctl_print_args_from(c, 1);
			return true;
		}
		if (syserror(c))
			return true;
		c->auxstr = sprint_tagged((uint64_t)c->rval, true);
		*rc = RVAL_KIND(RK_X) | RVAL_STR;
		return true;
	case OPT_PAC_RESET_KEYS:
		tprints(c, ", ");
		print_pac_reset_keys(c, c->arg[1]);
		prctl_print_args_from(c, 2);
		*rc = RVAL_DECODED;
		return true;
	case OPT_PAC_SET_ENABLED_KEYS:
		tprints(c, ", ");
		printflags(c, xlat_pr_pac_enabled_keys, c->arg[1], "PR_PAC_???");
		tprints(c, ", ");
		printflags(c, xlat_pr_pac_enabled_keys, c->arg[2], "PR_PAC_???");
		prctl_print_args_from(c, 3);
		*rc = RVAL_DECODED;
		return true;
	case OPT_PAC_GET_ENABLED_KEYS:
		*rc = 0;
		if (entering(c)) {
			prctl_print_args_from(c, 1);
			return true;
		}
		if (syserror(c))
			return true;
		*rc = prctl_rval_flags(c, xlat_pr_pac_enabled_keys);
		return true;
	case OPT_SET_SYSCALL_USER_DISPATCH:
		tprints(c, ", ");
		printxval(c, xlat_pr_sud_cmds, c->arg[1], "PR_SYS_DISPATCH_???");
		tprints(c, ", ");
		print_xlat_val(c->sb, c->arg[2]);
		tprints(c, ", ");
		print_xlat_val(c->sb, c->arg[3]);
		tprints(c, ", ");
		printaddr(c, c->arg[4]);
		*rc = RVAL_DECODED;
		return true;
	case OPT_SCHED_CORE:
		*rc = sched_core(c);
		return true;
	}
	return false;
}
