// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * bpf(2)'s commands on objects other than map elements: OBJ_PIN and OBJ_GET (a path),
 * PROG_ATTACH, PROG_DETACH, PROG_TEST_RUN, the *_GET_NEXT_ID and *_GET_FD_BY_ID lookups,
 * PROG_QUERY (the ids the kernel wrote, at exit), RAW_TRACEPOINT_OPEN, BTF_LOAD, TASK_FD_QUERY
 * (the name the kernel wrote, at exit) and LINK_UPDATE.
 */
#include <stddef.h>
#include <stdint.h>

#include "strace-lite/array.h"
#include "strace-lite/bpf-attr.h"
#include "strace-lite/decode.h"
#include "strace-lite/ioctl-int.h"
#include "gen/xlat.h"

#define BPF_F_REPLACE_ 4u
#define TP_NAME_SIZE 128

int bpfattr_obj_pin(struct dctx *c, const unsigned char *buf, unsigned int size)
{
	struct {
		uint64_t pathname;
		uint32_t bpf_fd, file_flags;
	} a;
	unsigned int len = bpf_attr_copy(&a, sizeof(a), buf, size);

	tprint_struct_begin(c);
	tprint_field(c, "pathname");
	printpath(c, a.pathname);
	tprint_struct_next(c);
	bpf_attr_fd(c, "bpf_fd", a.bpf_fd);
	if (!BPF_ENDS_BEFORE(len, offsetof(typeof(a), file_flags))) {
		tprint_struct_next(c);
		FLD_FLAGS(c, a, file_flags, xlat_bpf_file_mode_flags, "BPF_F_???");
	}
	bpf_attr_end(c, buf, size, sizeof(a));
	return 0;
}

int bpfattr_prog_attach(struct dctx *c, const unsigned char *buf, unsigned int size)
{
	struct {
		uint32_t target_fd, attach_bpf_fd, attach_type, attach_flags, replace_bpf_fd;
	} a;
	unsigned int len = bpf_attr_copy(&a, sizeof(a), buf, size);

	tprint_struct_begin(c);
	bpf_attr_fd(c, "target_fd", a.target_fd);
	tprint_struct_next(c);
	bpf_attr_fd(c, "attach_bpf_fd", a.attach_bpf_fd);
	tprint_struct_next(c);
	FLD_XVAL(c, a, attach_type, xlat_bpf_attach_type, "BPF_???");
	tprint_struct_next(c);
	FLD_FLAGS(c, a, attach_flags, xlat_bpf_attach_flags, "BPF_F_???");
	if (!BPF_ENDS_BEFORE(len, offsetof(typeof(a), replace_bpf_fd))) {
		tprint_struct_next(c);
		bpf_attr_fd(c, "replace_bpf_fd", a.replace_bpf_fd);
	}
	bpf_attr_end(c, buf, size, sizeof(a));
	return 0;
}

int bpfattr_prog_detach(struct dctx *c, const unsigned char *buf, unsigned int size)
{
	struct {
		uint32_t target_fd, dummy, attach_type;
	} a;

	bpf_attr_copy(&a, sizeof(a), buf, size);
	tprint_struct_begin(c);
	bpf_attr_fd(c, "target_fd", a.target_fd);
	tprint_struct_next(c);
	FLD_XVAL(c, a, attach_type, xlat_bpf_attach_type, "BPF_???");
	bpf_attr_end(c, buf, size, sizeof(a));
	return 0;
}

struct test_run_attr {
	uint32_t prog_fd, retval, data_size_in, data_size_out;
	uint64_t data_in, data_out;
	uint32_t repeat, duration, ctx_size_in, ctx_size_out;
	uint64_t ctx_in, ctx_out;
	uint32_t flags, cpu, batch_size;
};

int bpfattr_prog_test_run(struct dctx *c, const unsigned char *buf, unsigned int size)
{
	struct test_run_attr a;
	unsigned int len = bpf_attr_copy(&a, sizeof(a), buf, size);

	tprints(c, "{test={");
	bpf_attr_fd(c, "prog_fd", a.prog_fd);
	tprint_struct_next(c);
	FLD_U(c, a, retval);
	tprint_struct_next(c);
	FLD_U(c, a, data_size_in);
	tprint_struct_next(c);
	FLD_U(c, a, data_size_out);
	tprint_struct_next(c);
	bpf_attr_addr(c, "data_in", a.data_in);
	tprint_struct_next(c);
	bpf_attr_addr(c, "data_out", a.data_out);
	tprint_struct_next(c);
	FLD_U(c, a, repeat);
	tprint_struct_next(c);
	FLD_U(c, a, duration);
	if (!BPF_ENDS_BEFORE(len, offsetof(struct test_run_attr, ctx_size_in))) {
		tprint_struct_next(c);
		FLD_U(c, a, ctx_size_in);
		tprint_struct_next(c);
		FLD_U(c, a, ctx_size_out);
		tprint_struct_next(c);
		bpf_attr_addr(c, "ctx_in", a.ctx_in);
		tprint_struct_next(c);
		bpf_attr_addr(c, "ctx_out", a.ctx_out);
	}
	if (!BPF_ENDS_BEFORE(len, offsetof(struct test_run_attr, flags))) {
		tprint_struct_next(c);
		FLD_FLAGS(c, a, flags, xlat_bpf_test_run_flags, "BPF_F_???");
		tprint_struct_next(c);
		FLD_U(c, a, cpu);
	}
	if (!BPF_ENDS_BEFORE(len, offsetof(struct test_run_attr, batch_size))) {
		tprint_struct_next(c);
		FLD_U(c, a, batch_size);
	}
	tprint_struct_end(c);
	bpf_attr_end(c, buf, size, offsetof(struct test_run_attr, batch_size) + 4);
	return 0;
}

