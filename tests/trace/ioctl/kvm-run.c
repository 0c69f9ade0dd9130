// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * -e kvm=vcpu: KVM_RUN's exit reason after its result, "= 0 (KVM_EXIT_IO)", read from the
 * vcpu's shared page.  A guest of three real-mode instructions at the reset vector
 * (mov al, 'x'; out 0x10, al; hlt): the first run exits for the port write, the second for
 * the hlt.  Run with -a0 -y -e trace=ioctl -e kvm=vcpu (under --bpf the kernel reads the
 * reason at the call's exit: the page says something else by the time it is decoded).
 */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <linux/kvm.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fdtest.h"

int main(void)
{
	int kvm = open("/dev/kvm", O_RDWR | O_CLOEXEC);
	if (kvm < 0) {
		perror("/dev/kvm");
		return 77;
	}
	int vm = ioctl(kvm, KVM_CREATE_VM, 0);
	out("ioctl(%d</dev/kvm>, KVM_CREATE_VM, 0) = %d<anon_inode:kvm-vm>\n", kvm, vm);
	unsigned char *mem = mmap(NULL, 0x10000, PROT_READ | PROT_WRITE,
				  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (vm < 0 || mem == MAP_FAILED)
		return 1;
	static const unsigned char code[] = { 0xb0, 'x', 0xe6, 0x10, 0xf4 };
	memcpy(mem + 0xfff0, code, sizeof(code));
	struct kvm_userspace_memory_region mr = { .slot = 0, .guest_phys_addr = 0xffff0000,
						  .memory_size = 0x10000,
						  .userspace_addr = (unsigned long)mem };
	int rc = ioctl(vm, KVM_SET_USER_MEMORY_REGION, &mr);
	out("ioctl(%d<anon_inode:kvm-vm>, KVM_SET_USER_MEMORY_REGION, {slot=0, flags=0, "
	    "guest_phys_addr=0xffff0000, memory_size=65536, userspace_addr=%p}) = %d\n", vm,
	    (void *)mem, rc);
	int cpu = ioctl(vm, KVM_CREATE_VCPU, 0);
	out("ioctl(%d<anon_inode:kvm-vm>, KVM_CREATE_VCPU, 0) = %d<anon_inode:kvm-vcpu:0>\n", vm,
	    cpu);
	int size = ioctl(kvm, KVM_GET_VCPU_MMAP_SIZE, 0);
	out("ioctl(%d</dev/kvm>, KVM_GET_VCPU_MMAP_SIZE, 0) = %d\n", kvm, size);
	if (rc < 0 || cpu < 0 || size <= 0)
		return 1;
	struct kvm_run *run = mmap(NULL, (size_t)size, PROT_READ | PROT_WRITE, MAP_SHARED, cpu, 0);
	if (run == MAP_FAILED)
		return 1;
	for (int i = 0; i < 2; i++) {
		rc = ioctl(cpu, KVM_RUN, 0);
		const char *why = run->exit_reason == KVM_EXIT_IO ? "KVM_EXIT_IO" :
				  run->exit_reason == KVM_EXIT_HLT ? "KVM_EXIT_HLT" : "?";
		out("ioctl(%d<anon_inode:kvm-vcpu:0>, KVM_RUN, 0) = %d (%s)\n", cpu, rc, why);
	}
	out("+++ exited with 0 +++\n");
	return 0;
}
