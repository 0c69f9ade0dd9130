// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * ioctl, KVM requests with -v on fd -1 (no /dev/kvm needed): a capability by name, the guest
 * memory region, general registers, and a CPUID table of 20 entries, 808 bytes of which the
 * request encodes 8 (under --bpf the capture must go past the default window).
 * Run with -a0 -v -e trace=ioctl.
 */
#include <stdio.h>
#include <string.h>
#include <linux/kvm.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>

#include "fdtest.h"

enum { NENT = 20 };

int main(void)
{
	struct kvm_userspace_memory_region mr = { .slot = 1, .flags = KVM_MEM_READONLY,
						  .guest_phys_addr = 0x1000, .memory_size = 4096,
						  .userspace_addr = 0x7000 };
	struct kvm_regs regs = { .rax = 2, .rip = 0x1000, .rflags = 2 };
	static struct { struct kvm_cpuid2 h; struct kvm_cpuid_entry2 e[NENT]; } cpuid;
	char entries[NENT * 96 + 16], *p = entries;
	long rc;

	rc = syscall(__NR_ioctl, -1, KVM_CHECK_EXTENSION, KVM_CAP_USER_MEMORY);
	out("ioctl(-1, KVM_CHECK_EXTENSION, KVM_CAP_USER_MEMORY) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, KVM_SET_USER_MEMORY_REGION, &mr);
	out("ioctl(-1, KVM_SET_USER_MEMORY_REGION, {slot=1, flags=KVM_MEM_READONLY, "
	    "guest_phys_addr=0x1000, memory_size=4096, userspace_addr=0x7000}) = %s\n",
	    sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, KVM_SET_REGS, &regs);
	out("ioctl(-1, KVM_SET_REGS, {rax=0x2, rbx=0, rcx=0, rdx=0, rsi=0, rdi=0, rsp=0, rbp=0, "
	    "r8=0, r9=0, r10=0, r11=0, r12=0, r13=0, r14=0, r15=0, rip=0x1000, rflags=0x2}) = "
	    "%s\n", sprintrc(rc));

	cpuid.h.nent = NENT;
	for (int i = 0; i < NENT; i++) {
		cpuid.e[i] = (struct kvm_cpuid_entry2){ .function = i, .eax = 0x100 + i };
		p += sprintf(p, "%s{function=%#x, index=0, flags=0, eax=%#x, ebx=0, ecx=0, edx=0}",
			     i ? ", " : "", i, 0x100 + i);
	}
	rc = syscall(__NR_ioctl, -1, KVM_SET_CPUID2, &cpuid);
	out("ioctl(-1, KVM_SET_CPUID2, {nent=%d, entries=[%s]}) = %s\n", NENT, entries,
	    sprintrc(rc));
	out("+++ exited with 0 +++\n");
	return 0;
}
