/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * bpf(2)'s attribute, by command (bpf-attr*.c).  A command's decoder prints its union bpf_attr
 * member from "{" to "}" out of the SIZE bytes the caller read at BUF, as far as SIZE says
 * there is (strace stops at each field older kernels lacked), then the nonzero bytes past the
 * structure ("..."; with -v extra_data="\x.." and their range).
 */
#pragma once
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct xlat;

struct dctx;

/* 0: done; 1 (at entry only): call again at exit, the attribute read again then. */
typedef int (*bpf_attr_fn)(struct dctx *c, const unsigned char *buf, unsigned int size);

/* Zero DST (DSIZE bytes) and copy into it what of BUF there is; returns the bytes copied. */
unsigned int bpf_attr_copy(void *dst, size_t dsize, const unsigned char *buf, unsigned int size);
/* The nonzero bytes of BUF (SIZE) past the structure's ASIZE bytes, then "}". */
void bpf_attr_end(struct dctx *c, const unsigned char *buf, unsigned int size, unsigned int asize);
/* The same without the "}". */
void bpf_attr_extra(struct dctx *c, const unsigned char *buf, unsigned int size,
		    unsigned int asize);
/* A 32-bit descriptor field: "name=fd". */
void bpf_attr_fd(struct dctx *c, const char *name, uint32_t fd);
/* A 64-bit address field: "name=0x..." or NULL. */
void bpf_attr_addr(struct dctx *c, const char *name, uint64_t addr);

/* The attach types (enum bpf_attach_type) the decoders tell apart. */
enum {
	AT_CGROUP_INET_SOCK_RELEASE = 34, AT_TRACE_FENTRY = 24, AT_TRACE_FEXIT = 25,
	AT_MODIFY_RETURN = 26, AT_LSM_MAC = 27, AT_TRACE_ITER = 28, AT_XDP = 37,
	AT_PERF_EVENT = 41, AT_TRACE_KPROBE_MULTI = 42, AT_NETFILTER = 45,
	AT_TCX_INGRESS = 46, AT_TCX_EGRESS = 47, AT_TRACE_UPROBE_MULTI = 48,
	AT_NETKIT_PRIMARY = 54, AT_NETKIT_PEER = 55, AT_TRACE_FSESSION = 58,
	AT_TRACE_FENTRY_MULTI = 59, AT_TRACE_FEXIT_MULTI = 60, AT_TRACE_FSESSION_MULTI = 61,
};
/* Whether the target of ATTACH_TYPE is a network interface rather than a descriptor. */
bool bpf_attach_type_is_ifindex(uint32_t attach_type);
/* "target_ifindex=.." or "target_fd=..", by the attach type. */
void bpf_attr_target(struct dctx *c, uint32_t attach_type, uint32_t target);
/* "relative_id=N" (BPF_F_ID in FLAGS) or "relative_fd=FD". */
void bpf_attr_relative(struct dctx *c, uint32_t flags, uint32_t rel);

/* Whether the attribute (LEN bytes) ends before field offset OFF. */
#define BPF_ENDS_BEFORE(len, off) ((len) <= (off))

