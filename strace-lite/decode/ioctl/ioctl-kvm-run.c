// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * -e kvm=vcpu+ (strace 6.18): after a KVM_RUN's line, the vcpu's struct kvm_run as it was
 * when the call began (" VCPU:N< {...}", read at entry) and as the call left it (" VCPU:N>
 * {...}", at exit, not after a failure): its head, and the exit's details for an I/O exit
 * (the port, and the bytes at data_offset in the same shared mapping) or an MMIO one.
 *
 * struct kvm_run is the vcpu's page the process mapped from the vcpu's descriptor
 * (kvm_vcpu_map); what was read at entry is kept by thread until the exit.
 */
#include <linux/kvm.h>

#include <inttypes.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "strace-lite/decode/array.h"
#include "strace-lite/decode/ioctl/ioctl-int.h"

/* The ABI's head of struct kvm_run and the two exits printed (names as strace prints them). */
struct run_head {
	uint8_t request_interrupt_window, immediate_exit, pad[6];
	uint32_t exit_reason;
	uint8_t ready_for_interrupt_injection, if_flag;
	uint16_t flags;
	uint64_t cr8, apic_base;
	union {
		struct {
			uint8_t direction, size;
			uint16_t port;
			uint32_t count;
			uint64_t data_offset;
		} io;
		struct {
			uint64_t phys_addr;
			uint8_t data[8];
			uint32_t len;
			uint8_t is_write;
		} mmio;
		char room[256];
	} u;
};
_Static_assert(offsetof(struct run_head, exit_reason) == offsetof(struct kvm_run, exit_reason),
	       "kvm_run layout");
_Static_assert(offsetof(struct run_head, u) == offsetof(struct kvm_run, io), "kvm_run layout");
_Static_assert(offsetof(struct run_head, u.mmio.is_write) ==
		       offsetof(struct kvm_run, mmio.is_write), "kvm_run layout");

/* What each thread's KVM_RUN found at entry (a thread is in one call at a time). */
static struct {
	pid_t pid;
	struct run_head h;
} at_entry[64];

static size_t slot(pid_t pid)
{
	return (size_t)pid % (sizeof(at_entry) / sizeof(at_entry[0]));
}

void kvm_run_more_enter(struct dctx *c, int fd)
{
	uint64_t at;
	size_t len;
	size_t i = slot(c->pid);

	at_entry[i].pid = 0;
	if (kvm_vcpu_map(c, fd, &at, &len, NULL) < 0 || len < sizeof(struct run_head) ||
	    c->read(c, at, &at_entry[i].h, sizeof(at_entry[i].h)))
		return;
	at_entry[i].pid = c->pid;
}

static PRINT_ELEM_FN(elem_x8)
{
	tprintf(c, "%#x", *(uint8_t *)elem);
	return true;
}

static void print_io(struct dctx *c, const struct run_head *h, uint64_t at, size_t len)
{
	uint8_t b;

	tprints(c, "io={direction=");
	printxval(c, xlat_kvm_exit_io, h->u.io.direction, "KVM_EXIT_IO_???");
	tprintf(c, ", size=%u, port=%#04x, count=%u, data_offset=%#016" PRIx64 ", data=",
		h->u.io.size, h->u.io.port, h->u.io.count, h->u.io.data_offset);
	uint64_t n = (uint64_t)h->u.io.size * h->u.io.count;
	if (h->u.io.data_offset > len || n > len - h->u.io.data_offset)
		printaddr(c, at + h->u.io.data_offset); /* outside the vcpu's mapping */
	else
		print_array(c, at + h->u.io.data_offset, n, &b, 1, PA_IGNORE_SYSERROR, elem_x8, NULL);
	tprints(c, "}");
}

static void print_mmio(struct dctx *c, const struct run_head *h)
{
	tprintf(c, "mmio={phys_addr=%#016" PRIx64 ", data=[", h->u.mmio.phys_addr);
	for (size_t i = 0; i < sizeof(h->u.mmio.data); i++)
		tprintf(c, "%s%#x", i ? ", " : "", h->u.mmio.data[i]);
	tprintf(c, "], len=%u, is_write=%u}", h->u.mmio.len, h->u.mmio.is_write);
}

static void print_run(struct dctx *c, int cpu, char dir, const struct run_head *h,
		      const char *reason, uint64_t at, size_t len)
{
	if (cpu >= 0)
		tprintf(c, " VCPU:%d%c {", cpu, dir);
	else
		tprintf(c, " VCPU%c {", dir);
	tprintf(c, "request_interrupt_window=%u, immediate_exit=%u, exit_reason=%u",
		h->request_interrupt_window, h->immediate_exit, h->exit_reason);
	if (reason)
		tprintf(c, " /* %s */", reason);
	tprintf(c, ", ready_for_interrupt_injection=%u, if_flag=%u, flags=%#x, cr8=%#016" PRIx64
		   ", apic_base=%#016" PRIx64,
		h->ready_for_interrupt_injection, h->if_flag, h->flags, h->cr8, h->apic_base);
	if (h->exit_reason == KVM_EXIT_IO) {
		tprints(c, ", {");
		print_io(c, h, at, len);
		tprints(c, "}");
	} else if (h->exit_reason == KVM_EXIT_MMIO) {
		tprints(c, ", {");
		print_mmio(c, h);
		tprints(c, "}");
	}
	tprints(c, "}\n");
}

void kvm_run_more_exit(struct dctx *c, int fd)
{
	struct strbuf out = { 0 }, *line = c->sb;
	struct run_head now;
	uint64_t at;
	size_t len;
	int cpu = -1;
	size_t i = slot(c->pid);
	bool before = at_entry[i].pid == c->pid;

	at_entry[i].pid = 0;
	if (kvm_vcpu_map(c, fd, &at, &len, &cpu) < 0)
		return;
	c->sb = &out;
	if (before)
		print_run(c, cpu, '<', &at_entry[i].h,
			  xlat_lookup(xlat_kvm_exit_reason, at_entry[i].h.exit_reason), at, len);
	if (!syserror(c) && len >= sizeof(now) && !c->read(c, at, &now, sizeof(now)))
		print_run(c, cpu, '>', &now,
			  c->auxstr ? c->auxstr : "KVM_EXIT_???", at, len);
	c->sb = line;
	if (out.len) {
		free(c->after);
		c->after = strdup(sb_str(&out));
	}
	sb_free(&out);
}
