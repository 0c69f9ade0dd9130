/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sysbpf.bpf.c's command names of pids (HOW_COMM, -Y): the caller's own or a child's, found at
 * the call (a child reaped later would have none to read).  Included once, by sysbpf.bpf.c,
 * after the capture machinery it uses.
 */
#pragma once

/* HOW_COMM: the caller's children, one a step, for the one whose process is pid. */
#define CHILDREN_MAX 256
struct commctx {
	__u64 head, pos, found;
	__s32 pid;
};

static long child_step(__u32 i, struct commctx *cc)
{
	struct list_head *pos = (void *)cc->pos;
	struct list_head *next = BPF_CORE_READ(pos, next);

	if (!next || (__u64)next == cc->head)
		return 1;
	struct task_struct *t = (void *)next - bpf_core_field_offset(struct task_struct, sibling);
	if (BPF_CORE_READ(t, tgid) == cc->pid) {
		cc->found = (__u64)t;
		return 1;
	}
	cc->pos = (__u64)next;
	return 0;
}

/* PID's command name as /proc would say it now, or an empty one, in an EV_MEM record. */
static __always_inline void send_comm(struct scratch *s, __s32 pid)
{
	__u64 cur = bpf_get_current_task();
	struct task_struct *me = (void *)cur;
	struct commctx cc = { .pid = pid };

	if (BPF_CORE_READ(me, tgid) == pid) {
		cc.found = cur;
	} else {
		cc.head = cc.pos = cur + bpf_core_field_offset(struct task_struct, children);
		bpf_loop(CHILDREN_MAX, child_step, &cc, 0);
	}
	__builtin_memset(s->m.data, 0, 16);
	if (cc.found)
		bpf_probe_read_kernel_str(s->m.data, 16, ((struct task_struct *)cc.found)->comm);
	s->m.h.kind = EV_MEM;
	s->m.h.tid = s->tid;
	s->m.h.tgid = s->tgid;
	s->m.h.len = 16;
	s->m.h.ts = s->ts;
	s->m.addr = COMM_ADDR(pid);
	emit(&s->m, offsetof(struct ev_mem, data) + 16);
}
