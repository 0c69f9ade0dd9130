// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * bpf(2)'s BPF_LINK_CREATE: the program, the target (a descriptor, or an interface for XDP,
 * TCX and netkit), the attach type and flags, then the part of the union the attach type says
 * is there (strace 7.2's guess, by attach type only): for cgroup types the target's BTF id
 * (only when nonzero) or with BPF_F_BEFORE/AFTER the relative program, an iterator's map
 * descriptors, a perf event's cookie, tracing's BTF id and cookie, tracing_multi's ids and
 * cookies, netfilter's hook, tcx's and netkit's relative program, kprobe_multi's and
 * uprobe_multi's arrays.  Bytes past what was shown count as extra data.
 */
#include <stddef.h>
#include <stdint.h>

#include "strace-lite/decode/array.h"
#include "strace-lite/decode/ebpf/bpf-attr.h"
#include "strace-lite/decode/decode.h"
#include "strace-lite/decode/ioctl/ioctl-int.h"
#include "gen/xlat.h"

#define F_BEFORE 0x8u
#define F_AFTER 0x10u

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
		struct {
			uint32_t target_btf_id;
			uint32_t pad;
			uint64_t cookie;
		} tracing;
		struct {
			uint64_t ids, cookies;
			uint32_t cnt;
		} tracing_multi;
		struct {
			uint32_t pf, hooknum;
			int32_t priority;
			uint32_t flags;
		} netfilter;
		struct {
			uint32_t relative_fd;
			uint32_t pad;
			uint64_t expected_revision;
		} rel; /* tcx, netkit, cgroup */
		struct {
			uint64_t path, offsets, ref_ctr_offsets, cookies;
			uint32_t cnt, flags, pid, path_fd;
		} uprobe_multi;
	};
};

#define U_OFF offsetof(struct link_create_attr, target_btf_id)
#define U_END(m) (offsetof(struct link_create_attr, m) + sizeof(((struct link_create_attr *)0)->m))

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

/* ", NAME=[...]": COUNT u64 at ADDR, as FN prints each. */
static void print_u64s(struct dctx *c, const char *name, uint64_t addr, uint32_t count,
		       print_elem_fn fn, bool first)
{
	uint64_t v;

	if (!first)
		tprint_struct_next(c);
	tprint_field(c, name);
	print_array(c, addr, count, &v, sizeof(v), 0, fn, NULL);
}

/* kprobe_multi={...}: three arrays of cnt elements. */
static void print_kprobe_multi(struct dctx *c, const struct link_create_attr *a)
{
	tprints(c, "kprobe_multi={");
	FLD_FLAGS(c, a->kprobe_multi, flags, xlat_bpf_link_create_kprobe_multi_flags,
		  "BPF_F_KPROBE_MULTI_???");
	tprint_struct_next(c);
	FLD_U(c, a->kprobe_multi, cnt);
	print_u64s(c, "syms", a->kprobe_multi.syms, a->kprobe_multi.cnt, print_sym, false);
	print_u64s(c, "addrs", a->kprobe_multi.addrs, a->kprobe_multi.cnt, print_x64, false);
	print_u64s(c, "cookies", a->kprobe_multi.cookies, a->kprobe_multi.cnt, print_x64, false);
	tprint_struct_end(c);
}

static void print_uprobe_multi(struct dctx *c, const struct link_create_attr *a,
			       unsigned int len)
{
	tprints(c, "uprobe_multi={");
	tprint_field(c, "path");
	printpath(c, a->uprobe_multi.path);
	print_u64s(c, "offsets", a->uprobe_multi.offsets, a->uprobe_multi.cnt, print_x64, false);
	print_u64s(c, "ref_ctr_offsets", a->uprobe_multi.ref_ctr_offsets, a->uprobe_multi.cnt,
		   print_x64, false);
	print_u64s(c, "cookies", a->uprobe_multi.cookies, a->uprobe_multi.cnt, print_x64, false);
	tprint_struct_next(c);
	FLD_U(c, a->uprobe_multi, cnt);
	tprint_struct_next(c);
	FLD_FLAGS(c, a->uprobe_multi, flags, xlat_bpf_link_create_uprobe_multi_flags,
		  "BPF_F_UPROBE_MULTI_???");
	tprint_struct_next(c);
	tprint_field(c, "pid");
	printpid(c, (int)a->uprobe_multi.pid, PT_TGID);
	if (!BPF_ENDS_BEFORE(len, offsetof(struct link_create_attr, uprobe_multi.path_fd))) {
		tprint_struct_next(c);
		bpf_attr_fd(c, "path_fd", a->uprobe_multi.path_fd);
	}
	tprint_struct_end(c);
}

/* "NAME={relative_fd|relative_id=.., expected_revision=..}" of tcx, netkit, cgroup. */
static void print_rel(struct dctx *c, const char *name, const struct link_create_attr *a)
{
	tprint_field(c, name);
	tprint_struct_begin(c);
	bpf_attr_relative(c, a->flags, a->rel.relative_fd);
	tprint_struct_next(c);
	FLD_X(c, a->rel, expected_revision);
	tprint_struct_end(c);
}