/* How a field of a table printed by bpf_attr_fields shows. */
enum bpf_field_kind {
	BF_U, BF_D, BF_X, BF_FD, BF_DIRFD, BF_ADDR, BF_STR, BF_PATH, BF_IFINDEX, BF_DEV,
	BF_NAME,		/* a char array, as far as the attribute holds it */
	BF_XVAL, BF_FLAGS,	/* named by the row's xlat */
	BF_FN,			/* printed by the row's fn */
	BF_STOP,		/* no field: the walk ends when the attribute ends before OFF */
};
struct bpf_field {
	const char *name;
	unsigned short off;
	unsigned char size, kind;
	const struct xlat *x;
	const char *dflt;
	/* The value of a BF_FN field in struct A (LEN bytes of it there). */
	void (*fn)(struct dctx *c, const void *a, unsigned int len);
};
/* Rows of a table of fields of the struct type BPF_T (defined by the table's user). */
#define BF(f, k) \
	{ .name = #f, .off = offsetof(BPF_T, f), .size = sizeof(((BPF_T *)0)->f), .kind = (k) }
#define BFX(f, k, xl, d) \
	{ .name = #f, .off = offsetof(BPF_T, f), .size = sizeof(((BPF_T *)0)->f), .kind = (k), \
	  .x = (xl), .dflt = (d) }
#define BFN(f, fun) { .name = #f, .off = offsetof(BPF_T, f), .kind = BF_FN, .fn = (fun) }
#define BF_UNTIL(f) { .off = offsetof(BPF_T, f), .kind = BF_STOP }
/*
 * The N fields F of struct A (LEN bytes of it there), each after ", " but the first when
 * FIRST.  False when a BF_STOP row ended the walk.
 */
bool bpf_attr_fields(struct dctx *c, const void *a, unsigned int len, const struct bpf_field *f,
		     unsigned int n, bool first);
#define BPF_FIELDS(c, a, len, tbl, first) \
	bpf_attr_fields((c), (a), (len), (tbl), sizeof(tbl) / sizeof((tbl)[0]), (first))

/* bpf-attr-misc.c: the commands of one small structure (ENABLE_STATS to
 * PROG_ASSOC_STRUCT_OPS). */
int bpfattr_enable_stats(struct dctx *c, const unsigned char *buf, unsigned int size);
int bpfattr_iter_create(struct dctx *c, const unsigned char *buf, unsigned int size);
int bpfattr_link_detach(struct dctx *c, const unsigned char *buf, unsigned int size);
int bpfattr_prog_bind_map(struct dctx *c, const unsigned char *buf, unsigned int size);
int bpfattr_token_create(struct dctx *c, const unsigned char *buf, unsigned int size);
int bpfattr_prog_stream_read(struct dctx *c, const unsigned char *buf, unsigned int size);
int bpfattr_prog_assoc_struct_ops(struct dctx *c, const unsigned char *buf, unsigned int size);

/* bpf-attr-map.c: map element and batch commands. */
int bpfattr_map_lookup_elem(struct dctx *c, const unsigned char *buf, unsigned int size);
int bpfattr_map_update_elem(struct dctx *c, const unsigned char *buf, unsigned int size);
int bpfattr_map_delete_elem(struct dctx *c, const unsigned char *buf, unsigned int size);
int bpfattr_map_get_next_key(struct dctx *c, const unsigned char *buf, unsigned int size);
int bpfattr_map_freeze(struct dctx *c, const unsigned char *buf, unsigned int size);
int bpfattr_map_lookup_batch(struct dctx *c, const unsigned char *buf, unsigned int size);
int bpfattr_map_update_batch(struct dctx *c, const unsigned char *buf, unsigned int size);
int bpfattr_map_delete_batch(struct dctx *c, const unsigned char *buf, unsigned int size);

/* bpf-attr-obj.c: pinning, ids, attaching, queries, BTF, links. */
int bpfattr_obj_pin(struct dctx *c, const unsigned char *buf, unsigned int size);
int bpfattr_prog_attach(struct dctx *c, const unsigned char *buf, unsigned int size);
int bpfattr_prog_test_run(struct dctx *c, const unsigned char *buf, unsigned int size);
int bpfattr_get_next_id(struct dctx *c, const unsigned char *buf, unsigned int size);
int bpfattr_prog_get_fd_by_id(struct dctx *c, const unsigned char *buf, unsigned int size);
int bpfattr_map_get_fd_by_id(struct dctx *c, const unsigned char *buf, unsigned int size);
int bpfattr_prog_query(struct dctx *c, const unsigned char *buf, unsigned int size);
int bpfattr_raw_tracepoint_open(struct dctx *c, const unsigned char *buf, unsigned int size);
int bpfattr_btf_load(struct dctx *c, const unsigned char *buf, unsigned int size);
int bpfattr_btf_get_fd_by_id(struct dctx *c, const unsigned char *buf, unsigned int size);
int bpfattr_task_fd_query(struct dctx *c, const unsigned char *buf, unsigned int size);
int bpfattr_link_update(struct dctx *c, const unsigned char *buf, unsigned int size);
int bpfattr_link_get_fd_by_id(struct dctx *c, const unsigned char *buf, unsigned int size);

/* bpf-attr-link.c: BPF_LINK_CREATE. */
int bpfattr_link_create(struct dctx *c, const unsigned char *buf, unsigned int size);

/* bpf-prog-info.c: a program's struct bpf_prog_info (SIZE bytes at BUF); what the caller gave
 * at entry, saved by bpf_prog_info_save (malloc'd, NULL when out of memory). */
void *bpf_prog_info_save(const unsigned char *buf, unsigned int size);
void bpf_prog_info_print(struct dctx *c, const void *saved, const unsigned char *buf,
			 unsigned int size);

/* bpf-attr-info.c: BPF_OBJ_GET_INFO_BY_FD. */
int bpfattr_obj_get_info_by_fd(struct dctx *c, const unsigned char *buf, unsigned int size);
