// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * prctl(2): the option names the meaning of the other four arguments.  The common options are
 * decoded as strace 6.1 does; for the rest, as strace, every remaining argument prints in hex.
 * Options that return data through arg2 print it at exit.
 */
#include <inttypes.h>
#include <linux/prctl.h>

#include "decode.h"
#include "struct-printers.h"
#include "util-print.h"
#include "xlat.h"

#define TASK_COMM_LEN 16

/* strace's print_prctl_args: arguments FIRST..4, each ", %#lx". */
static void print_rest(struct dctx *c, int first)
{
	for (int i = first; i < 5; i++) {
		tprints(c, ", ");
		print_xlat_val(c->sb, c->arg[i]);
	}
}

/* A NUL-terminated string of at most LEN bytes, cut by -s as well (strace's printstr_ex). */
static void print_comm(struct dctx *c, uint64_t addr, unsigned int len)
{
	char buf[TASK_COMM_LEN + 1];
	unsigned int size = popts.max_strlen + 1;

	if (!addr) {
		tprints(c, "NULL");
		return;
	}
	if (size > len)
		size = len;
	if (umovestr(c, addr, size, buf) < 0) {
		printaddr(c, addr);
		return;
	}
	if (size > popts.max_strlen)
		size = popts.max_strlen;
	if (quote_string(c->sb, buf, size, QUOTE_0_TERMINATED) && len)
		tprints(c, "...");
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

	if (entering(c))
		printxval(c, xlat_prctl_options, option, "PR_???");

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
			print_comm(c, arg2, TASK_COMM_LEN);
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
		c->auxstr = sprint_flags_ex("", xlat_secbits, (uint64_t)c->rval, '\0',
					    popts.xstyle, true);
		return RVAL_KIND(RK_X) | RVAL_STR;

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
		tprints(c, ", ");
		printxval(c, xlat_pr_dumpable, arg2, "SUID_DUMP_???");
		return RVAL_DECODED;

	case PR_CAPBSET_DROP:
	case PR_CAPBSET_READ:
		tprints(c, ", ");
		printxval(c, xlat_cap, arg2, "CAP_???");
		return RVAL_DECODED;

	case PR_CAP_AMBIENT:
		tprints(c, ", ");
		printxval(c, xlat_pr_cap_ambient, arg2, "PR_CAP_AMBIENT_???");
		switch (arg2) {
		case PR_CAP_AMBIENT_RAISE:
		case PR_CAP_AMBIENT_LOWER:
		case PR_CAP_AMBIENT_IS_SET:
			tprints(c, ", ");
			printxval(c, xlat_cap, c->arg[2], "CAP_???");
			print_rest(c, 3);
			break;
		default:
			print_rest(c, 2);
			break;
		}
		return RVAL_DECODED;

	case PR_SET_NAME:
		tprints(c, ", ");
		print_comm(c, arg2, TASK_COMM_LEN - 1);
		return RVAL_DECODED;

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
			if (popts.xstyle == XSTYLE_ABBREV)
				tprints(c, "PR_SET_PTRACER_ANY");
			else if (popts.xstyle == XSTYLE_RAW)
				tprints(c, "-1");
			else
				tprints(c, "-1 /* PR_SET_PTRACER_ANY */");
		} else {
			tprintf(c, "%d", (int)arg2);
		}
		return RVAL_DECODED;

	case PR_SET_SECUREBITS:
		tprints(c, ", ");
		printflags(c, xlat_secbits, arg2, "SECBIT_???");
		return RVAL_DECODED;

	case PR_SET_TIMERSLACK:
		tprintf(c, ", %d", (int)arg2);
		return RVAL_DECODED;

	case PR_SET_NO_NEW_PRIVS:
	case PR_SET_THP_DISABLE:
	case PR_SET_IO_FLUSHER:
		tprintf(c, ", %" PRIu64, arg2);
		print_rest(c, 2);
		return RVAL_DECODED;

	default:
		print_rest(c, 1);
		return RVAL_DECODED;
	}
}
