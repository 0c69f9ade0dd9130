// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * bpf(2): the command, and for each command strace 7.2 decodes its union bpf_attr member, read
 * when the size argument is at most a page (the others print the attribute's address).  Here
 * the dispatch, the helpers the command files share, BPF_MAP_CREATE and BPF_PROG_LOAD (its
 * fields from log_true_size on at exit, as strace); the other commands are in bpf-attr-map.c,
 * bpf-attr-obj.c, bpf-attr-link.c, bpf-attr-info.c and bpf-attr-misc.c.
 * Nonzero bytes past a structure show as "..." (with -v, extra_data="\x..." and the byte
 * range).
 */
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "strace-lite/decode/ebpf/bpf-attr.h"
#include "strace-lite/decode/decode.h"
#include "strace-lite/decode/ebpf/ebpf.h"
#include "strace-lite/decode/ioctl/ioctl-int.h"
#include "strace-lite/decode/net/sockaddr.h"
#include "strace-lite/decode/util-print.h"
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
	uint32_t line_info_cnt, attach_btf_id, attach_prog_fd, core_relo_cnt;
	uint64_t fd_array, core_relos;
	uint32_t core_relo_rec_size, log_true_size, prog_token_fd, fd_array_cnt;
	uint64_t signature;
	uint32_t signature_size;
	int32_t keyring_id;
};
/* What strace 7.2 knows of it (its last field, keyring_id, ends it). */
#define PROG_LOAD_SIZE (offsetof(struct prog_load_attr, keyring_id) + 4)
_Static_assert(PROG_LOAD_SIZE == 168, "BPF_PROG_LOAD attribute layout");

struct map_create_attr {
	uint32_t map_type, key_size, value_size, max_entries, map_flags, inner_map_fd, numa_node;
	char map_name[16];
	uint32_t map_ifindex, btf_fd, btf_key_type_id, btf_value_type_id;
	uint32_t btf_vmlinux_value_type_id;
	uint64_t map_extra;
	uint32_t value_type_btf_obj_fd, map_token_fd;
	uint64_t excl_prog_hash;
	uint32_t excl_prog_hash_size;
};
#define MAP_CREATE_SIZE (offsetof(struct map_create_attr, excl_prog_hash_size) + 4)
_Static_assert(MAP_CREATE_SIZE == 92, "BPF_MAP_CREATE attribute layout");

static void print_insns(struct dctx *c, const void *p, unsigned int len)
{
	const struct prog_load_attr *a = p;

	(void)len;
	print_ebpf_prog(c, a->insns, a->insn_cnt);
}

static void print_log_buf(struct dctx *c, const void *p, unsigned int len)
{
	const struct prog_load_attr *a = p;

	(void)len;
	printstr_ex(c, a->log_buf, a->log_size, QUOTE_0_TERMINATED);
}

/* KERNEL_VERSION(a, b, c), or its raw value in the -X styles. */
static void print_kernel_version(struct dctx *c, const void *p, unsigned int len)
{
	uint32_t v = ((const struct prog_load_attr *)p)->kern_version;
	char s[64];

	(void)len;
	snprintf(s, sizeof(s), "KERNEL_VERSION(%u, %u, %u)", v >> 16, (v >> 8) & 0xff, v & 0xff);
	print_xlat_named(c->sb, v, s);
}

/* The signature's bytes in hex, signature_size of them. */
static void print_signature(struct dctx *c, const void *p, unsigned int len)
{
	const struct prog_load_attr *a = p;

	(void)len;
	printstr_ex(c, a->signature, a->signature_size, QUOTE_FORCE_HEX);
}

