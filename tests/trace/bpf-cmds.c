// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * bpf(2): BPF_PROG_LOAD's attribute (a whole one with a license string and a name, one that
 * ends after the license, one with nonzero bytes past its end, a NULL one), and a command
 * strace does not know.  No program is valid (insn_cnt 0): every call fails.  Run with -a0.
 */
#include <stdint.h>

#include "fdtest.h"

struct prog_load {
	uint32_t prog_type, insn_cnt;
	uint64_t insns, license;
	uint32_t log_level, log_size;
	uint64_t log_buf;
	uint32_t kern_version, prog_flags;
	char prog_name[16];
	uint32_t prog_ifindex, expected_attach_type, prog_btf_fd, func_info_rec_size;
	uint64_t func_info;
	uint32_t func_info_cnt, line_info_rec_size;
	uint64_t line_info;
	uint32_t line_info_cnt, attach_btf_id, attach_prog_fd, pad;
	uint64_t fd_array;
};

int main(void)
{
	static const char license[] = "GPL";
	static struct {
		struct prog_load a;
		unsigned char extra[8];
	} big;
	struct prog_load *a = &big.a;
	long rc;

	a->prog_type = 1;
	a->license = (uintptr_t)license;
	a->log_level = 1;
	a->kern_version = 0x050a0b;
	a->prog_flags = 1 | 0x100;
	memcpy(a->prog_name, "test", 5);
	a->expected_attach_type = 2;
	a->prog_btf_fd = -1;
	a->attach_prog_fd = 7;
	rc = syscall(__NR_bpf, 5, a, sizeof(*a));
	out("bpf(BPF_PROG_LOAD, {prog_type=BPF_PROG_TYPE_SOCKET_FILTER, insn_cnt=0, insns=NULL, "
	    "license=\"GPL\", log_level=1, log_size=0, log_buf=NULL, "
	    "kern_version=KERNEL_VERSION(5, 10, 11), prog_flags=BPF_F_STRICT_ALIGNMENT|0x100, "
	    "prog_name=\"test\", prog_ifindex=0, expected_attach_type=BPF_CGROUP_INET_SOCK_CREATE, "
	    "prog_btf_fd=-1, func_info_rec_size=0, func_info=NULL, func_info_cnt=0, "
	    "line_info_rec_size=0, line_info=NULL, line_info_cnt=0, attach_btf_id=0, "
	    "attach_prog_fd=7, fd_array=NULL}, %u) = %s\n", (unsigned int)sizeof(*a),
	    sprintrc(rc));

	a->prog_type = 0x40;
	a->insn_cnt = 3;
	rc = syscall(__NR_bpf, 5, a, 24);
	out("bpf(BPF_PROG_LOAD, {prog_type=0x40 /* BPF_PROG_TYPE_??? */, insn_cnt=3, insns=NULL, "
	    "license=\"GPL\"}, 24) = %s\n", sprintrc(rc));

	a->prog_type = 1;
	a->insn_cnt = 0;
	a->prog_flags = 0;
	a->prog_name[0] = 0;
	a->expected_attach_type = 0;
	a->prog_btf_fd = 0;
	a->attach_prog_fd = 0;
	a->kern_version = 0;
	a->license = 0;
	big.extra[3] = 1;
	rc = syscall(__NR_bpf, 5, &big, sizeof(big));
	out("bpf(BPF_PROG_LOAD, {prog_type=BPF_PROG_TYPE_SOCKET_FILTER, insn_cnt=0, insns=NULL, "
	    "license=NULL, log_level=1, log_size=0, log_buf=NULL, "
	    "kern_version=KERNEL_VERSION(0, 0, 0), prog_flags=0, prog_name=\"\", prog_ifindex=0, "
	    "expected_attach_type=BPF_CGROUP_INET_INGRESS, prog_btf_fd=0, func_info_rec_size=0, "
	    "func_info=NULL, func_info_cnt=0, line_info_rec_size=0, line_info=NULL, "
	    "line_info_cnt=0, attach_btf_id=0, attach_prog_fd=0, fd_array=NULL, ...}, %u) = %s\n",
	    (unsigned int)sizeof(big), sprintrc(rc));

	rc = syscall(__NR_bpf, 5, NULL, sizeof(*a));
	out("bpf(BPF_PROG_LOAD, NULL, %u) = %s\n", (unsigned int)sizeof(*a), sprintrc(rc));

	rc = syscall(__NR_bpf, 0x7f, a, 8);
	out("bpf(0x7f /* BPF_??? */, %p, 8) = %s\n", (void *)a, sprintrc(rc));

	out("+++ exited with 0 +++\n");
	return 0;
}
