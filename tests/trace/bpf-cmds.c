// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * bpf(2): BPF_PROG_LOAD's attribute (a whole one with a license string and a name, one that
 * ends after the license, one with nonzero bytes past its end, a NULL one), BPF_MAP_CREATE's
 * (whole, with the NUMA node, and cut short), BPF_OBJ_GET_INFO_BY_FD's on a bad descriptor,
 * and a command strace does not know.  No program or map is valid (insn_cnt 0, an unknown
 * map type): every call fails.  Run with -a0.
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

	struct {
		uint32_t map_type, key_size, value_size, max_entries, map_flags, inner_map_fd;
		uint32_t numa_node;
		char map_name[16];
		uint32_t map_ifindex, btf_fd, btf_key_type_id, btf_value_type_id;
		uint32_t btf_vmlinux_value_type_id;
		uint64_t map_extra;
	} m = { .map_type = 0x7f, .key_size = 4, .value_size = 8, .max_entries = 1,
		.map_flags = 4 | 1, .numa_node = 0xffffffff, .map_name = "m1", .btf_fd = 3 };
	rc = syscall(__NR_bpf, 0, &m, sizeof(m));
	out("bpf(BPF_MAP_CREATE, {map_type=0x7f /* BPF_MAP_TYPE_??? */, key_size=4, value_size=8, "
	    "max_entries=1, map_flags=BPF_F_NO_PREALLOC|BPF_F_NUMA_NODE, inner_map_fd=0, "
	    "numa_node=4294967295 /* NUMA_NO_NODE */, map_name=\"m1\", map_ifindex=0, btf_fd=3, "
	    "btf_key_type_id=0, btf_value_type_id=0, btf_vmlinux_value_type_id=0, map_extra=0}, "
	    "%u) = %s\n", (unsigned int)sizeof(m), sprintrc(rc));
	m.map_type = 2;
	rc = syscall(__NR_bpf, 0, &m, 20);
	out("bpf(BPF_MAP_CREATE, {map_type=BPF_MAP_TYPE_ARRAY, key_size=4, value_size=8, "
	    "max_entries=1, map_flags=BPF_F_NO_PREALLOC|BPF_F_NUMA_NODE}, 20) = %s\n",
	    sprintrc(rc));

	struct {
		uint32_t bpf_fd, info_len;
		uint64_t info;
	} oi = { .bpf_fd = -1, .info_len = 88, .info = (uintptr_t)&big };
	rc = syscall(__NR_bpf, 15, &oi, sizeof(oi));
	out("bpf(BPF_OBJ_GET_INFO_BY_FD, {info={bpf_fd=-1, info_len=88, info=%p}}, %u) = %s\n",
	    (void *)&big, (unsigned int)sizeof(oi), sprintrc(rc));

	rc = syscall(__NR_bpf, 0x7f, a, 8);
	out("bpf(0x7f /* BPF_??? */, %p, 8) = %s\n", (void *)a, sprintrc(rc));

	out("+++ exited with 0 +++\n");
	return 0;
}
