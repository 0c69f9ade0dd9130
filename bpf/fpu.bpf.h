/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The xmm registers of a stopped task, for programs that need a float argument or result
 * (probes.bpf.c, ltrace.bpf.c).  A uprobe program cannot read them: they are live in the CPU.
 * Once the task is stopped its FPU state is in memory (saved at the switch) and stays there
 * until it returns to user space.  The struct fpu follows the task_struct (x86_task_fpu); an
 * SSE state in its init state (XSTATE_BV bit 1 clear) was not written: all zero.
 */
#pragma once

/* The low 8 bytes of xmm0..N-1 of stopped TASK into V. */
static __always_inline void fpu_xmm_read(struct task_struct *task, __u64 *v, int n)
{
	struct fpu *fpu = (void *)task + bpf_core_type_size(struct task_struct);
	struct fpstate *fps = BPF_CORE_READ(fpu, fpstate);
	__u64 xfeatures = BPF_CORE_READ(fps, regs.xsave.header.xfeatures);

	for (int i = 0; i < 16 && i < n; i++) {
		v[i] = 0;
		if (xfeatures & 2)
			bpf_probe_read_kernel(&v[i], 8, &fps->regs.xsave.i387.xmm_space[i * 4]);
	}
}
