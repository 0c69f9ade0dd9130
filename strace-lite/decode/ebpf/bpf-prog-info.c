// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * A program's struct bpf_prog_info, as BPF_OBJ_GET_INFO_BY_FD shows it with -v: the lengths and
 * counts the caller gave at entry (saved then) and what the kernel wrote over them ("0 => 86"),
 * the arrays it filled as far as both allow, the load time with the date it means as a
 * comment, each group of fields only when the information is long enough to hold it.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "strace-lite/decode/array.h"
#include "strace-lite/decode/ebpf/bpf-attr.h"
#include "strace-lite/decode/decode.h"
#include "strace-lite/decode/ebpf/ebpf.h"
#include "strace-lite/decode/ioctl/ioctl-int.h"
#include "strace-lite/decode/net/sockaddr.h"
#include "strace-lite/decode/util-print.h"
#include "common/print.h"
#include "gen/xlat.h"

struct prog_info {
	uint32_t type, id;
	uint8_t tag[8];
	uint32_t jited_prog_len, xlated_prog_len;
	uint64_t jited_prog_insns, xlated_prog_insns, load_time;
	uint32_t created_by_uid, nr_map_ids;
	uint64_t map_ids;
	char name[16];
	uint32_t ifindex, gpl_compatible; /* its bit 0 */
	uint64_t netns_dev, netns_ino;
	uint32_t nr_jited_ksyms, nr_jited_func_lens;
	uint64_t jited_ksyms, jited_func_lens;
	uint32_t btf_id, func_info_rec_size;
	uint64_t func_info;
	uint32_t nr_func_info, nr_line_info;
	uint64_t line_info, jited_line_info;
	uint32_t nr_jited_line_info, line_info_rec_size, jited_line_info_rec_size, nr_prog_tags;
	uint64_t prog_tags, run_time_ns, run_cnt, recursion_misses;
	uint32_t verified_insns, attach_btf_obj_id, attach_btf_id;
};

#define PI_SIZE (offsetof(struct prog_info, attach_btf_id) + 4)
_Static_assert(PI_SIZE == 228, "struct bpf_prog_info layout");
#define ENDS(len, f) BPF_ENDS_BEFORE(len, offsetof(struct prog_info, f))

void *bpf_prog_info_save(const unsigned char *buf, unsigned int size)
{
	struct prog_info *s = malloc(sizeof(*s));

	if (s)
		bpf_attr_copy(s, sizeof(*s), buf, size);
	return s;
}

/* "name=V" or "name=SAVED => V" for a u32 the kernel may have changed. */
static void changed_u32(struct dctx *c, const char *name, uint32_t saved, uint32_t v)
{
	tprint_struct_next(c);
	tprint_field(c, name);
	if (saved != v)
		tprintf(c, "%u => ", saved);
	tprintf(c, "%u", v);
}

static void changed_addr(struct dctx *c, const char *name, uint64_t saved, uint64_t v)
{
	tprint_struct_next(c);
	tprint_field(c, name);
	if (saved != v) {
		printaddr(c, saved);
		tprints(c, " => ");
	}
	printaddr(c, v);
}

/* The date a boot-time in nanoseconds means (to the second: the offset is approximate). */
static void print_boottime(struct dctx *c, uint64_t ns)
{
	static int64_t offset;
	static bool known;
	struct timespec rt, bt;

	if (print_opts_get()->xstyle == XSTYLE_RAW)
		return;
	if (!known) {
		if (clock_gettime(CLOCK_BOOTTIME, &bt) || clock_gettime(CLOCK_REALTIME, &rt))
			return;
		offset = ((int64_t)rt.tv_sec * 1000000000 + rt.tv_nsec) -
			 ((int64_t)bt.tv_sec * 1000000000 + bt.tv_nsec);
		known = true;
	}
	const char *s = sprint_date((int64_t)((ns + (uint64_t)offset) / 1000000000), 0, 0);
	if (s)
		print_comment(c->sb, s);
}

static uint32_t min32(uint32_t a, uint32_t b)
{
	return a < b ? a : b;
}

