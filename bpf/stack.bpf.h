/* SPDX-License-Identifier: GPL-2.0 */
/*
 * -k under --bpf, for sysbpf.bpf.c (included once, after its maps and emit()): at a traced
 * syscall's entry (a first exec's exit, a signal's delivery: where ptrace -k unwinds), the user
 * registers and up to EV_STACK_MAX bytes of the user stack go to the
 * ring buffer as an EV_STACK record, ahead of the call's own records; user space unwinds them
 * with the CFI of the mapped files (frame pointers would not do: Debian's libc has none).  The
 * copy ends where the stack's mapping does (bpf_find_vma), or for the main thread at its
 * initial stack pointer: the outermost frame is below it, and a shallow stack makes a small
 * record.  When that cannot be read, the stack is read in chunks from the stack pointer up
 * until one fails, else what is left of the page holding the stack pointer.
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

/* bpf_find_vma's callback: where the mapping holding the stack pointer ends. */
static long stack_vma_end(struct task_struct *task, struct vm_area_struct *vma, void *ctx)
{
	*(__u64 *)ctx = vma->vm_end;
	return 0;
}

/*
 * How much of the stack above SP to copy: up to the end of its mapping, and for the main
 * thread only up to its initial stack pointer (what lies above is argv, the environment and
 * the auxiliary vector, no frame); at most EV_STACK_MAX.  0: not known.
 */
static __always_inline __u32 stack_extent(__u64 sp)
{
	struct task_struct *task = bpf_get_current_task_btf();
	__u64 end = 0;

	if (bpf_find_vma(task, sp, stack_vma_end, &end, 0) || end <= sp)
		return 0;
	__u64 top = BPF_CORE_READ(task, mm, start_stack);
	if (top > sp && top + 64 < end)
		end = top + 64;
	return end - sp > EV_STACK_MAX ? EV_STACK_MAX : (__u32)(end - sp);
}

static __always_inline void send_stack(struct pt_regs *regs, __u32 tid, __u32 tgid, __u64 ts)
{
	__u32 zero = 0, got = 0;
	struct ev_stack *e = bpf_map_lookup_elem(&stackscratch, &zero);

	if (!e)
		return;
	if (bpf_probe_read_kernel(e->regs, sizeof(e->regs), regs))
		return;
	__u64 sp = e->regs[EV_STACK_SP];
	__u32 want = stack_extent(sp);
	if (want > 0 && want <= EV_STACK_MAX && !bpf_probe_read_user(e->data, want, (void *)sp))
		got = want;
	for (int i = 0; !got && i < EV_STACK_MAX / STACK_CHUNK; i++) {
		if (bpf_probe_read_user(e->data + i * STACK_CHUNK, STACK_CHUNK,
					(void *)(sp + i * STACK_CHUNK)))
			break;
		got += STACK_CHUNK;
	}
	if (!got) {
		__u32 left = 4096 - (sp & 4095);
		if (left > 0 && left <= STACK_CHUNK && !bpf_probe_read_user(e->data, left, (void *)sp))
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
