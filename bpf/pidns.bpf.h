/* SPDX-License-Identifier: GPL-2.0 */
/*
 * --decode-pids=pidns, for sysbpf.bpf.c (included once, after its maps and emit()): a thread
 * in a pid namespace below the initial one is described ahead of each of its syscall stops
 * (EV_PIDNS: the namespace, its ids there and in the initial one), so that user space can
 * translate the pids it names even when it decodes the stop after the thread is gone.
 */
#pragma once

/* The number of struct pid P at namespace LEVEL (0: none there). */
static __always_inline __u32 pid_nr_at(struct pid *p, unsigned int level)
{
	struct upid u = {};

	if (!p || level > 31 || BPF_CORE_READ(p, level) < level)
		return 0;
	bpf_probe_read_kernel(&u, sizeof(u), &p->numbers[level]);
	return u.nr;
}

/* --decode-pids=pidns: the current thread's ids in its own pid namespace, when that is not
 * the initial one (EV_PIDNS, ahead of the stop's record). */
static __always_inline void send_pidns(const struct ev_hdr *sh)
{
	if (!want_pidns)
		return; /* before any read: two of them at every record otherwise */
	struct task_struct *t = bpf_get_current_task_btf();
	struct pid *p = BPF_CORE_READ(t, thread_pid);
	unsigned int level = p ? BPF_CORE_READ(p, level) : 0;
	struct upid u = {};

	if (!level || level > 31)
		return;
	struct ev_pidns rec = { .h = *sh };
	rec.h.kind = EV_PIDNS;
	bpf_probe_read_kernel(&u, sizeof(u), &p->numbers[level]);
	rec.ns_inum = BPF_CORE_READ(u.ns, ns.inum);
	rec.ns_ids[0] = u.nr;
	rec.ns_ids[1] = pid_nr_at(BPF_CORE_READ(t, group_leader, thread_pid), level);
	struct pid *pg = BPF_CORE_READ(t, signal, pids[PIDTYPE_PGID]);
	struct pid *sid = BPF_CORE_READ(t, signal, pids[PIDTYPE_SID]);
	rec.ns_ids[2] = pid_nr_at(pg, level);
	rec.ns_ids[3] = pid_nr_at(sid, level);
	rec.init_ids[0] = pid_nr_at(pg, 0);
	rec.init_ids[1] = pid_nr_at(sid, 0);
	emit(&rec, sizeof(rec));
}
