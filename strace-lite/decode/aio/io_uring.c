// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * io_uring: io_uring_setup, io_uring_enter, io_uring_register, as strace 7.2 prints them.
 *
 * io_uring_setup prints its parameters at entry and what the kernel filled in at exit;
 * io_uring_enter its last two arguments by its flags; io_uring_register its argument by
 * opcode (and USE_REGISTERED_RING, with which the descriptor is a ring index): here iovecs,
 * descriptor arrays, the resource tables of FILES2/BUFFERS2 and their updates, restrictions,
 * the CPU list, ring descriptors; the newer opcodes in io_uring-reg.c.  Two opcodes are read
 * and written: PROBE (printed at entry unless it is all zero, then " => " and what the
 * kernel wrote) and IOWQ_MAX_WORKERS.  The layouts are the kernel's x86_64 ABI, spelled out
 * here so that newer headers' renamings do not matter.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "strace-lite/decode/array.h"
#include "strace-lite/decode/decode.h"
#include "strace-lite/decode/aio/io_uring.h"
#include "strace-lite/decode/siginfo.h"
#include "strace-lite/decode/struct-printers.h"
#include "strace-lite/decode/util-print.h"

/* io_sqring_offsets and io_cqring_offsets: seven u32 (named in sq_names, cq_names), resv1,
 * user_addr (IORING_SETUP_NO_MMAP's ring memory). */
struct ur_ring_off { uint32_t v[7], resv1; uint64_t user_addr; };
struct ur_getevents_arg { uint64_t sigmask; uint32_t sigmask_sz, min_wait_usec; uint64_t ts; };
struct ur_params {
	uint32_t sq_entries, cq_entries, flags, sq_thread_cpu, sq_thread_idle, features, wq_fd;
	uint32_t resv[3];
	struct ur_ring_off sq_off, cq_off;
};
struct ur_files_update { uint32_t offset, resv; uint64_t fds; };
struct ur_probe_op { uint8_t op, resv; uint16_t flags; uint32_t resv2; };
struct ur_probe { uint8_t last_op, ops_len; uint16_t resv; uint32_t resv2[3]; };
struct ur_restriction { uint16_t opcode; uint8_t op; uint8_t resv; uint32_t resv2[3]; };
struct ur_rsrc_register { uint32_t nr, flags; uint64_t resv2, data, tags; };
struct ur_rsrc_update2 { uint32_t offset, resv; uint64_t data, tags; uint32_t nr, resv2; };
struct ur_rsrc_update { uint32_t offset, resv; uint64_t data; };

#define REG_USE_REGISTERED_RING 0x80000000u

enum {
	SETUP_ATTACH_WQ = 1u << 5,
	ENTER_EXT_ARG = 1u << 3, ENTER_EXT_ARG_REG = 1u << 6,
	REG_BUFFERS = 0, UNREG_BUFFERS, REG_FILES, UNREG_FILES, REG_EVENTFD, UNREG_EVENTFD,
	REG_FILES_UPDATE, REG_EVENTFD_ASYNC, REG_PROBE, REG_PERSONALITY, UNREG_PERSONALITY,
	REG_RESTRICTIONS, REG_ENABLE_RINGS, REG_FILES2, REG_FILES_UPDATE2, REG_BUFFERS2,
	REG_BUFFERS_UPDATE, REG_IOWQ_AFF, UNREG_IOWQ_AFF, REG_IOWQ_MAX_WORKERS, REG_RING_FDS,
	UNREG_RING_FDS,
	RESTR_REGISTER_OP = 0, RESTR_SQE_OP, RESTR_SQE_FLAGS_ALLOWED, RESTR_SQE_FLAGS_REQUIRED,
};

static const char *const sq_names[7] = { "head", "tail", "ring_mask", "ring_entries", "flags",
					  "dropped", "array" };
static const char *const cq_names[7] = { "head", "tail", "ring_mask", "ring_entries", "overflow",
					  "cqes", "flags" };

