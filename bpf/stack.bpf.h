/* SPDX-License-Identifier: GPL-2.0 */
/*
 * -k under --bpf, for sysbpf.bpf.c (included once, after its maps and emit()): at a traced
 * syscall's entry (a first exec's exit, a signal's delivery: where ptrace -k unwinds), the user
 * registers and up to EV_STACK_MAX bytes of the user stack go to the
 * ring buffer as an EV_STACK record, ahead of the call's own records; user space unwinds them
 * with the CFI of the mapped files (frame pointers would not do: Debian's libc has none).  The
 * stack is read in chunks from the stack pointer up until one fails (the top of a thread's
 * stack), else what is left of the page holding the stack pointer.
 */
#pragma once

#define STACK_CHUNK 1024

const volatile bool want_stack = false; /* -k */

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct ev_stack);
} stackscratch SEC(".maps");

static __always_inline void send_stack(struct pt_regs *regs, __u32 tid, __u32 tgid, __u64 ts)
{
	__u32 zero = 0, got = 0;
	struct ev_stack *e = bpf_map_lookup_elem(&stackscratch, &zero);

	if (!e)
		return;
	if (bpf_probe_read_kernel(e->regs, sizeof(e->regs), regs))
		return;
	__u64 sp = e->regs[EV_STACK_SP];
	for (int i = 0; i < EV_STACK_MAX / STACK_CHUNK; i++) {
		if (bpf_probe_read_user(e->data + i * STACK_CHUNK, STACK_CHUNK,
					(void *)(sp + i * STACK_CHUNK)))
			break;
		got += STACK_CHUNK;
	}
	if (!got) {
		__u32 left = 4096 - (sp & 4095);
		if (left > 0 && left <= STACK_CHUNK &&
		    !bpf_probe_read_user(e->data, left, (void *)sp))
			got = left;
	}
	e->h.kind = EV_STACK;
	e->h.tid = tid;
	e->h.tgid = tgid;
	e->h.len = got;
	e->h.ts = ts;
	__u64 size = offsetof(struct ev_stack, data) + got;
	if (size > sizeof(*e))
		size = sizeof(*e);
	emit(e, size);
}
