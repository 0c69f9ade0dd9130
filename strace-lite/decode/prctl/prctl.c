// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * prctl(2): the option names the meaning of the other four arguments.  The common options are
 * decoded as strace 7.2 does (PR_SET_SECCOMP's filter program excepted: its address shows);
 * for the rest, as strace, every remaining argument prints in hex.
 * Options that return data through arg2 print it at exit.
 */
#include <inttypes.h>
#include <linux/prctl.h>

#ifndef PR_SET_VMA
#define PR_SET_VMA 0x53564d41
#define PR_SET_VMA_ANON_NAME 0
#endif

#include "strace-lite/decode/cbpf.h"
#include "strace-lite/decode/decode.h"
#include "strace-lite/decode/prctl/prctl.h"
#include "strace-lite/decode/struct-printers.h"
#include "strace-lite/decode/util-print.h"
#include "gen/xlat.h"

#define TASK_COMM_LEN 16

void prctl_print_args_from(struct dctx *c, int first)
{
	for (int i = first; i < 5; i++) {
		tprints(c, ", ");
		print_xlat_val(c->sb, c->arg[i]);
	}
}

int prctl_rval_flags(struct dctx *c, const struct xlat *x)
{
	c->auxstr = sprint_flags_ex("", x, (uint64_t)c->rval, '\0', print_opts_get()->xstyle, true);
	return RVAL_KIND(RK_X) | RVAL_STR;
}

/* An int the kernel wrote through arg2, as [N]. */
static void print_int_ref(struct dctx *c, uint64_t addr)
{
	unsigned int v;

	if (!umove_or_printaddr(c, addr, &v))
		tprintf(c, "[%u]", v);
}

SYS_FUNC(prctl)
{
	unsigned int option = (unsigned int)c->arg[0];
	uint64_t arg2 = c->arg[1];
	unsigned int sig;

	int rc;

	if (entering(c))
		printxval(c, xlat_prctl_options, option, "PR_???");
	if (prctl_more(c, option, &rc) || prctl_new(c, option, &rc))
		return rc;

	switch (option) {
	case PR_GET_KEEPCAPS:
	case PR_GET_SECCOMP:
	case PR_GET_TIMERSLACK:
	case PR_GET_TIMING:
	case PR_TASK_PERF_EVENTS_DISABLE:
	case PR_TASK_PERF_EVENTS_ENABLE:
		return RVAL_DECODED;

	case PR_GET_CHILD_SUBREAPER:
	case PR_GET_ENDIAN:
	case PR_GET_FPEMU:
	case PR_GET_FPEXC:
		if (entering(c))
			tprints(c, ", ");
		else
			print_int_ref(c, arg2);
		return 0;

	case PR_GET_DUMPABLE:
		if (entering(c) || syserror(c))
			return 0;
		c->auxstr = xlat_lookup(xlat_pr_dumpable, (uint64_t)c->rval);
		return RVAL_STR;

	case PR_GET_NAME:
		if (entering(c))
			tprints(c, ", ");
		else if (syserror(c))
			printaddr(c, arg2);
		else
			printstr_upto(c, arg2, TASK_COMM_LEN);
		return 0;

	case PR_GET_PDEATHSIG:
		if (entering(c)) {
			tprints(c, ", ");
		} else if (!umove_or_printaddr(c, arg2, &sig)) {
			tprints(c, "[");
			print_signame(c, (int)sig);
			tprints(c, "]");
		}
		return 0;

	case PR_GET_SECUREBITS:
		if (entering(c) || syserror(c) || c->rval == 0)
			return 0;
		return prctl_rval_flags(c, xlat_secbits);

	case PR_GET_TID_ADDRESS:
		if (entering(c))
			tprints(c, ", ");
		else
			printnum_ptr(c, arg2);
		return 0;

	case PR_SET_CHILD_SUBREAPER:
	case PR_SET_ENDIAN:
	case PR_SET_FPEMU:
	case PR_SET_FPEXC:
	case PR_SET_KEEPCAPS:
	case PR_SET_TIMING:
		tprintf(c, ", %" PRIu64, arg2);
		return RVAL_DECODED;

	case PR_SET_DUMPABLE:
		return PRCTL_ARG(c, printxval(c, xlat_pr_dumpable, arg2, "SUID_DUMP_???"));

	case PR_CAPBSET_DROP:
	case PR_CAPBSET_READ:
		return PRCTL_ARG(c, printxval(c, xlat_cap, arg2, "CAP_???"));

	case PR_CAP_AMBIENT:
		tprints(c, ", ");
		printxval(c, xlat_pr_cap_ambient, arg2, "PR_CAP_AMBIENT_???");
		switch (arg2) {
		case PR_CAP_AMBIENT_RAISE:
		case PR_CAP_AMBIENT_LOWER:
		case PR_CAP_AMBIENT_IS_SET:
			tprints(c, ", ");
			printxval(c, xlat_cap, c->arg[2], "CAP_???");
			prctl_print_args_from(c, 3);
			break;
		default:
			prctl_print_args_from(c, 2);
			break;
		}
		return RVAL_DECODED;

	case PR_SET_NAME:
		return PRCTL_ARG(c, printstr_upto(c, arg2, TASK_COMM_LEN - 1));

	case PR_SET_PDEATHSIG:
		tprints(c, ", ");
		if (arg2 > 128)
			tprintf(c, "%" PRIu64, arg2);
		else
			print_signame(c, (int)arg2);
		return RVAL_DECODED;

	case PR_SET_PTRACER:
		tprints(c, ", ");
		if ((int)arg2 == -1) {
			if (print_opts_get()->xstyle == XSTYLE_ABBREV)
				tprints(c, "PR_SET_PTRACER_ANY");
			else if (print_opts_get()->xstyle == XSTYLE_RAW)
				tprints(c, "-1");
			else
				tprints(c, "-1 /* PR_SET_PTRACER_ANY */");
		} else {
			printpid(c, (int)arg2, PT_TGID);
		}
		return RVAL_DECODED;

	case PR_SET_SECUREBITS:
		return PRCTL_ARG(c, printflags(c, xlat_secbits, arg2, "SECBIT_???"));

	case PR_SET_TIMERSLACK:
		tprintf(c, ", %d", (int)arg2);
		return RVAL_DECODED;

	case PR_SET_NO_NEW_PRIVS:
	case PR_SET_THP_DISABLE:
	case PR_SET_IO_FLUSHER:
		tprintf(c, ", %" PRIu64, arg2);
		prctl_print_args_from(c, 2);
		return RVAL_DECODED;

	case PR_GET_TSC:
		if (entering(c)) {
			tprints(c, ", ");
		} else if (!umove_or_printaddr(c, arg2, &sig)) {
			tprints(c, "[");
			printxval(c, xlat_pr_tsc, sig, "PR_TSC_???");
			tprints(c, "]");
		}
		return 0;

	case PR_SET_TSC:
		return PRCTL_ARG(c, printxval(c, xlat_pr_tsc, (unsigned int)arg2, "PR_TSC_???"));

	case PR_GET_UNALIGN:
		if (entering(c)) {
			tprints(c, ", ");
		} else if (!umove_or_printaddr(c, arg2, &sig)) {
			tprints(c, "[");
			printflags(c, xlat_pr_unalign_flags, sig, "PR_UNALIGN_???");
			tprints(c, "]");
		}
		return 0;

	case PR_SET_UNALIGN:
		return PRCTL_ARG(c, printflags(c, xlat_pr_unalign_flags, (unsigned int)arg2,
					       "PR_UNALIGN_???"));

	case PR_GET_FP_MODE:
		if (entering(c) || syserror(c) || c->rval == 0)
			return 0;
		return prctl_rval_flags(c, xlat_pr_fp_mode);

	case PR_SET_FP_MODE:
		return PRCTL_ARG(c, printflags(c, xlat_pr_fp_mode, (unsigned int)arg2,
					       "PR_FP_MODE_???"));

	case PR_GET_SPECULATION_CTRL:
		if (entering(c)) {
			tprints(c, ", ");
			printxval(c, xlat_pr_spec_cmds, arg2, "PR_SPEC_???");
			return 0;
		}
		if (syserror(c))
			return 0;
		switch (arg2) {
		case PR_SPEC_STORE_BYPASS:
		case PR_SPEC_INDIRECT_BRANCH:
		case PR_SPEC_L1D_FLUSH:
			return prctl_rval_flags(c, xlat_pr_spec_get_store_bypass_flags);
		}
		return RVAL_STR;

	case PR_SET_SPECULATION_CTRL:
		tprints(c, ", ");
		printxval(c, xlat_pr_spec_cmds, arg2, "PR_SPEC_???");
		tprints(c, ", ");
		switch (arg2) {
		case PR_SPEC_STORE_BYPASS:
		case PR_SPEC_INDIRECT_BRANCH:
		case PR_SPEC_L1D_FLUSH:
			printxval(c, xlat_pr_spec_set_store_bypass_flags, c->arg[2], "PR_SPEC_???");
			break;
		default:
			print_xlat_val(c->sb, c->arg[2]);
		}
		return RVAL_DECODED;

	case PR_MCE_KILL:
		tprints(c, ", ");
		printxval(c, xlat_pr_mce_kill, arg2, "PR_MCE_KILL_???");
		tprints(c, ", ");
		if (arg2 == PR_MCE_KILL_SET)
			printxval(c, xlat_pr_mce_kill_policy, c->arg[2], "PR_MCE_KILL_???");
		else
			print_xlat_val(c->sb, c->arg[2]);
		prctl_print_args_from(c, 3);
		return RVAL_DECODED;

	case PR_MCE_KILL_GET:
		if (entering(c)) {
			prctl_print_args_from(c, 1);
			return 0;
		}
		if (syserror(c))
			return 0;
		c->auxstr = xlat_lookup(xlat_pr_mce_kill_policy, (uint64_t)c->rval);
		return RVAL_STR;

	case PR_SET_VMA:
		tprints(c, ", ");
		printxval(c, xlat_pr_set_vma, arg2, "PR_SET_VMA_???");
		if (arg2 == PR_SET_VMA_ANON_NAME) {
			tprints(c, ", ");
			printaddr(c, c->arg[2]);
			tprintf(c, ", %" PRIu64 ", ", c->arg[3]);
			printstr(c, c->arg[4]);
		} else {
			prctl_print_args_from(c, 2);
		}
		return RVAL_DECODED;

	case PR_SET_MM:
		tprints(c, ", ");
		printxval(c, xlat_pr_set_mm, (unsigned int)arg2, "PR_SET_MM_???");
		prctl_print_args_from(c, 2);
		return RVAL_DECODED;

	case PR_SET_SECCOMP:
		tprints(c, ", ");
		printxval(c, xlat_seccomp_mode, arg2, "SECCOMP_MODE_???");
		if (arg2 == 1 /* SECCOMP_MODE_STRICT */)
			return RVAL_DECODED;
		if (arg2 == 2 /* SECCOMP_MODE_FILTER */) {
			tprints(c, ", ");
			print_seccomp_fprog(c, c->arg[2]);
			return RVAL_DECODED;
		}
		prctl_print_args_from(c, 2);
		return RVAL_DECODED;

	default:
		prctl_print_args_from(c, 1);
		return RVAL_DECODED;
	}
}
