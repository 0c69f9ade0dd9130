// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * PTRACE_GET_SYSCALL_INFO's and PTRACE_SET_SYSCALL_INFO's struct ptrace_syscall_info, as
 * strace 7.2 prints it: the fields the kernel wrote or reads (as many bytes as the result, or
 * the size, and the caller's size both cover), reserved and flags when not 0, the syscall by
 * its name on x86_64, an error result by its errno name.
 */
#include <inttypes.h>
#include <stddef.h>

#include "strace-lite/decode/decode.h"
#include "strace-lite/decode/ptrace.h"
#include "strace-lite/decode/sysent.h"

struct psi {
	uint8_t op, reserved;
	uint16_t flags;
	uint32_t arch;
	uint64_t ip, sp;
	union {
		struct { uint64_t nr, args[6]; uint32_t ret_data; } s; /* entry, seccomp */
		struct { int64_t rval; uint8_t is_error; } x;            /* exit */
	} u;
};

enum { PSI_ENTRY = 1, PSI_EXIT = 2, PSI_SECCOMP = 3, ARCH_X86_64 = 0xc000003e };
enum { SZ_ARCH = 8, SZ_IP = 16, SZ_SP = 24, SZ_NR = 32, SZ_EXIT = 33, SZ_SECCOMP = 84 };

/* "nr=__NR_chdir", "nr=80" (raw), "nr=80 /\* __NR_chdir *\/" (verbose). */
static void print_nr(struct dctx *c, uint64_t nr, uint32_t arch)
{
	enum xlat_style st = print_opts_get()->xstyle;
	const struct sysent *se = arch == ARCH_X86_64 && nr < 0x40000000 ? sysent_get((long)nr)
									  : NULL;
	const char *name = se ? se->name : NULL;

	tprints(c, "nr=");
	if (!name || st != XSTYLE_ABBREV)
		tprintf(c, "%" PRIu64, nr);
	if (!name || st == XSTYLE_RAW)
		return;
	if (st == XSTYLE_VERBOSE)
		tprintf(c, " /* __NR_%s */", name);
	else
		tprintf(c, "__NR_%s", name);
}

static void print_args(struct dctx *c, const uint64_t *args, uint64_t fetch, size_t from)
{
	size_t n = fetch > from ? (fetch - from) / 8 : 0;

	if (n > 6)
		n = 6;
	if (!n)
		return;
	tprints(c, ", args=[");
	for (size_t i = 0; i < n; i++)
		tprintf(c, i ? ", %#" PRIx64 : "%#" PRIx64, args[i]);
	tprints(c, "]");
}

/* strace's print_err: "-ENOENT", "-2" (raw), "-2 /\* -ENOENT *\/" (verbose). */
static void print_err(struct dctx *c, int64_t v)
{
	enum xlat_style st = print_opts_get()->xstyle;
	const char *name = v < 0 && v > -4096 ? errno_name((int)-v) : NULL;

	if (!name || st != XSTYLE_ABBREV)
		tprintf(c, "%" PRId64, v);
	if (!name || st == XSTYLE_RAW)
		return;
	tprints(c, st == XSTYLE_VERBOSE ? " /* -" : "-");
	tprints(c, name);
	if (st == XSTYLE_VERBOSE)
		tprints(c, " */");
}

void print_ptrace_syscall_info(struct dctx *c, uint64_t addr, uint64_t user_len,
			       uint64_t kernel_len)
{
	struct psi info = { 0 };
	uint64_t fetch = user_len < kernel_len ? user_len : kernel_len;

	if (fetch > SZ_SECCOMP)
		fetch = SZ_SECCOMP;
	if (!fetch || umoven(c, addr, (size_t)fetch, &info)) {
		printaddr(c, addr);
		return;
	}
	tprints(c, "{op=");
	printxval(c, xlat_ptrace_syscall_info_op, info.op, "PTRACE_SYSCALL_INFO_???");
	if (fetch > offsetof(struct psi, reserved) && info.reserved)
		tprintf(c, ", reserved=%#x", info.reserved);
	if (fetch > offsetof(struct psi, flags) && info.flags)
		tprintf(c, ", flags=%#x", info.flags);
	if (fetch < SZ_ARCH)
		goto done;
	tprints(c, ", arch=");
	printxval(c, xlat_audit_arch, info.arch, "AUDIT_ARCH_???");
	if (fetch < SZ_IP)
		goto done;
	tprints(c, ", instruction_pointer=");
	printaddr(c, info.ip);
	if (fetch < SZ_SP)
		goto done;
	tprints(c, ", stack_pointer=");
	printaddr(c, info.sp);
	if (fetch < SZ_NR)
		goto done;
	switch (info.op) {
	case PSI_ENTRY:
	case PSI_SECCOMP:
		tprints(c, info.op == PSI_ENTRY ? ", entry={" : ", seccomp={");
		print_nr(c, info.u.s.nr, info.arch);
		print_args(c, info.u.s.args, fetch, offsetof(struct psi, u.s.args));
		if (info.op == PSI_SECCOMP && fetch >= SZ_SECCOMP)
			tprintf(c, ", ret_data=%u", info.u.s.ret_data);
		tprints(c, "}");
		break;
	case PSI_EXIT:
		tprints(c, ", exit={rval=");
		if (fetch >= SZ_EXIT && info.u.x.is_error)
			print_err(c, info.u.x.rval);
		else
			tprintf(c, "%" PRId64, info.u.x.rval);
		if (fetch >= SZ_EXIT)
			tprintf(c, ", is_error=%u", info.u.x.is_error);
		tprints(c, "}");
		break;
	}
done:
	tprints(c, "}");
}