static void print_ring_off(struct dctx *c, const struct ur_ring_off *p, const char *const *names)
{
	for (int i = 0; i < 7; i++)
		tprintf(c, "%s%s=%u", i ? ", " : "{", names[i], p->v[i]);
	if (p->resv1)
		tprintf(c, ", resv1=%#x", p->resv1);
	tprintf(c, ", user_addr=%#" PRIx64, p->user_addr);
	tprint_struct_end(c);
}

SYS_FUNC(io_uring_setup)
{
	struct ur_params p;

	if (entering(c)) {
		tprintf(c, "%u, ", (unsigned int)c->arg[0]);
		if (umove_or_printaddr(c, c->arg[1], &p))
			return RVAL_DECODED;
		tprints(c, "{flags=");
		printflags(c, xlat_uring_setup_flags, p.flags, "IORING_SETUP_???");
		tprintf(c, ", sq_thread_cpu=%#x, sq_thread_idle=%u", p.sq_thread_cpu,
			p.sq_thread_idle);
		if (p.flags & SETUP_ATTACH_WQ) {
			tprints(c, ", wq_fd=");
			printfd(c, (int)p.wq_fd);
		}
		if (!mem_all_zero(p.resv, sizeof(p.resv))) {
			tprints(c, ", resv=");
			uring_print_x32s(c, p.resv, 3);
		}
		return 0;
	}
	/* What the kernel filled in, unless the call failed. */
	if (!syserror(c) && umove(c, c->arg[1], &p) == 0) {
		tprintf(c, ", sq_entries=%u, cq_entries=%u, features=", p.sq_entries, p.cq_entries);
		printflags(c, xlat_uring_setup_features, p.features, "IORING_FEAT_???");
		tprints(c, ", sq_off=");
		print_ring_off(c, &p.sq_off, sq_names);
		tprints(c, ", cq_off=");
		print_ring_off(c, &p.cq_off, cq_names);
	}
	tprint_struct_end(c);
	return RVAL_DECODED;
}

/* IORING_ENTER_EXT_ARG's struct io_uring_getevents_arg. */
static void print_getevents_arg(struct dctx *c, uint64_t addr)
{
	struct ur_getevents_arg a;

	if (umove_or_printaddr(c, addr, &a))
		return;
	tprints(c, "{sigmask=");
	print_sigset_addr_len(c, a.sigmask, a.sigmask_sz);
	tprintf(c, ", sigmask_sz=%u, min_wait_usec=%u, ts=", a.sigmask_sz, a.min_wait_usec);
	print_struct_timespec(c, a.ts);
	tprint_struct_end(c);
}

/*
 * The last two arguments by the flags, as strace 7.2: EXT_ARG_REG alone makes the fifth an
 * offset into a registered wait region, EXT_ARG alone a struct io_uring_getevents_arg, else
 * (both set too, which the kernel refuses) a signal mask and its size.
 */
SYS_FUNC(io_uring_enter)
{
	unsigned int flags = (unsigned int)c->arg[3];
	unsigned int ext = flags & (ENTER_EXT_ARG | ENTER_EXT_ARG_REG);

	printfd(c, (int)c->arg[0]);
	tprintf(c, ", %u, %u, ", (unsigned int)c->arg[1], (unsigned int)c->arg[2]);
	printflags(c, xlat_uring_enter_flags, flags, "IORING_ENTER_???");
	tprint_arg_next(c);
	if (ext == ENTER_EXT_ARG_REG)
		tprintf(c, "%" PRIu64, c->arg[4]);
	else if (ext == ENTER_EXT_ARG)
		print_getevents_arg(c, c->arg[4]);
	else
		print_sigset_addr_len(c, c->arg[4], c->arg[5]);
	tprintf(c, ", %" PRIu64, c->arg[5]);
	return RVAL_DECODED;
}

static PRINT_ELEM_FN(print_fd_elem)
{
	printfd(c, *(int *)elem);
	return true;
}

/* A descriptor, or IORING_REGISTER_FILES_SKIP and other values below -1. */
static PRINT_ELEM_FN(print_update_fd_elem)
{
	int fd = *(int *)elem;

	if (fd < -1)
		printxval_signed(c, xlat_uring_files_update_fds, fd, NULL);
	else
		printfd(c, fd);
	return true;
}

