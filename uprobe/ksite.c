// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Kernel uprobe placement rules (see ksite.h).
 *
 * A kernel uprobe replaces the first byte of an instruction with int3.  At a hit the kernel
 * runs the BPF program, then either emulates the displaced instruction (a jump, a call, a
 * push, a nop) or copies it to a per-process slot and single-steps it there ("execute out of
 * line"), fixing up RIP-relative operands.  Two things the kernel does there change what the
 * program computes, silently, and both were seen on the machines this project runs on:
 *
 *  - EVEX-encoded instructions (AVX-512, prefix 0x62) are accepted by the kernel's decoder and
 *    stepped out of line with the wrong operands: on kernel 6.18, a probe on the first
 *    instruction of glibc's __memset_evex_unaligned_erms or __strchr_evex (vpbroadcastb
 *    %esi,%ymm16) made memset write nothing and strchr miss, in the probed process and in
 *    every other process on the machine calling those functions (a uprobe is per file, and
 *    the trap is taken whatever pid the BPF program filters on).  bpftrace does the same.
 *    glibc picks those variants only on CPUs with AVX512VL and AVX512BW, so a test run on
 *    another CPU never sees it.  VEX-encoded (AVX, 0xc4/0xc5) ones the kernel refuses.
 *  - A 5-byte nop is "optimized" into a call to a trampoline whose return address is pushed
 *    below the stack pointer: inside a function, that is the red zone, where a leaf function
 *    keeps live values.  At a function's first instruction nothing lives there yet.
 *
 * The rule is therefore positive: a site is accepted only when capstone decodes it as a legacy
 * (non-VEX, non-EVEX, non-XOP) instruction that is not a 5-byte nop inside a function, nor an
 * instruction that must be seen where it is (int3, int, syscall, privileged ones), nor one
 * the kernel refuses anyway (a lock prefix): refused here, it costs a warning, not the trace.  Anything
 * else is refused with a reason, and the caller names the function in a warning.
 *
 * A function entry gets a second chance: glibc's AVX2 and EVEX string functions begin with an
 * instruction that only fills a vector register (vpbroadcastb %esi,%ymm16, vmovd %esi,%xmm0).
 * Such an instruction changes nothing an entry probe reads (argument registers, the stack
 * pointer, the return address at (%rsp)), so the probe may sit on the next instruction, which
 * is the same place for the entry and the return probe.  An instruction qualifies when its
 * encoding is the only thing wrong with it (VEX or EVEX) and it writes no general register
 * (flags aside), no memory, and does not branch; capstone says which registers it writes.
 */
#include <capstone/capstone.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "uprobe/disasm.h"
#include "uprobe/ksite.h"

/* The instructions looked at from an entry before giving up. */
#define MAX_PASS 4

static csh cs; /* uprobe_disasm()'s, set by the entry points */

/* The first byte after the legacy prefixes: 0x62 EVEX, 0xc4/0xc5 VEX, 0x8f XOP (or pop). */
static uint8_t lead_byte(const cs_insn *in)
{
	static const uint8_t legacy[] = { 0x66, 0x67, 0xf0, 0xf2, 0xf3, 0x2e,
					  0x36, 0x3e, 0x26, 0x64, 0x65 };
	size_t i = 0;

	while (i < in->size && memchr(legacy, in->bytes[i], sizeof(legacy)))
		i++;
	return i < in->size ? in->bytes[i] : 0;
}

static bool vector_encoded(const cs_insn *in)
{
	uint8_t lead = lead_byte(in);

	return lead == 0x62 || lead == 0xc4 || lead == 0xc5 || (lead == 0x8f && in->id != X86_INS_POP);
}

static const char *insn_unsafe(const cs_insn *in, bool at_entry)
{
	uint8_t lead = lead_byte(in);

	if (lead == 0x62)
		return "an EVEX-encoded instruction, which the kernel single-steps with wrong "
		       "operands";
	if (lead == 0xc4 || lead == 0xc5 || (lead == 0x8f && in->id != X86_INS_POP))
		return "a VEX-encoded instruction, which the kernel does not probe";
	if (in->detail->x86.prefix[0] == X86_PREFIX_LOCK)
		return "a lock-prefixed instruction, which the kernel does not probe";
	if (in->id == X86_INS_NOP && in->size == 5 && !at_entry)
		return KSITE_NOP5_WHY;
	if (uprobe_insn_traps(cs, in))
		return "an instruction that traps or enters the kernel";
	return NULL;
}

