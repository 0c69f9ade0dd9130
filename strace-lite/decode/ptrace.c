// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * ptrace(2) as a traced call, as strace 6.1 prints it on x86_64: the request, the pid, then
 * addr and data by request.  Offsets into struct user print as "8*RAX" or
 * "offsetof(struct user, u_debugreg)+8"; register sets (PTRACE_GETREGS, NT_PRSTATUS) as
 * user_regs_struct, FPU ones as user_fpregs_struct; what the kernel writes (peeked words,
 * event messages, siginfo, signal masks, registers, seccomp filters and metadata, syscall
 * info) prints at exit.
 */
#include <inttypes.h>
#include <signal.h>
#include <stddef.h>
#include <string.h>

#include "strace-lite/decode/array.h"
#include "strace-lite/decode/cbpf.h"
#include "strace-lite/decode/decode.h"
#include "strace-lite/decode/ptrace.h"
#include "strace-lite/decode/siginfo.h"
#include "strace-lite/decode/struct-printers.h"

enum {
	PT_TRACEME = 0, PT_PEEKTEXT = 1, PT_PEEKDATA = 2, PT_PEEKUSER = 3, PT_POKEUSER = 6,
	PT_CONT = 7, PT_KILL = 8, PT_SINGLESTEP = 9, PT_GETREGS = 12, PT_SETREGS = 13,
	PT_GETFPREGS = 14, PT_SETFPREGS = 15, PT_ATTACH = 0x10, PT_DETACH = 0x11,
	PT_SYSCALL = 0x18, PT_SYSEMU = 0x1f, PT_SYSEMU_SINGLESTEP = 0x20, PT_SINGLEBLOCK = 0x21,
	PT_SETOPTIONS = 0x4200, PT_GETEVENTMSG, PT_GETSIGINFO, PT_SETSIGINFO, PT_GETREGSET,
	PT_SETREGSET, PT_SEIZE, PT_INTERRUPT, PT_LISTEN, PT_PEEKSIGINFO, PT_GETSIGMASK,
	PT_SETSIGMASK, PT_SECCOMP_GET_FILTER, PT_SECCOMP_GET_METADATA, PT_GET_SYSCALL_INFO,
	PT_SET_SYSCALL_INFO = 0x4212,
	NT_PRSTATUS_ = 1, NT_FPREGSET_ = 2,
};

/* x86_64's struct user, as far as strace names its offsets. */
static const struct { uint64_t off; const char *name; } user_offs[] = {
	{ 0, "8*R15" }, { 8, "8*R14" }, { 16, "8*R13" }, { 24, "8*R12" }, { 32, "8*RBP" },
	{ 40, "8*RBX" }, { 48, "8*R11" }, { 56, "8*R10" }, { 64, "8*R9" }, { 72, "8*R8" },
	{ 80, "8*RAX" }, { 88, "8*RCX" }, { 96, "8*RDX" }, { 104, "8*RSI" }, { 112, "8*RDI" },
	{ 120, "8*ORIG_RAX" }, { 128, "8*RIP" }, { 136, "8*CS" }, { 144, "8*EFL" },
	{ 152, "8*RSP" }, { 160, "8*SS" },
	{ 216, "offsetof(struct user, u_fpvalid)" }, { 224, "offsetof(struct user, i387)" },
	{ 736, "offsetof(struct user, u_tsize)" }, { 744, "offsetof(struct user, u_dsize)" },
	{ 752, "offsetof(struct user, u_ssize)" }, { 760, "offsetof(struct user, start_code)" },
	{ 768, "offsetof(struct user, start_stack)" }, { 776, "offsetof(struct user, signal)" },
	{ 784, "offsetof(struct user, reserved)" }, { 792, "offsetof(struct user, u_ar0)" },
	{ 800, "offsetof(struct user, u_fpstate)" }, { 808, "offsetof(struct user, magic)" },
	{ 816, "offsetof(struct user, u_comm)" }, { 848, "offsetof(struct user, u_debugreg)" },
	{ 912, "sizeof(struct user)" },
};

