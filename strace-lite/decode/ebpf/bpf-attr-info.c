// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * bpf(2)'s BPF_OBJ_GET_INFO_BY_FD: "{info={bpf_fd=.., info_len=N" at entry; at exit " => M"
 * when the kernel changed the length, and the information it wrote: with -v for a map its
 * struct bpf_map_info, for a program its struct bpf_prog_info (bpf-prog-info.c), else the
 * address.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "strace-lite/decode/ebpf/bpf-attr.h"
#include "strace-lite/decode/decode.h"
#include "strace-lite/decode/ioctl/ioctl-int.h"
#include "strace-lite/decode/net/sockaddr.h"
#include "strace-lite/decode/util-print.h"
#include "gen/xlat.h"

#define INFO_MAX 4096

struct obj_info_attr {
	uint32_t bpf_fd, info_len;
	uint64_t info;
};

struct map_info {
	uint32_t type, id, key_size, value_size, max_entries, map_flags;
	char name[16];
	uint32_t ifindex, btf_vmlinux_value_type_id;
	uint64_t netns_dev, netns_ino;
	uint32_t btf_id, btf_key_type_id, btf_value_type_id, btf_vmlinux_id;
	uint64_t map_extra, hash;
	uint32_t hash_size;
};
#define MAP_INFO_SIZE (offsetof(struct map_info, hash_size) + 4)
_Static_assert(MAP_INFO_SIZE == 100, "struct bpf_map_info layout");

static void print_map_name(struct dctx *c, const void *a, unsigned int len)
{
	(void)len;
	ioctl_print_cstring(c, ((const struct map_info *)a)->name, 16);
}

#define BPF_T struct map_info
static const struct bpf_field map_info_fields[] = {
	BFX(type, BF_XVAL, xlat_bpf_map_types, "BPF_MAP_TYPE_???"),
	BF(id, BF_U),
	BF(key_size, BF_U),
	BF(value_size, BF_U),
	BF(max_entries, BF_U),
	BFX(map_flags, BF_FLAGS, xlat_bpf_map_flags, "BPF_F_???"),
	BF_UNTIL(name),
	BFN(name, print_map_name),
	BF_UNTIL(ifindex),
	BF(ifindex, BF_IFINDEX),
	BF(btf_vmlinux_value_type_id, BF_U),
	BF(netns_dev, BF_DEV),
	BF(netns_ino, BF_U),
	BF_UNTIL(btf_id),
	BF(btf_id, BF_U),
	BF(btf_key_type_id, BF_U),
	BF(btf_value_type_id, BF_U),
	BF_UNTIL(map_extra),
	BF(btf_vmlinux_id, BF_U),
	BF(map_extra, BF_X),
	BF_UNTIL(hash),
	BF(hash, BF_X),
	BF(hash_size, BF_U),
};
#undef BPF_T

/* A map's struct bpf_map_info (SIZE bytes at BUF, zeros after). */
static void print_map_info(struct dctx *c, const unsigned char *buf, unsigned int size)
{
	struct map_info m;
	unsigned int len = bpf_attr_copy(&m, sizeof(m), buf, size);

	tprint_struct_begin(c);
	if (BPF_FIELDS(c, &m, len, map_info_fields, true))
		bpf_attr_extra(c, buf, size, MAP_INFO_SIZE);
	tprint_struct_end(c);
}

enum { OBJ_OTHER, OBJ_MAP, OBJ_PROG };

/* What descriptor FD of the tracee is: a BPF map, a BPF program, something else. */
static int fd_kind(struct dctx *c, int fd)
{
	char link[64], path[64];
	ssize_t n;

	snprintf(link, sizeof(link), "/proc/%d/fd/%d", (int)c->pid, fd);
	n = tracee_readlink(c, link, path, sizeof(path) - 1);
	if (n <= 0)
		return OBJ_OTHER;
	path[n] = '\0';
	return !strcmp(path, "anon_inode:bpf-map")	? OBJ_MAP
	       : !strcmp(path, "anon_inode:bpf-prog") ? OBJ_PROG
						       : OBJ_OTHER;
}

/*
 * OBJ_GET_INFO_BY_FD: at entry "{info={bpf_fd=.., info_len=N" (priv[0]: 1 + N, priv[1]: what
 * the descriptor is when -v asks for its information, priv[2]: a program's information as the
 * caller gave it); at exit " => M" when the kernel changed the length, and the information
 * (read even when the call failed, as strace does).
 */
int bpfattr_obj_get_info_by_fd(struct dctx *c, const unsigned char *buf, unsigned int size)
{
	static unsigned char info[INFO_MAX];
	struct obj_info_attr a;
	void *saved;

	bpf_attr_copy(&a, sizeof(a), buf, size);
	memset(info, 0, sizeof(info));
	if (entering(c)) {
		c->priv[0] = 1 + (uint64_t)a.info_len;
		c->priv[1] = dopts.verbose ? fd_kind(c, (int)a.bpf_fd) : OBJ_OTHER;
		c->priv[2] = 0;
		if (c->priv[1] == OBJ_PROG && a.info_len > 0 && a.info_len <= INFO_MAX &&
		    umoven(c, a.info, a.info_len, info) == 0)
			c->priv[2] = (uintptr_t)bpf_prog_info_save(info, a.info_len);
		tprints(c, "{info={");
		bpf_attr_fd(c, "bpf_fd", a.bpf_fd);
		tprint_struct_next(c);
		FLD_U(c, a, info_len);
		return 1;
	}
	saved = (void *)(uintptr_t)c->priv[2];
	c->priv[2] = 0;
	if (c->priv[0] && c->priv[0] - 1 != a.info_len)
		tprintf(c, " => %u", a.info_len);
	tprint_struct_next(c);
	tprint_field(c, "info");
	if (c->priv[1] != OBJ_OTHER && a.info_len > 0 && a.info_len <= INFO_MAX &&
	    umoven(c, a.info, a.info_len, info) == 0) {
		if (c->priv[1] == OBJ_MAP)
			print_map_info(c, info, a.info_len);
		else
			bpf_prog_info_print(c, saved, info, a.info_len);
	} else {
		printaddr(c, a.info);
	}
	free(saved);
	tprint_struct_end(c);
	bpf_attr_end(c, buf, size, sizeof(a));
	return 0;
}