static PRINT_ELEM_FN(print_x64_elem)
{
	tprintf(c, "%#" PRIx64, *(uint64_t *)elem);
	return true;
}

static void print_files_update(struct dctx *c, uint64_t addr, unsigned int n)
{
	struct ur_files_update a;
	int fd;

	if (umove_or_printaddr(c, addr, &a))
		return;
	tprintf(c, "{offset=%u", a.offset);
	if (a.resv)
		tprintf(c, ", resv=%#x", a.resv);
	tprints(c, ", fds=");
	print_array(c, a.fds, n, &fd, sizeof(fd), 0, print_update_fd_elem, NULL);
	tprint_struct_end(c);
}

static void print_probe_op(struct dctx *c, const struct ur_probe_op *op)
{
	tprints(c, "{op=");
	print_xval_d(c->sb, xlat_uring_ops, op->op, "IORING_OP_???");
	if (op->resv)
		tprintf(c, ", resv=%#x", op->resv);
	tprints(c, ", flags=");
	printflags(c, xlat_uring_op_flags, op->flags, "IO_URING_OP_???");
	if (op->resv2)
		tprintf(c, ", resv2=%#x", op->resv2);
	tprint_struct_end(c);
}

/* PROBE: read at entry (printed unless all zero) and written at exit. */
static int print_probe(struct dctx *c, uint64_t addr, unsigned int n)
{
	bool printed = c->exiting && c->priv[0];

	if (c->exiting && syserror(c)) {
		if (!printed)
			printaddr(c, addr);
		return RVAL_DECODED;
	}
	if (n > 256) {
		printaddr(c, addr);
		return RVAL_DECODED;
	}
	if (printed)
		tprints(c, " => ");
	size_t sz = sizeof(struct ur_probe) + sizeof(struct ur_probe_op) * n;
	unsigned char *buf = malloc(sz);
	if (!buf) {
		printaddr(c, addr);
		return RVAL_DECODED;
	}
	if (umoven_or_printaddr(c, addr, sz, buf)) {
		free(buf);
		return RVAL_DECODED;
	}
	if (entering(c) && mem_all_zero(buf, sz)) {
		free(buf);
		return 0;
	}
	c->priv[0] = 1;
	struct ur_probe p;
	memcpy(&p, buf, sizeof(p));
	tprints(c, "{last_op=");
	print_xval_d(c->sb, xlat_uring_ops, p.last_op, "IORING_OP_???");
	tprintf(c, ", ops_len=%u", p.ops_len);
	if (p.resv)
		tprintf(c, ", resv=%#x", p.resv);
	if (!mem_all_zero(p.resv2, sizeof(p.resv2))) {
		tprints(c, ", resv2=");
		uring_print_x32s(c, p.resv2, 3);
	}
	unsigned int cnt = entering(c) || p.ops_len > n ? n : p.ops_len;
	bool more = c->exiting && n < p.ops_len;
	unsigned int max = dopts.verbose ? cnt : print_opts_get()->max_strlen;
	tprints(c, ", ops=[");
	for (unsigned int i = 0; i < cnt; i++) {
		struct ur_probe_op op;

		if (i)
			tprint_array_next(c);
		if (i >= max) {
			tprint_more_data_follows(c);
			more = false;
			break;
		}
		memcpy(&op, buf + sizeof(p) + i * sizeof(op), sizeof(op));
		print_probe_op(c, &op);
	}
	if (more) {
		if (cnt)
			tprint_array_next(c);
		tprint_more_data_follows(c);
	}
	tprints(c, "]}");
	free(buf);
	return 0;
}