static void print_user_offset(struct dctx *c, uint64_t addr)
{
	enum xlat_style st = print_opts_get()->xstyle;
	size_t n = sizeof(user_offs) / sizeof(user_offs[0]);
	const char *name = NULL;
	uint64_t base = 0;

	for (size_t i = 0; i < n && user_offs[i].off <= addr; i++) {
		base = user_offs[i].off;
		name = user_offs[i].name;
	}
	/* Nothing beyond struct user. */
	if (name && addr > base && base == user_offs[n - 1].off)
		name = NULL;
	if (!name || st != XSTYLE_ABBREV)
		printaddr(c, addr);
	if (!name || st == XSTYLE_RAW)
		return;
	if (st == XSTYLE_VERBOSE)
		tprints(c, " /* ");
	tprints(c, name);
	if (addr != base)
		tprintf(c, "+%" PRIu64, addr - base);
	if (st == XSTYLE_VERBOSE)
		tprints(c, " */");
}

static void print_peeksiginfo_args(struct dctx *c, uint64_t addr)
{
	struct { uint64_t off; uint32_t flags, nr; } psi;

	if (umove_or_printaddr(c, addr, &psi))
		return;
	tprintf(c, "{off=%" PRIu64 ", flags=", psi.off);
	printflags(c, xlat_ptrace_peeksiginfo_flags, psi.flags, "PTRACE_PEEKSIGINFO_???");
	tprintf(c, ", nr=%u}", psi.nr);
}

static int print_seccomp_metadata(struct dctx *c, uint64_t addr, uint64_t size)
{
	uint64_t v;

	if (entering(c)) {
		if (size < 8) {
			printaddr(c, addr);
			return RVAL_DECODED;
		}
		if (umove_or_printaddr(c, addr, &v))
			return RVAL_DECODED;
		tprintf(c, "{filter_off=%" PRIu64, v);
		return 0;
	}
	if (!syserror(c) && size > 8) {
		tprint_struct_next(c);
		if (size < 16 || umove(c, addr + 8, &v)) {
			tprint_unavailable(c);
		} else {
			tprints(c, "flags=");
			printflags(c, xlat_seccomp_filter_flags, v, "SECCOMP_FILTER_FLAG_???");
			if (size > 16)
				tprints(c, ", ...");
		}
	}
	tprint_struct_end(c);
	return 0;
}

/* user_regs_struct (NT_PRSTATUS): as many registers as SIZE holds, "..." for more. */
static void print_prstatus_regset(struct dctx *c, uint64_t addr, uint64_t size)
{
	static const char *const names[] = {
		"r15", "r14", "r13", "r12", "rbp", "rbx", "r11", "r10", "r9", "r8", "rax",
		"rcx", "rdx", "rsi", "rdi", "orig_rax", "rip", "cs", "eflags", "rsp", "ss",
		"fs_base", "gs_base", "ds", "es", "fs", "gs",
	};
	uint64_t regs[27];
	size_t fetch = size < sizeof(regs) ? size : sizeof(regs);

	if (!size || (size & 7)) {
		printaddr(c, addr);
		return;
	}
	if (umoven_or_printaddr(c, addr, fetch, regs))
		return;
	tprint_struct_begin(c);
	for (size_t i = 0; i < fetch / 8; i++)
		tprintf(c, "%s%s=%#" PRIx64, i ? ", " : "", names[i], regs[i]);
	if (size > sizeof(regs))
		tprints(c, ", ...");
	tprint_struct_end(c);
}

/* An array of u32 in hex, as far as LEN bytes of it were fetched, cut by -s unless -v. */
static void print_x32_upto(struct dctx *c, const char *name, const uint32_t *v, size_t n)
{
	unsigned int max = dopts.verbose ? UINT32_MAX : print_opts_get()->max_strlen;

	tprintf(c, ", %s=[", name);
	for (size_t i = 0; i < n; i++) {
		if (i)
			tprint_array_next(c);
		if (i >= max) {
			tprint_more_data_follows(c);
			break;
		}
		tprintf(c, "%#x", v[i]);
	}
	tprints(c, "]");
}

