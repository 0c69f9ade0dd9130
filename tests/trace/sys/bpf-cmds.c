// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
// strace-7.2-lines: , (136|168)\) = |BPF_PROG_GET_NEXT_ID ;; strace 6.1 stops BPF_PROG_LOAD's attribute at fd_array; strace 7.2 prints GET_NEXT_ID without open_flags
/*
 * bpf(2): BPF_PROG_LOAD's attribute (a whole one with a license string and a name, one that
 * ends after the license, one with nonzero bytes past its end, a NULL one), BPF_MAP_CREATE's
 * (whole, with the NUMA node, and cut short), BPF_OBJ_GET_INFO_BY_FD's on a bad descriptor,
 * and a command strace does not know; then the other commands strace 6.1 decodes, each on a
 * bad descriptor or id: map elements (with nonzero bytes past the attribute), a batch,
 * OBJ_PIN's path, PROG_ATTACH, PROG_TEST_RUN cut short, GET_NEXT_ID (read again at exit),
 * PROG_QUERY (its ids at exit), RAW_TRACEPOINT_OPEN's name, BTF_LOAD's data, TASK_FD_QUERY,
 * LINK_CREATE with kprobe_multi's arrays (symbol names two pointers away) and LINK_UPDATE.  No
 * program or map is valid (insn_cnt 0, an unknown map type): every call fails.  Run with -a0.
 */
#include <stdint.h>

#include "fdtest.h"