struct id_attr {
	uint32_t id, next_id, open_flags;
};

/* PROG, MAP, BTF and LINK_GET_NEXT_ID: next_id is written by the kernel (" => N" at exit). */
int bpfattr_get_next_id(struct dctx *c, const unsigned char *buf, unsigned int size)
{
	struct id_attr a;
	unsigned int len = bpf_attr_copy(&a, sizeof(a), buf, size);

	if (entering(c)) {
		c->priv[0] = a.next_id;
		tprint_struct_begin(c);
		tprint_field(c, "start_id");
		tprintf(c, "%u", a.id);
		tprint_struct_next(c);
		FLD_U(c, a, next_id);
		return 1;
	}
	if (c->priv[0] != a.next_id)
		tprintf(c, " => %u", a.next_id);
	if (!BPF_ENDS_BEFORE(len, offsetof(struct id_attr, open_flags))) {
		tprint_struct_next(c);
		FLD_FLAGS(c, a, open_flags, xlat_bpf_file_mode_flags, "BPF_F_???");
	}
	bpf_attr_end(c, buf, size, sizeof(a));
	return 0;
}

static int get_fd_by_id(struct dctx *c, const unsigned char *buf, unsigned int size,
			const char *name)
{
	struct id_attr a;
	unsigned int len = bpf_attr_copy(&a, sizeof(a), buf, size);

	tprint_struct_begin(c);
	tprint_field(c, name);
	tprintf(c, "%u", a.id);
	tprint_struct_next(c);
	FLD_U(c, a, next_id);
	if (!BPF_ENDS_BEFORE(len, offsetof(struct id_attr, open_flags))) {
		tprint_struct_next(c);
		FLD_FLAGS(c, a, open_flags, xlat_bpf_file_mode_flags, "BPF_F_???");
	}
	bpf_attr_end(c, buf, size, sizeof(a));
	return 0;
}

int bpfattr_prog_get_fd_by_id(struct dctx *c, const unsigned char *buf, unsigned int size)
{
	return get_fd_by_id(c, buf, size, "prog_id");
}

int bpfattr_map_get_fd_by_id(struct dctx *c, const unsigned char *buf, unsigned int size)
{
	return get_fd_by_id(c, buf, size, "map_id");
}

/* BTF_GET_FD_BY_ID and LINK_GET_FD_BY_ID: one id. */
static int one_id(struct dctx *c, const unsigned char *buf, unsigned int size, const char *name)
{
	uint32_t id;

	bpf_attr_copy(&id, sizeof(id), buf, size);
	tprint_struct_begin(c);
	tprint_field(c, name);
	tprintf(c, "%u", id);
	bpf_attr_end(c, buf, size, sizeof(id));
	return 0;
}

int bpfattr_btf_get_fd_by_id(struct dctx *c, const unsigned char *buf, unsigned int size)
{
	return one_id(c, buf, size, "btf_id");
}

int bpfattr_link_get_fd_by_id(struct dctx *c, const unsigned char *buf, unsigned int size)
{
	return one_id(c, buf, size, "link_id");
}

struct query_attr {
	uint32_t target_fd, attach_type, query_flags, attach_flags;
	uint64_t prog_ids;
	uint32_t prog_cnt;
};

/* PROG_QUERY: the ids the kernel wrote, and their count (" => N" when it changed it). */
int bpfattr_prog_query(struct dctx *c, const unsigned char *buf, unsigned int size)
{
	struct query_attr a;
	uint32_t id;

	bpf_attr_copy(&a, sizeof(a), buf, size);
	if (entering(c)) {
		c->priv[0] = a.prog_cnt;
		tprints(c, "{query={");
		bpf_attr_fd(c, "target_fd", a.target_fd);
		tprint_struct_next(c);
		FLD_XVAL(c, a, attach_type, xlat_bpf_attach_type, "BPF_???");
		tprint_struct_next(c);
		FLD_FLAGS(c, a, query_flags, xlat_bpf_query_flags, "BPF_F_QUERY_???");
		tprint_struct_next(c);
		FLD_FLAGS(c, a, attach_flags, xlat_bpf_attach_flags, "BPF_F_???");
		tprint_struct_next(c);
		tprint_field(c, "prog_ids");
		return 1;
	}
	print_array(c, a.prog_ids, a.prog_cnt, &id, sizeof(id), 0, print_elem_u32, NULL);
	tprint_struct_next(c);
	tprint_field(c, "prog_cnt");
	if (c->priv[0] != a.prog_cnt)
		tprintf(c, "%u => ", (unsigned int)c->priv[0]);
	tprintf(c, "%u", a.prog_cnt);
	tprint_struct_end(c);
	bpf_attr_end(c, buf, size, offsetof(struct query_attr, prog_cnt) + 4);
	return 0;
}

