// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * ioctl(2), type '$': perf event descriptors (PERF_EVENT_IOC_*), as strace prints them:
 * flags, counts and descriptors by value, the event id and the attached BPF program ids read
 * at exit, the filter string, PERF_EVENT_IOC_MODIFY_ATTRIBUTES's perf_event_attr (perf-attr.c).
 */
#include <inttypes.h>
#include <stddef.h>
#include <linux/perf_event.h>

#include "strace-lite/decode/array.h"
#include "strace-lite/decode/ioctl/ioctl-int.h"
#include "strace-lite/decode/perf-attr.h"

static int query_bpf(struct dctx *c, uint64_t arg)
{
	uint32_t v;

	if (entering(c)) {
		tprint_arg_next(c);
		if (umove_or_printaddr(c, arg, &v))
			return IOCTL_DECODED;
		tprintf(c, "{ids_len=%u, ", v);
		return 0;
	}
	if (syserror(c) || umove(c, arg + offsetof(struct perf_event_query_bpf, prog_cnt), &v))
		return DECODED(tprints(c, "...}"));
	tprintf(c, "prog_cnt=%u, ids=", v);
	print_array(c, arg + offsetof(struct perf_event_query_bpf, ids), v, &v, sizeof(v), 0,
		    print_elem_u32, NULL);
	return ioctl_struct_done(c);
}

IOCTL_FAMILY(perf)
{
	switch (code) {
	case PERF_EVENT_IOC_ENABLE:
	case PERF_EVENT_IOC_DISABLE:
	case PERF_EVENT_IOC_RESET:
		tprint_arg_next(c);
		printflags(c, xlat_perf_ioctl_flags, (uint32_t)arg, "PERF_IOC_FLAG_???");
		return IOCTL_DECODED;
	case PERF_EVENT_IOC_REFRESH:
		return DECODED(tprintf(c, ", %d", (int)arg));
	case PERF_EVENT_IOC_PERIOD:
		return ARG_DECODED(c, printnum_int64(c, arg, "%" PRIu64));
	case PERF_EVENT_IOC_SET_OUTPUT:
	case PERF_EVENT_IOC_SET_BPF:
		return ARG_DECODED(c, printfd(c, (int)arg));
	case PERF_EVENT_IOC_PAUSE_OUTPUT:
		return DECODED(tprintf(c, ", %llu", (unsigned long long)arg));
	case PERF_EVENT_IOC_SET_FILTER:
		return ARG_DECODED(c, printstr_ex(c, arg, 4096, QUOTE_0_TERMINATED));
	case PERF_EVENT_IOC_ID:
		if (entering(c))
			return 0;
		return ARG_DECODED(c, printnum_int64(c, arg, "%" PRIu64));
	case PERF_EVENT_IOC_QUERY_BPF:
		return query_bpf(c, arg);
	case PERF_EVENT_IOC_MODIFY_ATTRIBUTES: {
		struct perf_event_attr a;
		uint32_t asize;
		unsigned int size;

		tprint_arg_next(c);
		if (umove(c, arg + offsetof(struct perf_event_attr, size), &asize))
			return DECODED(printaddr(c, arg));
		size = perf_attr_fetch(c, arg, &a, asize);
		if (size)
			perf_attr_print(c, &a, size, -1);
		return IOCTL_DECODED;
	}
	default:
		return RVAL_DECODED;
	}
}
