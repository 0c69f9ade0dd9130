// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * eBPF programs as strace prints BPF_PROG_LOAD's instructions with -v: each as a structure of
 * its code (class, then size and mode, or source and operation, by class, with eBPF's names
 * where classic BPF has none), its registers, offset and immediate.  At most BPF_MAXINSNS.
 */
#include <linux/filter.h>
#include <stdbool.h>
#include <stddef.h>

#include "strace-lite/decode/array.h"
#include "strace-lite/decode/decode.h"
#include "strace-lite/decode/ebpf/ebpf.h"
#include "gen/xlat.h"

struct insn {
	uint8_t code;
	uint8_t regs; /* dst_reg in the low 4 bits, src_reg in the high 4 */
	int16_t off;
	int32_t imm;
};

enum { CLASS_ST = 2, CLASS_STX = 3, CLASS_ALU = 4, CLASS_JMP = 5, CLASS_ALU64 = 7 };

/* V by the first table that names it (strace's printxvals). */
static void printxval2(struct dctx *c, const struct xlat *a, const struct xlat *b, uint64_t v)
{
	printxval(c, xlat_lookup(a, v) ? a : b, v, "BPF_???");
}

static void print_rest(struct dctx *c, unsigned int rest)
{
	if (rest)
		tprintf(c, "|%#x /* BPF_??? */", rest);
}

static void print_code(struct dctx *c, uint8_t code)
{
	unsigned int cls = BPF_CLASS(code);

	printxval(c, xlat_ebpf_class, cls, "BPF_???");
	switch (cls) {
	case BPF_LD: case BPF_LDX: case CLASS_ST: case CLASS_STX:
		tprint_or(c);
		printxval2(c, xlat_bpf_size, xlat_ebpf_size, BPF_SIZE(code));
		tprint_or(c);
		printxval(c, xlat_ebpf_mode, BPF_MODE(code), "BPF_???");
		break;
	case CLASS_ALU: case CLASS_ALU64:
		tprint_or(c);
		printxval(c, xlat_bpf_src, BPF_SRC(code), "BPF_???");
		tprint_or(c);
		printxval2(c, xlat_bpf_op_alu, xlat_ebpf_op_alu, BPF_OP(code));
		break;
	case CLASS_JMP:
		tprint_or(c);
		printxval(c, xlat_bpf_src, BPF_SRC(code), "BPF_???");
		tprint_or(c);
		printxval2(c, xlat_bpf_op_jmp, xlat_ebpf_op_jmp, BPF_OP(code));
		break;
	default: /* BPF_JMP32: its bits as a number */
		print_rest(c, code & ~cls);
		break;
	}
}

static bool print_insn(struct dctx *c, void *elem, size_t size, void *data)
{
	const struct insn *in = elem;
	unsigned int *count = data;

	(void)size;
	if ((*count)++ >= BPF_MAXINSNS) {
		tprint_more_data_follows(c);
		return false;
	}
	tprint_struct_begin(c);
	tprint_field(c, "code");
	print_code(c, in->code);
	tprint_struct_next(c);
	tprint_field(c, "dst_reg");
	printxval(c, xlat_ebpf_regs, in->regs & 0xf, "BPF_REG_???");
	tprint_struct_next(c);
	tprint_field(c, "src_reg");
	printxval(c, xlat_ebpf_regs, in->regs >> 4, "BPF_REG_???");
	tprint_struct_next(c);
	tprintf(c, "off=%d", in->off);
	tprint_struct_next(c);
	tprint_field(c, "imm");
	if (in->imm)
		tprintf(c, "%#x", (unsigned int)in->imm);
	else
		tprints(c, "0");
	tprint_struct_end(c);
	return true;
}

void print_ebpf_prog(struct dctx *c, uint64_t addr, uint32_t len)
{
	struct insn in;
	unsigned int count = 0;

	if (!dopts.verbose) {
		printaddr(c, addr);
		return;
	}
	print_array(c, addr, len, &in, sizeof(in), 0, print_insn, &count);
}