const char *ksite_unsafe(const uint8_t *code, size_t n, bool at_entry)
{
	cs_insn *in = NULL;
	const char *why;

	if (!uprobe_disasm(&cs))
		return "no disassembler (capstone) to check the site";
	if (cs_disasm(cs, code, n, 0, 1, &in) != 1)
		return "not an instruction the disassembler knows";
	why = insn_unsafe(in, at_entry);
	cs_free(in, 1);
	return why;
}

static bool vector_or_flags(csh h, uint16_t reg)
{
	const char *name = cs_reg_name(h, reg);

	if (!name)
		return false;
	if (!strncmp(name, "xmm", 3) || !strncmp(name, "ymm", 3) || !strncmp(name, "zmm", 3))
		return true;
	if (name[0] == 'k' && name[1] >= '0' && name[1] <= '7' && !name[2])
		return true; /* AVX-512 mask registers */
	return !strcmp(name, "rflags") || !strcmp(name, "eflags") || !strcmp(name, "flags") ||
	       !strcmp(name, "mxcsr");
}

/* Whether IN leaves what an entry probe reads as it was: see the essay. */
static bool transparent(const cs_insn *in)
{
	cs_regs rd, wr;
	uint8_t nrd = 0, nwr = 0;
	const cs_x86 *x = &in->detail->x86;

	if (cs_insn_group(cs, in, CS_GRP_JUMP) || cs_insn_group(cs, in, CS_GRP_CALL) ||
	    cs_insn_group(cs, in, CS_GRP_RET) || cs_insn_group(cs, in, CS_GRP_BRANCH_RELATIVE))
		return false;
	if (cs_regs_access(cs, in, rd, &nrd, wr, &nwr) != CS_ERR_OK)
		return false;
	for (uint8_t i = 0; i < nwr; i++)
		if (!vector_or_flags(cs, wr[i]))
			return false;
	for (uint8_t i = 0; i < x->op_count; i++)
		if (x->operands[i].type == X86_OP_MEM &&
		    (!i || x->operands[i].access & CS_AC_WRITE || !x->operands[i].access))
			return false; /* a store, or one capstone cannot say is not one */
	return true;
}

/* One the kernel emulates in the trap itself: a relative jump or call, a push of a register. */
static bool emulated(const cs_insn *in)
{
	const cs_x86 *x = &in->detail->x86;

	if (in->id == X86_INS_PUSH)
		return x->op_count == 1 && x->operands[0].type == X86_OP_REG;
	return cs_insn_group(cs, in, CS_GRP_BRANCH_RELATIVE) &&
	       (cs_insn_group(cs, in, CS_GRP_JUMP) || cs_insn_group(cs, in, CS_GRP_CALL)) &&
	       x->op_count == 1 && x->operands[0].type == X86_OP_IMM;
}

static bool flags_only(const cs_insn *in)
{
	return (in->id == X86_INS_TEST || in->id == X86_INS_CMP) && transparent(in);
}

int ksite_entry(const uint8_t *code, size_t n, bool fast, size_t *skip, const char **why)
{
	cs_insn *in = NULL;
	size_t count, i;
	int ret = -ENOTSUP;

	*why = NULL;
	if (!uprobe_disasm(&cs)) {
		*why = "no disassembler (capstone) to check the site";
		return -ENOTSUP;
	}
	count = cs_disasm(cs, code, n, 0, MAX_PASS, &in);
	if (!count) {
		*why = "not an instruction the disassembler knows";
		return -ENOTSUP;
	}
	for (i = 0; i < count; i++) {
		const char *w = insn_unsafe(&in[i], true);
		if (!w) {
			*skip = (size_t)in[i].address;
			ret = 0;
			break;
		}
		if (!*why)
			*why = w; /* the entry's own reason is the one worth telling */
		if (!vector_encoded(&in[i]) || !transparent(&in[i]))
			break; /* only an encoding the kernel cannot take is passed over */
	}
	if (!ret && fast && i + 1 < count && flags_only(&in[i]) && emulated(&in[i + 1]) &&
	    !insn_unsafe(&in[i + 1], true))
		*skip = (size_t)in[i + 1].address;
	if (!ret)
		*why = NULL;
	else if (!*why)
		*why = "no instruction near the entry that the kernel can probe safely";
	cs_free(in, count);
	return ret;
}