static PRINT_ELEM_FN(print_restriction)
{
	const struct ur_restriction *r = elem;

	tprints(c, "{opcode=");
	printxval(c, xlat_uring_restriction_opcodes, r->opcode, "IORING_RESTRICTION_???");
	switch (r->opcode) {
	case RESTR_REGISTER_OP:
		tprints(c, ", register_op=");
		printxval(c, xlat_uring_register_opcodes, r->op, "IORING_REGISTER_???");
		break;
	case RESTR_SQE_OP:
		tprints(c, ", sqe_op=");
		printxval(c, xlat_uring_ops, r->op, "IORING_OP_???");
		break;
	case RESTR_SQE_FLAGS_ALLOWED:
	case RESTR_SQE_FLAGS_REQUIRED:
		tprints(c, ", sqe_flags=");
		printflags(c, xlat_uring_sqe_flags, r->op, "IOSQE_???");
		break;
	default:
		tprintf(c, " /* op: %#x */", r->op);
	}
	if (r->resv)
		tprintf(c, ", resv=%#x", r->resv);
	if (!mem_all_zero(r->resv2, sizeof(r->resv2))) {
		tprints(c, ", resv2=");
		uring_print_x32s(c, r->resv2, 3);
	}
	tprint_struct_end(c);
	return true;
}

static void print_rsrc_data(struct dctx *c, uint64_t data, unsigned int nr, unsigned int op)
{
	int fd;

	if (op != REG_FILES2 && op != REG_BUFFERS2 && op != REG_BUFFERS_UPDATE &&
	    op != REG_FILES_UPDATE2)
		return;
	tprints(c, ", data=");
	if (op == REG_FILES2)
		print_array(c, data, nr, &fd, sizeof(fd), 0, print_fd_elem, NULL);
	else if (op == REG_FILES_UPDATE2)
		print_array(c, data, nr, &fd, sizeof(fd), 0, print_update_fd_elem, NULL);
	else
		print_iov_upto(c, nr, data, UINT64_MAX, IOV_DECODE_ADDR);
}

static void print_rsrc_tags(struct dctx *c, uint64_t tags, unsigned int nr)
{
	uint64_t t;

	tprints(c, ", tags=");
	print_array(c, tags, nr, &t, sizeof(t), 0, print_x64_elem, NULL);
}

static void print_rsrc_tail(struct dctx *c, uint64_t addr, unsigned int size, size_t known)
{
	if (size > known)
		print_nonzero_tail(c, ", ", addr, known, size < 4096 ? size : 4096);
}

static void print_register_rsrc(struct dctx *c, uint64_t addr, unsigned int size,
				unsigned int op)
{
	struct ur_rsrc_register a;

	if (umove_sized_or_printaddr(c, addr, size, &a))
		return;
	tprintf(c, "{nr=%u, flags=", a.nr);
	printflags(c, xlat_uring_register_rsrc_flags, a.flags, "IORING_RSRC_REGISTER_???");
	if (a.resv2)
		tprintf(c, ", resv2=%#" PRIx64, a.resv2);
	print_rsrc_data(c, a.data, a.nr, op);
	print_rsrc_tags(c, a.tags, a.nr);
	print_rsrc_tail(c, addr, size, sizeof(a));
	tprint_struct_end(c);
}

static void print_update_rsrc(struct dctx *c, uint64_t addr, unsigned int size, unsigned int op)
{
	struct ur_rsrc_update2 a;

	if (umove_sized_or_printaddr(c, addr, size, &a))
		return;
	tprintf(c, "{offset=%u", a.offset);
	if (a.resv)
		tprintf(c, ", resv=%#x", a.resv);
	print_rsrc_data(c, a.data, a.nr, op);
	print_rsrc_tags(c, a.tags, a.nr);
	tprintf(c, ", nr=%u", a.nr);
	if (a.resv2)
		tprintf(c, ", resv2=%#x", a.resv2);
	print_rsrc_tail(c, addr, size, sizeof(a));
	tprint_struct_end(c);
}

/* IOWQ_MAX_WORKERS: "[[IO_WQ_BOUND]=N, ...]", the index named. */
static PRINT_ELEM_FN(print_iowq_elem)
{
	unsigned int *idx = data;

	tprints(c, "[");
	print_xval_d(c->sb, xlat_uring_iowq_acct, (*idx)++, "IO_WQ_???");
	tprintf(c, "]=%u", *(uint32_t *)elem);
	return true;
}

