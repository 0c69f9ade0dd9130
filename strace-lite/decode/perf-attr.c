// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * struct perf_event_attr and perf_event_open(2).  As strace 7.2: the config by event type,
 * sample_freq or sample_period by the freq bit, the one-bit flags (only the set ones unless
 * -v), and with -v the fields after the flags as far as the size field says they exist.  A
 * size below the first version's prints the address; the kernel's E2BIG answer writes the size
 * it wants, shown as "size=X => Y".
 */
#include <errno.h>
#include <inttypes.h>
#include <stddef.h>
#include <string.h>

#include "strace-lite/decode/perf-attr.h"
#include "gen/xlat.h"

#define HW_EVENT_MASK UINT64_C(0xffffffff)
#define HW_BREAKPOINT_ANY 7 /* R | W | X: a larger type is no combination at all */

_Static_assert(offsetof(struct perf_attr_ext, config3) == PERF_ATTR_SIZE_VER7,
	       "config3 follows the 128 bytes of <linux/perf_event.h>'s struct");

/* As perf_attr_fetch, into E, at most MAX bytes. */
static unsigned int fetch_ext(struct dctx *c, uint64_t addr, struct perf_attr_ext *e,
			      uint32_t asize, unsigned int max)
{
	struct perf_event_attr *a = &e->a;
	unsigned int size = asize;

	if (size > max)
		size = max;
	if (!size)
		size = PERF_ATTR_SIZE_VER0;
	if (size < PERF_ATTR_SIZE_VER0) {
		printaddr(c, addr);
		return 0;
	}
	if (!dopts.verbose)
		size = offsetof(struct perf_event_attr, wakeup_events);
	memset(e, 0, sizeof(*e));
	if (umoven_or_printaddr_ignore_syserror(c, addr, size, e))
		return 0;
	a->size = asize;
	return size;
}

unsigned int perf_attr_fetch(struct dctx *c, uint64_t addr, struct perf_event_attr *a,
			     uint32_t asize)
{
	struct perf_attr_ext e;
	unsigned int size = fetch_ext(c, addr, &e, asize, sizeof(*a));

	*a = e.a;
	return size;
}

static void print_x(struct dctx *c, const char *name, uint64_t v)
{
	tprint_next_field(c, name);
	tprintf(c, v ? "%#" PRIx64 : "%" PRIu64, v);
}

static void print_u(struct dctx *c, const char *name, uint64_t v)
{
	tprint_next_field(c, name);
	tprintf(c, "%" PRIu64, v);
}

static void print_config(struct dctx *c, const struct perf_event_attr *a)
{
	uint64_t cf = a->config;

	tprint_next_field(c, "config");
	switch (a->type) {
	case PERF_TYPE_HARDWARE:
		if (cf >> 32)
			tprintf(c, "%#" PRIx64 "<<32|", cf >> 32);
		printxval(c, xlat_perf_hw_id, cf & HW_EVENT_MASK, "PERF_COUNT_HW_???");
		break;
	case PERF_TYPE_SOFTWARE:
		printxval(c, xlat_perf_sw_ids, cf, "PERF_COUNT_SW_???");
		break;
	case PERF_TYPE_TRACEPOINT:
		tprintf(c, "%" PRIu64, cf);
		break;
	case PERF_TYPE_HW_CACHE:
		if (cf >> 32)
			tprintf(c, "%#" PRIx64 "<<32|", cf >> 32);
		if ((cf & HW_EVENT_MASK) >> 24)
			tprintf(c, "%#" PRIx64 "<<24|", (cf & HW_EVENT_MASK) >> 24);
		printxval(c, xlat_perf_hw_cache_op_result_id, (cf >> 16) & 0xff,
			  "PERF_COUNT_HW_CACHE_RESULT_???");
		tprints(c, "<<16|");
		printxval(c, xlat_perf_hw_cache_op_id, (cf >> 8) & 0xff,
			  "PERF_COUNT_HW_CACHE_OP_???");
		tprints(c, "<<8|");
		printxval(c, xlat_perf_hw_cache_id, cf & 0xff, "PERF_COUNT_HW_CACHE_???");
		break;
	default:
		tprintf(c, cf ? "%#" PRIx64 : "%" PRIu64, cf);
		break;
	}
}

