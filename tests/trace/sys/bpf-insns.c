// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * bpf(2) with -v: BPF_PROG_LOAD's instructions, each code by its class (loads and stores by
 * size and mode, ALU and JMP by source and operation, eBPF's names where classic BPF has none,
 * JMP32's bits as a number), its registers (one past BPF_REG_10 unnamed), offset and
 * immediate.  The program type is BPF_PROG_TYPE_UNSPEC: the call fails.
 * Run with -a0 -v -e trace=bpf.
 */
#include <stdint.h>

#include "fdtest.h"

struct insn {
	uint8_t code, regs;
	int16_t off;
	int32_t imm;
};

int main(void)
{
	static const struct insn prog[] = {
		{ 0xb7, 0x00, 0, 0 },              /* r0 = 0 */
		{ 0x18, 0x01, 0, 0x12345678 },     /* r1 = imm64 (low half) */
		{ 0x00, 0x00, 0, 0 },              /* its high half */
		{ 0x63, 0xa1, -8, 0 },             /* *(u32 *)(r10 - 8) = r1 */
		{ 0x16, 0xb0, 1, -1 },             /* JMP32 */
		{ 0x95, 0x00, 0, 0 },              /* exit */
	};
	struct {
		uint32_t prog_type, insn_cnt;
		uint64_t insns, license;
	} a = { .insn_cnt = 6, .insns = (uintptr_t)prog };
	long rc = syscall(__NR_bpf, 5, &a, sizeof(a));

	out("bpf(BPF_PROG_LOAD, {prog_type=BPF_PROG_TYPE_UNSPEC, insn_cnt=6, insns=["
	    "{code=BPF_ALU64|BPF_K|BPF_MOV, dst_reg=BPF_REG_0, src_reg=BPF_REG_0, off=0, imm=0}, "
	    "{code=BPF_LD|BPF_DW|BPF_IMM, dst_reg=BPF_REG_1, src_reg=BPF_REG_0, off=0, "
	    "imm=0x12345678}, "
	    "{code=BPF_LD|BPF_W|BPF_IMM, dst_reg=BPF_REG_0, src_reg=BPF_REG_0, off=0, imm=0}, "
	    "{code=BPF_STX|BPF_W|BPF_MEM, dst_reg=BPF_REG_1, src_reg=BPF_REG_10, off=-8, imm=0}, "
	    "{code=BPF_JMP32|0x10 /* BPF_??? */, dst_reg=BPF_REG_0, "
	    "src_reg=0xb /* BPF_REG_??? */, off=1, imm=0xffffffff}, "
	    "{code=BPF_JMP|BPF_K|BPF_EXIT, dst_reg=BPF_REG_0, src_reg=BPF_REG_0, off=0, imm=0}], "
	    "license=NULL}, 24) = %s\n", sprintrc(rc));
	out("+++ exited with 0 +++\n");
	return 0;
}