static PRINT_ELEM_FN(print_ringfd_reg_elem)
{
	const struct ur_rsrc_update *e = elem;

	if (e->offset == -1u)
		tprints(c, "{offset=-1");
	else
		tprintf(c, "{offset=%u", e->offset);
	if (e->resv)
		tprintf(c, ", resv=%#x", e->resv);
	tprints(c, ", data=");
	printfd(c, (int)e->data);
	tprint_struct_end(c);
	return true;
}

static PRINT_ELEM_FN(print_ringfd_unreg_elem)
{
	const struct ur_rsrc_update *e = elem;

	tprintf(c, "{offset=%u", e->offset);
	if (e->resv)
		tprintf(c, ", resv=%#x", e->resv);
	if (e->data)
		tprintf(c, ", data=%#" PRIx64, e->data);
	tprint_struct_end(c);
	return true;
}

/*
 * The opcode may carry IORING_REGISTER_USE_REGISTERED_RING: the descriptor is then an index
 * in the registered rings, printed as a number.
 */
SYS_FUNC(io_uring_register)
{
	unsigned int op = (unsigned int)c->arg[1] & ~REG_USE_REGISTERED_RING;
	unsigned int op_flags = (unsigned int)c->arg[1] & REG_USE_REGISTERED_RING;
	uint64_t arg = c->arg[2];
	unsigned int n = (unsigned int)c->arg[3];
	int rc = RVAL_DECODED;
	unsigned int idx = 0;
	struct ur_restriction r;
	struct ur_rsrc_update u;
	uint32_t v;
	int fd;

	if (entering(c)) {
		if (op_flags)
			tprintf(c, "%u", (unsigned int)c->arg[0]);
		else
			printfd(c, (int)c->arg[0]);
		tprint_arg_next(c);
		printxval(c, xlat_uring_register_opcodes, op, "IORING_REGISTER_???");
		if (op_flags) {
			tprints(c, "|");
			printflags(c, xlat_uring_register_opcode_flags, op_flags, NULL);
		}
		tprint_arg_next(c);
	}
	switch (op) {
	case REG_BUFFERS:
		print_iov_upto(c, n, arg, UINT64_MAX, IOV_DECODE_ADDR);
		break;
	case REG_FILES:
	case REG_EVENTFD:
	case REG_EVENTFD_ASYNC:
		print_array(c, arg, n, &fd, sizeof(fd), 0, print_fd_elem, NULL);
		break;
	case REG_FILES_UPDATE:
		print_files_update(c, arg, n);
		break;
	case REG_PROBE:
		rc = print_probe(c, arg, n);
		break;
	case REG_RESTRICTIONS:
		print_array(c, arg, n, &r, sizeof(r), 0, print_restriction, NULL);
		break;
	case REG_FILES2:
	case REG_BUFFERS2:
		print_register_rsrc(c, arg, n, op);
		break;
	case REG_FILES_UPDATE2:
	case REG_BUFFERS_UPDATE:
		print_update_rsrc(c, arg, n, op);
		break;
	case REG_IOWQ_AFF:
		print_affinitylist(c, arg, n);
		break;
	case REG_IOWQ_MAX_WORKERS:
		rc = print_array(c, arg, n, &v, sizeof(v), 0, print_iowq_elem, &idx)
			     ? 0 : RVAL_DECODED;
		if (entering(c) && !rc)
			tprints(c, " => ");
		break;
	case REG_RING_FDS:
		print_array(c, arg, n, &u, sizeof(u), 0, print_ringfd_reg_elem, NULL);
		break;
	case UNREG_RING_FDS:
		print_array(c, arg, n, &u, sizeof(u), 0, print_ringfd_unreg_elem, NULL);
		break;
	default:
		rc = uring_register_more(c, op, arg, n);
		if (rc < 0) {
			printaddr(c, arg);
			rc = RVAL_DECODED;
		}
		break;
	}
	if (rc || c->exiting)
		tprintf(c, ", %u", n);
	return rc;
}