/* The one-bit flags, in the structure's order: printed when set, or all with -v. */
static void print_bits(struct dctx *c, const struct perf_event_attr *a)
{
	static const char *const skid[] = { "arbitrary skid", "constant skid",
					    "requested to have 0 skid", "must have 0 skid" };
#define BIT(f) { #f, a->f }
	const struct { const char *name; unsigned int v; } pre[] = {
		BIT(disabled), BIT(inherit), BIT(pinned), BIT(exclusive), BIT(exclude_user),
		BIT(exclude_kernel), BIT(exclude_hv), BIT(exclude_idle), BIT(mmap), BIT(comm),
		BIT(freq), BIT(inherit_stat), BIT(enable_on_exec), BIT(task), BIT(watermark),
	}, post[] = {
		BIT(mmap_data), BIT(sample_id_all), BIT(exclude_host), BIT(exclude_guest),
		BIT(exclude_callchain_kernel), BIT(exclude_callchain_user), BIT(mmap2),
		BIT(comm_exec), BIT(use_clockid), BIT(context_switch), BIT(write_backward),
		BIT(namespaces), BIT(ksymbol), BIT(bpf_event), BIT(aux_output), BIT(cgroup),
		BIT(text_poke), BIT(build_id), BIT(inherit_thread), BIT(remove_on_exec),
		BIT(sigtrap),
	};
#undef BIT
	for (size_t i = 0; i < sizeof(pre) / sizeof(pre[0]); i++)
		if (dopts.verbose || pre[i].v)
			print_u(c, pre[i].name, pre[i].v);
	print_u(c, "precise_ip", a->precise_ip);
	tprintf(c, " /* %s */", skid[a->precise_ip & 3]);
	for (size_t i = 0; i < sizeof(post) / sizeof(post[0]); i++)
		if (dopts.verbose || post[i].v)
			print_u(c, post[i].name, post[i].v);
	if (a->__reserved_1) {
		print_x(c, "__reserved_1", (uint64_t)a->__reserved_1);
		tprints(c, " /* Bits 63..38 */");
	}
}

/* Whether field F lies past the SIZE bytes read. */
#define PAST(f, size) (offsetof(struct perf_event_attr, f) >= (size))

/* With -v: the fields after the flags, as far as SIZE goes. */
static void print_tail(struct dctx *c, const struct perf_attr_ext *e, unsigned int size)
{
	const struct perf_event_attr *a = &e->a;
	bool bp = a->type == PERF_TYPE_BREAKPOINT;

	if (a->watermark)
		print_u(c, "wakeup_watermark", a->wakeup_watermark);
	else
		print_u(c, "wakeup_events", a->wakeup_events);
	if (bp) {
		tprint_next_field(c, "bp_type");
		printxval(c, xlat_hw_breakpoint_type, a->bp_type,
			  a->bp_type <= HW_BREAKPOINT_ANY ?
			  "HW_BREAKPOINT_INVALID" : "HW_BREAKPOINT_???");
		print_x(c, "bp_addr", a->bp_addr);
	} else {
		print_x(c, "config1", a->config1);
	}
	if (PAST(bp_len, size))
		return;
	if (bp)
		print_u(c, "bp_len", a->bp_len);
	else
		print_x(c, "config2", a->config2);
	if (PAST(branch_sample_type, size))
		return;
	if (a->sample_type & PERF_SAMPLE_BRANCH_STACK) {
		tprint_next_field(c, "branch_sample_type");
		printflags(c, xlat_perf_branch_sample_type, a->branch_sample_type,
			   "PERF_SAMPLE_BRANCH_???");
	}
	if (PAST(sample_regs_user, size))
		return;
	print_x(c, "sample_regs_user", a->sample_regs_user);
	if (PAST(sample_stack_user, size))
		return;
	if (a->sample_type & PERF_SAMPLE_STACK_USER)
		print_x(c, "sample_stack_user", a->sample_stack_user);
	if (a->use_clockid) {
		if (PAST(clockid, size))
			return;
		tprint_next_field(c, "clockid");
		printxval(c, xlat_clocknames, (uint32_t)a->clockid, "CLOCK_???");
	}
	if (PAST(sample_regs_intr, size))
		return;
	print_x(c, "sample_regs_intr", a->sample_regs_intr);
	if (PAST(aux_watermark, size))
		return;
	print_u(c, "aux_watermark", a->aux_watermark);
	if (PAST(sample_max_stack, size))
		return;
	print_u(c, "sample_max_stack", a->sample_max_stack);
	if (PAST(__reserved_2, size))
		return;
	if (a->__reserved_2)
		tprintf(c, " /* bytes 110..111: %#hx */", a->__reserved_2);
	if (PAST(aux_sample_size, size))
		return;
	print_u(c, "aux_sample_size", a->aux_sample_size);
	/* aux_action (Linux 6.13): three one-bit flags, the 29 bits after them only when set. */
	if (PAST(__reserved_3, size))
		return;
	uint32_t act = a->__reserved_3;
	print_u(c, "aux_start_paused", act & 1);
	print_u(c, "aux_pause", (act >> 1) & 1);
	print_u(c, "aux_resume", (act >> 2) & 1);
	if (act >> 3) {
		print_x(c, "__reserved_3", act >> 3);
		tprints(c, " /* Bits 931..959 */");
	}
	if (PAST(sig_data, size))
		return;
	print_x(c, "sig_data", a->sig_data);
	if (size <= offsetof(struct perf_attr_ext, config3))
		return;
	print_x(c, "config3", e->config3);
	if (size <= offsetof(struct perf_attr_ext, config4))
		return;
	print_x(c, "config4", e->config4);
}

