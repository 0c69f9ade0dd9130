// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * bpf(2)'s BPF_LINK_CREATE: the program, the target, the attach type and flags, then the part of
 * the union the attach type says is there (strace's guess, by attach type only): the target's
 * BTF id (type 0, only when nonzero), an iterator's map descriptors (TRACE_ITER), a perf
 * event's cookie (PERF_EVENT), or a kprobe_multi's symbols, addresses and cookies
 * (TRACE_KPROBE_MULTI).  Bytes past what was shown count as extra data.
 */
#include <stddef.h>
#include <stdint.h>

#include "strace-lite/decode/array.h"
#include "strace-lite/decode/ebpf/bpf-attr.h"
#include "strace-lite/decode/decode.h"
#include "strace-lite/decode/ioctl/ioctl-int.h"
#include "gen/xlat.h"

enum { AT_TRACE_ITER = 28, AT_PERF_EVENT = 41, AT_TRACE_KPROBE_MULTI = 42 };

struct link_create_attr {
	uint32_t prog_fd, target_fd, attach_type, flags;
	union {
		uint32_t target_btf_id;
		struct {
			uint64_t iter_info;
			uint32_t iter_info_len;
		};
		struct {
			uint64_t bpf_cookie;
		} perf_event;
		struct {
			uint32_t flags, cnt;
			uint64_t syms, addrs, cookies;
		} kprobe_multi;
	};
};

#define U_OFF offsetof(struct link_create_attr, target_btf_id)

static bool print_iter_info(struct dctx *c, void *elem, size_t size, void *data)
{
	(void)size;
	(void)data;
	tprints(c, "{map={");
	bpf_attr_fd(c, "map_fd", *(uint32_t *)elem);
	tprints(c, "}}");
	return true;
}

static bool print_sym(struct dctx *c, void *elem, size_t size, void *data)
{
	(void)size;
	(void)data;
	printstr(c, *(uint64_t *)elem);
	return true;
}

static bool print_x64(struct dctx *c, void *elem, size_t size, void *data)
{
	(void)size;
	(void)data;
	ioctl_print_x(c, *(uint64_t *)elem);
	return true;
}

/* kprobe_multi={...}: three arrays of cnt elements. */
static void print_kprobe_multi(struct dctx *c, const struct link_create_attr *a)
{
	uint64_t v;

	tprints(c, "kprobe_multi={");
	FLD_FLAGS(c, a->kprobe_multi, flags, xlat_bpf_link_create_kprobe_multi_flags, "BPF_F_???");
	tprint_struct_next(c);
	FLD_U(c, a->kprobe_multi, cnt);
	tprint_struct_next(c);
	tprint_field(c, "syms");
	print_array(c, a->kprobe_multi.syms, a->kprobe_multi.cnt, &v, sizeof(v), 0, print_sym,
		    NULL);
	tprint_struct_next(c);
	tprint_field(c, "addrs");
	print_array(c, a->kprobe_multi.addrs, a->kprobe_multi.cnt, &v, sizeof(v), 0, print_x64,
		    NULL);
	tprint_struct_next(c);
	tprint_field(c, "cookies");
	print_array(c, a->kprobe_multi.cookies, a->kprobe_multi.cnt, &v, sizeof(v), 0,
		    print_x64, NULL);
	tprint_struct_end(c);
}

int bpfattr_link_create(struct dctx *c, const unsigned char *buf, unsigned int size)
{
	struct link_create_attr a;
	unsigned int len = bpf_attr_copy(&a, sizeof(a), buf, size);
	unsigned int asize = sizeof(a);
	uint32_t elem;

	tprints(c, "{link_create={");
	bpf_attr_fd(c, "prog_fd", a.prog_fd);
	tprint_struct_next(c);
	bpf_attr_fd(c, "target_fd", a.target_fd);
	tprint_struct_next(c);
	FLD_XVAL(c, a, attach_type, xlat_bpf_attach_type, "BPF_???");
	tprint_struct_next(c);
	FLD_X(c, a, flags);
	if (BPF_ENDS_BEFORE(len, U_OFF))
		goto end;
	switch (a.attach_type) {
	case 0:
		if (a.target_btf_id) {
			tprint_struct_next(c);
			FLD_U(c, a, target_btf_id);
		}
		asize = U_OFF + 4;
		break;
	case AT_TRACE_ITER:
		tprint_struct_next(c);
		tprint_field(c, "iter_info");
		print_array(c, a.iter_info, a.iter_info_len, &elem, sizeof(elem), 0,
			    print_iter_info, NULL);
		tprint_struct_next(c);
		FLD_U(c, a, iter_info_len);
		asize = offsetof(struct link_create_attr, iter_info_len) + 4;
		break;
	case AT_PERF_EVENT:
		tprint_struct_next(c);
		tprints(c, "perf_event={");
		FLD_X(c, a.perf_event, bpf_cookie);
		tprint_struct_end(c);
		asize = U_OFF + 8;
		break;
	case AT_TRACE_KPROBE_MULTI:
		tprint_struct_next(c);
		print_kprobe_multi(c, &a);
		asize = sizeof(a);
		break;
	default:
		asize = U_OFF;
		break;
	}
end:
	tprint_struct_end(c);
	bpf_attr_end(c, buf, size, asize);
	return 0;
}