/* user_fpregs_struct (NT_FPREGSET, PTRACE_GETFPREGS). */
static void print_fpregset(struct dctx *c, uint64_t addr, uint64_t size)
{
	struct {
		uint16_t cwd, swd, ftw, fop;
		uint64_t rip, rdp;
		uint32_t mxcsr, mxcr_mask;
		uint32_t st_space[32], xmm_space[64], padding[24];
	} r;
	size_t fetch = size < sizeof(r) ? size : sizeof(r);

	if (!size || (size & 7)) {
		printaddr(c, addr);
		return;
	}
	if (umoven_or_printaddr(c, addr, fetch, &r))
		return;
	tprintf(c, "{cwd=%#x", r.cwd);
	if (fetch > offsetof(__typeof__(r), swd))
		tprintf(c, ", swd=%#x", r.swd);
	if (fetch > offsetof(__typeof__(r), ftw))
		tprintf(c, ", ftw=%#x", r.ftw);
	if (fetch > offsetof(__typeof__(r), fop))
		tprintf(c, ", fop=%#x", r.fop);
	if (fetch > offsetof(__typeof__(r), rip))
		tprintf(c, ", rip=%#" PRIx64, r.rip);
	if (fetch > offsetof(__typeof__(r), rdp))
		tprintf(c, ", rdp=%#" PRIx64, r.rdp);
	if (fetch > offsetof(__typeof__(r), mxcsr))
		tprintf(c, ", mxcsr=%#x", r.mxcsr);
	if (fetch > offsetof(__typeof__(r), mxcr_mask))
		tprintf(c, ", mxcr_mask=%#x", r.mxcr_mask);
	size_t o = offsetof(__typeof__(r), st_space);
	if (fetch > o)
		print_x32_upto(c, "st_space", r.st_space,
			       (fetch - o) / 4 < 32 ? (fetch - o) / 4 : 32);
	o = offsetof(__typeof__(r), xmm_space);
	if (fetch > o)
		print_x32_upto(c, "xmm_space", r.xmm_space,
			       (fetch - o) / 4 < 64 ? (fetch - o) / 4 : 64);
	o = offsetof(__typeof__(r), padding);
	if (fetch > o)
		print_x32_upto(c, "padding", r.padding, (fetch - o) / 4);
	if (size > sizeof(r))
		tprints(c, ", ...");
	tprint_struct_end(c);
}

static void print_regset(struct dctx *c, uint64_t base, uint64_t len, unsigned int nt)
{
	if (nt == NT_PRSTATUS_)
		print_prstatus_regset(c, base, len);
	else if (nt == NT_FPREGSET_)
		print_fpregset(c, base, len);
	else
		printaddr(c, base);
}

/* strace's fetch_struct_iovec: read whether the call failed or not. */
static bool fetch_iovec(struct dctx *c, uint64_t addr, uint64_t iov[2])
{
	return addr && umoven(c, addr, 16, iov) == 0;
}

static int getregset(struct dctx *c, uint64_t addr, unsigned int nt)
{
	uint64_t iov[2];

	if (!fetch_iovec(c, addr, iov)) {
		printaddr(c, addr);
		return RVAL_DECODED;
	}
	if (entering(c)) {
		c->priv[0] = iov[1];
		return 0;
	}
	tprints(c, "{iov_base=");
	print_regset(c, iov[0], iov[1], nt);
	if (c->priv[0] == iov[1])
		tprintf(c, ", iov_len=%" PRIu64 "}", iov[1]);
	else
		tprintf(c, ", iov_len=%" PRIu64 " => %" PRIu64 "}", c->priv[0], iov[1]);
	return 0;
}

static int setregset(struct dctx *c, uint64_t addr, unsigned int nt)
{
	uint64_t iov[2];

	if (entering(c)) {
		if (!fetch_iovec(c, addr, iov)) {
			printaddr(c, addr);
			return RVAL_DECODED;
		}
		tprints(c, "{iov_base=");
		print_regset(c, iov[0], iov[1], nt);
		tprintf(c, ", iov_len=%" PRIu64, iov[1]);
		c->priv[0] = iov[1];
		return 0;
	}
	if (fetch_iovec(c, addr, iov) && c->priv[0] != iov[1])
		tprintf(c, " => %" PRIu64, iov[1]);
	tprint_struct_end(c);
	return 0;
}

static PRINT_ELEM_FN(print_siginfo_elem)
{
	print_siginfo(c, elem);
	return true;
}