static void print_ext(struct dctx *c, const struct perf_attr_ext *e, unsigned int size,
		      int64_t new_size)
{
	const struct perf_event_attr *a = &e->a;

	tprint_struct_begin(c);
	tprint_field(c, "type");
	printxval(c, xlat_perf_type_id, a->type, "PERF_TYPE_???");
	tprint_next_field(c, "size");
	printxval(c, xlat_perf_attr_size, a->size, "PERF_ATTR_SIZE_???");
	if (new_size >= 0) {
		tprints(c, " => ");
		printxval(c, xlat_perf_attr_size, (uint64_t)new_size, "PERF_ATTR_SIZE_???");
	}
	print_config(c, a);
	if (a->freq)
		print_u(c, "sample_freq", a->sample_freq);
	else
		print_u(c, "sample_period", a->sample_period);
	tprint_next_field(c, "sample_type");
	printflags(c, xlat_perf_event_sample_format, a->sample_type, "PERF_SAMPLE_???");
	tprint_next_field(c, "read_format");
	printflags(c, xlat_perf_event_read_format, a->read_format, "PERF_FORMAT_???");
	print_bits(c, a);
	if (dopts.verbose)
		print_tail(c, e, size);
	if ((a->size && a->size > size) || (!a->size && size < PERF_ATTR_SIZE_VER0)) {
		tprint_struct_next(c);
		tprint_more_data_follows(c);
	}
	tprint_struct_end(c);
}

void perf_attr_print(struct dctx *c, const struct perf_event_attr *a, unsigned int size,
		     int64_t new_size)
{
	struct perf_attr_ext e = { .a = *a };

	print_ext(c, &e, size, new_size);
}

/* priv[0]: 1 + the attribute's size field at entry (0: unreadable). */
SYS_FUNC(perf_event_open)
{
	struct perf_attr_ext a;
	uint32_t asize;
	unsigned int size;

	if (entering(c)) {
		c->priv[0] = 0;
		if (!umove(c, c->arg[0] + offsetof(struct perf_event_attr, size), &asize))
			c->priv[0] = 1 + (uint64_t)asize;
		return 0;
	}
	if (!c->priv[0]) {
		printaddr(c, c->arg[0]);
	} else {
		asize = (uint32_t)(c->priv[0] - 1);
		size = fetch_ext(c, c->arg[0], &a, asize, sizeof(a));
		if (size) {
			int64_t new_size = -1;
			uint32_t now;

			if (c->err == E2BIG &&
			    !umove(c, c->arg[0] + offsetof(struct perf_event_attr, size), &now))
				new_size = now;
			print_ext(c, &a, size, new_size);
		}
	}
	tprintf(c, ", %d, %d, ", (int)c->arg[1], (int)c->arg[2]);
	printfd(c, (int)c->arg[3]);
	tprint_arg_next(c);
	printflags(c, xlat_perf_event_open_flags, c->arg[4], "PERF_FLAG_???");
	return RVAL_DECODED;
}