int bpfattr_raw_tracepoint_open(struct dctx *c, const unsigned char *buf, unsigned int size)
{
	struct {
		uint64_t name;
		uint32_t prog_fd;
	} a;

	bpf_attr_copy(&a, sizeof(a), buf, size);
	tprints(c, "{raw_tracepoint={");
	tprint_field(c, "name");
	printstr_ex(c, a.name, TP_NAME_SIZE, QUOTE_0_TERMINATED);
	tprint_struct_next(c);
	bpf_attr_fd(c, "prog_fd", a.prog_fd);
	tprint_struct_end(c);
	bpf_attr_end(c, buf, size, 12);
	return 0;
}

int bpfattr_btf_load(struct dctx *c, const unsigned char *buf, unsigned int size)
{
	struct {
		uint64_t btf, btf_log_buf;
		uint32_t btf_size, btf_log_size, btf_log_level;
	} a;

	bpf_attr_copy(&a, sizeof(a), buf, size);
	tprint_struct_begin(c);
	tprint_field(c, "btf");
	printstrn(c, a.btf, a.btf_size);
	tprint_struct_next(c);
	bpf_attr_addr(c, "btf_log_buf", a.btf_log_buf);
	tprint_struct_next(c);
	FLD_U(c, a, btf_size);
	tprint_struct_next(c);
	FLD_U(c, a, btf_log_size);
	tprint_struct_next(c);
	FLD_U(c, a, btf_log_level);
	bpf_attr_end(c, buf, size, 28);
	return 0;
}

struct task_fd_attr {
	uint32_t pid, fd, flags, buf_len;
	uint64_t buf;
	uint32_t prog_id, fd_type;
	uint64_t probe_offset, probe_addr;
};

/* TASK_FD_QUERY: the kernel writes the name into buf (buf_len, " => N" when it changed). */
int bpfattr_task_fd_query(struct dctx *c, const unsigned char *buf, unsigned int size)
{
	struct task_fd_attr a;

	bpf_attr_copy(&a, sizeof(a), buf, size);
	if (entering(c)) {
		c->priv[0] = a.buf_len;
		tprints(c, "{task_fd_query={");
		tprint_field(c, "pid");
		printpid(c, (int)a.pid, PT_TGID);
		tprint_struct_next(c);
		bpf_attr_fd(c, "fd", a.fd);
		tprint_struct_next(c);
		FLD_U(c, a, flags);
		tprint_struct_next(c);
		FLD_U(c, a, buf_len);
		return 1;
	}
	if (c->priv[0] != a.buf_len)
		tprintf(c, " => %u", a.buf_len);
	tprint_struct_next(c);
	tprint_field(c, "buf");
	printstr_ex(c, a.buf, c->priv[0] < a.buf_len ? c->priv[0] : a.buf_len,
		    QUOTE_0_TERMINATED);
	tprint_struct_next(c);
	FLD_U(c, a, prog_id);
	tprint_struct_next(c);
	FLD_XVAL(c, a, fd_type, xlat_bpf_task_fd_type, "BPF_FD_TYPE_???");
	tprint_struct_next(c);
	FLD_X(c, a, probe_offset);
	tprint_struct_next(c);
	FLD_X(c, a, probe_addr);
	tprint_struct_end(c);
	bpf_attr_end(c, buf, size, sizeof(a));
	return 0;
}

int bpfattr_link_update(struct dctx *c, const unsigned char *buf, unsigned int size)
{
	struct {
		uint32_t link_fd, new_prog_fd, flags, old_prog_fd;
	} a;

	bpf_attr_copy(&a, sizeof(a), buf, size);
	tprints(c, "{link_update={");
	bpf_attr_fd(c, "link_fd", a.link_fd);
	tprint_struct_next(c);
	bpf_attr_fd(c, "new_prog_fd", a.new_prog_fd);
	tprint_struct_next(c);
	FLD_FLAGS(c, a, flags, xlat_bpf_attach_flags, "BPF_F_???");
	if (a.flags & BPF_F_REPLACE_) {
		tprint_struct_next(c);
		bpf_attr_fd(c, "old_prog_fd", a.old_prog_fd);
	}
	tprint_struct_end(c);
	bpf_attr_end(c, buf, size, sizeof(a));
	return 0;
}
