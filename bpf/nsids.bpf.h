/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sysbpf.bpf.c's -e namespace=new (HOW_NSIDS): after a successful setns or unshare, the
 * namespaces the caller is in; after clone, those of the child.  The ids /proc/PID/ns/TYPE
 * would name, read at the call's exit (the process may have left them, or be gone, by the
 * time its line prints).  Included once, by sysbpf.bpf.c, after comm.bpf.h.
 */
#pragma once

/* The ids of T's namespaces, NS_NAMES's order, into OUT: as proc_ns_operations's get()
 * finds them (pid: the task's active namespace, not the one its children get). */
static __always_inline void task_nsids(struct task_struct *t, __u32 *out)
{
	struct nsproxy *nsp = BPF_CORE_READ(t, nsproxy);
	struct pid *p = BPF_CORE_READ(t, thread_pid);
	unsigned int level = p ? BPF_CORE_READ(p, level) : 0;
	struct upid u = {};

	if (!nsp)
		return;
	out[0] = BPF_CORE_READ(nsp, cgroup_ns, ns.inum);
	out[1] = BPF_CORE_READ(nsp, ipc_ns, ns.inum);
	out[2] = BPF_CORE_READ(nsp, mnt_ns, ns.inum);
	out[3] = BPF_CORE_READ(nsp, net_ns, ns.inum);
	if (p && level <= 31 && !bpf_probe_read_kernel(&u, sizeof(u), &p->numbers[level & 31]))
		out[4] = BPF_CORE_READ(u.ns, ns.inum);
	out[5] = BPF_CORE_READ(nsp, time_ns, ns.inum);
	out[6] = BPF_CORE_READ(nsp, uts_ns, ns.inum);
	out[7] = BPF_CORE_READ(t, cred, user_ns, ns.inum);
}

/* HOW_NSIDS: the ids of the caller's (PID 0) or its child PID's namespaces, in an EV_MEM
 * record at NS_ADDR; none when no such child is found. */
static __always_inline void send_nsids(struct scratch *s, __s32 pid)
{
	__u64 cur = bpf_get_current_task();
	struct commctx cc = { .pid = pid };
	__u32 ids[NS_COUNT] = {};

	if (!pid) {
		cc.found = cur;
	} else {
		cc.head = cc.pos = cur + bpf_core_field_offset(struct task_struct, children);
		bpf_loop(CHILDREN_MAX, child_step, &cc, 0);
	}
	if (!cc.found)
		return;
	task_nsids((void *)cc.found, ids);
	__builtin_memcpy(s->m.data, ids, sizeof(ids));
	s->m.h.kind = EV_MEM;
	s->m.h.tid = s->tid;
	s->m.h.tgid = s->tgid;
	s->m.h.len = sizeof(ids);
	s->m.h.ts = s->ts;
	s->m.addr = NS_ADDR(pid ? pid : (__s32)s->tid);
	emit(&s->m, offsetof(struct ev_mem, data) + sizeof(ids));
}
