// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * ioctl(2), type 0xae: KVM, as strace prints it on x86_64: the descriptors KVM_CREATE_VM and
 * KVM_CREATE_VCPU return (decorated by -y), capabilities by name, the guest memory region,
 * general and special registers (most of them with -v only), CPUID tables; -e kvm=vcpu's exit
 * reason (vcpu+: ioctl-kvm-run.c).
 */
#include <linux/kvm.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/maps.h"
#include "common/proc.h"
#include "strace-lite/decode/array.h"
#include "strace-lite/decode/ioctl/ioctl-int.h"

static bool abbrev(void)
{
	return !dopts.verbose;
}

static int memory_region(struct dctx *c, uint64_t arg)
{
	struct kvm_userspace_memory_region r;

	if (!ioctl_struct_begin(c, arg, &r))
		return IOCTL_DECODED;
	FLD_U(c, r, slot);
	NEXT_FLAGS(c, r, flags, xlat_kvm_mem_flags, "KVM_MEM_???");
	NEXT_X(c, r, guest_phys_addr);
	NEXT_U(c, r, memory_size);
	NEXT_X(c, r, userspace_addr);
	return ioctl_struct_done(c);
}

#define REG(f) (tprint_struct_next(c), FLD_X(c, *r, f))

static void print_regs(struct dctx *c, const struct kvm_regs *r)
{
	tprint_struct_begin(c);
	FLD_X(c, *r, rax);
	if (abbrev()) {
		tprints(c, ", ...");
	} else {
		REG(rbx); REG(rcx); REG(rdx); REG(rsi); REG(rdi);
	}
	REG(rsp);
	REG(rbp);
	if (abbrev()) {
		tprints(c, ", ...");
	} else {
		REG(r8); REG(r9); REG(r10); REG(r11); REG(r12); REG(r13); REG(r14); REG(r15);
	}
	REG(rip);
	REG(rflags);
	tprint_struct_end(c);
}

static int regs(struct dctx *c, unsigned int code, uint64_t arg)
{
	struct kvm_regs r;

	if (code == KVM_GET_REGS && entering(c))
		return 0;
	tprint_arg_next(c);
	if (!umove_or_printaddr(c, arg, &r))
		print_regs(c, &r);
	return IOCTL_DECODED;
}

static void print_segment(struct dctx *c, const char *name, const struct kvm_segment *s)
{
	tprint_field(c, name);
	tprint_struct_begin(c);
	FLD_X(c, *s, base);
	tprintf(c, ", limit=%u, selector=%u, type=%u, present=%u, dpl=%u, db=%u, s=%u, l=%u, "
		   "g=%u, avl=%u}", s->limit, s->selector, s->type, s->present, s->dpl, s->db,
		s->s, s->l, s->g, s->avl);
}

static void print_dtable(struct dctx *c, const char *name, const struct kvm_dtable *d)
{
	tprint_field(c, name);
	tprint_struct_begin(c);
	FLD_X(c, *d, base);
	tprintf(c, ", limit=%u}", d->limit);
}

static void print_sregs(struct dctx *c, const struct kvm_sregs *s)
{
	const struct { const char *name; const struct kvm_segment *seg; } segs[] = {
		{ "ds", &s->ds }, { "es", &s->es }, { "fs", &s->fs }, { "gs", &s->gs },
		{ "ss", &s->ss }, { "tr", &s->tr }, { "ldt", &s->ldt },
	};

	tprint_struct_begin(c);
	print_segment(c, "cs", &s->cs);
	if (abbrev()) {
		tprints(c, ", ...}");
		return;
	}
	for (size_t i = 0; i < sizeof(segs) / sizeof(segs[0]); i++) {
		tprint_struct_next(c);
		print_segment(c, segs[i].name, segs[i].seg);
	}
	tprint_struct_next(c);
	print_dtable(c, "gdt", &s->gdt);
	tprint_struct_next(c);
	print_dtable(c, "idt", &s->idt);
	tprintf(c, ", cr0=%llu, cr2=%llu, cr3=%llu, cr4=%llu, cr8=%llu, efer=%llu",
		(unsigned long long)s->cr0, (unsigned long long)s->cr2,
		(unsigned long long)s->cr3, (unsigned long long)s->cr4,
		(unsigned long long)s->cr8, (unsigned long long)s->efer);
	NEXT_X(c, *s, apic_base);
	tprints(c, ", interrupt_bitmap=[");
	for (size_t i = 0; i < sizeof(s->interrupt_bitmap) / sizeof(s->interrupt_bitmap[0]); i++) {
		if (i)
			tprint_array_next(c);
		ioctl_print_x(c, s->interrupt_bitmap[i]);
	}
	tprints(c, "]}");
}

static int sregs(struct dctx *c, unsigned int code, uint64_t arg)
{
	struct kvm_sregs s;

	if (code == KVM_GET_SREGS && entering(c))
		return 0;
	tprint_arg_next(c);
	if (!umove_or_printaddr(c, arg, &s))
		print_sregs(c, &s);
	return IOCTL_DECODED;
}

