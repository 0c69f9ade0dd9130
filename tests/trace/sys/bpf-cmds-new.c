// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
// strace-7.2: every line decodes a field, flag or command strace 6.1 does not know
/*
 * bpf(2) as strace 7.2 prints it where 6.1 did not: MAP_CREATE's token descriptors and
 * program hash, PROG_LOAD's fields past core_relos (read again at exit: log_true_size is
 * the kernel's; the signature in hex), OBJ_PIN's path_fd, PROG_ATTACH's interface target and
 * relative program id, BTF_GET_FD_BY_ID's flags and token, GET_NEXT_ID without open_flags,
 * the element flags BPF_F_CPU and BPF_F_ALL_CPUS, LINK_CREATE's tcx, netfilter and tracing
 * members, and the commands ENABLE_STATS to PROG_ASSOC_STRUCT_OPS (STREAM_READ printed at
 * exit).  Every call fails (bad descriptors, ids, types).  Run with -a0.
 */
#include <stdint.h>
#include <string.h>

#include "fdtest.h"

static void map_and_prog(void)
{
	struct {
		uint32_t map_type, key_size, value_size, max_entries, map_flags, inner_map_fd;
		uint32_t numa_node;
		char map_name[16];
		uint32_t map_ifindex, btf_fd, btf_key_type_id, btf_value_type_id;
		uint32_t btf_vmlinux_value_type_id;
		uint64_t map_extra;
		int32_t value_type_btf_obj_fd, map_token_fd;
		uint64_t excl_prog_hash;
		uint32_t excl_prog_hash_size, pad;
	} m = { .map_type = 0x7f, .value_type_btf_obj_fd = -1, .map_token_fd = -2,
		.excl_prog_hash = 0xdeadbeefbadc0dedULL, .excl_prog_hash_size = 32 };
	long rc = syscall(__NR_bpf, 0, &m, sizeof(m));
	out("bpf(BPF_MAP_CREATE, {map_type=0x7f /* BPF_MAP_TYPE_??? */, key_size=0, "
	    "value_size=0, max_entries=0, map_flags=0, inner_map_fd=0, map_name=\"\", "
	    "map_ifindex=0, btf_fd=0, btf_key_type_id=0, btf_value_type_id=0, "
	    "btf_vmlinux_value_type_id=0, map_extra=0, value_type_btf_obj_fd=-1, "
	    "map_token_fd=-2, excl_prog_hash=0xdeadbeefbadc0ded, excl_prog_hash_size=32}, %u) = "
	    "%s\n", (unsigned int)sizeof(m), sprintrc(rc));

	static const unsigned char sig[] = { 0x30, 0x82, 0x01, 0xff };
	struct {
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
		uint32_t line_info_cnt, attach_btf_id, attach_prog_fd, core_relo_cnt;
		uint64_t fd_array, core_relos;
		uint32_t core_relo_rec_size, log_true_size;
		int32_t prog_token_fd;
		uint32_t fd_array_cnt;
		uint64_t signature;
		uint32_t signature_size;
		int32_t keyring_id;
	} p;
	memset(&p, 0, sizeof(p));
	p.prog_type = 0x7f;
	p.core_relo_cnt = 2;
	p.core_relo_rec_size = 16;
	p.prog_token_fd = -1;
	p.fd_array_cnt = 3;
	p.signature = (uintptr_t)sig;
	p.signature_size = sizeof(sig);
	p.keyring_id = -7;
	rc = syscall(__NR_bpf, 5, &p, sizeof(p));
	out("bpf(BPF_PROG_LOAD, {prog_type=0x7f /* BPF_PROG_TYPE_??? */, insn_cnt=0, insns=NULL, "
	    "license=NULL, log_level=0, log_size=0, log_buf=NULL, "
	    "kern_version=KERNEL_VERSION(0, 0, 0), prog_flags=0, prog_name=\"\", prog_ifindex=0, "
	    "expected_attach_type=BPF_CGROUP_INET_INGRESS, prog_btf_fd=0, func_info_rec_size=0, "
	    "func_info=NULL, func_info_cnt=0, line_info_rec_size=0, line_info=NULL, "
	    "line_info_cnt=0, attach_btf_id=0, attach_prog_fd=0, core_relo_cnt=2, fd_array=NULL, "
	    "core_relos=NULL, core_relo_rec_size=16, log_true_size=0, prog_token_fd=-1, "
	    "fd_array_cnt=3, signature=\"\\x30\\x82\\x01\\xff\", signature_size=4, "
	    "keyring_id=-7}, %u) = %s\n", (unsigned int)sizeof(p), sprintrc(rc));

	struct {
		uint32_t map_fd, pad;
		uint64_t key, value, flags;
	} e = { .map_fd = -1, .key = 0xdeadbeef, .value = 0xbadc0ded, .flags = 0x18 };
	rc = syscall(__NR_bpf, 2, &e, sizeof(e));
	out("bpf(BPF_MAP_UPDATE_ELEM, {map_fd=-1, key=0xdeadbeef, value=0xbadc0ded, "
	    "flags=BPF_F_ALL_CPUS|BPF_F_CPU}, 32) = %s\n", sprintrc(rc));
}

