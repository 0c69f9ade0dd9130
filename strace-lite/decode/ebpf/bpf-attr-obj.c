// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * bpf(2)'s commands on objects other than map elements: OBJ_PIN and OBJ_GET (a path, path_fd),
 * PROG_ATTACH and PROG_DETACH (one layout: the target an interface or a descriptor by attach
 * type, the relative program by BPF_F_ID), PROG_TEST_RUN, the *_GET_NEXT_ID (next_id at exit)
 * and *_GET_FD_BY_ID lookups, PROG_QUERY (the ids and flags the kernel wrote, at exit),
 * RAW_TRACEPOINT_OPEN, BTF_LOAD (btf_log_true_size on at exit), TASK_FD_QUERY (the name the
 * kernel wrote, at exit) and LINK_UPDATE, as strace 7.2 prints them.
 */
#include <stddef.h>
#include <stdint.h>

#include "strace-lite/decode/array.h"
#include "strace-lite/decode/ebpf/bpf-attr.h"
#include "strace-lite/decode/decode.h"
#include "strace-lite/decode/ioctl/ioctl-int.h"
#include "strace-lite/decode/net/sockaddr.h"
#include "gen/xlat.h"

#define BPF_F_REPLACE_ 4u
#define BPF_F_ID_ 0x20u
#define TP_NAME_SIZE 128

struct pin_attr {
	uint64_t pathname;
	uint32_t bpf_fd, file_flags, path_fd;
};
#define PIN_SIZE (offsetof(struct pin_attr, path_fd) + 4)

#define BPF_T struct pin_attr
static const struct bpf_field pin_fields[] = {
	BF(pathname, BF_PATH),
	BF(bpf_fd, BF_FD),
	BF_UNTIL(file_flags),
	BFX(file_flags, BF_FLAGS, xlat_bpf_file_flags, "BPF_F_???"),
	BF_UNTIL(path_fd),
	BF(path_fd, BF_DIRFD),
};
#undef BPF_T

int bpfattr_obj_pin(struct dctx *c, const unsigned char *buf, unsigned int size)
{
	struct pin_attr a;
	unsigned int len = bpf_attr_copy(&a, sizeof(a), buf, size);

	tprint_struct_begin(c);
	BPF_FIELDS(c, &a, len, pin_fields, true);
	bpf_attr_end(c, buf, size, PIN_SIZE);
	return 0;
}

struct attach_attr {
	uint32_t target_fd, attach_bpf_fd, attach_type, attach_flags, replace_bpf_fd;
	uint32_t relative_fd;
	uint64_t expected_revision;
};

#define BPF_T struct attach_attr
static const struct bpf_field attach_fields[] = {
	BF(attach_bpf_fd, BF_FD),
	BFX(attach_type, BF_XVAL, xlat_bpf_attach_type, "BPF_???"),
	BFX(attach_flags, BF_FLAGS, xlat_bpf_attach_flags, "BPF_F_???"),
	BF_UNTIL(replace_bpf_fd),
	BF(replace_bpf_fd, BF_FD),
	BF_UNTIL(relative_fd),
};
#undef BPF_T

/* Attach types whose target is a network interface, not a descriptor (strace's list). */
bool bpf_attach_type_is_ifindex(uint32_t type)
{
	return type == AT_XDP || type == AT_TCX_INGRESS || type == AT_TCX_EGRESS ||
	       type == AT_NETKIT_PRIMARY || type == AT_NETKIT_PEER;
}

void bpf_attr_target(struct dctx *c, uint32_t attach_type, uint32_t target)
{
	if (bpf_attach_type_is_ifindex(attach_type)) {
		tprint_field(c, "target_ifindex");
		print_ifindex(c, target);
	} else {
		bpf_attr_fd(c, "target_fd", target);
	}
}

void bpf_attr_relative(struct dctx *c, uint32_t flags, uint32_t rel)
{
	if (flags & BPF_F_ID_) {
		tprint_field(c, "relative_id");
		tprintf(c, "%u", rel);
	} else {
		bpf_attr_fd(c, "relative_fd", rel);
	}
}

