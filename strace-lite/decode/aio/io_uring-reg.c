// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * io_uring_register's newer opcodes, as strace 7.2 prints them: buffer rings (PBUF_RING's
 * struct io_uring_buf_reg; PBUF_STATUS at exit), SYNC_CANCEL, FILE_ALLOC_RANGE, NAPI (read
 * back at exit after " => "; UNREGISTER_NAPI at exit), CLOCK, CLONE_BUFFERS, SEND_MSG_RING (a
 * submission queue entry, io_uring-sqe.c), ZCRX_IFQ, ZCRX_CTRL (EXPORT's descriptor at exit),
 * RESIZE_RINGS, MEM_REGION and QUERY (a chain of headers).  Each checks the argument count
 * the kernel wants (1, or 0 for CLOCK and QUERY) and prints the address otherwise.  Reserved
 * fields show only when nonzero.  Layouts are the kernel's x86_64 ABI, spelled out here.
 */
#include <inttypes.h>
#include <string.h>

#include "strace-lite/decode/decode.h"
#include "strace-lite/decode/aio/io_uring.h"
#include "strace-lite/decode/util-print.h"
#include "common/print.h"
#include "gen/xlat.h"

enum {
	REG_PBUF_RING = 22, UNREG_PBUF_RING, REG_SYNC_CANCEL, REG_FILE_ALLOC_RANGE,
	REG_PBUF_STATUS, REG_NAPI, UNREG_NAPI, REG_CLOCK, REG_CLONE_BUFFERS, REG_SEND_MSG_RING,
	REG_ZCRX_IFQ, REG_RESIZE_RINGS, REG_MEM_REGION, REG_QUERY, REG_ZCRX_CTRL,
	NAPI_REGISTER_OP = 0,
	ZCRX_FLUSH_RQ = 0, ZCRX_EXPORT, ZCRX_ARM_EVENT,
	QUERY_OPCODES = 0, QUERY_ZCRX, QUERY_SCQ, QUERY_ZCRX_EVENT,
	QUERY_MAX = 1000, /* strace's IO_MAX_QUERY_ENTRIES */
};

struct ur_buf_reg { uint64_t ring_addr; uint32_t ring_entries; uint16_t bgid, flags;
		    uint32_t min_left, resv[5]; };
struct ur_sync_cancel { uint64_t addr; int32_t fd; uint32_t flags; int64_t tv_sec, tv_nsec;
			uint8_t opcode, pad[7]; uint64_t pad2[3]; };
struct ur_range { uint32_t off, len; uint64_t resv; };
struct ur_buf_status { uint32_t buf_group, head, resv[8]; };
struct ur_napi { uint32_t busy_poll_to; uint8_t prefer_busy_poll, opcode, pad[2];
		 uint32_t op_param, resv; };
struct ur_clock { uint32_t clockid, resv[3]; };
struct ur_clone { uint32_t src_fd, flags, src_off, dst_off, nr, pad[3]; };
struct ur_zcrx_off { uint32_t head, tail, rqes, resv2; uint64_t resv[2]; };
struct ur_zcrx_ifq { uint32_t if_idx, if_rxq, rq_entries, flags; uint64_t area_ptr, region_ptr;
		     struct ur_zcrx_off offsets; uint32_t zcrx_id, rx_buf_len;
		     uint64_t event_desc, resv[2]; };
struct ur_zcrx_ctrl { uint32_t zcrx_id, op; uint64_t resv[2];
		      union { uint32_t u32[12]; uint64_t u64[6]; }; };
struct ur_params { uint32_t sq_entries, cq_entries, flags, sq_thread_cpu, sq_thread_idle;
		   uint32_t features, wq_fd, resv[3]; uint32_t sq_off[8]; uint64_t sq_user_addr;
		   uint32_t cq_off[8]; uint64_t cq_user_addr; };
struct ur_mem_region { uint64_t region_uptr, flags, resv[2]; };
struct ur_query_hdr { uint64_t next_entry, query_data; uint32_t query_op, size; int32_t result;
		      uint32_t resv[3]; };
struct ur_query_opcode { uint32_t nr_request_opcodes, nr_register_opcodes;
			 uint64_t feature_flags, ring_setup_flags, enter_flags, sqe_flags;
			 uint32_t nr_query_opcodes, pad; };
struct ur_query_zcrx { uint64_t register_flags, area_flags; uint32_t nr_ctrl_opcodes, features;
		       uint32_t rq_hdr_size, rq_hdr_alignment; uint64_t resv2; };
struct ur_query_zcrx_event { uint32_t event_flags, stats_size, stats_off_alignment, resv1;
			     uint64_t resv2[4]; };
struct ur_query_scq { uint64_t hdr_size, hdr_alignment; };

_Static_assert(sizeof(struct ur_sync_cancel) == 64, "io_uring_sync_cancel_reg");
_Static_assert(sizeof(struct ur_zcrx_ifq) == 96, "io_uring_zcrx_ifq_reg");
_Static_assert(sizeof(struct ur_zcrx_ctrl) == 72, "zcrx_ctrl");
_Static_assert(sizeof(struct ur_params) == 120, "io_uring_params");
_Static_assert(sizeof(struct ur_query_hdr) == 40, "io_uring_query_hdr");

void uring_print_x32s(struct dctx *c, const uint32_t *v, size_t n)
{
	tprint_array_begin(c);
	for (size_t i = 0; i < n; i++)
		tprintf(c, i ? ", %#x" : "%#x", v[i]);
	tprint_array_end(c);
}

void uring_print_x64s(struct dctx *c, const uint64_t *v, size_t n)
{
	tprint_array_begin(c);
	for (size_t i = 0; i < n; i++)
		tprintf(c, i ? ", %#" PRIx64 : "%#" PRIx64, v[i]);
	tprint_array_end(c);
}

void uring_print_x8s(struct dctx *c, const uint8_t *v, size_t n)
{
	tprint_array_begin(c);
	for (size_t i = 0; i < n; i++)
		tprintf(c, i ? ", %#x" : "%#x", v[i]);
	tprint_array_end(c);
}

/* ", NAME=[...]" of a reserved array, only when any of it is nonzero. */
#define RESV32(c, name, arr)                                                                \
	do {                                                                                \
		if (!mem_all_zero((arr), sizeof(arr))) {                                    \
			tprints((c), ", " name "=");                                        \
			uring_print_x32s((c), (arr), sizeof(arr) / 4);                      \
		}                                                                           \
	} while (0)
#define RESV64(c, name, arr)                                                                \
	do {                                                                                \
		if (!mem_all_zero((arr), sizeof(arr))) {                                    \
			tprints((c), ", " name "=");                                        \
			uring_print_x64s((c), (arr), sizeof(arr) / 8);                      \
		}                                                                           \
	} while (0)

static void print_buf_reg(struct dctx *c, uint64_t addr)
{
	struct ur_buf_reg a;

	if (umove_or_printaddr(c, addr, &a))
		return;
	tprints(c, "{ring_addr=");
	printaddr(c, a.ring_addr);
	tprintf(c, ", ring_entries=%u, bgid=%u, flags=%#x, min_left=%u", a.ring_entries, a.bgid,
		a.flags, a.min_left);
	RESV32(c, "resv", a.resv);
	tprint_struct_end(c);
}

static void print_sync_cancel(struct dctx *c, uint64_t addr)
{
	struct ur_sync_cancel a;

	if (umove_or_printaddr(c, addr, &a))
		return;
	tprints(c, "{addr=");
	printaddr(c, a.addr);
	tprints(c, ", fd=");
	printfd(c, a.fd);
	tprints(c, ", flags=");
	printflags(c, xlat_uring_async_cancel_flags, a.flags, "IORING_ASYNC_CANCEL_???");
	tprintf(c, ", timeout={tv_sec=%" PRId64 ", tv_nsec=%" PRId64 "}, opcode=", a.tv_sec,
		a.tv_nsec);
	printxval(c, xlat_uring_ops, a.opcode, "IORING_OP_???");
	if (!mem_all_zero(a.pad, sizeof(a.pad))) {
		tprints(c, ", pad=");
		uring_print_x8s(c, a.pad, sizeof(a.pad));
	}
	RESV64(c, "pad2", a.pad2);
	tprint_struct_end(c);
}

static void print_range(struct dctx *c, uint64_t addr)
{
	struct ur_range a;

	if (umove_or_printaddr(c, addr, &a))
		return;
	tprintf(c, "{off=%u, len=%u", a.off, a.len);
	if (a.resv)
		tprintf(c, ", resv=%#" PRIx64, a.resv);
	tprint_struct_end(c);
}

/* PBUF_STATUS: the head the kernel writes, at exit. */
static int print_buf_status(struct dctx *c, uint64_t addr)
{
	struct ur_buf_status a;

	if (entering(c))
		return 0;
	if (umove_or_printaddr(c, addr, &a))
		return RVAL_DECODED;
	tprintf(c, "{buf_group=%#x, head=%#x", a.buf_group, a.head);
	RESV32(c, "resv", a.resv);
	tprint_struct_end(c);
	return RVAL_DECODED;
}

static int print_napi(struct dctx *c, uint64_t addr)
{
	struct ur_napi a;

	if (umove_or_printaddr(c, addr, &a))
		return RVAL_DECODED;
	tprintf(c, "{busy_poll_to=%#x, prefer_busy_poll=%#x, opcode=", a.busy_poll_to,
		a.prefer_busy_poll);
	printxval(c, xlat_uring_napi_ops, a.opcode, "IO_URING_NAPI_???");
	if (!mem_all_zero(a.pad, sizeof(a.pad))) {
		tprints(c, ", pad=");
		uring_print_x8s(c, a.pad, sizeof(a.pad));
	}
	tprints(c, ", op_param=");
	if (a.opcode == NAPI_REGISTER_OP)
		printxval(c, xlat_uring_napi_tracking_strategies, a.op_param,
			  "IO_URING_NAPI_TRACKING_???");
	else
		tprintf(c, "%#x", a.op_param);
	if (a.resv)
		tprintf(c, ", resv=%#x", a.resv);
	tprint_struct_end(c);
	return 0;
}

/* REGISTER_NAPI: the settings given, and at exit (unless it failed) the previous ones. */
static int print_register_napi(struct dctx *c, uint64_t addr, unsigned int nargs)
{
	if (c->exiting) {
		if (syserror(c))
			return 0;
		tprints(c, " => ");
	}
	if (nargs != 1) {
		printaddr(c, addr);
		return RVAL_DECODED;
	}
	return print_napi(c, addr);
}

static void print_clock(struct dctx *c, uint64_t addr)
{
	struct ur_clock a;

	if (umove_or_printaddr(c, addr, &a))
		return;
	tprints(c, "{clockid=");
	printxval(c, xlat_clocknames, a.clockid, "CLOCK_???");
	RESV32(c, "__resv", a.resv);
	tprint_struct_end(c);
}

static void print_clone(struct dctx *c, uint64_t addr)
{
	struct ur_clone a;

	if (umove_or_printaddr(c, addr, &a))
		return;
	tprints(c, "{src_fd=");
	printfd(c, (int)a.src_fd);
	tprints(c, ", flags=");
	printflags(c, xlat_uring_clone_buffers_flags, a.flags, "IORING_REGISTER_???");
	tprintf(c, ", src_off=%u, dst_off=%u, nr=%u", a.src_off, a.dst_off, a.nr);
	RESV32(c, "pad", a.pad);
	tprint_struct_end(c);
}

static void print_zcrx_ifq(struct dctx *c, uint64_t addr)
{
	struct ur_zcrx_ifq a;

	if (umove_or_printaddr(c, addr, &a))
		return;
	tprintf(c, "{if_idx=%u, if_rxq=%u, rq_entries=%u, flags=", a.if_idx, a.if_rxq,
		a.rq_entries);
	printflags(c, xlat_uring_zcrx_reg_flags, a.flags, "ZCRX_REG_???");
	tprints(c, ", area_ptr=");
	printaddr(c, a.area_ptr);
	tprints(c, ", region_ptr=");
	printaddr(c, a.region_ptr);
	tprintf(c, ", offsets={head=%u, tail=%u, rqes=%u", a.offsets.head, a.offsets.tail,
		a.offsets.rqes);
	if (a.offsets.resv2)
		tprintf(c, ", __resv2=%#x", a.offsets.resv2);
	RESV64(c, "__resv", a.offsets.resv);
	tprintf(c, "}, zcrx_id=%u, rx_buf_len=%u, event_desc=", a.zcrx_id, a.rx_buf_len);
	printaddr(c, a.event_desc);
	RESV64(c, "__resv", a.resv);
	tprint_struct_end(c);
}

/* ZCRX_CTRL: the operation's member; EXPORT's descriptor is the kernel's, at exit. */
static int print_zcrx_ctrl(struct dctx *c, uint64_t addr)
{
	struct ur_zcrx_ctrl a;

	if (c->exiting) {
		if (!syserror(c) && umoven(c, addr, sizeof(a), &a) == 0) {
			tprints(c, ", zc_export={zcrx_fd=");
			printfd(c, (int)a.u32[0]);
			if (!mem_all_zero(&a.u32[1], 11 * 4)) {
				tprints(c, ", __resv1=");
				uring_print_x32s(c, &a.u32[1], 11);
			}
			tprint_struct_end(c);
		}
		tprint_struct_end(c);
		return RVAL_DECODED;
	}
	if (umove_or_printaddr(c, addr, &a))
		return RVAL_DECODED;
	tprintf(c, "{zcrx_id=%u, op=", a.zcrx_id);
	printxval(c, xlat_uring_zcrx_ctrl_ops, a.op, "ZCRX_CTRL_???");
	RESV64(c, "__resv", a.resv);
	switch (a.op) {
	case ZCRX_FLUSH_RQ:
		tprints(c, ", zc_flush={");
		if (!mem_all_zero(a.u64, sizeof(a.u64))) {
			tprints(c, "__resv=");
			uring_print_x64s(c, a.u64, 6);
		}
		tprint_struct_end(c);
		break;
	case ZCRX_EXPORT:
		return 0;
	case ZCRX_ARM_EVENT:
		tprints(c, ", zc_arm_event={event_type=");
		printxval(c, xlat_uring_zcrx_event_types, a.u32[0], "ZCRX_EVENT_???");
		if (!mem_all_zero(&a.u32[1], 11 * 4)) {
			tprints(c, ", __resv=");
			uring_print_x32s(c, &a.u32[1], 11);
		}
		tprint_struct_end(c);
		break;
	default:
		break;
	}
	tprint_struct_end(c);
	return RVAL_DECODED;
}

/* RESIZE_RINGS: the sizes and flags asked for (the ring offsets' user_addr when set). */
static void print_resize(struct dctx *c, uint64_t addr)
{
	struct ur_params p;

	if (umove_or_printaddr(c, addr, &p))
		return;
	tprintf(c, "{sq_entries=%u, cq_entries=%u, flags=", p.sq_entries, p.cq_entries);
	printflags(c, xlat_uring_setup_flags, p.flags, "IORING_SETUP_???");
	if (p.sq_user_addr)
		tprintf(c, ", sq_off={user_addr=%#" PRIx64 "}", p.sq_user_addr);
	if (p.cq_user_addr)
		tprintf(c, ", cq_off={user_addr=%#" PRIx64 "}", p.cq_user_addr);
	RESV32(c, "resv", p.resv);
	tprint_struct_end(c);
}

static void print_mem_region(struct dctx *c, uint64_t addr)
{
	struct ur_mem_region a;

	if (umove_or_printaddr(c, addr, &a))
		return;
	tprints(c, "{region_uptr=");
	printaddr(c, a.region_uptr);
	tprints(c, ", flags=");
	printflags(c, xlat_uring_mem_region_reg_flags, a.flags, "IORING_MEM_REGION_REG_???");
	RESV64(c, "__resv", a.resv);
	tprint_struct_end(c);
}

static void print_query_opcode(struct dctx *c, uint64_t addr)
{
	struct ur_query_opcode q;

	if (umove_or_printaddr(c, addr, &q))
		return;
	tprintf(c, "{nr_request_opcodes=%u, nr_register_opcodes=%u, feature_flags=",
		q.nr_request_opcodes, q.nr_register_opcodes);
	printflags(c, xlat_uring_setup_features, q.feature_flags, "IORING_FEAT_???");
	tprints(c, ", ring_setup_flags=");
	printflags(c, xlat_uring_setup_flags, q.ring_setup_flags, "IORING_SETUP_???");
	tprints(c, ", enter_flags=");
	printflags(c, xlat_uring_enter_flags, q.enter_flags, "IORING_ENTER_???");
	tprints(c, ", sqe_flags=");
	printflags(c, xlat_uring_sqe_flags, q.sqe_flags, "IOSQE_???");
	tprintf(c, ", nr_query_opcodes=%u", q.nr_query_opcodes);
	if (q.pad)
		tprintf(c, ", __pad=%#x", q.pad);
	tprint_struct_end(c);
}

static void print_query_zcrx(struct dctx *c, uint64_t addr)
{
	struct ur_query_zcrx q;

	if (umove_or_printaddr(c, addr, &q))
		return;
	tprints(c, "{register_flags=");
	printflags(c, xlat_uring_zcrx_reg_flags, q.register_flags, "ZCRX_REG_???");
	tprints(c, ", area_flags=");
	printflags(c, xlat_uring_zcrx_area_flags, q.area_flags, "IORING_ZCRX_AREA_???");
	tprintf(c, ", nr_ctrl_opcodes=%u, features=%#x, rq_hdr_size=%u, rq_hdr_alignment=%u",
		q.nr_ctrl_opcodes, q.features, q.rq_hdr_size, q.rq_hdr_alignment);
	if (q.resv2)
		tprintf(c, ", __resv2=%#" PRIx64, q.resv2);
	tprint_struct_end(c);
}

static void print_query_zcrx_event(struct dctx *c, uint64_t addr)
{
	struct ur_query_zcrx_event q;

	if (umove_or_printaddr(c, addr, &q))
		return;
	tprintf(c, "{event_flags=%#x, stats_size=%u, stats_off_alignment=%u", q.event_flags,
		q.stats_size, q.stats_off_alignment);
	if (q.resv1)
		tprintf(c, ", __resv1=%#x", q.resv1);
	RESV64(c, "__resv2", q.resv2);
	tprint_struct_end(c);
}

static void print_query_scq(struct dctx *c, uint64_t addr)
{
	struct ur_query_scq q;

	if (umove_or_printaddr(c, addr, &q))
		return;
	tprintf(c, "{hdr_size=%" PRIu64 ", hdr_alignment=%" PRIu64 "}", q.hdr_size,
		q.hdr_alignment);
}

/*
 * QUERY: a chain of headers, each nested in the one before it as its next_entry; cut (the
 * address and a "..." comment) after -s entries without -v, or 1000.
 */
static void print_query(struct dctx *c, uint64_t addr)
{
	unsigned int count = 0, max = print_opts_get()->max_strlen;
	struct ur_query_hdr h;

	for (;;) {
		if (umove_or_printaddr(c, addr, &h))
			break;
		if (count >= QUERY_MAX || (!dopts.verbose && count + 1 > max)) {
			printaddr(c, addr);
			tprints(c, " /* ... */");
			break;
		}
		count++;
		tprints(c, "{query_data=");
		printaddr(c, h.query_data);
		tprints(c, ", query_op=");
		printxval(c, xlat_uring_query_ops, h.query_op, "IO_URING_QUERY_???");
		tprintf(c, ", size=%u, result=%d", h.size, h.result);
		RESV32(c, "__resv", h.resv);
		if (h.query_data && h.size) {
			tprints(c, ", query_data=");
			switch (h.query_op) {
			case QUERY_OPCODES: print_query_opcode(c, h.query_data); break;
			case QUERY_ZCRX: print_query_zcrx(c, h.query_data); break;
			case QUERY_SCQ: print_query_scq(c, h.query_data); break;
			case QUERY_ZCRX_EVENT: print_query_zcrx_event(c, h.query_data); break;
			default: printaddr(c, h.query_data); break;
			}
		}
		tprints(c, ", next_entry=");
		addr = h.next_entry;
	}
	while (count--)
		tprint_struct_end(c);
}

int uring_register_more(struct dctx *c, unsigned int op, uint64_t addr, unsigned int nargs)
{
	/* The argument count each opcode takes: 1, or 0 (CLOCK, QUERY). */
	unsigned int want = op == REG_CLOCK || op == REG_QUERY ? 0 : 1;

	if (op < REG_PBUF_RING || op > REG_ZCRX_CTRL)
		return -1;
	if (op == REG_NAPI)
		return print_register_napi(c, addr, nargs);
	if (nargs != want) {
		printaddr(c, addr);
		return RVAL_DECODED;
	}
	switch (op) {
	case REG_PBUF_RING:
	case UNREG_PBUF_RING:
		print_buf_reg(c, addr);
		break;
	case REG_SYNC_CANCEL:
		print_sync_cancel(c, addr);
		break;
	case REG_FILE_ALLOC_RANGE:
		print_range(c, addr);
		break;
	case REG_PBUF_STATUS:
		return print_buf_status(c, addr);
	case UNREG_NAPI:
		if (entering(c))
			return 0;
		print_napi(c, addr);
		break;
	case REG_CLOCK:
		print_clock(c, addr);
		break;
	case REG_CLONE_BUFFERS:
		print_clone(c, addr);
		break;
	case REG_SEND_MSG_RING:
		uring_print_sqe(c, addr);
		break;
	case REG_ZCRX_IFQ:
		print_zcrx_ifq(c, addr);
		break;
	case REG_ZCRX_CTRL:
		return print_zcrx_ctrl(c, addr);
	case REG_RESIZE_RINGS:
		print_resize(c, addr);
		break;
	case REG_MEM_REGION:
		print_mem_region(c, addr);
		break;
	case REG_QUERY:
		print_query(c, addr);
		break;
	}
	return RVAL_DECODED;
}
