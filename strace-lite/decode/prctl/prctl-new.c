// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * prctl(2) options strace 7.2 decodes and 6.1 printed in hex, on x86-64 as on their own
 * architectures: the memory-deny-write-execute mask (PR_[GS]ET_MDWE), RISC-V's vector state
 * control (PR_RISCV_V_[GS]ET_CONTROL: the current state, the next one shifted by 2, the
 * inherit bit named whether set or clear) and instruction cache flush context, and PowerPC's
 * DEXCR aspects (PR_PPC_[GS]ET_DEXCR).  The options newer still (shadow stacks, futex hash,
 * PR_GET_AUXV...) keep the generic decoding: each argument in hex.
 */
#include <inttypes.h>
#include <stdio.h>

#include "strace-lite/decode/decode.h"
#include "strace-lite/decode/prctl/prctl.h"
#include "strace-lite/decode/util-print.h"
#include "gen/xlat.h"

#define OPT_SET_MDWE 65
#define OPT_GET_MDWE 66
#define OPT_RISCV_V_SET_CONTROL 69
#define OPT_RISCV_V_GET_CONTROL 70
#define OPT_RISCV_SET_ICACHE_FLUSH_CTX 71
#define OPT_PPC_GET_DEXCR 72
#define OPT_PPC_SET_DEXCR 73

#define RISCV_V_CUR_MASK 0x3ull
#define RISCV_V_NEXT_MASK 0xcull
#define RISCV_V_INHERIT 0x10ull
#define RISCV_V_MASK 0x1full

/* A value of X by name, or in hex when X has none. */
static size_t put_xval(char *buf, size_t size, const struct xlat *x, uint64_t v)
{
	const char *s = xlat_lookup(x, v);

	if (s)
		return snprintf(buf, size, "%s", s);
	return snprintf(buf, size, "%#" PRIx64, v);
}

/*
 * PR_RISCV_V_[GS]ET_CONTROL's value: "CUR|NEXT<<2|[!]PR_RISCV_V_VSTATE_CTRL_INHERIT[|REST]".
 * For a result (RVAL), NULL under -X raw: the hex value says it all.
 */
static const char *sprint_riscv_v_ctrl(uint64_t v, bool rval)
{
	static char text[256];
	enum xlat_style st = print_opts_get()->xstyle;
	bool comment = !rval && st == XSTYLE_VERBOSE;
	uint64_t rest = v & ~RISCV_V_MASK;
	size_t n = 0;

	text[0] = '\0';
	if (!rval && st != XSTYLE_ABBREV)
		n += snprintf(text, sizeof(text), "%#" PRIx64, v);
	if (st == XSTYLE_RAW)
		return rval ? NULL : text;
	if (comment)
		n += snprintf(text + n, sizeof(text) - n, " /* ");
	n += put_xval(text + n, sizeof(text) - n, xlat_pr_riscv_v_states, v & RISCV_V_CUR_MASK);
	n += snprintf(text + n, sizeof(text) - n, "|");
	n += put_xval(text + n, sizeof(text) - n, xlat_pr_riscv_v_states,
		      (v & RISCV_V_NEXT_MASK) >> 2);
	n += snprintf(text + n, sizeof(text) - n, "<<2|%s",
		      xlat_lookup(xlat_pr_riscv_v_inherit, v & RISCV_V_INHERIT));
	if (rest)
		n += snprintf(text + n, sizeof(text) - n, "|%#" PRIx64, rest);
	if (comment && n < sizeof(text))
		snprintf(text + n, sizeof(text) - n, " */");
	return text;
}

/* A getter with no argument of its own: the rest in hex at entry, the result by FLAGS. */
static int get_flags(struct dctx *c, const struct xlat *flags, bool zero_plain)
{
	if (entering(c)) {
		prctl_print_args_from(c, 1);
		return 0;
	}
	if (syserror(c) || (zero_plain && c->rval == 0))
		return 0;
	return prctl_rval_flags(c, flags);
}

bool prctl_new(struct dctx *c, unsigned int option, int *rc)
{
	*rc = RVAL_DECODED;
	switch (option) {
	case OPT_SET_MDWE:
		tprints(c, ", ");
		printflags(c, xlat_pr_mdwe_flags, c->arg[1], "PR_MDWE_???");
		prctl_print_args_from(c, 2);
		return true;
	case OPT_GET_MDWE:
		*rc = get_flags(c, xlat_pr_mdwe_flags, false);
		return true;
	case OPT_RISCV_V_SET_CONTROL:
		/* a modern option: the unused arguments are not checked, nor printed */
		tprints(c, ", ");
		tprints(c, sprint_riscv_v_ctrl(c->arg[1], false));
		return true;
	case OPT_RISCV_V_GET_CONTROL:
		*rc = 0;
		if (entering(c) || syserror(c))
			return true;
		c->auxstr = sprint_riscv_v_ctrl((uint64_t)c->rval, true);
		*rc = RVAL_KIND(RK_X) | RVAL_STR;
		return true;
	case OPT_RISCV_SET_ICACHE_FLUSH_CTX:
		tprints(c, ", ");
		printxval(c, xlat_pr_riscv_icache_flush_ctxes, c->arg[1], "PR_RISCV_CTX_???");
		tprints(c, ", ");
		printxval(c, xlat_pr_riscv_icache_flush_scopes, c->arg[2], "PR_RISCV_SCOPE_???");
		return true;
	case OPT_PPC_GET_DEXCR:
		*rc = 0;
		if (entering(c)) {
			tprints(c, ", ");
			printxval(c, xlat_pr_ppc_dexcr_aspects, c->arg[1], "PR_PPC_DEXCR_???");
			prctl_print_args_from(c, 2);
			return true;
		}
		if (syserror(c) || c->rval == 0)
			return true;
		*rc = prctl_rval_flags(c, xlat_pr_ppc_dexcr_ctrl_flags);
		return true;
	case OPT_PPC_SET_DEXCR:
		tprints(c, ", ");
		printxval(c, xlat_pr_ppc_dexcr_aspects, c->arg[1], "PR_PPC_DEXCR_???");
		tprints(c, ", ");
		printflags(c, xlat_pr_ppc_dexcr_ctrl_flags, c->arg[2], "PR_PPC_DEXCR_CTRL_???");
		prctl_print_args_from(c, 3);
		return true;
	}
	return false;
}