static bool print_cpuid_entry(struct dctx *c, void *elem, size_t size UNUSED, void *data UNUSED)
{
	const struct kvm_cpuid_entry2 *e = elem;

	tprint_struct_begin(c);
	FLD_X(c, *e, function);
	NEXT_X(c, *e, index);
	NEXT_FLAGS(c, *e, flags, xlat_kvm_cpuid_flags, "KVM_CPUID_FLAG_???");
	NEXT_X(c, *e, eax);
	NEXT_X(c, *e, ebx);
	NEXT_X(c, *e, ecx);
	NEXT_X(c, *e, edx);
	tprint_struct_end(c);
	return true;
}

static int cpuid2(struct dctx *c, unsigned int code, uint64_t arg)
{
	struct kvm_cpuid2 cpuid;
	struct kvm_cpuid_entry2 entry;

	if (entering(c) && (code == KVM_GET_SUPPORTED_CPUID || code == KVM_GET_EMULATED_CPUID))
		return 0;
	tprint_arg_next(c);
	if (umove_or_printaddr(c, arg, &cpuid))
		return IOCTL_DECODED;
	tprintf(c, "{nent=%u, entries=", cpuid.nent);
	if (abbrev())
		tprints(c, cpuid.nent ? "[...]" : "[]");
	else
		print_array(c, arg + sizeof(cpuid), cpuid.nent, &entry, sizeof(entry), 0,
			    print_cpuid_entry, NULL);
	return ioctl_struct_done(c);
}

/*
 * -e kvm=vcpu: why KVM_RUN returned, "(KVM_EXIT_IO)": struct kvm_run's exit_reason, in the
 * vcpu's shared page the process mapped (mmap of the vcpu's descriptor, which the maps name
 * "anon_inode:kvm-vcpu:N" as the descriptor's link does), read at the call's exit.
 */
int (*kvm_exit_reason_hook)(struct dctx *c, int fd, uint32_t *reason);

int kvm_vcpu_map(struct dctx *c, int fd, uint64_t *at, size_t *len, int *cpu)
{
	char link[64], name[64];
	struct mapping *v = NULL;

	snprintf(link, sizeof(link), "/proc/%d/fd/%d", proc_pid(c->pid), fd);
	ssize_t n = tracee_readlink(c, link, name, sizeof(name) - 1);
	if (n <= 0)
		return -1;
	name[n] = '\0';
	if (strncmp(name, "anon_inode:kvm-vcpu:", 20))
		return -1;
	if (cpu) {
		char *end;
		long id = strtol(name + 20, &end, 10);
		*cpu = *end || id < 0 || id > 0xffff ? -1 : (int)id;
	}
	int nm = maps_read(c->pid, 0, &v);
	*at = 0;
	for (int i = 0; i < nm && !*at; i++)
		if (!strcmp(v[i].path, name)) {
			*at = v[i].start;
			*len = (size_t)(v[i].end - v[i].start);
		}
	free(v);
	return *at ? 0 : -1;
}

int kvm_exit_reason_live(struct dctx *c, int fd, uint32_t *reason)
{
	uint64_t at;
	size_t len;

	if (kvm_vcpu_map(c, fd, &at, &len, NULL) < 0 ||
	    c->read(c, at + offsetof(struct kvm_run, exit_reason), reason, sizeof(*reason)))
		return -1;
	return 0;
}

static int run_exit(struct dctx *c)
{
	uint32_t reason;
	int fd = (int)c->arg[0];

	if (!dopts.kvm_vcpu)
		return IOCTL_DECODED;
	if (syserror(c)) {
		if (dopts.kvm_vcpu > 1)
			kvm_run_more_exit(c, fd);
		return IOCTL_DECODED;
	}
	if ((kvm_exit_reason_hook ? kvm_exit_reason_hook(c, fd, &reason) :
				    kvm_exit_reason_live(c, fd, &reason)) < 0)
		return IOCTL_DECODED;
	c->auxstr = xlat_lookup(xlat_kvm_exit_reason, reason);
	if (dopts.kvm_vcpu > 1)
		kvm_run_more_exit(c, fd);
	return c->auxstr ? IOCTL_DECODED | RVAL_STR : IOCTL_DECODED;
}

IOCTL_FAMILY(kvm)
{
	switch (code) {
	case KVM_RUN:
		if (entering(c)) {
			tprint_arg_next(c);
			tprintf(c, "%#" PRIx64, arg);
			if (dopts.kvm_vcpu > 1)
				kvm_run_more_enter(c, (int)c->arg[0]);
			return dopts.kvm_vcpu ? 0 : IOCTL_DECODED;
		}
		return run_exit(c);
	case KVM_CREATE_VCPU:
		if (entering(c))
			tprintf(c, ", %u", (uint32_t)arg);
		return IOCTL_DECODED | RVAL_KIND(RK_FD);
	case KVM_SET_USER_MEMORY_REGION:
		return memory_region(c, arg);
	case KVM_SET_REGS:
	case KVM_GET_REGS:
		return regs(c, code, arg);
	case KVM_SET_SREGS:
	case KVM_GET_SREGS:
		return sregs(c, code, arg);
	case KVM_SET_CPUID2:
	case KVM_GET_SUPPORTED_CPUID:
	case KVM_GET_EMULATED_CPUID:
		return cpuid2(c, code, arg);
	case KVM_CHECK_EXTENSION:
		return ARG_DECODED(c, printxval(c, xlat_kvm_cap, arg, "KVM_CAP_???"));
	case KVM_CREATE_VM:
		return RVAL_DECODED | RVAL_KIND(RK_FD);
	default:
		return RVAL_DECODED;
	}
}