void bpf_prog_info_print(struct dctx *c, const void *saved_p, const unsigned char *buf,
			 unsigned int size)
{
	static const struct prog_info zero;
	const struct prog_info *sv = saved_p ? saved_p : &zero;
	struct prog_info in;
	unsigned int len = bpf_attr_copy(&in, sizeof(in), buf, size);
	uint32_t id;

	tprint_struct_begin(c);
	FLD_XVAL(c, in, type, xlat_bpf_prog_types, "BPF_PROG_TYPE_???");
	tprint_struct_next(c);
	FLD_U(c, in, id);
	tprint_struct_next(c);
	tprint_field(c, "tag");
	quote_string(c->sb, (const char *)in.tag, sizeof(in.tag), QUOTE_FORCE_HEX);
	changed_u32(c, "jited_prog_len", sv->jited_prog_len, in.jited_prog_len);
	tprint_struct_next(c);
	tprint_field(c, "jited_prog_insns");
	printstr_ex(c, in.jited_prog_insns, in.jited_prog_len, QUOTE_FORCE_HEX);
	changed_u32(c, "xlated_prog_len", sv->xlated_prog_len, in.xlated_prog_len);
	tprint_struct_next(c);
	tprint_field(c, "xlated_prog_insns");
	print_ebpf_prog(c, in.xlated_prog_insns, min32(sv->xlated_prog_len, in.xlated_prog_len) / 8);
	if (ENDS(len, load_time))
		goto end;
	tprint_struct_next(c);
	FLD_U(c, in, load_time);
	print_boottime(c, in.load_time);
	tprint_struct_next(c);
	tprint_field(c, "created_by_uid");
	if (in.created_by_uid == UINT32_MAX)
		tprints(c, "-1");
	else
		tprintf(c, "%u", in.created_by_uid);
	changed_u32(c, "nr_map_ids", sv->nr_map_ids, in.nr_map_ids);
	tprint_struct_next(c);
	tprint_field(c, "map_ids");
	print_array(c, in.map_ids, min32(sv->nr_map_ids, in.nr_map_ids), &id, sizeof(id), 0,
		    print_elem_u32, NULL);
	tprint_struct_next(c);
	tprint_field(c, "name");
	ioctl_print_cstring(c, in.name, sizeof(in.name));
	if (ENDS(len, ifindex))
		goto end;
	tprint_struct_next(c);
	tprint_field(c, "ifindex");
	print_ifindex(c, in.ifindex);
	tprint_struct_next(c);
	tprintf(c, "gpl_compatible=%u", in.gpl_compatible & 1);
	tprint_struct_next(c);
	tprint_field(c, "netns_dev");
	print_dev(c, in.netns_dev);
	tprint_struct_next(c);
	FLD_U(c, in, netns_ino);
	if (ENDS(len, nr_jited_ksyms))
		goto end;
	changed_u32(c, "nr_jited_ksyms", sv->nr_jited_ksyms, in.nr_jited_ksyms);
	changed_u32(c, "nr_jited_func_lens", sv->nr_jited_func_lens, in.nr_jited_func_lens);
	changed_addr(c, "jited_ksyms", sv->jited_ksyms, in.jited_ksyms);
	changed_addr(c, "jited_func_lens", sv->jited_func_lens, in.jited_func_lens);
	if (ENDS(len, btf_id))
		goto end;
	tprint_struct_next(c);
	FLD_U(c, in, btf_id);
	changed_u32(c, "func_info_rec_size", sv->func_info_rec_size, in.func_info_rec_size);
	tprint_struct_next(c);
	bpf_attr_addr(c, "func_info", in.func_info);
	changed_u32(c, "nr_func_info", sv->nr_func_info, in.nr_func_info);
	changed_u32(c, "nr_line_info", sv->nr_line_info, in.nr_line_info);
	tprint_struct_next(c);
	bpf_attr_addr(c, "line_info", in.line_info);
	changed_addr(c, "jited_line_info", sv->jited_line_info, in.jited_line_info);
	changed_u32(c, "nr_jited_line_info", sv->nr_jited_line_info, in.nr_jited_line_info);
	changed_u32(c, "line_info_rec_size", sv->line_info_rec_size, in.line_info_rec_size);
	changed_u32(c, "jited_line_info_rec_size", sv->jited_line_info_rec_size,
		    in.jited_line_info_rec_size);
	changed_u32(c, "nr_prog_tags", sv->nr_prog_tags, in.nr_prog_tags);
	tprint_struct_next(c);
	bpf_attr_addr(c, "prog_tags", in.prog_tags);
	if (ENDS(len, run_time_ns))
		goto end;
	tprint_struct_next(c);
	FLD_U(c, in, run_time_ns);
	tprint_struct_next(c);
	FLD_U(c, in, run_cnt);
	if (ENDS(len, recursion_misses))
		goto end;
	tprint_struct_next(c);
	FLD_U(c, in, recursion_misses);
	if (ENDS(len, verified_insns))
		goto end;
	tprint_struct_next(c);
	FLD_U(c, in, verified_insns);
	if (ENDS(len, attach_btf_obj_id))
		goto end;
	tprint_struct_next(c);
	FLD_U(c, in, attach_btf_obj_id);
	tprint_struct_next(c);
	FLD_U(c, in, attach_btf_id);
	bpf_attr_extra(c, buf, size, PI_SIZE);
end:
	tprint_struct_end(c);
}
