// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * lttrace --bpf: which functions are probed at the program's calls of them rather than at
 * their entry and return (lt-bpf.h, lb_csite_pick).
 *
 * A probe on each `call foo@plt` of the program and on each call's return site sees exactly
 * the calls the default scope shows (the program's own) when the kernel side would keep no
 * other: the function's callers are the main program alone (no -x, -l or -e pattern bringing
 * in other objects), it has no hold at its hit (floats, memory behind pointers: those read
 * the registers at the function's entry), returns normally (no setjmp, nothing unwound
 * through), the program is dynamic and uprobe/callsite.c proved the list of its calls
 * complete and every site one the kernel emulates.  A name two sites share (two libraries
 * defining it) is left at the entries: which one the program's calls reach is the loader's
 * choice.  Anything else keeps the entry uprobe and uretprobe, with no change of behaviour.
 */
#include <stdlib.h>
#include <string.h>
#include <linux/types.h>

#include "bpf/ltrace.h"
#include "uprobe/callsite.h"
#include "ltrace-lite/lt-bpf.h"
#include "common/log.h"
#include "common/strbuf.h"

#define NO_CSITE (unsigned)(LT_F_OUTERMOST | LT_F_NORET | LT_F_HOLD | LT_F_HOLD_VA | LT_F_HOLD_RET | \
		  LT_F_XMM | LT_F_XMM_RET | LT_F_RETSITE)

static bool enabled(void)
{
	const char *e = getenv("LTTRACE_BPF_CALLSITES");

	return !e || strcmp(e, "0");
}

/* Does a site other than I have one of site I's names? */
static bool shared_name(const struct lb_plan *p, size_t i)
{
	const struct lb_site *s = &p->sites[i];

	for (size_t j = 0; j < p->nsites; j++)
		for (size_t a = 0; j != i && a < p->sites[j].nnames; a++)
			for (size_t b = 0; b < s->nnames; b++)
				if (!strcmp(p->sites[j].names[a], s->names[b]))
					return true;
	return false;
}

const struct csite_exe *lb_csite_pick(const struct lb_plan *p, size_t i,
				      const struct lt_fspec *spec, const char **why)
{
	const struct lb_site *s = &p->sites[i];
	const struct csite_exe *x;
	size_t m = 0;

	*why = NULL;
	if (!enabled() || p->is_static)
		return NULL;
	while (m < p->nobjs && !(p->objs[m].is_main && !p->objs[m].gone))
		m++;
	if (m >= p->nobjs || m >= LT_MAXOBJS || spec->callers != (__u64)1 << m ||
	    (spec->flags & NO_CSITE))
		return NULL;
	if (!(x = csite_scan(p->objs[m].path))) {
		*why = "out of memory";
		return NULL;
	}
	if (x->why) {
		*why = x->why;
		return NULL;
	}
	for (size_t k = 0; k < s->nnames; k++) {
		const struct csite_fn *f = csite_find(x, s->names[k]);
		if (f && f->why) {
			*why = f->why;
			return NULL;
		}
	}
	if (shared_name(p, i)) {
		*why = "a name another object defines too";
		return NULL;
	}
	return x;
}

/* LTTRACE_BPF_STATS: the batch's functions at their call sites, and the candidates refused. */
static struct strbuf at, refused;
static size_t nat, nrefused, ncalls_all;

void lb_csite_note(const struct lb_site *s, size_t ncalls, const char *why)
{
	if (!getenv("LTTRACE_BPF_STATS"))
		return;
	if (why)
		sb_printf(&refused, "%s%s (%s)", nrefused++ ? "; " : "", s->names[0], why);
	else
		sb_printf(&at, "%s%s", nat++ ? " " : "", s->names[0]);
	ncalls_all += ncalls;
}

void lb_csite_say(void)
{
	if (nat)
		log_warn("--bpf: %zu function%s at %zu call site%s: %s", nat, nat > 1 ? "s" : "",
			 ncalls_all, ncalls_all != 1 ? "s" : "", sb_str(&at));
	if (nrefused)
		log_warn("--bpf: at the entry, not the call sites: %s", sb_str(&refused));
	sb_free(&at);
	sb_free(&refused);
	nat = nrefused = ncalls_all = 0;
}
