// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * bpf(2): the command, and for BPF_MAP_CREATE, BPF_PROG_LOAD and BPF_OBJ_GET_INFO_BY_FD its
 * union bpf_attr member, as far as the size argument says there is (strace stops at each field
 * older kernels lacked).  Other commands print their attribute's address.  The object
 * information OBJ_GET_INFO_BY_FD writes prints with -v for maps, else its address.  Nonzero bytes past the structure show as "..." (with -v,
 * extra_data="\x..." and the byte range).
 */
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "strace-lite/decode.h"
#include "strace-lite/ioctl-int.h"
#include "strace-lite/sockaddr.h"
#include "strace-lite/util-print.h"
#include "common/print.h"
#include "gen/xlat.h"

#define BPF_CMD_MAP_CREATE 0
#define BPF_CMD_PROG_LOAD 5
#define BPF_CMD_OBJ_GET_INFO_BY_FD 15
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

struct obj_info_attr {
	uint32_t bpf_fd, info_len;
	uint64_t info;
};

struct map_info {
	uint32_t type, id, key_size, value_size, max_entries, map_flags;
	char name[16];
	uint32_t ifindex, btf_vmlinux_value_type_id;
	uint64_t netns_dev, netns_ino;
	uint32_t btf_id, btf_key_type_id, btf_value_type_id, pad;
	uint64_t map_extra;
};

/* Whether the attribute (LEN bytes) ends before field offset OFF. */
#define ENDS_BEFORE(len, off) ((len) <= (off))

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
	printaddr(c, a->insns);
	tprint_struct_next(c);
	tprint_field(c, "license");
	printstr(c, a->license);
	if (ENDS_BEFORE(len, offsetof(struct prog_load_attr, log_level)))
		return;
	tprint_struct_next(c);
	FLD_U(c, *a, log_level);
	tprint_struct_next(c);
	FLD_U(c, *a, log_size);
	tprint_struct_next(c);
	tprint_field(c, "log_buf");
	printstr_ex(c, a->log_buf, a->log_size, QUOTE_0_TERMINATED);
	if (ENDS_BEFORE(len, offsetof(struct prog_load_attr, kern_version)))
		return;
	tprint_struct_next(c);
	tprint_field(c, "kern_version");
	print_kernel_version(c, a->kern_version);
	if (ENDS_BEFORE(len, offsetof(struct prog_load_attr, prog_flags)))
		return;
	tprint_struct_next(c);
	FLD_FLAGS(c, *a, prog_flags, xlat_bpf_prog_flags, "BPF_F_???");
	if (ENDS_BEFORE(len, offsetof(struct prog_load_attr, prog_name)))
		return;
	tprint_struct_next(c);
	tprint_field(c, "prog_name");
	{
		size_t n = len - offsetof(struct prog_load_attr, prog_name);

		ioctl_print_cstring(c, a->prog_name,
				    n < sizeof(a->prog_name) ? n : sizeof(a->prog_name));
	}
	if (ENDS_BEFORE(len, offsetof(struct prog_load_attr, prog_ifindex)))
		return;
	tprint_struct_next(c);
	tprint_field(c, "prog_ifindex");
	print_ifindex(c, a->prog_ifindex);
	if (ENDS_BEFORE(len, offsetof(struct prog_load_attr, expected_attach_type)))
		return;
	tprint_struct_next(c);
	FLD_XVAL(c, *a, expected_attach_type, xlat_bpf_attach_type, "BPF_???");
	if (ENDS_BEFORE(len, offsetof(struct prog_load_attr, prog_btf_fd)))
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
	if (ENDS_BEFORE(len, offsetof(struct prog_load_attr, attach_btf_id)))
		return;
	tprint_struct_next(c);
	FLD_U(c, *a, attach_btf_id);
	if (ENDS_BEFORE(len, offsetof(struct prog_load_attr, attach_prog_fd)))
		return;
	tprint_struct_next(c);
	tprint_field(c, "attach_prog_fd");
	printfd(c, (int)a->attach_prog_fd);
	if (ENDS_BEFORE(len, offsetof(struct prog_load_attr, fd_array)))
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
	if (ENDS_BEFORE(len, offsetof(struct map_create_attr, map_flags)))
		return;
	tprint_struct_next(c);
	FLD_FLAGS(c, *a, map_flags, xlat_bpf_map_flags, "BPF_F_???");
	if (ENDS_BEFORE(len, offsetof(struct map_create_attr, inner_map_fd)))
		return;
	tprint_struct_next(c);
	tprint_field(c, "inner_map_fd");
	printfd(c, (int)a->inner_map_fd);
	if (ENDS_BEFORE(len, offsetof(struct map_create_attr, numa_node)))
		return;
	if (a->map_flags & MAP_F_NUMA_NODE) {
		tprint_struct_next(c);
		tprintf(c, "numa_node=%u", a->numa_node);
		if (a->numa_node == UINT32_MAX)
			tprints(c, " /* NUMA_NO_NODE */");
	}
	if (ENDS_BEFORE(len, offsetof(struct map_create_attr, map_name)))
		return;
	print_name(c, "map_name", a->map_name, len - offsetof(struct map_create_attr, map_name));
	if (ENDS_BEFORE(len, offsetof(struct map_create_attr, map_ifindex)))
		return;
	tprint_struct_next(c);
	tprint_field(c, "map_ifindex");
	print_ifindex(c, a->map_ifindex);
	if (ENDS_BEFORE(len, offsetof(struct map_create_attr, btf_fd)))
		return;
	tprint_struct_next(c);
	tprint_field(c, "btf_fd");
	printfd(c, (int)a->btf_fd);
	tprint_struct_next(c);
	FLD_U(c, *a, btf_key_type_id);
	tprint_struct_next(c);
	FLD_U(c, *a, btf_value_type_id);
	if (ENDS_BEFORE(len, offsetof(struct map_create_attr, btf_vmlinux_value_type_id)))
		return;
	tprint_struct_next(c);
	FLD_U(c, *a, btf_vmlinux_value_type_id);
	if (ENDS_BEFORE(len, offsetof(struct map_create_attr, map_extra)))
		return;
	tprint_struct_next(c);
	FLD_U(c, *a, map_extra);
}