static void objects(void)
{
	struct {
		uint64_t pathname;
		uint32_t bpf_fd, file_flags, path_fd;
	} pin = { .bpf_fd = -1, .file_flags = 1 << 14, .path_fd = -100 };
	long rc = syscall(__NR_bpf, 6, &pin, 20);
	out("bpf(BPF_OBJ_PIN, {pathname=NULL, bpf_fd=-1, file_flags=BPF_F_PATH_FD, "
	    "path_fd=AT_FDCWD}, 20) = %s\n", sprintrc(rc));

	struct {
		uint32_t target, attach_bpf_fd, attach_type, attach_flags, replace_bpf_fd;
		uint32_t relative;
		uint64_t expected_revision;
	} at = { .target = 0xdeadbeef, .attach_bpf_fd = -1, .attach_type = 46,
		 .attach_flags = 0x20, .relative = 42, .expected_revision = 7 };
	rc = syscall(__NR_bpf, 8, &at, sizeof(at));
	out("bpf(BPF_PROG_ATTACH, {target_ifindex=3735928559, attach_bpf_fd=-1, "
	    "attach_type=BPF_TCX_INGRESS, attach_flags=BPF_F_ID, replace_bpf_fd=0, "
	    "relative_id=42, expected_revision=7}, 32) = %s\n", sprintrc(rc));

	uint32_t id[4] = { 0xdeadbeef, 0, 1 << 3, -1 };
	rc = syscall(__NR_bpf, 19, id, sizeof(id));
	out("bpf(BPF_BTF_GET_FD_BY_ID, {btf_id=3735928559, open_flags=BPF_F_RDONLY, "
	    "fd_by_id_token_fd=-1}, 16) = %s\n", sprintrc(rc));
	rc = syscall(__NR_bpf, 13, id, 4);
	out("bpf(BPF_PROG_GET_FD_BY_ID, {prog_id=3735928559}, 4) = %s\n", sprintrc(rc));
	id[0] = 0xffffff00;
	rc = syscall(__NR_bpf, 23, id, 8);
	out("bpf(BPF_BTF_GET_NEXT_ID, {start_id=4294967040, next_id=0}, 8) = %s\n",
	    sprintrc(rc));
}

