// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * bpf(2)'s commands whose attribute is one small structure of 32-bit fields, printed inside
 * "{NAME={...}}" as strace 7.2 does: ENABLE_STATS, ITER_CREATE, LINK_DETACH, PROG_BIND_MAP,
 * TOKEN_CREATE, PROG_ASSOC_STRUCT_OPS, and PROG_STREAM_READ_BY_FD (printed whole at exit: the
 * kernel fills the buffer).  A table per command: its member's name, its fields, its size.
 */
#include <stddef.h>
#include <stdint.h>

#include "strace-lite/decode/ebpf/bpf-attr.h"
#include "strace-lite/decode/decode.h"
#include "gen/xlat.h"

struct small_attr {
	uint32_t a, b, c;
};

struct stream_attr {
	uint64_t stream_buf;
	uint32_t stream_buf_len, stream_id, prog_fd;
};

/* Each field of a small attribute: its name and how it prints (BF_FD, BF_X, BF_XVAL). */
struct small_field {
	const char *name;
	unsigned char kind;
};

struct small_cmd {
	const char *member;
	unsigned int size;
	struct small_field f[3];
};

static const struct small_cmd enable_stats = { "enable_stats", 4, { { "type", BF_XVAL } } };
static const struct small_cmd iter_create = {
	"iter_create", 8, { { "link_fd", BF_FD }, { "flags", BF_X } } };
static const struct small_cmd link_detach = { "link_detach", 4, { { "link_fd", BF_FD } } };
static const struct small_cmd prog_bind_map = {
	"prog_bind_map", 12, { { "prog_fd", BF_FD }, { "map_fd", BF_FD }, { "flags", BF_X } } };
static const struct small_cmd token_create = {
	"token_create", 8, { { "flags", BF_X }, { "bpffs_fd", BF_FD } } };
static const struct small_cmd assoc_struct_ops = {
	"prog_assoc_struct_ops", 12,
	{ { "map_fd", BF_FD }, { "prog_fd", BF_FD }, { "flags", BF_X } } };

static int small(struct dctx *c, const struct small_cmd *cmd, const unsigned char *buf,
		 unsigned int size)
{
	struct small_attr a;
	uint32_t v[3];

	bpf_attr_copy(&a, sizeof(a), buf, size);
	v[0] = a.a;
	v[1] = a.b;
	v[2] = a.c;
	tprint_struct_begin(c);
	tprint_field(c, cmd->member);
	tprint_struct_begin(c);
	for (unsigned int i = 0; i < cmd->size / 4; i++) {
		const struct small_field *f = &cmd->f[i];

		if (i)
			tprint_struct_next(c);
		tprint_field(c, f->name);
		if (f->kind == BF_FD)
			printfd(c, (int)v[i]);
		else if (f->kind == BF_XVAL)
			printxval(c, xlat_bpf_stats_type, v[i], "BPF_STATS_???");
		else
			tprintf(c, "%#x", v[i]);
	}
	tprint_struct_end(c);
	bpf_attr_end(c, buf, size, cmd->size);
	return 0;
}

int bpfattr_enable_stats(struct dctx *c, const unsigned char *buf, unsigned int size)
{
	return small(c, &enable_stats, buf, size);
}

int bpfattr_iter_create(struct dctx *c, const unsigned char *buf, unsigned int size)
{
	return small(c, &iter_create, buf, size);
}

int bpfattr_link_detach(struct dctx *c, const unsigned char *buf, unsigned int size)
{
	return small(c, &link_detach, buf, size);
}

int bpfattr_prog_bind_map(struct dctx *c, const unsigned char *buf, unsigned int size)
{
	return small(c, &prog_bind_map, buf, size);
}

int bpfattr_token_create(struct dctx *c, const unsigned char *buf, unsigned int size)
{
	return small(c, &token_create, buf, size);
}

int bpfattr_prog_assoc_struct_ops(struct dctx *c, const unsigned char *buf, unsigned int size)
{
	return small(c, &assoc_struct_ops, buf, size);
}

/* PROG_STREAM_READ_BY_FD: nothing at entry; at exit the buffer as the kernel filled it. */
int bpfattr_prog_stream_read(struct dctx *c, const unsigned char *buf, unsigned int size)
{
	struct stream_attr a;

	if (entering(c))
		return 1;
	bpf_attr_copy(&a, sizeof(a), buf, size);
	tprint_struct_begin(c);
	tprint_field(c, "prog_stream_read");
	tprint_struct_begin(c);
	tprint_field(c, "stream_buf");
	printstrn(c, a.stream_buf, a.stream_buf_len);
	tprint_struct_next(c);
	tprint_field(c, "stream_buf_len");
	tprintf(c, "%u", a.stream_buf_len);
	tprint_struct_next(c);
	tprint_field(c, "stream_id");
	tprintf(c, "%u", a.stream_id);
	tprint_struct_next(c);
	bpf_attr_fd(c, "prog_fd", a.prog_fd);
	tprint_struct_end(c);
	bpf_attr_end(c, buf, size, offsetof(struct stream_attr, prog_fd) + 4);
	return 0;
}
