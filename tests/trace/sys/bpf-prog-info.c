// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * bpf(2) with -v: BPF_OBJ_GET_INFO_BY_FD on a program shows its struct bpf_prog_info, as far
 * as info_len says (40 bytes: up to xlated_prog_insns), with the lengths the caller gave at
 * entry and what the kernel wrote over them ("0 => 16").  Loads a two-instruction socket
 * filter (skipped where that is not allowed).  Run with -a0 -v -e trace=bpf.
 */
#include <stdint.h>

#include "fdtest.h"

struct insn {
	uint8_t code, regs;
	int16_t off;
	int32_t imm;
};

/* "0" or "0 => N". */
static const char *changed(uint32_t v)
{
	static char buf[2][32];
	static int k;

	k ^= 1;
	if (v)
		snprintf(buf[k], sizeof(buf[k]), "0 => %u", v);
	else
		snprintf(buf[k], sizeof(buf[k]), "0");
	return buf[k];
}

int main(void)
{
	static const struct insn prog[] = { { 0xb7, 0, 0, 0 }, { 0x95, 0, 0, 0 } };
	static const char license[] = "GPL";
	struct {
		uint32_t prog_type, insn_cnt;
		uint64_t insns, license;
	} a = { 1, 2, (uintptr_t)prog, (uintptr_t)license };
	long fd = syscall(__NR_bpf, 5, &a, sizeof(a));

	if (fd < 0)
		SKIP("cannot load a socket filter: %m");
	out("bpf(BPF_PROG_LOAD, {prog_type=BPF_PROG_TYPE_SOCKET_FILTER, insn_cnt=2, insns=["
	    "{code=BPF_ALU64|BPF_K|BPF_MOV, dst_reg=BPF_REG_0, src_reg=BPF_REG_0, off=0, imm=0}, "
	    "{code=BPF_JMP|BPF_K|BPF_EXIT, dst_reg=BPF_REG_0, src_reg=BPF_REG_0, off=0, imm=0}], "
	    "license=\"GPL\"}, 24) = %ld\n", fd);

	struct {
		uint32_t type, id;
		uint8_t tag[8];
		uint32_t jited_prog_len, xlated_prog_len;
		uint64_t jited_prog_insns, xlated_prog_insns;
	} info = { 0 };
	struct {
		uint32_t bpf_fd, info_len;
		uint64_t info;
	} oi = { (uint32_t)fd, sizeof(info), (uintptr_t)&info };
	long rc = syscall(__NR_bpf, 15, &oi, sizeof(oi));
	if (rc)
		FAIL("BPF_OBJ_GET_INFO_BY_FD: %m");
	char tag[64];
	int n = 0;
	for (int i = 0; i < 8; i++)
		n += snprintf(tag + n, sizeof(tag) - (size_t)n, "\\x%02x", info.tag[i]);
	out("bpf(BPF_OBJ_GET_INFO_BY_FD, {info={bpf_fd=%ld, info_len=40, info={"
	    "type=BPF_PROG_TYPE_SOCKET_FILTER, id=%u, tag=\"%s\", jited_prog_len=%s, "
	    "jited_prog_insns=NULL, xlated_prog_len=%s, xlated_prog_insns=NULL}}}, 16) = 0\n",
	    fd, info.id, tag, changed(info.jited_prog_len), changed(info.xlated_prog_len));
	out("+++ exited with 0 +++\n");
	return 0;
}