static void links(void)
{
	struct {
		uint32_t prog_fd, target, attach_type, flags;
		uint32_t u0, u1;
		uint64_t u2;
	} lc = { .prog_fd = -1, .target = 0xdeadbeef, .attach_type = 47, .flags = 0x20,
		 .u0 = 5, .u2 = 0x1234 };
	long rc = syscall(__NR_bpf, 28, &lc, sizeof(lc));
	out("bpf(BPF_LINK_CREATE, {link_create={prog_fd=-1, target_ifindex=3735928559, "
	    "attach_type=BPF_TCX_EGRESS, flags=BPF_F_ID, tcx={relative_id=5, "
	    "expected_revision=0x1234}}}, 32) = %s\n", sprintrc(rc));
	lc.target = 0;
	lc.attach_type = 45;
	lc.flags = 0;
	lc.u0 = 2;
	lc.u1 = 1;
	lc.u2 = 0x1ffffff80ULL; /* priority -128, flags IP_DEFRAG */
	rc = syscall(__NR_bpf, 28, &lc, sizeof(lc));
	out("bpf(BPF_LINK_CREATE, {link_create={prog_fd=-1, target_fd=0, "
	    "attach_type=BPF_NETFILTER, flags=0, netfilter={pf=2, hooknum=1, priority=-128, "
	    "flags=BPF_F_NETFILTER_IP_DEFRAG}}}, 32) = %s\n", sprintrc(rc));
	lc.attach_type = 25;
	lc.u0 = 77;
	lc.u1 = 0;
	lc.u2 = 0xdeadc0de;
	rc = syscall(__NR_bpf, 28, &lc, sizeof(lc));
	out("bpf(BPF_LINK_CREATE, {link_create={prog_fd=-1, target_fd=0, "
	    "attach_type=BPF_TRACE_FEXIT, flags=0, tracing={target_btf_id=77, "
	    "cookie=0xdeadc0de}}}, 32) = %s\n", sprintrc(rc));
}

static void small_cmds(void)
{
	uint32_t v[3] = { 1, -2, 0 };
	long rc = syscall(__NR_bpf, 32, v, 4);
	out("bpf(BPF_ENABLE_STATS, {enable_stats={type=0x1 /* BPF_STATS_??? */}}, 4) = %s\n",
	    sprintrc(rc));
	v[0] = -1;
	v[1] = 0xff;
	rc = syscall(__NR_bpf, 33, v, 8);
	out("bpf(BPF_ITER_CREATE, {iter_create={link_fd=-1, flags=0xff}}, 8) = %s\n",
	    sprintrc(rc));
	rc = syscall(__NR_bpf, 34, v, 4);
	out("bpf(BPF_LINK_DETACH, {link_detach={link_fd=-1}}, 4) = %s\n", sprintrc(rc));
	v[1] = -2;
	v[2] = 0x10;
	rc = syscall(__NR_bpf, 35, v, 12);
	out("bpf(BPF_PROG_BIND_MAP, {prog_bind_map={prog_fd=-1, map_fd=-2, flags=0x10}}, 12) = "
	    "%s\n", sprintrc(rc));
	v[0] = 0;
	v[1] = -1;
	rc = syscall(__NR_bpf, 36, v, 8);
	out("bpf(BPF_TOKEN_CREATE, {token_create={flags=0, bpffs_fd=-1}}, 8) = %s\n",
	    sprintrc(rc));
	v[0] = -1;
	v[1] = -2;
	v[2] = 0;
	rc = syscall(__NR_bpf, 38, v, 12);
	out("bpf(BPF_PROG_ASSOC_STRUCT_OPS, {prog_assoc_struct_ops={map_fd=-1, prog_fd=-2, "
	    "flags=0}}, 12) = %s\n", sprintrc(rc));

	static char sbuf[4] = "ab";
	struct {
		uint64_t stream_buf;
		uint32_t stream_buf_len, stream_id, prog_fd;
	} sr = { .stream_buf = (uintptr_t)sbuf, .stream_buf_len = 2, .stream_id = 1,
		 .prog_fd = -1 };
	rc = syscall(__NR_bpf, 37, &sr, 20);
	out("bpf(BPF_PROG_STREAM_READ_BY_FD, {prog_stream_read={stream_buf=\"ab\", "
	    "stream_buf_len=2, stream_id=1, prog_fd=-1}}, 20) = %s\n", sprintrc(rc));
}

int main(void)
{
	map_and_prog();
	objects();
	links();
	small_cmds();
	out("+++ exited with 0 +++\n");
	return 0;
}
