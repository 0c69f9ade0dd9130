// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * bpf(2): the command, and for each command strace 6.1 decodes its union bpf_attr member, read
 * when the size argument is at most a page (the others print the attribute's address).  Here
 * the dispatch, the helpers the command files share, BPF_MAP_CREATE and BPF_PROG_LOAD; the
 * other commands are in bpf-attr-map.c, bpf-attr-obj.c, bpf-attr-link.c and bpf-attr-info.c.
 * Nonzero bytes past a structure show as "..." (with -v, extra_data="\x..." and the byte
 * range).
 */
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "strace-lite/bpf-attr.h"
#include "strace-lite/decode.h"
#include "strace-lite/ebpf.h"
#include "strace-lite/ioctl-int.h"
#include "strace-lite/sockaddr.h"
#include "strace-lite/util-print.h"
#include "common/print.h"
#include "gen/xlat.h"

#define MAP_F_NUMA_NODE 4
#define ATTR_MAX 4096 /* strace reads the attribute when it is at most a page */

struct prog_load_attr {
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

struct map_create_attr {
	uint32_t map_type, key_size, value_size, max_entries, map_flags, inner_map_fd, numa_node;
	char map_name[16];
	uint32_t map_ifindex, btf_fd, btf_key_type_id, btf_value_type_id;
	uint32_t btf_vmlinux_value_type_id;
	uint64_t map_extra;
};

/* KERNEL_VERSION(a, b, c), or its raw value in the -X styles. */
static void print_kernel_version(struct dctx *c, uint32_t v)
{
	char s[64];

	snprintf(s, sizeof(s), "KERNEL_VERSION(%u, %u, %u)", v >> 16, (v >> 8) & 0xff, v & 0xff);
	print_xlat_named(c->sb, v, s);
}

static void print_prog_load(struct dctx *c, const struct prog_load_attr *a, unsigned int len)
{
	FLD_XVAL(c, *a, prog_type, xlat_bpf_prog_types, "BPF_PROG_TYPE_???");
	tprint_struct_next(c);
	FLD_U(c, *a, insn_cnt);
	tprint_struct_next(c);
	tprint_field(c, "insns");
	print_ebpf_prog(c, a->insns, a->insn_cnt);
	tprint_struct_next(c);
	tprint_field(c, "license");
	printstr(c, a->license);
	if (BPF_ENDS_BEFORE(len, offsetof(struct prog_load_attr, log_level)))
		return;
	tprint_struct_next(c);
	FLD_U(c, *a, log_level);
	tprint_struct_next(c);
	FLD_U(c, *a, log_size);
	tprint_struct_next(c);
	tprint_field(c, "log_buf");
	printstr_ex(c, a->log_buf, a->log_size, QUOTE_0_TERMINATED);
	if (BPF_ENDS_BEFORE(len, offsetof(struct prog_load_attr, kern_version)))
		return;
	tprint_struct_next(c);
	tprint_field(c, "kern_version");
	print_kernel_version(c, a->kern_version);
	if (BPF_ENDS_BEFORE(len, offsetof(struct prog_load_attr, prog_flags)))
		return;
	tprint_struct_next(c);
	FLD_FLAGS(c, *a, prog_flags, xlat_bpf_prog_flags, "BPF_F_???");
	if (BPF_ENDS_BEFORE(len, offsetof(struct prog_load_attr, prog_name)))
		return;
	tprint_struct_next(c);
	tprint_field(c, "prog_name");
	{
		size_t n = len - offsetof(struct prog_load_attr, prog_name);

		ioctl_print_cstring(c, a->prog_name,
				    n < sizeof(a->prog_name) ? n : sizeof(a->prog_name));
	}
	if (BPF_ENDS_BEFORE(len, offsetof(struct prog_load_attr, prog_ifindex)))
		return;
	tprint_struct_next(c);
	tprint_field(c, "prog_ifindex");
	print_ifindex(c, a->prog_ifindex);
	if (BPF_ENDS_BEFORE(len, offsetof(struct prog_load_attr, expected_attach_type)))
		return;
	tprint_struct_next(c);
	FLD_XVAL(c, *a, expected_attach_type, xlat_bpf_attach_type, "BPF_???");
	if (BPF_ENDS_BEFORE(len, offsetof(struct prog_load_attr, prog_btf_fd)))
		return;
	tprint_struct_next(c);
	tprint_field(c, "prog_btf_fd");
	printfd(c, (int)a->prog_btf_fd);
	tprint_struct_next(c);
	FLD_U(c, *a, func_info_rec_size);
	tprint_struct_next(c);
	tprint_field(c, "func_info");
	printaddr(c, a->func_info);
	tprint_struct_next(c);
	FLD_U(c, *a, func_info_cnt);
	tprint_struct_next(c);
	FLD_U(c, *a, line_info_rec_size);
	tprint_struct_next(c);
	tprint_field(c, "line_info");
	printaddr(c, a->line_info);
	tprint_struct_next(c);
	FLD_U(c, *a, line_info_cnt);
	if (BPF_ENDS_BEFORE(len, offsetof(struct prog_load_attr, attach_btf_id)))
		return;
	tprint_struct_next(c);
	FLD_U(c, *a, attach_btf_id);
	if (BPF_ENDS_BEFORE(len, offsetof(struct prog_load_attr, attach_prog_fd)))
		return;
	tprint_struct_next(c);
	tprint_field(c, "attach_prog_fd");
	printfd(c, (int)a->attach_prog_fd);
	if (BPF_ENDS_BEFORE(len, offsetof(struct prog_load_attr, fd_array)))
		return;
	tprint_struct_next(c);
	tprint_field(c, "fd_array");
	printaddr(c, a->fd_array);
}

/* A fixed-size name field of which AVAIL bytes are there. */
static void print_name(struct dctx *c, const char *name, const char *s, size_t avail)
{
	tprint_struct_next(c);
	tprint_field(c, name);
	ioctl_print_cstring(c, s, avail < 16 ? avail : 16);
}

static void print_map_create(struct dctx *c, const struct map_create_attr *a, unsigned int len)
{
	FLD_XVAL(c, *a, map_type, xlat_bpf_map_types, "BPF_MAP_TYPE_???");
	tprint_struct_next(c);
	FLD_U(c, *a, key_size);
	tprint_struct_next(c);
	FLD_U(c, *a, value_size);
	tprint_struct_next(c);
	FLD_U(c, *a, max_entries);
	if (BPF_ENDS_BEFORE(len, offsetof(struct map_create_attr, map_flags)))
		return;
	tprint_struct_next(c);
	FLD_FLAGS(c, *a, map_flags, xlat_bpf_map_flags, "BPF_F_???");
	if (BPF_ENDS_BEFORE(len, offsetof(struct map_create_attr, inner_map_fd)))
		return;
	tprint_struct_next(c);
	tprint_field(c, "inner_map_fd");
	printfd(c, (int)a->inner_map_fd);
	if (BPF_ENDS_BEFORE(len, offsetof(struct map_create_attr, numa_node)))
		return;
	if (a->map_flags & MAP_F_NUMA_NODE) {
		tprint_struct_next(c);
		tprintf(c, "numa_node=%u", a->numa_node);
		if (a->numa_node == UINT32_MAX)
			tprints(c, " /* NUMA_NO_NODE */");
	}
	if (BPF_ENDS_BEFORE(len, offsetof(struct map_create_attr, map_name)))
		return;
	print_name(c, "map_name", a->map_name, len - offsetof(struct map_create_attr, map_name));
	if (BPF_ENDS_BEFORE(len, offsetof(struct map_create_attr, map_ifindex)))
		return;
	tprint_struct_next(c);
	tprint_field(c, "map_ifindex");
	print_ifindex(c, a->map_ifindex);
	if (BPF_ENDS_BEFORE(len, offsetof(struct map_create_attr, btf_fd)))
		return;
	tprint_struct_next(c);
	tprint_field(c, "btf_fd");
	printfd(c, (int)a->btf_fd);
	tprint_struct_next(c);
	FLD_U(c, *a, btf_key_type_id);
	tprint_struct_next(c);
	FLD_U(c, *a, btf_value_type_id);
	if (BPF_ENDS_BEFORE(len, offsetof(struct map_create_attr, btf_vmlinux_value_type_id)))
		return;
	tprint_struct_next(c);
	FLD_U(c, *a, btf_vmlinux_value_type_id);
	if (BPF_ENDS_BEFORE(len, offsetof(struct map_create_attr, map_extra)))
		return;
	tprint_struct_next(c);
	FLD_U(c, *a, map_extra);
}

static int map_create(struct dctx *c, const unsigned char *buf, unsigned int size)
{
	struct map_create_attr a;
	unsigned int len = bpf_attr_copy(&a, sizeof(a), buf, size);

	tprint_struct_begin(c);
	print_map_create(c, &a, len);
	bpf_attr_end(c, buf, size, sizeof(a));
	return 0;
}

static int prog_load(struct dctx *c, const unsigned char *buf, unsigned int size)
{
	struct prog_load_attr a;
	unsigned int len = bpf_attr_copy(&a, sizeof(a), buf, size);

	tprint_struct_begin(c);
	print_prog_load(c, &a, len);
	bpf_attr_end(c, buf, size, sizeof(a));
	return 0;
}

unsigned int bpf_attr_copy(void *dst, size_t dsize, const unsigned char *buf, unsigned int size)
{
	unsigned int len = size < dsize ? size : (unsigned int)dsize;

	memset(dst, 0, dsize);
	memcpy(dst, buf, len);
	return len;
}

void bpf_attr_extra(struct dctx *c, const unsigned char *buf, unsigned int size,
		    unsigned int asize)
{
	for (unsigned int i = asize; i < size; i++) {
		if (!buf[i])
			continue;
		tprint_struct_next(c);
		if (!dopts.verbose) {
			tprint_more_data_follows(c);
			return;
		}
		tprint_field(c, "extra_data");
		quote_string(c->sb, (const char *)buf + asize, size - asize, QUOTE_FORCE_HEX);
		tprintf(c, " /* bytes %u..%u */", asize, size - 1);
		return;
	}
}

void bpf_attr_end(struct dctx *c, const unsigned char *buf, unsigned int size, unsigned int asize)
{
	bpf_attr_extra(c, buf, size, asize);
	tprint_struct_end(c);
}

void bpf_attr_fd(struct dctx *c, const char *name, uint32_t fd)
{
	tprint_field(c, name);
	printfd(c, (int)fd);
}

void bpf_attr_addr(struct dctx *c, const char *name, uint64_t addr)
{
	tprint_field(c, name);
	printaddr(c, addr);
}

/* The commands strace 6.1 decodes, and whether they return a descriptor. */
static const struct {
	bpf_attr_fn fn;
	bool fd;
} cmds[] = {
	[0] = { map_create, true },
	[1] = { bpfattr_map_lookup_elem, false },
	[2] = { bpfattr_map_update_elem, false },
	[3] = { bpfattr_map_delete_elem, false },
	[4] = { bpfattr_map_get_next_key, false },
	[5] = { prog_load, true },
	[6] = { bpfattr_obj_pin, true },
	[7] = { bpfattr_obj_pin, true },		/* OBJ_GET */
	[8] = { bpfattr_prog_attach, false },
	[9] = { bpfattr_prog_detach, false },
	[10] = { bpfattr_prog_test_run, false },
	[11] = { bpfattr_get_next_id, false },	/* PROG */
	[12] = { bpfattr_get_next_id, false },	/* MAP */
	[13] = { bpfattr_prog_get_fd_by_id, true },
	[14] = { bpfattr_map_get_fd_by_id, true },
	[15] = { bpfattr_obj_get_info_by_fd, false },
	[16] = { bpfattr_prog_query, false },
	[17] = { bpfattr_raw_tracepoint_open, false },
	[18] = { bpfattr_btf_load, true },
	[19] = { bpfattr_btf_get_fd_by_id, true },
	[20] = { bpfattr_task_fd_query, false },
	[21] = { bpfattr_map_lookup_elem, false },	/* LOOKUP_AND_DELETE_ELEM */
	[22] = { bpfattr_map_freeze, false },
	[23] = { bpfattr_get_next_id, false },	/* BTF */
	[24] = { bpfattr_map_lookup_batch, false },
	[25] = { bpfattr_map_lookup_batch, false }, /* LOOKUP_AND_DELETE_BATCH */
	[26] = { bpfattr_map_update_batch, false },
	[27] = { bpfattr_map_delete_batch, false },
	[28] = { bpfattr_link_create, true },
	[29] = { bpfattr_link_update, false },
	[30] = { bpfattr_link_get_fd_by_id, true },
	[31] = { bpfattr_get_next_id, false },	/* LINK */
};

/*
 * The attribute of a known command is read when it is at most a page, at entry and again at
 * exit for the commands the kernel writes back into (priv[3]: the decoder asked for the exit).
 */
SYS_FUNC(bpf)
{
	static unsigned char buf[ATTR_MAX];
	unsigned int cmd = (unsigned int)c->arg[0], size = (unsigned int)c->arg[2];
	uint64_t addr = c->arg[1];
	bool known = cmd < sizeof(cmds) / sizeof(cmds[0]) && cmds[cmd].fn;
	int kind = 0;

	if (entering(c)) {
		printxval(c, xlat_bpf_commands, cmd, "BPF_???");
		tprint_arg_next(c);
		c->priv[3] = 0;
	} else if (!c->priv[3]) {
		return RVAL_DECODED;
	}
	if (known && size > 0 && size <= ATTR_MAX) {
		if (!umoven_or_printaddr_ignore_syserror(c, addr, size, buf)) {
			kind = cmds[cmd].fd ? RVAL_KIND(RK_FD) : 0;
			if (cmds[cmd].fn(c, buf, size) && entering(c)) {
				c->priv[3] = 1;
				return 0;
			}
		}
	} else {
		printaddr(c, addr);
	}
	tprintf(c, ", %u", size);
	return RVAL_DECODED | kind;
}
