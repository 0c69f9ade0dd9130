// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * bpf(2)'s commands on objects other than map elements: OBJ_PIN and OBJ_GET (a path),
 * PROG_ATTACH, PROG_DETACH, PROG_TEST_RUN, the *_GET_NEXT_ID and *_GET_FD_BY_ID lookups,
 * PROG_QUERY (the ids the kernel wrote, at exit), RAW_TRACEPOINT_OPEN, BTF_LOAD, TASK_FD_QUERY
 * (the name the kernel wrote, at exit) and LINK_UPDATE.
 */
#include <stddef.h>
#include <stdint.h>

#include "strace-lite/decode/array.h"
#include "strace-lite/decode/ebpf/bpf-attr.h"
#include "strace-lite/decode/decode.h"
#include "strace-lite/decode/ioctl/ioctl-int.h"
#include "gen/xlat.h"

#define BPF_F_REPLACE_ 4u
#define TP_NAME_SIZE 128

struct pin_attr {
	uint64_t pathname;
	uint32_t bpf_fd, file_flags;
};

#define BPF_T struct pin_attr
static const struct bpf_field pin_fields[] = {
	BF(pathname, BF_PATH),
	BF(bpf_fd, BF_FD),
	BF_UNTIL(file_flags),
	BFX(file_flags, BF_FLAGS, xlat_bpf_file_mode_flags, "BPF_F_???"),
};
#undef BPF_T

int bpfattr_obj_pin(struct dctx *c, const unsigned char *buf, unsigned int size)
{
	struct pin_attr a;
	unsigned int len = bpf_attr_copy(&a, sizeof(a), buf, size);

	tprint_struct_begin(c);
	BPF_FIELDS(c, &a, len, pin_fields, true);
	bpf_attr_end(c, buf, size, sizeof(a));
	return 0;
}

struct attach_attr {
	uint32_t target_fd, attach_bpf_fd, attach_type, attach_flags, replace_bpf_fd;
};

#define BPF_T struct attach_attr
static const struct bpf_field attach_fields[] = {
	BF(target_fd, BF_FD),
	BF(attach_bpf_fd, BF_FD),
	BFX(attach_type, BF_XVAL, xlat_bpf_attach_type, "BPF_???"),
	BFX(attach_flags, BF_FLAGS, xlat_bpf_attach_flags, "BPF_F_???"),
	BF_UNTIL(replace_bpf_fd),
	BF(replace_bpf_fd, BF_FD),
};
#undef BPF_T

int bpfattr_prog_attach(struct dctx *c, const unsigned char *buf, unsigned int size)
{
	struct attach_attr a;
	unsigned int len = bpf_attr_copy(&a, sizeof(a), buf, size);

	tprint_struct_begin(c);
	BPF_FIELDS(c, &a, len, attach_fields, true);
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

#define BPF_T struct test_run_attr
static const struct bpf_field test_run_fields[] = {
	BF(prog_fd, BF_FD),
	BF(retval, BF_U),
	BF(data_size_in, BF_U),
	BF(data_size_out, BF_U),
	BF(data_in, BF_ADDR),
	BF(data_out, BF_ADDR),
	BF(repeat, BF_U),
	BF(duration, BF_U),
	BF_UNTIL(ctx_size_in),
	BF(ctx_size_in, BF_U),
	BF(ctx_size_out, BF_U),
	BF(ctx_in, BF_ADDR),
	BF(ctx_out, BF_ADDR),
	BF_UNTIL(flags),
	BFX(flags, BF_FLAGS, xlat_bpf_test_run_flags, "BPF_F_???"),
	BF(cpu, BF_U),
	BF_UNTIL(batch_size),
	BF(batch_size, BF_U),
};
#undef BPF_T

int bpfattr_prog_test_run(struct dctx *c, const unsigned char *buf, unsigned int size)
{
	struct test_run_attr a;
	unsigned int len = bpf_attr_copy(&a, sizeof(a), buf, size);

	tprints(c, "{test={");
	BPF_FIELDS(c, &a, len, test_run_fields, true);
	tprint_struct_end(c);
	bpf_attr_end(c, buf, size, offsetof(struct test_run_attr, batch_size) + 4);
	return 0;
}

struct id_attr {
	uint32_t id, next_id, open_flags;
};

/*
 * "{NAME=ID, next_id=N, open_flags=..}": the *_GET_FD_BY_ID commands at entry; PROG, MAP, BTF
 * and LINK_GET_NEXT_ID (NEXT: the kernel writes next_id) from open_flags on at exit, after
 * " => M" when next_id changed.
 */
static int id_cmd(struct dctx *c, const unsigned char *buf, unsigned int size, const char *name,
		  bool next)
{
	struct id_attr a;
	unsigned int len = bpf_attr_copy(&a, sizeof(a), buf, size);

	if (entering(c)) {
		c->priv[0] = a.next_id;
		tprint_struct_begin(c);
		tprint_field(c, name);
		tprintf(c, "%u", a.id);
		tprint_struct_next(c);
		FLD_U(c, a, next_id);
		if (next)
			return 1;
	} else if (c->priv[0] != a.next_id) {
		tprintf(c, " => %u", a.next_id);
	}
	if (!BPF_ENDS_BEFORE(len, offsetof(struct id_attr, open_flags))) {
		tprint_struct_next(c);
		FLD_FLAGS(c, a, open_flags, xlat_bpf_file_mode_flags, "BPF_F_???");
	}
	bpf_attr_end(c, buf, size, sizeof(a));
	return 0;
}

int bpfattr_get_next_id(struct dctx *c, const unsigned char *buf, unsigned int size)
{
	return id_cmd(c, buf, size, "start_id", true);
}

int bpfattr_prog_get_fd_by_id(struct dctx *c, const unsigned char *buf, unsigned int size)
{
	return id_cmd(c, buf, size, "prog_id", false);
}

int bpfattr_map_get_fd_by_id(struct dctx *c, const unsigned char *buf, unsigned int size)
{
	return id_cmd(c, buf, size, "map_id", false);
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

#define BPF_T struct query_attr
static const struct bpf_field query_fields[] = {
	BF(target_fd, BF_FD),
	BFX(attach_type, BF_XVAL, xlat_bpf_attach_type, "BPF_???"),
	BFX(query_flags, BF_FLAGS, xlat_bpf_query_flags, "BPF_F_QUERY_???"),
	BFX(attach_flags, BF_FLAGS, xlat_bpf_attach_flags, "BPF_F_???"),
};
#undef BPF_T

/* PROG_QUERY: the ids the kernel wrote, and their count (" => N" when it changed it). */
int bpfattr_prog_query(struct dctx *c, const unsigned char *buf, unsigned int size)
{
	struct query_attr a;
	uint32_t id;

	bpf_attr_copy(&a, sizeof(a), buf, size);
	if (entering(c)) {
		c->priv[0] = a.prog_cnt;
		tprints(c, "{query={");
		BPF_FIELDS(c, &a, sizeof(a), query_fields, true);
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

#define BPF_T struct task_fd_attr
static const struct bpf_field task_fd_fields[] = {
	BF(prog_id, BF_U),
	BFX(fd_type, BF_XVAL, xlat_bpf_task_fd_type, "BPF_FD_TYPE_???"),
	BF(probe_offset, BF_X),
	BF(probe_addr, BF_X),
};
#undef BPF_T

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
	BPF_FIELDS(c, &a, sizeof(a), task_fd_fields, false);
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
