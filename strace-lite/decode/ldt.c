// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * set_thread_area/get_thread_area and modify_ldt's struct user_desc: set_thread_area prints
 * it whole at entry (and the entry number the kernel chose after the result); get_thread_area
 * prints the entry number at entry, the rest at exit, "..." when the call failed.  modify_ldt's
 * result is an int: a negative one is an error, shown with the value as the call returned it.
 */
#include <asm/ldt.h>
#include <stdio.h>

#include "strace-lite/decode/decode.h"

static void print_entry_number(struct dctx *c, unsigned int n)
{
	if (n == (unsigned int)-1)
		tprints(c, "-1");
	else
		tprintf(c, "%u", n);
}

static void print_desc_rest(struct dctx *c, const struct user_desc *d)
{
	tprintf(c, ", base_addr=%#08x, limit=%#08x, seg_32bit=%u, contents=%u, read_exec_only=%u"
		", limit_in_pages=%u, seg_not_present=%u, useable=%u, lm=%u}", d->base_addr,
		d->limit, d->seg_32bit, d->contents, d->read_exec_only, d->limit_in_pages,
		d->seg_not_present, d->useable, d->lm);
}

static void print_desc_whole(struct dctx *c, uint64_t addr)
{
	struct user_desc d;

	if (umove_or_printaddr(c, addr, &d))
		return;
	tprints(c, "{entry_number=");
	print_entry_number(c, d.entry_number);
	print_desc_rest(c, &d);
}

SYS_FUNC(set_thread_area)
{
	static char outstr[32];
	struct user_desc d;

	if (entering(c)) {
		print_desc_whole(c, c->arg[0]);
		return 0;
	}
	if (syserror(c) || umove(c, c->arg[0], &d) < 0)
		return 0;
	snprintf(outstr, sizeof(outstr), "entry_number=%u", d.entry_number);
	c->auxstr = outstr;
	return RVAL_STR;
}

SYS_FUNC(get_thread_area)
{
	struct user_desc d;
	unsigned int n;

	if (entering(c)) {
		/* priv[0]: the entry number was printed, priv[1]: which it was. */
		c->priv[0] = 0;
		if (umove_or_printaddr(c, c->arg[0], &n))
			return 0;
		tprints(c, "{entry_number=");
		print_entry_number(c, n);
		c->priv[0] = 1;
		c->priv[1] = n;
		return 0;
	}
	if (!c->arg[0])
		return 0;
	if (syserror(c) || umove(c, c->arg[0], &d) < 0) {
		if (c->priv[0])
			tprints(c, ", ...}");
		return 0;
	}
	if (!c->priv[0]) {
		tprints(c, " => {entry_number=");
		print_entry_number(c, d.entry_number);
	} else if (c->priv[1] != d.entry_number) {
		tprints(c, " => ");
		print_entry_number(c, d.entry_number);
	}
	print_desc_rest(c, &d);
	return 0;
}

SYS_FUNC(modify_ldt)
{
	if (entering(c)) {
		tprintf(c, "%d, ", (int)c->arg[0]);
		if (c->arg[2] != sizeof(struct user_desc))
			printaddr(c, c->arg[1]);
		else
			print_desc_whole(c, c->arg[1]);
		tprintf(c, ", %llu", (unsigned long long)c->arg[2]);
		return 0;
	}
	/* The kernel returns an int: an error comes back as a large positive long. */
	if (syserror(c) || (uint64_t)c->rval < 0xfffff000 || (uint64_t)c->rval > 0xffffffff)
		return 0;
	c->err = (int)-(unsigned int)c->rval;
	return RVAL_PRINT_ERR_VAL;
}