static int ptrace_entering(struct dctx *c)
{
	uint64_t req = c->arg[0], addr = c->arg[2], data = c->arg[3];

	printxval(c, xlat_ptrace_cmds, req, "PTRACE_???");
	if (req == PT_TRACEME)
		return RVAL_DECODED;
	tprint_arg_next(c);
	printpid(c, (int)c->arg[1], PT_TGID);
	switch (req) {
	case PT_ATTACH:
	case PT_INTERRUPT:
	case PT_KILL:
	case PT_LISTEN:
		return RVAL_DECODED;
	}
	tprint_arg_next(c);
	switch (req) {
	case PT_PEEKUSER:
	case PT_POKEUSER:
		print_user_offset(c, addr);
		break;
	case PT_GETREGSET:
	case PT_SETREGSET:
		printxval(c, xlat_nt_descriptor_types, addr, "NT_???");
		break;
	case PT_GETSIGMASK:
	case PT_SETSIGMASK:
	case PT_SECCOMP_GET_FILTER:
	case PT_SECCOMP_GET_METADATA:
	case PT_GET_SYSCALL_INFO:
	case PT_SET_SYSCALL_INFO:
		tprintf(c, "%" PRIu64, addr);
		break;
	case PT_PEEKSIGINFO:
		print_peeksiginfo_args(c, addr);
		break;
	case PT_SETREGS:
		print_prstatus_regset(c, data, 27 * 8);
		return RVAL_DECODED;
	case PT_SETFPREGS:
		print_fpregset(c, data, 512);
		return RVAL_DECODED;
	case PT_GETREGS:
	case PT_GETFPREGS:
		return 0;
	default:
		printaddr(c, addr);
	}
	tprint_arg_next(c);
	switch (req) {
	case PT_CONT:
	case PT_DETACH:
	case PT_SYSCALL:
	case PT_SINGLESTEP:
	case PT_SINGLEBLOCK:
	case PT_SYSEMU:
	case PT_SYSEMU_SINGLESTEP:
		print_signame(c, (int)data);
		break;
	case PT_SEIZE:
	case PT_SETOPTIONS:
		printflags(c, xlat_ptrace_setoptions_flags, data, "PTRACE_O_???");
		break;
	case PT_SETSIGINFO:
		print_siginfo_at(c, data);
		break;
	case PT_SETSIGMASK:
		print_sigset_addr_len(c, data, addr);
		break;
	case PT_SET_SYSCALL_INFO: /* as much of the struct as its size says */
		print_ptrace_syscall_info(c, data, addr, addr);
		break;
	case PT_GETREGSET:
		return getregset(c, data, (unsigned int)addr);
	case PT_SETREGSET:
		return setregset(c, data, (unsigned int)addr);
	case PT_SECCOMP_GET_METADATA:
		return print_seccomp_metadata(c, data, addr);
	case PT_PEEKDATA:
	case PT_PEEKTEXT:
	case PT_PEEKUSER:
	case PT_GETEVENTMSG:
	case PT_GETSIGINFO:
	case PT_GETSIGMASK:
	case PT_PEEKSIGINFO:
	case PT_SECCOMP_GET_FILTER:
	case PT_GET_SYSCALL_INFO:
		return 0;
	default:
		printaddr(c, data);
		break;
	}
	return RVAL_DECODED;
}

SYS_FUNC(ptrace)
{
	uint64_t req = c->arg[0], addr = c->arg[2], data = c->arg[3];
	siginfo_t si;

	if (entering(c))
		return ptrace_entering(c);
	switch (req) {
	case PT_PEEKDATA:
	case PT_PEEKTEXT:
	case PT_PEEKUSER:
		printnum_ptr(c, data);
		break;
	case PT_GETEVENTMSG:
		printnum_int64(c, data, "%" PRIu64);
		break;
	case PT_GETREGSET:
		return getregset(c, data, (unsigned int)addr);
	case PT_SETREGSET:
		return setregset(c, data, (unsigned int)addr);
	case PT_GETSIGINFO:
		print_siginfo_at(c, data);
		break;
	case PT_GETSIGMASK:
		print_sigset_addr_len(c, data, addr);
		break;
	case PT_PEEKSIGINFO:
		print_array(c, data, (uint64_t)c->rval, &si, sizeof(si), 0, print_siginfo_elem,
			    NULL);
		break;
	case PT_SECCOMP_GET_FILTER:
		if (syserror(c))
			printaddr(c, data);
		else
			print_sock_filter_array(c, data, (unsigned int)c->rval);
		break;
	case PT_SECCOMP_GET_METADATA:
		return print_seccomp_metadata(c, data, (uint64_t)c->rval);
	case PT_GET_SYSCALL_INFO:
		if (syserror(c))
			printaddr(c, data);
		else
			print_ptrace_syscall_info(c, data, addr, (uint64_t)c->rval);
		break;
	case PT_GETREGS:
		print_prstatus_regset(c, data, 27 * 8);
		break;
	case PT_GETFPREGS:
		print_fpregset(c, data, 512);
		break;
	}
	return 0;
}
