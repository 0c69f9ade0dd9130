/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sysbpf.bpf.c's process events: a traced thread's fork (its child traced with -f, or said let
 * go when it asked for ptrace with CLONE_PTRACE), exec and exit, as EV_FORK, EV_EXEC and
 * EV_EXIT records.  Included once, by sysbpf.bpf.c, last.
 */
#pragma once

/* Whether the call of PARENT's that is forking (clone, clone3) has CLONE_PTRACE. */
static __always_inline bool clone_ptrace_flag(struct task_struct *parent)
{
	struct pt_regs *regs = (void *)bpf_task_pt_regs(parent);
	__u64 nr = BPF_CORE_READ(regs, orig_ax), fl = 0;

	if (nr == 56 /* clone */)
		fl = BPF_CORE_READ(regs, di);
	else if (nr != 435 /* clone3: its clone_args's flags come first */ ||
		 bpf_probe_read_user(&fl, sizeof(fl), (void *)BPF_CORE_READ(regs, di)))
		return false;
	return fl & 0x00002000 /* CLONE_PTRACE */;
}

SEC("tp_btf/sched_process_fork")
int BPF_PROG(sched_process_fork, struct task_struct *parent, struct task_struct *child)
{
	__u32 ptid = BPF_CORE_READ(parent, pid);
	__u32 *flags = bpf_map_lookup_elem(&traced, &ptid);

	if (!flags)
		return 0;
	if (!(*flags & TRACED_FOLLOW)) {
		/* Not followed; but a child made with CLONE_PTRACE is one ptrace would have
		 * attached us to, and let go ("Detached unknown pid"): said so. */
		if (clone_ptrace_flag(parent)) {
			struct ev_fork rec = {
				.h = { .kind = EV_FORK, .tid = ptid,
				       .tgid = BPF_CORE_READ(parent, tgid), .ts = bpf_ktime_get_ns() },
				.child = BPF_CORE_READ(child, pid),
				.child_tgid = BPF_CORE_READ(child, tgid),
				.not_followed = 1,
			};
			emit(&rec, sizeof(rec));
		}
		return 0;
	}
	__u32 ctid = BPF_CORE_READ(child, pid), v = *flags & ~TRACED_FIRST_EXEC;
	bpf_map_update_elem(&traced, &ctid, &v, BPF_ANY);
	traced_changed();
	struct ev_fork rec = {
		.h = { .kind = EV_FORK, .tid = ptid, .tgid = BPF_CORE_READ(parent, tgid),
		       .ts = bpf_ktime_get_ns() },
		.child = ctid,
		.child_tgid = BPF_CORE_READ(child, tgid),
	};
	BPF_CORE_READ_STR_INTO(&rec.comm, child, comm);
	emit(&rec, sizeof(rec));
	return 0;
}

SEC("tp_btf/sched_process_exec")
int BPF_PROG(sched_process_exec, struct task_struct *p, pid_t old_pid, struct linux_binprm *bprm)
{
	__u32 old = old_pid, tid = BPF_CORE_READ(p, pid);
	__u32 *flags = bpf_map_lookup_elem(&traced, &old);

	if (!flags)
		return 0;
	if (old != tid) {
		/* A thread exec'd: it is the leader now, with its syscall in flight. */
		__u32 v = *flags;
		bpf_map_update_elem(&traced, &tid, &v, BPF_ANY);
		bpf_map_delete_elem(&traced, &old);
		traced_changed();
	}
	struct ev_exec rec = {
		.h = { .kind = EV_EXEC, .tid = tid, .tgid = tid, .ts = bpf_ktime_get_ns() },
		.old_tid = old,
	};
	flags = bpf_map_lookup_elem(&traced, &tid);
	if (flags)
		*flags &= ~TRACED_PRE_EXEC;
	if (flags && (*flags & TRACED_FIRST_EXEC)) {
		*flags &= ~TRACED_FIRST_EXEC;
	} else if (flags && (*flags & TRACED_DETACH_EXEC)) {
		/* -b execve: the new program is not traced, nor the end of its execve. */
		struct inflight *f = bpf_task_storage_get(&inflight, p, 0, 0);
		if (f)
			f->active = 0;
		bpf_map_delete_elem(&traced, &tid);
		traced_changed();
		rec.detached = 1;
	}
	BPF_CORE_READ_STR_INTO(&rec.comm, p, comm);
	emit(&rec, sizeof(rec));
	return 0;
}

SEC("tp_btf/sched_process_exit")
int BPF_PROG(sched_process_exit, struct task_struct *p)
{
	__u32 tid = BPF_CORE_READ(p, pid);

	if (!bpf_map_lookup_elem(&traced, &tid))
		return 0;
	struct ev_exit rec = {
		.h = { .kind = EV_EXIT, .tid = tid, .tgid = BPF_CORE_READ(p, tgid),
		       .ts = bpf_ktime_get_ns() },
		.code = BPF_CORE_READ(p, exit_code),
	};
	struct task_struct *exec_task = BPF_CORE_READ(p, signal, group_exec_task);
	rec.by_exec = exec_task && exec_task != p;
	rec.group_dead = BPF_CORE_READ(p, signal, live.counter) == 0; /* counted out before */
	bpf_map_delete_elem(&traced, &tid);
	traced_changed();
	/* The reader counts processes: it must see this one soon. */
	emit_flags(&rec, sizeof(rec), BPF_RB_FORCE_WAKEUP);
	return 0;
}
