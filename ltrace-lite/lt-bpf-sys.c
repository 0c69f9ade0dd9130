// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * lttrace --bpf -S: the records of bpf/ltrace-sys.bpf.h turned into the events of a system
 * call, in each thread's one system call frame (the memory its capture plan, lb_plan_sysspec,
 * copied; the rest read from the process), as the ptrace backend emits them.
 */
#include <stdlib.h>
#include <string.h>
#include <linux/types.h>

#include "bpf/ltrace.h"
#include "ltrace-lite/lt-bpf.h"
#include "common/sysname.h"

void lb_on_sys(const struct lt_rec *r, const uint8_t *d, size_t dlen,
	       const struct lt_fspec *sysspecs)
{
	struct uthr *t = lb_thr_get((pid_t)r->tid, (pid_t)r->tgid, true);
	bool entry = r->kind == LT_REC_SYSCALL;
	static const struct lt_fspec none;

	if (!t || (!entry && (!t->in_sys || t->sys.site != (int)r->fn)))
		return;
	struct ufr *f = &t->sys;
	const struct lt_fspec *sp = r->fn < LT_MAXSYS ? &sysspecs[r->fn] : &none;
	struct lt_event ev = { .pid = t->tid, .tgid = t->tgid, .name = t->sysname, .v = &f->v,
			       .depth = (int)t->nshown + 1, .cookie = &f->cookie };
	if (entry) {
		lb_frame_reset(f);
		f->site = (int)r->fn;
		f->call_ts = r->ts;
		f->proto = lt_sys_proto(r->fn, t->sysname, sizeof(t->sysname));
		f->v.pid = t->tid;
		memcpy(f->v.iregs, r->regs, sizeof(f->v.iregs));
		f->v.read = lb_frame_read;
		f->v.strsize = lt_opts.strsize;
		f->v.arraylen = lt_opts.arraylen;
		lb_add_regions(f, r, d, dlen, sp, false);
		t->in_sys = true;
		int nargs = syscall_nargs(r->fn);
		ev.kind = LT_EV_SYSCALL;
		ev.nsysargs = nargs >= 0 ? nargs : 6;
		memcpy(ev.sysargs, r->regs, sizeof(ev.sysargs));
	} else {
		f->v.ret = r->rval;
		lb_add_regions(f, r, d, dlen, sp, true);
		t->in_sys = false;
		ev.kind = LT_EV_SYSRET;
		ev.spent = (double)(r->ts - f->call_ts) / 1e9;
	}
	ev.proto = f->proto;
	f->v.priv = f;
	lt_emit(&ev);
	if (!entry) {
		free(f->cookie);
		f->cookie = NULL;
	}
}
