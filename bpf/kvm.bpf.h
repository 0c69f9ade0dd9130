/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sysbpf.bpf.c's -e kvm=vcpu (HOW_KVMRUN): why ioctl(VCPU_FD, KVM_RUN) returned, the vcpu's
 * struct kvm_run's exit_reason, read at the call's exit from the kernel's side of the page the
 * program maps (the program runs on and overwrites it at its next KVM_RUN: user space reads
 * too late).  Included once, by sysbpf.bpf.c, after the capture machinery it uses.
 */
#pragma once

#define KVM_RUN_ 0xae80 /* _IO(KVMIO, 0x80) */

/* Only the fields read, relocated against the kernel's (or the kvm module's) types: where KVM
 * is not there at all, the code below is dead and the verifier drops it. */
struct kvm_run___st {
	__u32 exit_reason;
} __attribute__((preserve_access_index));

struct kvm_vcpu___st {
	struct kvm_run___st *run;
} __attribute__((preserve_access_index));

static __always_inline bool same(const char *a, const char *b, int n)
{
	for (int i = 0; i < n; i++)
		if (a[i] != b[i])
			return false;
	return true;
}

/* After a successful KVM_RUN on FD, a vcpu's descriptor: its exit_reason at KVM_RUN_ADDR(FD). */
static __always_inline void send_kvm_exit(struct scratch *s, __s32 fd)
{
	static const char want[] = "kvm-vcpu:";
	char name[sizeof(want) - 1];

	if (!bpf_core_field_exists(struct kvm_vcpu___st, run) ||
	    !bpf_core_field_exists(struct kvm_run___st, exit_reason))
		return;
	struct file *f = fd_file((void *)bpf_get_current_task(), fd);
	if (!f || bpf_probe_read_kernel(name, sizeof(name),
					BPF_CORE_READ(f, f_path.dentry, d_name.name)) ||
	    !same(name, want, sizeof(name)))
		return;
	struct kvm_vcpu___st *vcpu = BPF_CORE_READ(f, private_data);
	struct kvm_run___st *run = vcpu ? BPF_CORE_READ(vcpu, run) : NULL;
	__u32 reason;
	if (!run || bpf_core_read(&reason, sizeof(reason), &run->exit_reason))
		return;
	__builtin_memcpy(s->m.data, &reason, sizeof(reason));
	s->m.h.kind = EV_MEM;
	s->m.h.tid = s->tid;
	s->m.h.tgid = s->tgid;
	s->m.h.len = sizeof(reason);
	s->m.h.ts = s->ts;
	s->m.addr = KVM_RUN_ADDR(fd);
	emit(&s->m, offsetof(struct ev_mem, data) + sizeof(reason));
}