static void print_tracing_multi(struct dctx *c, const struct link_create_attr *a)
{
	uint32_t id;

	tprints(c, "tracing_multi={");
	tprint_field(c, "ids");
	print_array(c, a->tracing_multi.ids, a->tracing_multi.cnt, &id, sizeof(id), 0,
		    print_elem_u32, NULL);
	print_u64s(c, "cookies", a->tracing_multi.cookies, a->tracing_multi.cnt, print_x64,
		   false);
	tprint_struct_next(c);
	FLD_U(c, a->tracing_multi, cnt);
	tprint_struct_end(c);
}

/* Whether a cgroup attach type (to_cgroup_bpf_attach_type's list). */
static bool is_cgroup_type(uint32_t t)
{
	return t <= 3 || t == 6 || (t >= 8 && t <= 15) || (t >= 18 && t <= 22) ||
	       (t >= 29 && t <= 32) || t == AT_CGROUP_INET_SOCK_RELEASE || (t >= 49 && t <= 53);
}

/* The union's member the attach type names; the bytes the attribute is then known to hold. */
static unsigned int print_link_union(struct dctx *c, const struct link_create_attr *a,
				     unsigned int len)
{
	uint32_t elem;

	if (is_cgroup_type(a->attach_type)) {
		if (a->flags & (F_BEFORE | F_AFTER)) {
			tprint_struct_next(c);
			print_rel(c, "cgroup", a);
			return U_END(rel.expected_revision);
		}
		if (a->target_btf_id) {
			tprint_struct_next(c);
			FLD_U(c, *a, target_btf_id);
		}
		return U_END(target_btf_id);
	}
	switch (a->attach_type) {
	case AT_TRACE_ITER:
		tprint_struct_next(c);
		tprint_field(c, "iter_info");
		print_array(c, a->iter_info, a->iter_info_len, &elem, sizeof(elem), 0,
			    print_iter_info, NULL);
		tprint_struct_next(c);
		FLD_U(c, *a, iter_info_len);
		return U_END(iter_info_len);
	case AT_PERF_EVENT:
		tprint_struct_next(c);
		tprints(c, "perf_event={");
		FLD_X(c, a->perf_event, bpf_cookie);
		tprint_struct_end(c);
		return U_END(perf_event.bpf_cookie);
	case AT_TRACE_FENTRY:
	case AT_TRACE_FEXIT:
	case AT_TRACE_FSESSION:
	case AT_MODIFY_RETURN:
	case AT_LSM_MAC:
		tprint_struct_next(c);
		tprints(c, "tracing={");
		FLD_U(c, a->tracing, target_btf_id);
		tprint_struct_next(c);
		FLD_X(c, a->tracing, cookie);
		tprint_struct_end(c);
		return U_END(tracing.cookie);
	case AT_TRACE_FENTRY_MULTI:
	case AT_TRACE_FEXIT_MULTI:
	case AT_TRACE_FSESSION_MULTI:
		tprint_struct_next(c);
		print_tracing_multi(c, a);
		return U_END(tracing_multi.cnt);
	case AT_NETFILTER:
		tprint_struct_next(c);
		tprints(c, "netfilter={");
		FLD_U(c, a->netfilter, pf);
		tprint_struct_next(c);
		FLD_U(c, a->netfilter, hooknum);
		tprint_struct_next(c);
		tprint_field(c, "priority");
		tprintf(c, "%d", a->netfilter.priority);
		tprint_struct_next(c);
		FLD_FLAGS(c, a->netfilter, flags, xlat_bpf_link_create_netfilter_flags,
			  "BPF_F_NETFILTER_???");
		tprint_struct_end(c);
		return U_END(netfilter.flags);
	case AT_TCX_INGRESS:
	case AT_TCX_EGRESS:
		tprint_struct_next(c);
		print_rel(c, "tcx", a);
		return U_END(rel.expected_revision);
	case AT_NETKIT_PRIMARY:
	case AT_NETKIT_PEER:
		tprint_struct_next(c);
		print_rel(c, "netkit", a);
		return U_END(rel.expected_revision);
	case AT_TRACE_KPROBE_MULTI:
		tprint_struct_next(c);
		print_kprobe_multi(c, a);
		return U_END(kprobe_multi.cookies);
	case AT_TRACE_UPROBE_MULTI:
		tprint_struct_next(c);
		print_uprobe_multi(c, a, len);
		return U_END(uprobe_multi.path_fd);
	default:
		return U_OFF;
	}
}

int bpfattr_link_create(struct dctx *c, const unsigned char *buf, unsigned int size)
{
	struct link_create_attr a;
	unsigned int len = bpf_attr_copy(&a, sizeof(a), buf, size);
	unsigned int asize = U_END(uprobe_multi.path_fd);

	tprints(c, "{link_create={");
	bpf_attr_fd(c, "prog_fd", a.prog_fd);
	tprint_struct_next(c);
	bpf_attr_target(c, a.attach_type, a.target_fd);
	tprint_struct_next(c);
	FLD_XVAL(c, a, attach_type, xlat_bpf_attach_type, "BPF_???");
	tprint_struct_next(c);
	FLD_FLAGS(c, a, flags, xlat_bpf_attach_flags, "BPF_F_???");
	if (!BPF_ENDS_BEFORE(len, U_OFF))
		asize = print_link_union(c, &a, len);
	tprint_struct_end(c);
	bpf_attr_end(c, buf, size, asize);
	return 0;
}
