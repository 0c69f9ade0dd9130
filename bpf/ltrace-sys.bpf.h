/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lttrace --bpf -S (included by ltrace.bpf.c, whose maps, state and helpers it uses): the
 * traced threads' system calls as records of the ring buffer their library calls go to.
 */
#pragma once

/*
 * -S: the traced threads' system calls, in the same ring buffer as their library calls (one
 * order, one clock), with the memory the prototype of their libc wrapper names.  Loaded only
 * with -S: every system call of the machine runs these.
 */
static __always_inline int sys_rec(struct pt_regs *regs, long nr, long rval, bool entry)
{
	__u32 tid, tgid, zero = 0, off = 0;
	struct lt_tstate *st = traced_state(&tid, &tgid, true);

	/* The kernel's uretprobe trampoline calls uretprobe (335), an optimized uprobe uprobe
	 * (336): the probes' own, never the program's. */
	if (!st || stats_only || nr < 0 || nr == 335 || nr == 336)
		return 0;
	flush_kept(st, tid, tgid);
	struct scratch *s = bpf_map_lookup_elem(&scratch, &zero);
	if (!s)
		return 0;
	struct lt_fspec *sp = &sysspecs[nr & (LT_MAXSYS - 1)];
	s->h.kind = entry ? LT_REC_SYSCALL : LT_REC_SYSRET;
	s->h.fn = (__u32)nr;
	s->h.tid = tid;
	s->h.tgid = tgid;
	s->h.ts = want_time ? bpf_ktime_get_ns() : ++st->seq;
	s->h.ts_call = s->h.ts;
	s->h.rval = rval;
	s->h.rval2 = 0;
	s->h.regs[0] = BPF_CORE_READ(regs, di);
	s->h.regs[1] = BPF_CORE_READ(regs, si);
	s->h.regs[2] = BPF_CORE_READ(regs, dx);
	s->h.regs[3] = BPF_CORE_READ(regs, r10);
	s->h.regs[4] = BPF_CORE_READ(regs, r8);
	s->h.regs[5] = BPF_CORE_READ(regs, r9);
	s->h.sp = 0;
	s->h.ret = 0;
	s->h.failed = 0;
	s->h.flags = 0;
	s->h.nstk = 0;
	bool known = nr < LT_MAXSYS;
	for (int i = 0; i < LT_NREGS; i++)
		off = capture(s, off, i, !known ? LT_CAP_NONE : entry ? entry_kind(sp->cap[i]) :
					 ret_kind(sp->cap[i]), sp->len[i], s->h.regs[i]);
	off = capture(s, off, LT_NREGS, !known || entry ? LT_CAP_NONE :
			ret_kind(sp->cap[LT_NREGS]), sp->len[LT_NREGS], rval);
	send(s, off);
	return 0;
}

SEC("tp_btf/sys_enter")
int BPF_PROG(lt_sys_enter, struct pt_regs *regs, long id)
{
	return sys_rec(regs, id, 0, true);
}

SEC("tp_btf/sys_exit")
int BPF_PROG(lt_sys_exit, struct pt_regs *regs, long ret)
{
	return sys_rec(regs, BPF_CORE_READ(regs, orig_ax), ret, false);
}