/* PROG_ATTACH and PROG_DETACH: one layout, as strace 7.2 prints them. */
int bpfattr_prog_attach(struct dctx *c, const unsigned char *buf, unsigned int size)
{
	struct attach_attr a;
	unsigned int len = bpf_attr_copy(&a, sizeof(a), buf, size);

	tprint_struct_begin(c);
	bpf_attr_target(c, a.attach_type, a.target_fd);
	if (BPF_FIELDS(c, &a, len, attach_fields, false)) {
		tprint_struct_next(c);
		bpf_attr_relative(c, a.attach_flags, a.relative_fd);
		tprint_struct_next(c);
		FLD_U(c, a, expected_revision);
	}
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
	BFX(flags, BF_FLAGS, xlat_bpf_test_run_flags, "BPF_F_TEST_???"),
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
	uint32_t id, next_id, open_flags, token_fd;
};

/* PROG, MAP, BTF and LINK_GET_NEXT_ID: start_id at entry, the next_id the kernel wrote (it
 * always writes it) at exit. */
int bpfattr_get_next_id(struct dctx *c, const unsigned char *buf, unsigned int size)
{
	struct id_attr a;

	bpf_attr_copy(&a, sizeof(a), buf, size);
	if (entering(c)) {
		tprint_struct_begin(c);
		tprint_field(c, "start_id");
		tprintf(c, "%u", a.id);
		return 1;
	}
	tprint_struct_next(c);
	FLD_U(c, a, next_id);
	bpf_attr_end(c, buf, size, 8);
	return 0;
}

/* "{NAME=ID}" of PROG, LINK_GET_FD_BY_ID. */
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

int bpfattr_prog_get_fd_by_id(struct dctx *c, const unsigned char *buf, unsigned int size)
{
	return one_id(c, buf, size, "prog_id");
}

int bpfattr_link_get_fd_by_id(struct dctx *c, const unsigned char *buf, unsigned int size)
{
	return one_id(c, buf, size, "link_id");
}

/* MAP and BTF_GET_FD_BY_ID: the id, then open_flags (and BTF's token) when there. */
static int id_flags(struct dctx *c, const unsigned char *buf, unsigned int size,
		    const char *name, bool token)
{
	struct id_attr a;
	unsigned int len = bpf_attr_copy(&a, sizeof(a), buf, size);

	tprint_struct_begin(c);
	tprint_field(c, name);
	tprintf(c, "%u", a.id);
	if (!BPF_ENDS_BEFORE(len, offsetof(struct id_attr, open_flags))) {
		tprint_struct_next(c);
		FLD_FLAGS(c, a, open_flags, xlat_bpf_file_mode_flags, "BPF_F_???");
		if (token) {
			tprint_struct_next(c);
			bpf_attr_fd(c, "fd_by_id_token_fd", a.token_fd);
		}
	}
	bpf_attr_end(c, buf, size, token ? 16 : 12);
	return 0;
}

int bpfattr_map_get_fd_by_id(struct dctx *c, const unsigned char *buf, unsigned int size)
{
	return id_flags(c, buf, size, "map_id", false);
}

int bpfattr_btf_get_fd_by_id(struct dctx *c, const unsigned char *buf, unsigned int size)
{
	return id_flags(c, buf, size, "btf_id", true);
}

struct query_attr {
	uint32_t target_fd, attach_type, query_flags, attach_flags;
	uint64_t prog_ids;
	uint32_t prog_cnt, pad;
	uint64_t prog_attach_flags, link_ids, link_attach_flags, revision;
};

#define BPF_T struct query_attr
static const struct bpf_field query_fields[] = {
	BFX(attach_type, BF_XVAL, xlat_bpf_attach_type, "BPF_???"),
	BFX(query_flags, BF_FLAGS, xlat_bpf_query_flags, "BPF_F_QUERY_???"),
	BFX(attach_flags, BF_FLAGS, xlat_bpf_attach_flags, "BPF_F_???"),
};
#undef BPF_T