static void print_extra_data(struct dctx *c, const unsigned char *buf, unsigned int size,
			     unsigned int asize);

/* A map's struct bpf_map_info (SIZE bytes at BUF, zeros after). */
static void print_map_info(struct dctx *c, const unsigned char *buf, unsigned int size)
{
	struct map_info m;
	unsigned int len = size < sizeof(m) ? size : (unsigned int)sizeof(m);

	memset(&m, 0, sizeof(m));
	memcpy(&m, buf, len);
	tprint_struct_begin(c);
	FLD_XVAL(c, m, type, xlat_bpf_map_types, "BPF_MAP_TYPE_???");
	tprint_struct_next(c);
	FLD_U(c, m, id);
	tprint_struct_next(c);
	FLD_U(c, m, key_size);
	tprint_struct_next(c);
	FLD_U(c, m, value_size);
	tprint_struct_next(c);
	FLD_U(c, m, max_entries);
	tprint_struct_next(c);
	FLD_FLAGS(c, m, map_flags, xlat_bpf_map_flags, "BPF_F_???");
	if (!ENDS_BEFORE(len, offsetof(struct map_info, name))) {
		print_name(c, "name", m.name, sizeof(m.name));
		if (!ENDS_BEFORE(len, offsetof(struct map_info, ifindex))) {
			tprint_struct_next(c);
			tprint_field(c, "ifindex");
			print_ifindex(c, m.ifindex);
			tprint_struct_next(c);
			FLD_U(c, m, btf_vmlinux_value_type_id);
			tprint_struct_next(c);
			tprint_field(c, "netns_dev");
			print_dev(c, m.netns_dev);
			tprint_struct_next(c);
			FLD_U(c, m, netns_ino);
			if (!ENDS_BEFORE(len, offsetof(struct map_info, btf_id))) {
				tprint_struct_next(c);
				FLD_U(c, m, btf_id);
				tprint_struct_next(c);
				FLD_U(c, m, btf_key_type_id);
				tprint_struct_next(c);
				FLD_U(c, m, btf_value_type_id);
				print_extra_data(c, buf, size, sizeof(m));
			}
		}
	}
	tprint_struct_end(c);
}