#define BPF_T struct prog_load_attr
static const struct bpf_field prog_load_fields[] = {
	BFX(prog_type, BF_XVAL, xlat_bpf_prog_types, "BPF_PROG_TYPE_???"),
	BF(insn_cnt, BF_U),
	BFN(insns, print_insns),
	BF(license, BF_STR),
	BF_UNTIL(log_level),
	BF(log_level, BF_U),
	BF(log_size, BF_U),
	BFN(log_buf, print_log_buf),
	BF_UNTIL(kern_version),
	BFN(kern_version, print_kernel_version),
	BF_UNTIL(prog_flags),
	BFX(prog_flags, BF_FLAGS, xlat_bpf_prog_flags, "BPF_F_???"),
	BF_UNTIL(prog_name),
	BF(prog_name, BF_NAME),
	BF_UNTIL(prog_ifindex),
	BF(prog_ifindex, BF_IFINDEX),
	BF_UNTIL(expected_attach_type),
	BFX(expected_attach_type, BF_XVAL, xlat_bpf_attach_type, "BPF_???"),
	BF_UNTIL(prog_btf_fd),
	BF(prog_btf_fd, BF_FD),
	BF(func_info_rec_size, BF_U),
	BF(func_info, BF_ADDR),
	BF(func_info_cnt, BF_U),
	BF(line_info_rec_size, BF_U),
	BF(line_info, BF_ADDR),
	BF(line_info_cnt, BF_U),
	BF_UNTIL(attach_btf_id),
	BF(attach_btf_id, BF_U),
	BF_UNTIL(attach_prog_fd),
	BF(attach_prog_fd, BF_FD),
	BF_UNTIL(fd_array),
};

/* With core_relos there (strace prints fd_array alone without it). */
static const struct bpf_field prog_load_relo_fields[] = {
	BF(core_relo_cnt, BF_U),
	BF(fd_array, BF_ADDR),
	BF(core_relos, BF_ADDR),
	BF(core_relo_rec_size, BF_U),
};

/* At exit: log_true_size is written by the kernel. */
static const struct bpf_field prog_load_exit_fields[] = {
	BF_UNTIL(log_true_size),
	BF(log_true_size, BF_U),
	BF_UNTIL(prog_token_fd),
	BF(prog_token_fd, BF_FD),
	BF_UNTIL(fd_array_cnt),
	BF(fd_array_cnt, BF_U),
	BF_UNTIL(signature),
	BFN(signature, print_signature),
	BF(signature_size, BF_U),
	BF(keyring_id, BF_D),
};
#undef BPF_T

#define BPF_T struct map_create_attr
static const struct bpf_field map_create_fields[] = {
	BFX(map_type, BF_XVAL, xlat_bpf_map_types, "BPF_MAP_TYPE_???"),
	BF(key_size, BF_U),
	BF(value_size, BF_U),
	BF(max_entries, BF_U),
	BF_UNTIL(map_flags),
	BFX(map_flags, BF_FLAGS, xlat_bpf_map_flags, "BPF_F_???"),
	BF_UNTIL(inner_map_fd),
	BF(inner_map_fd, BF_FD),
	BF_UNTIL(numa_node),
}, map_create_fields2[] = {
	BF_UNTIL(map_name),
	BF(map_name, BF_NAME),
	BF_UNTIL(map_ifindex),
	BF(map_ifindex, BF_IFINDEX),
	BF_UNTIL(btf_fd),
	BF(btf_fd, BF_FD),
	BF(btf_key_type_id, BF_U),
	BF(btf_value_type_id, BF_U),
	BF_UNTIL(btf_vmlinux_value_type_id),
	BF(btf_vmlinux_value_type_id, BF_U),
	BF_UNTIL(map_extra),
	BF(map_extra, BF_U),
	BF_UNTIL(value_type_btf_obj_fd),
	BF(value_type_btf_obj_fd, BF_FD),
	BF_UNTIL(map_token_fd),
	BF(map_token_fd, BF_FD),
	BF_UNTIL(excl_prog_hash),
	BF(excl_prog_hash, BF_ADDR),
	BF(excl_prog_hash_size, BF_U),
};
#undef BPF_T

static void print_map_create(struct dctx *c, const struct map_create_attr *a, unsigned int len)
{
	if (!BPF_FIELDS(c, a, len, map_create_fields, true))
		return;
	if (a->map_flags & MAP_F_NUMA_NODE) {
		tprint_struct_next(c);
		tprintf(c, "numa_node=%u", a->numa_node);
		if (a->numa_node == UINT32_MAX)
			tprints(c, " /* NUMA_NO_NODE */");
	}
	BPF_FIELDS(c, a, len, map_create_fields2, false);
}