/* The commands after OBJ_GET_INFO_BY_FD. */
static void more_cmds(void)
{
	static struct {
		uint32_t map_fd, pad;
		uint64_t key, value, flags;
		unsigned char extra[8];
	} e = { .map_fd = -1, .key = 0xdeadbeef, .value = 0xbadc0ded, .flags = 4 };
	long rc;

	rc = syscall(__NR_bpf, 1, &e, 32);
	out("bpf(BPF_MAP_LOOKUP_ELEM, {map_fd=-1, key=0xdeadbeef, value=0xbadc0ded, "
	    "flags=BPF_F_LOCK}, 32) = %s\n", sprintrc(rc));
	e.flags = 2;
	rc = syscall(__NR_bpf, 2, &e, 32);
	out("bpf(BPF_MAP_UPDATE_ELEM, {map_fd=-1, key=0xdeadbeef, value=0xbadc0ded, "
	    "flags=BPF_EXIST}, 32) = %s\n", sprintrc(rc));
	rc = syscall(__NR_bpf, 3, &e, 16);
	out("bpf(BPF_MAP_DELETE_ELEM, {map_fd=-1, key=0xdeadbeef}, 16) = %s\n", sprintrc(rc));
	e.extra[1] = 1;
	rc = syscall(__NR_bpf, 4, &e, sizeof(e));
	out("bpf(BPF_MAP_GET_NEXT_KEY, {map_fd=-1, key=0xdeadbeef, next_key=0xbadc0ded, ...}, "
	    "%u) = %s\n", (unsigned int)sizeof(e), sprintrc(rc));
	rc = syscall(__NR_bpf, 22, &e, 4);
	out("bpf(BPF_MAP_FREEZE, {map_fd=-1}, 4) = %s\n", sprintrc(rc));

	struct {
		uint64_t in_batch, out_batch, keys, values;
		uint32_t count, map_fd;
		uint64_t elem_flags, flags;
	} b = { .keys = 0xdeadf00d, .count = 3, .map_fd = -1, .elem_flags = 4 };
	rc = syscall(__NR_bpf, 24, &b, sizeof(b));
	out("bpf(BPF_MAP_LOOKUP_BATCH, {batch={in_batch=NULL, out_batch=NULL, keys=0xdeadf00d, "
	    "values=NULL, count=3, map_fd=-1, elem_flags=BPF_F_LOCK, flags=0}}, %u) = %s\n",
	    (unsigned int)sizeof(b), sprintrc(rc));

	static const char path[] = "/sys/fs/bpf/nonexistent/x";
	struct {
		uint64_t pathname;
		uint32_t bpf_fd, file_flags;
	} pin = { .pathname = (uintptr_t)path, .bpf_fd = -1, .file_flags = 8 };
	rc = syscall(__NR_bpf, 6, &pin, sizeof(pin));
	out("bpf(BPF_OBJ_PIN, {pathname=\"%s\", bpf_fd=-1, file_flags=BPF_F_RDONLY}, %u) = %s\n",
	    path, (unsigned int)sizeof(pin), sprintrc(rc));

	uint32_t at[5] = { -1, -2, 2, 0x5, -3 };
	rc = syscall(__NR_bpf, 8, at, sizeof(at));
	out("bpf(BPF_PROG_ATTACH, {target_fd=-1, attach_bpf_fd=-2, "
	    "attach_type=BPF_CGROUP_INET_SOCK_CREATE, attach_flags=BPF_F_ALLOW_OVERRIDE|"
	    "BPF_F_REPLACE, replace_bpf_fd=-3}, 20) = %s\n", sprintrc(rc));

	uint32_t tr[10] = { -1, 7, 0, 0, 0, 0, 0, 0, 100, 9 };
	rc = syscall(__NR_bpf, 10, tr, 40);
	out("bpf(BPF_PROG_TEST_RUN, {test={prog_fd=-1, retval=7, data_size_in=0, data_size_out=0, "
	    "data_in=NULL, data_out=NULL, repeat=100, duration=9}}, 40) = %s\n", sprintrc(rc));

	uint32_t id[3] = { 0xffffff00, 0, 0 };
	rc = syscall(__NR_bpf, 11, id, 12);
	out("bpf(BPF_PROG_GET_NEXT_ID, {start_id=4294967040, next_id=0}, 12) = %s\n",
	    sprintrc(rc));
	id[0] = 0xdeadbeef;
	rc = syscall(__NR_bpf, 30, id, 4);
	out("bpf(BPF_LINK_GET_FD_BY_ID, {link_id=3735928559}, 4) = %s\n", sprintrc(rc));

	static uint32_t ids[2];
	struct {
		uint32_t target_fd, attach_type, query_flags, attach_flags;
		uint64_t prog_ids;
		uint32_t prog_cnt;
	} q = { .target_fd = -1, .query_flags = 1, .prog_ids = (uintptr_t)ids, .prog_cnt = 2 };
	rc = syscall(__NR_bpf, 16, &q, 28);
	out("bpf(BPF_PROG_QUERY, {query={target_fd=-1, attach_type=BPF_CGROUP_INET_INGRESS, "
	    "query_flags=BPF_F_QUERY_EFFECTIVE, attach_flags=0, prog_ids=%p, prog_cnt=2}}, 28) = "
	    "%s\n", (void *)ids, sprintrc(rc));

	static const char tp[] = "sys_enter";
	struct {
		uint64_t name;
		uint32_t prog_fd;
	} rt = { .name = (uintptr_t)tp, .prog_fd = -1 };
	rc = syscall(__NR_bpf, 17, &rt, 12);
	out("bpf(BPF_RAW_TRACEPOINT_OPEN, {raw_tracepoint={name=\"%s\", prog_fd=-1}}, 12) = %s\n",
	    tp, sprintrc(rc));

	static const char btf[] = "bPf\0daTum";
	struct {
		uint64_t btf, btf_log_buf;
		uint32_t btf_size, btf_log_size, btf_log_level;
	} bl = { .btf = (uintptr_t)btf, .btf_size = 9, .btf_log_level = 42 };
	rc = syscall(__NR_bpf, 18, &bl, 28);
	out("bpf(BPF_BTF_LOAD, {btf=\"bPf\\0daTum\", btf_log_buf=NULL, btf_size=9, "
	    "btf_log_size=0, btf_log_level=42}, 28) = %s\n", sprintrc(rc));

	static const char *const syms[] = { "foo", NULL, "bar" };
	static const uint64_t addrs[] = { 0, 1, 0xbadc0ded };
	struct {
		uint32_t prog_fd, target_fd, attach_type, flags;
		uint32_t kflags, cnt;
		uint64_t syms, addrs, cookies;
	} lc = { .prog_fd = -1, .attach_type = 42, .kflags = 1, .cnt = 3,
		 .syms = (uintptr_t)syms, .addrs = (uintptr_t)addrs };
	rc = syscall(__NR_bpf, 28, &lc, sizeof(lc));
	out("bpf(BPF_LINK_CREATE, {link_create={prog_fd=-1, target_fd=0, "
	    "attach_type=BPF_TRACE_KPROBE_MULTI, flags=0, kprobe_multi={"
	    "flags=BPF_F_KPROBE_MULTI_RETURN, cnt=3, syms=[\"foo\", NULL, \"bar\"], "
	    "addrs=[0, 0x1, 0xbadc0ded], cookies=NULL}}}, %u) = %s\n", (unsigned int)sizeof(lc),
	    sprintrc(rc));

	uint32_t lu[4] = { -1, -2, 4, -3 };
	rc = syscall(__NR_bpf, 29, lu, sizeof(lu));
	out("bpf(BPF_LINK_UPDATE, {link_update={link_fd=-1, new_prog_fd=-2, flags=BPF_F_REPLACE, "
	    "old_prog_fd=-3}}, 16) = %s\n", sprintrc(rc));
}

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
	    "line_info_cnt=0, attach_btf_id=0, attach_prog_fd=0, core_relo_cnt=0, fd_array=NULL, "
	    "core_relos=0x1000000, core_relo_rec_size=0}, %u) = %s\n",
	    (unsigned int)sizeof(big), sprintrc(rc));

	/*
	 * The whole attribute of Linux 6.18 (168 bytes): the fields from log_true_size on are
	 * printed at exit, the signature as hex bytes.
	 */
	static struct {
		struct prog_load a;
		uint64_t core_relos;
		uint32_t core_relo_rec_size, log_true_size;
		int32_t prog_token_fd;
		uint32_t fd_array_cnt;
		uint64_t signature;
		uint32_t signature_size;
		int32_t keyring_id;
	} full;
	static const unsigned char sig[] = { 1, 2, 0xfe, 0xff };
	full.a = *a;
	full.a.pad = 2;
	full.core_relo_rec_size = 16;
	full.prog_token_fd = -1;
	full.fd_array_cnt = 3;
	full.signature = (uintptr_t)sig;
	full.signature_size = sizeof(sig);
	full.keyring_id = -5;
	rc = syscall(__NR_bpf, 5, &full, sizeof(full));
	out("bpf(BPF_PROG_LOAD, {prog_type=BPF_PROG_TYPE_SOCKET_FILTER, insn_cnt=0, insns=NULL, "
	    "license=NULL, log_level=1, log_size=0, log_buf=NULL, "
	    "kern_version=KERNEL_VERSION(0, 0, 0), prog_flags=0, prog_name=\"\", prog_ifindex=0, "
	    "expected_attach_type=BPF_CGROUP_INET_INGRESS, prog_btf_fd=0, func_info_rec_size=0, "
	    "func_info=NULL, func_info_cnt=0, line_info_rec_size=0, line_info=NULL, "
	    "line_info_cnt=0, attach_btf_id=0, attach_prog_fd=0, core_relo_cnt=2, fd_array=NULL, "
	    "core_relos=NULL, core_relo_rec_size=16, log_true_size=0, prog_token_fd=-1, "
	    "fd_array_cnt=3, signature=\"\\x01\\x02\\xfe\\xff\", signature_size=4, "
	    "keyring_id=-5}, %u) = %s\n", (unsigned int)sizeof(full), sprintrc(rc));

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

	more_cmds();

	out("+++ exited with 0 +++\n");
	return 0;
}