/* Whether descriptor FD of the tracee is a BPF map. */
static bool fd_is_map(struct dctx *c, int fd)
{
	char link[64], path[64];
	ssize_t n;

	snprintf(link, sizeof(link), "/proc/%d/fd/%d", (int)c->pid, fd);
	n = tracee_readlink(c, link, path, sizeof(path) - 1);
	if (n <= 0)
		return false;
	path[n] = '\0';
	return !strcmp(path, "anon_inode:bpf-map");
}

/*
 * OBJ_GET_INFO_BY_FD: at entry "{info={bpf_fd=.., info_len=N" (priv[0]: 1 + N, priv[1]: the
 * descriptor is a map and -v asks for its information); at exit " => M" when the kernel
 * changed the length, and the information.
 */
static void print_obj_info(struct dctx *c, const struct obj_info_attr *a)
{
	static unsigned char info[ATTR_MAX];

	if (entering(c)) {
		c->priv[0] = 1 + (uint64_t)a->info_len;
		c->priv[1] = dopts.verbose && fd_is_map(c, (int)a->bpf_fd);
		tprints(c, "{info={");
		tprint_field(c, "bpf_fd");
		printfd(c, (int)a->bpf_fd);
		tprint_struct_next(c);
		FLD_U(c, *a, info_len);
		return;
	}
	if (c->priv[0] && c->priv[0] - 1 != a->info_len)
		tprintf(c, " => %u", a->info_len);
	tprint_struct_next(c);
	tprint_field(c, "info");
	memset(info, 0, sizeof(info));
	if (c->priv[1] && a->info_len > 0 && a->info_len <= ATTR_MAX &&
	    umoven(c, a->info, a->info_len, info) == 0)
		print_map_info(c, info, a->info_len);
	else
		printaddr(c, a->info);
	tprint_struct_end(c);
}

/* Nonzero bytes of BUF (SIZE) past the structure's ASIZE bytes. */
static void print_extra_data(struct dctx *c, const unsigned char *buf, unsigned int size,
			     unsigned int asize)
{
	if (size <= asize)
		return;
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

SYS_FUNC(bpf)
{
	static unsigned char buf[ATTR_MAX];
	unsigned int cmd = (unsigned int)c->arg[0], size = (unsigned int)c->arg[2];
	uint64_t addr = c->arg[1];
	bool known = cmd == BPF_CMD_MAP_CREATE || cmd == BPF_CMD_PROG_LOAD ||
		     cmd == BPF_CMD_OBJ_GET_INFO_BY_FD;

	if (entering(c)) {
		printxval(c, xlat_bpf_commands, cmd, "BPF_???");
		tprint_arg_next(c);
	}
	if (entering(c))
		c->priv[2] = 0;
	else if (c->priv[2])
		goto done; /* the address printed at entry */
	if (known && size > 0 && size <= ATTR_MAX) {
		if (umoven_or_printaddr_ignore_syserror(c, addr, size, buf)) {
			c->priv[2] = 1;
			goto done;
		}
		if (cmd == BPF_CMD_OBJ_GET_INFO_BY_FD) {
			struct obj_info_attr a;

			memset(&a, 0, sizeof(a));
			memcpy(&a, buf, size < sizeof(a) ? size : sizeof(a));
			print_obj_info(c, &a);
			if (entering(c))
				return 0;
			print_extra_data(c, buf, size, sizeof(a));
			tprint_struct_end(c);
			goto done;
		}
		if (cmd == BPF_CMD_MAP_CREATE) {
			struct map_create_attr a;
			unsigned int len = size < sizeof(a) ? size : (unsigned int)sizeof(a);

			memset(&a, 0, sizeof(a));
			memcpy(&a, buf, len);
			tprint_struct_begin(c);
			print_map_create(c, &a, len);
			print_extra_data(c, buf, size, sizeof(a));
		} else {
			struct prog_load_attr a;
			unsigned int len = size < sizeof(a) ? size : (unsigned int)sizeof(a);

			memset(&a, 0, sizeof(a));
			memcpy(&a, buf, len);
			tprint_struct_begin(c);
			print_prog_load(c, &a, len);
			print_extra_data(c, buf, size, sizeof(a));
		}
		tprint_struct_end(c);
	} else {
		printaddr(c, addr);
	}
done:
	tprintf(c, ", %u", size);
	return RVAL_DECODED |
	       (cmd == BPF_CMD_PROG_LOAD || cmd == BPF_CMD_MAP_CREATE ? RVAL_KIND(RK_FD) : 0);
}