int ksite_return(const uint8_t *code, size_t n, size_t *skip, const char **why)
{
	cs_insn *in = NULL;
	size_t count;
	int ret = -ENOTSUP;

	*why = "not an instruction the kernel emulates, nor a flags-only test before one";
	if (!uprobe_disasm(&cs)) {
		*why = "no disassembler (capstone) to check the site";
		return -ENOTSUP;
	}
	count = cs_disasm(cs, code, n, 0, 2, &in);
	if (count && emulated(&in[0]) && !insn_unsafe(&in[0], false)) {
		*skip = 0;
		ret = 0;
	} else if (count == 2 && flags_only(&in[0]) && emulated(&in[1]) &&
		   !insn_unsafe(&in[1], false)) {
		*skip = (size_t)in[1].address;
		ret = 0;
	}
	if (!ret)
		*why = NULL;
	cs_free(in, count);
	return ret;
}

static size_t read_code(const char *path, uint64_t off, uint8_t *buf)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return 0;
	n = pread(fd, buf, KSITE_CODE, (off_t)off);
	close(fd);
	return n > 0 ? (size_t)n : 0;
}

int ksite_entry_file(const char *path, uint64_t off, bool fast, uint64_t *poff,
		     const char **why)
{
	uint8_t buf[KSITE_CODE];
	size_t n = read_code(path, off, buf), skip = 0;
	int ret;

	if (!n) {
		*why = "its code cannot be read from the file";
		return -EIO;
	}
	ret = ksite_entry(buf, n, fast, &skip, why);
	if (!ret)
		*poff = off + skip;
	return ret;
}

const char *ksite_unsafe_file(const char *path, uint64_t off, bool at_entry)
{
	uint8_t buf[KSITE_CODE];
	size_t n = read_code(path, off, buf);

	return n ? ksite_unsafe(buf, n, at_entry) : "its code cannot be read from the file";
}

bool ksite_nop5(const uint8_t *code, size_t n)
{
	cs_insn *in = NULL;
	bool nop5;

	if (!uprobe_disasm(&cs) || cs_disasm(cs, code, n, 0, 1, &in) != 1)
		return false;
	nop5 = in->id == X86_INS_NOP && in->size == 5;
	cs_free(in, 1);
	return nop5;
}

/* The furthest into a function a SYM+OFF site is looked for. */
#define MAX_REL (1u << 20)

const char *ksite_offset_file(const char *path, uint64_t off, uint64_t rel, bool kernel)
{
	const char *why = NULL;
	size_t n = (size_t)rel + 16, got;
	uint8_t *buf;
	int fd;

	if (rel >= MAX_REL)
		return "an offset beyond what is decoded of a function (1 MiB)";
	if (!uprobe_disasm(&cs))
		return "no disassembler (capstone) to check the site";
	if (!(buf = malloc(n)))
		return "out of memory";
	fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t r = fd >= 0 ? pread(fd, buf, n, (off_t)off) : -1;
	if (fd >= 0)
		close(fd);
	got = r > 0 ? (size_t)r : 0;
	if (!got) {
		free(buf);
		return "its code cannot be read from the file";
	}
	/* Decoded from the entry, one instruction at a time, up to REL. */
	const uint8_t *code = buf;
	size_t left = got;
	uint64_t addr = 0;
	cs_insn *in = cs_malloc(cs);
	while (in && addr < rel && cs_disasm_iter(cs, &code, &left, &addr, in))
		;
	if (!in)
		why = "out of memory";
	else if (addr != rel)
		why = addr > rel ? "not on an instruction boundary of the function decoded from its "
				   "entry" :
				   "code before it that the disassembler does not decode";
	else if (kernel)
		why = ksite_unsafe(buf + rel, got - rel, rel == 0);
	else if (rel && ksite_nop5(buf + rel, got - rel))
		why = KSITE_NOP5_WHY;
	if (in)
		cs_free(in, 1);
	free(buf);
	return why;
}
