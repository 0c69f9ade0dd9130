// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * bpf(2)'s map element commands (LOOKUP_ELEM, LOOKUP_AND_DELETE_ELEM, UPDATE_ELEM, DELETE_ELEM,
 * GET_NEXT_KEY, FREEZE) and batch commands (LOOKUP_BATCH, LOOKUP_AND_DELETE_BATCH,
 * UPDATE_BATCH, DELETE_BATCH): the descriptor, the key and value addresses, the flags.  A batch
 * call that changed its count shows " => {batch={count=N}}" at exit.
 */
#include <stddef.h>
#include <stdint.h>

#include "strace-lite/decode/ebpf/bpf-attr.h"
#include "strace-lite/decode/decode.h"
#include "strace-lite/decode/ioctl/ioctl-int.h"
#include "gen/xlat.h"

struct elem_attr {
	uint32_t map_fd, pad;
	uint64_t key, value, flags;
};

struct batch_attr {
	uint64_t in_batch, out_batch, keys, values;
	uint32_t count, map_fd;
	uint64_t elem_flags, flags;
};

/* "NAME=" and an element command's flags: named bits, or BPF_ANY when none (strace's
 * print_bpf_map_xxx_flags). */
static void elem_flags(struct dctx *c, const char *name, uint64_t v, const struct xlat *x)
{
	tprint_field(c, name);
	if (v)
		printflags(c, x, v, "BPF_???");
	else
		printxval(c, x, v, "BPF_???");
}

/* "{map_fd=.., key=.." of an element command; its length in *LEN. */
static void elem_head(struct dctx *c, struct elem_attr *a, const unsigned char *buf,
		      unsigned int size, unsigned int *len)
{
	*len = bpf_attr_copy(a, sizeof(*a), buf, size);
	tprint_struct_begin(c);
	bpf_attr_fd(c, "map_fd", a->map_fd);
	tprint_struct_next(c);
	bpf_attr_addr(c, "key", a->key);
}

int bpfattr_map_lookup_elem(struct dctx *c, const unsigned char *buf, unsigned int size)
{
	struct elem_attr a;
	unsigned int len;

	elem_head(c, &a, buf, size, &len);
	tprint_struct_next(c);
	bpf_attr_addr(c, "value", a.value);
	if (!BPF_ENDS_BEFORE(len, offsetof(struct elem_attr, flags))) {
		tprint_struct_next(c);
		elem_flags(c, "flags", a.flags, xlat_bpf_map_lookup_elem_flags);
	}
	bpf_attr_end(c, buf, size, sizeof(a));
	return 0;
}

int bpfattr_map_update_elem(struct dctx *c, const unsigned char *buf, unsigned int size)
{
	struct elem_attr a;
	unsigned int len;

	elem_head(c, &a, buf, size, &len);
	tprint_struct_next(c);
	bpf_attr_addr(c, "value", a.value);
	tprint_struct_next(c);
	elem_flags(c, "flags", a.flags, xlat_bpf_map_update_elem_flags);
	bpf_attr_end(c, buf, size, sizeof(a));
	return 0;
}

int bpfattr_map_delete_elem(struct dctx *c, const unsigned char *buf, unsigned int size)
{
	struct elem_attr a;
	unsigned int len;

	elem_head(c, &a, buf, size, &len);
	bpf_attr_end(c, buf, size, offsetof(struct elem_attr, value));
	return 0;
}

int bpfattr_map_get_next_key(struct dctx *c, const unsigned char *buf, unsigned int size)
{
	struct elem_attr a;
	unsigned int len;

	elem_head(c, &a, buf, size, &len);
	tprint_struct_next(c);
	bpf_attr_addr(c, "next_key", a.value);
	bpf_attr_end(c, buf, size, offsetof(struct elem_attr, flags));
	return 0;
}

int bpfattr_map_freeze(struct dctx *c, const unsigned char *buf, unsigned int size)
{
	uint32_t fd;

	bpf_attr_copy(&fd, sizeof(fd), buf, size);
	tprint_struct_begin(c);
	bpf_attr_fd(c, "map_fd", fd);
	bpf_attr_end(c, buf, size, sizeof(fd));
	return 0;
}

/* The batch commands' fields from FIRST (0: in_batch, 2: keys), and which they lack. */
enum { B_IN = 0, B_KEYS = 2 };

static int batch(struct dctx *c, const unsigned char *buf, unsigned int size, int first,
		 bool values, bool update)
{
	struct batch_attr a;

	bpf_attr_copy(&a, sizeof(a), buf, size);
	if (!entering(c)) {
		if (c->priv[0] != a.count) {
			tprints(c, " => {batch={");
			FLD_U(c, a, count);
			tprints(c, "}}");
		}
		return 0;
	}
	c->priv[0] = a.count;
	tprints(c, "{batch={");
	if (first == B_IN) {
		bpf_attr_addr(c, "in_batch", a.in_batch);
		tprint_struct_next(c);
		bpf_attr_addr(c, "out_batch", a.out_batch);
		tprint_struct_next(c);
	}
	bpf_attr_addr(c, "keys", a.keys);
	if (values) {
		tprint_struct_next(c);
		bpf_attr_addr(c, "values", a.values);
	}
	tprint_struct_next(c);
	FLD_U(c, a, count);
	tprint_struct_next(c);
	bpf_attr_fd(c, "map_fd", a.map_fd);
	tprint_struct_next(c);
	elem_flags(c, "elem_flags", a.elem_flags,
		   update ? xlat_bpf_map_update_elem_flags : xlat_bpf_map_lookup_elem_flags);
	tprint_struct_next(c);
	FLD_X(c, a, flags);
	tprint_struct_end(c);
	bpf_attr_end(c, buf, size, sizeof(a));
	return 1;
}

int bpfattr_map_lookup_batch(struct dctx *c, const unsigned char *buf, unsigned int size)
{
	return batch(c, buf, size, B_IN, true, false);
}

int bpfattr_map_update_batch(struct dctx *c, const unsigned char *buf, unsigned int size)
{
	return batch(c, buf, size, B_KEYS, true, true);
}

int bpfattr_map_delete_batch(struct dctx *c, const unsigned char *buf, unsigned int size)
{
	return batch(c, buf, size, B_KEYS, false, false);
}
