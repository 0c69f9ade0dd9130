// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * futex: which arguments exist depends on the operation (op & 127), so the table's kinds
 * (every possible meaning) cannot print it; this does, in strace's per-operation forms,
 * including FUTEX_WAKE_OP's packed val3 spelled out as the FUTEX_OP() pieces.  futex_waitv
 * is with the futex2 calls (futex2.c).
 */
#include <inttypes.h>
#include <linux/futex.h>

#include "strace-lite/decode/decode.h"
#include "strace-lite/decode/struct-printers.h"

/* V named from X (or in hex with DFLT as a comment after SHIFT), then SHIFT ("<<28"). */
static void print_shifted(struct dctx *c, const struct xlat *x, unsigned int v,
			  const char *shift, const char *dflt)
{
	const char *s = xlat_lookup(x, v);

	if (s)
		print_xlat_named(c->sb, v, s);
	else
		print_xlat_val(c->sb, v);
	tprints(c, shift);
	if (!s)
		print_comment(c->sb, dflt);
}

static void print_wake_op(struct dctx *c, unsigned int v)
{
	if ((v >> 28) & FUTEX_OP_OPARG_SHIFT) {
		print_xlat_named(c->sb, FUTEX_OP_OPARG_SHIFT, "FUTEX_OP_OPARG_SHIFT");
		tprints(c, "<<28|");
	}
	print_shifted(c, xlat_futexwakeops, (v >> 28) & 7, "<<28", "FUTEX_OP_???");
	tprintf(c, "|%#x<<12|", (v >> 12) & 0xfff);
	print_shifted(c, xlat_futexwakecmps, (v >> 24) & 0xf, "<<24", "FUTEX_OP_CMP_???");
	tprintf(c, "|%#x", v & 0xfff);
}

SYS_FUNC(futex)
{
	uint64_t uaddr = c->arg[0], timeout = c->arg[3], uaddr2 = c->arg[4];
	int op = (int)c->arg[1];
	unsigned int val = (unsigned int)c->arg[2], val2 = (unsigned int)c->arg[3];
	unsigned int val3 = (unsigned int)c->arg[5];

	printaddr(c, uaddr);
	tprint_arg_next(c);
	printxval(c, xlat_futexops, (unsigned int)op, "FUTEX_???");
	switch (op & 127) {
	case FUTEX_WAIT:
		tprintf(c, ", %u, ", val);
		print_struct_timespec(c, timeout);
		break;
	case FUTEX_LOCK_PI:
	case 13: /* FUTEX_LOCK_PI2 */
		tprints(c, ", ");
		print_struct_timespec(c, timeout);
		break;
	case FUTEX_WAIT_BITSET:
		tprintf(c, ", %u, ", val);
		print_struct_timespec(c, timeout);
		tprints(c, ", ");
		printxval(c, xlat_futexbitset, val3, NULL);
		break;
	case FUTEX_WAKE_BITSET:
		tprintf(c, ", %u, ", val);
		printxval(c, xlat_futexbitset, val3, NULL);
		break;
	case FUTEX_REQUEUE:
		tprintf(c, ", %u, %u, ", val, val2);
		printaddr(c, uaddr2);
		break;
	case FUTEX_CMP_REQUEUE:
	case FUTEX_CMP_REQUEUE_PI:
		tprintf(c, ", %u, %u, ", val, val2);
		printaddr(c, uaddr2);
		tprintf(c, ", %u", val3);
		break;
	case FUTEX_WAKE_OP:
		tprintf(c, ", %u, %u, ", val, val2);
		printaddr(c, uaddr2);
		tprints(c, ", ");
		print_wake_op(c, val3);
		break;
	case FUTEX_WAIT_REQUEUE_PI:
		tprintf(c, ", %u, ", val);
		print_struct_timespec(c, timeout);
		tprints(c, ", ");
		printaddr(c, uaddr2);
		break;
	case FUTEX_FD:
	case FUTEX_WAKE:
		tprintf(c, ", %u", val);
		break;
	case FUTEX_UNLOCK_PI:
	case FUTEX_TRYLOCK_PI:
		break;
	default:
		tprintf(c, ", %u, ", val);
		printaddr(c, timeout);
		tprints(c, ", ");
		printaddr(c, uaddr2);
		tprintf(c, ", %#x", val3);
		break;
	}
	return RVAL_DECODED;
}