static int map_create(struct dctx *c, const unsigned char *buf, unsigned int size)
{
	struct map_create_attr a;
	unsigned int len = bpf_attr_copy(&a, sizeof(a), buf, size);

	tprint_struct_begin(c);
	print_map_create(c, &a, len);
	bpf_attr_end(c, buf, size, MAP_CREATE_SIZE);
	return 0;
}

static int prog_load(struct dctx *c, const unsigned char *buf, unsigned int size)
{
	struct prog_load_attr a;
	unsigned int len = bpf_attr_copy(&a, sizeof(a), buf, size);

	if (entering(c)) {
		tprint_struct_begin(c);
		if (!BPF_FIELDS(c, &a, len, prog_load_fields, true)) {
			bpf_attr_end(c, buf, size, PROG_LOAD_SIZE);
			return 0;
		}
		if (BPF_ENDS_BEFORE(len, offsetof(struct prog_load_attr, core_relos))) {
			/* Without core_relos strace prints fd_array alone, and is done. */
			tprint_struct_next(c);
			tprint_field(c, "fd_array");
			printaddr(c, a.fd_array);
			bpf_attr_end(c, buf, size, PROG_LOAD_SIZE);
			return 0;
		}
		BPF_FIELDS(c, &a, len, prog_load_relo_fields, false);
		return 1; /* the rest at exit, as strace: log_true_size is the kernel's */
	}
	BPF_FIELDS(c, &a, len, prog_load_exit_fields, false);
	bpf_attr_end(c, buf, size, PROG_LOAD_SIZE);
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

/* The unsigned SIZE-byte field at OFF of A. */
static uint64_t field_val(const void *a, unsigned int off, unsigned int size)
{
	const unsigned char *p = (const unsigned char *)a + off;
	uint64_t v64 = 0;
	uint32_t v32 = 0;
	uint16_t v16 = 0;

	switch (size) {
	case 8:
		memcpy(&v64, p, 8);
		return v64;
	case 4:
		memcpy(&v32, p, 4);
		return v32;
	case 2:
		memcpy(&v16, p, 2);
		return v16;
	default:
		return *p;
	}
}

bool bpf_attr_fields(struct dctx *c, const void *a, unsigned int len, const struct bpf_field *f,
		     unsigned int n, bool first)
{
	for (unsigned int i = 0; i < n; i++, f++) {
		if (f->kind == BF_STOP) {
			if (BPF_ENDS_BEFORE(len, f->off))
				return false;
			continue;
		}
		uint64_t v = field_val(a, f->off, f->size); /* (unused by BF_NAME, BF_FN) */

		if (i || !first)
			tprint_struct_next(c);
		tprint_field(c, f->name);
		switch (f->kind) {
		case BF_U:
			tprintf(c, "%llu", (unsigned long long)v);
			break;
		case BF_D:
			tprintf(c, "%d", (int)v);
			break;
		case BF_X:
			ioctl_print_x(c, v);
			break;
		case BF_DIRFD:
			print_dirfd(c, (int)v);
			break;
		case BF_FD:
			printfd(c, (int)v);
			break;
		case BF_ADDR:
			printaddr(c, v);
			break;
		case BF_STR:
			printstr(c, v);
			break;
		case BF_PATH:
			printpath(c, v);
			break;
		case BF_NAME:
			ioctl_print_cstring(c, (const char *)a + f->off,
					    len - f->off < f->size ? len - f->off : f->size);
			break;
		case BF_IFINDEX:
			print_ifindex(c, (unsigned int)v);
			break;
		case BF_DEV:
			print_dev(c, v);
			break;
		case BF_XVAL:
			printxval(c, f->x, v, f->dflt);
			break;
		case BF_FLAGS:
			printflags(c, f->x, v, f->dflt);
			break;
		default:
			f->fn(c, a, len);
			break;
		}
	}
	return true;
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

/* The commands strace 7.2 decodes, and whether they return a descriptor. */
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
	[9] = { bpfattr_prog_attach, false },	/* PROG_DETACH: the same layout */
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
	[32] = { bpfattr_enable_stats, true },
	[33] = { bpfattr_iter_create, true },
	[34] = { bpfattr_link_detach, false },
	[35] = { bpfattr_prog_bind_map, true },
	[36] = { bpfattr_token_create, true },
	[37] = { bpfattr_prog_stream_read, false },
	[38] = { bpfattr_prog_assoc_struct_ops, false },
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