static bool print_attach_flags_elem(struct dctx *c, void *elem, size_t size, void *data)
{
	(void)size;
	(void)data;
	printflags(c, xlat_bpf_attach_flags, *(uint32_t *)elem, "BPF_F_???");
	return true;
}

/* "NAME=[...]": COUNT u32 at ADDR, as FN prints each. */
static void print_u32s(struct dctx *c, const char *name, uint64_t addr, uint32_t count,
		       print_elem_fn fn)
{
	uint32_t v;

	tprint_struct_next(c);
	tprint_field(c, name);
	print_array(c, addr, count, &v, sizeof(v), 0, fn, NULL);
}

/* PROG_QUERY: the ids and flags the kernel wrote, and their count (" => N" when it changed). */
int bpfattr_prog_query(struct dctx *c, const unsigned char *buf, unsigned int size)
{
	struct query_attr a;
	unsigned int len = bpf_attr_copy(&a, sizeof(a), buf, size);
	uint32_t id;

	if (entering(c)) {
		c->priv[0] = a.prog_cnt;
		tprints(c, "{query={");
		bpf_attr_target(c, a.attach_type, a.target_fd);
		BPF_FIELDS(c, &a, sizeof(a), query_fields, false);
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
	if (!BPF_ENDS_BEFORE(len, offsetof(struct query_attr, prog_attach_flags)))
		print_u32s(c, "prog_attach_flags", a.prog_attach_flags, a.prog_cnt,
			   print_attach_flags_elem);
	if (!BPF_ENDS_BEFORE(len, offsetof(struct query_attr, link_ids))) {
		print_u32s(c, "link_ids", a.link_ids, a.prog_cnt, print_elem_u32);
		print_u32s(c, "link_attach_flags", a.link_attach_flags, a.prog_cnt,
			   print_attach_flags_elem);
		tprint_struct_next(c);
		FLD_X(c, a, revision);
	}
	tprint_struct_end(c);
	bpf_attr_end(c, buf, size, sizeof(a));
	return 0;
}

int bpfattr_raw_tracepoint_open(struct dctx *c, const unsigned char *buf, unsigned int size)
{
	struct {
		uint64_t name;
		uint32_t prog_fd, pad;
		uint64_t cookie;
	} a;
	unsigned int len = bpf_attr_copy(&a, sizeof(a), buf, size);

	tprints(c, "{raw_tracepoint={");
	tprint_field(c, "name");
	printstr_ex(c, a.name, TP_NAME_SIZE, QUOTE_0_TERMINATED);
	tprint_struct_next(c);
	bpf_attr_fd(c, "prog_fd", a.prog_fd);
	if (len >= sizeof(a)) {
		tprint_struct_next(c);
		FLD_X(c, a, cookie);
	}
	tprint_struct_end(c);
	bpf_attr_end(c, buf, size, sizeof(a));
	return 0;
}

/* BTF_LOAD: btf_log_true_size (the kernel's) and what follows it at exit. */
int bpfattr_btf_load(struct dctx *c, const unsigned char *buf, unsigned int size)
{
	struct {
		uint64_t btf, btf_log_buf;
		uint32_t btf_size, btf_log_size, btf_log_level, btf_log_true_size, btf_flags;
		int32_t btf_token_fd;
	} a;
	unsigned int len = bpf_attr_copy(&a, sizeof(a), buf, size);

	if (entering(c)) {
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
		if (!BPF_ENDS_BEFORE(len, offsetof(__typeof__(a), btf_log_true_size)))
			return 1;
	} else {
		tprint_struct_next(c);
		FLD_U(c, a, btf_log_true_size);
		if (!BPF_ENDS_BEFORE(len, offsetof(__typeof__(a), btf_flags))) {
			tprint_struct_next(c);
			FLD_FLAGS(c, a, btf_flags, xlat_bpf_file_flags, "BPF_F_???");
			tprint_struct_next(c);
			bpf_attr_fd(c, "btf_token_fd", (uint32_t)a.btf_token_fd);
		}
	}
	bpf_attr_end(c, buf, size, sizeof(a));
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
