// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Linux native AIO: io_setup, io_destroy, io_submit, io_cancel, io_getevents, io_pgetevents.
 *
 * As strace prints them: a context is an address; io_submit's iocbs each print by their opcode
 * (a write's buffer as a string, a vectored one's iovecs, a poll's events); the events come
 * back at exit, as many as the result says; the timeout and the signal mask, read by the kernel
 * at entry, print at exit whether the call failed or not.
 */
#include <inttypes.h>
#include <linux/aio_abi.h>

#include "strace-lite/decode/array.h"
#include "strace-lite/decode/decode.h"
#include "strace-lite/decode/siginfo.h"
#include "strace-lite/decode/struct-printers.h"

SYS_FUNC(io_setup)
{
	if (entering(c)) {
		tprintf(c, "%u", (unsigned int)c->arg[0]);
		tprint_arg_next(c);
		return 0;
	}
	printnum_ptr(c, c->arg[1]);
	return 0;
}

SYS_FUNC(io_destroy)
{
	printaddr(c, c->arg[0]);
	return RVAL_DECODED;
}

enum iocb_sub { SUB_NONE, SUB_COMMON, SUB_VECTOR, SUB_POLL };

static enum iocb_sub iocb_sub_of(unsigned int op)
{
	switch (op) {
	case IOCB_CMD_PREAD:
	case IOCB_CMD_PWRITE:
		return SUB_COMMON;
	case IOCB_CMD_POLL:
		return SUB_POLL;
	case IOCB_CMD_PREADV:
	case IOCB_CMD_PWRITEV:
		return SUB_VECTOR;
	default:
		return SUB_NONE;
	}
}

/* strace's print_ioprio: "IOPRIO_PRIO_VALUE(CLASS, DATA)", the number in hex otherwise. */
static void print_aio_ioprio(struct dctx *c, unsigned int v)
{
	enum xlat_style style = print_opts_get()->xstyle;
	struct strbuf sb = { 0 };

	if (style != XSTYLE_ABBREV)
		tprintf(c, "%#x", v);
	if (style == XSTYLE_RAW)
		return;
	sb_puts(&sb, "IOPRIO_PRIO_VALUE(");
	print_xval(&sb, xlat_ioprio_class, (v >> 13) & 7, "IOPRIO_CLASS_???");
	sb_printf(&sb, ", %d)", (int)(v & 8191));
	if (style == XSTYLE_VERBOSE)
		print_comment(c->sb, sb_str(&sb));
	else
		tprints(c, sb_str(&sb));
	sb_free(&sb);
}

static enum iocb_sub print_iocb_header(struct dctx *c, const struct iocb *cb)
{
	tprintf(c, "aio_data=%#" PRIx64, (uint64_t)cb->aio_data);
	if (cb->aio_key)
		tprintf(c, ", aio_key=%u", cb->aio_key);
	if (cb->aio_rw_flags) {
		tprints(c, ", aio_rw_flags=");
		printflags(c, xlat_rwf_flags, (unsigned int)cb->aio_rw_flags, "RWF_???");
	}
	tprints(c, ", aio_lio_opcode=");
	print_xval_d(c->sb, xlat_aio_cmds, cb->aio_lio_opcode, "IOCB_CMD_???");
	if (cb->aio_flags & IOCB_FLAG_IOPRIO) {
		tprints(c, ", aio_reqprio=");
		print_aio_ioprio(c, (uint16_t)cb->aio_reqprio);
	} else if (cb->aio_reqprio) {
		tprintf(c, ", aio_reqprio=%d", (int16_t)cb->aio_reqprio);
	}
	tprints(c, ", aio_fildes=");
	printfd(c, (int)cb->aio_fildes);
	return iocb_sub_of(cb->aio_lio_opcode);
}

static void print_common_flags(struct dctx *c, const struct iocb *cb)
{
	if (cb->aio_flags) {
		tprints(c, ", aio_flags=");
		printflags(c, xlat_aio_iocb_flags, cb->aio_flags, "IOCB_FLAG_???");
	}
	if (cb->aio_flags & IOCB_FLAG_RESFD) {
		tprints(c, ", aio_resfd=");
		printfd(c, (int)cb->aio_resfd);
	} else if (cb->aio_resfd) {
		tprintf(c, ", aio_resfd=%#x", cb->aio_resfd);
	}
}

static void print_iocb(struct dctx *c, const struct iocb *cb)
{
	bool valid = (int64_t)cb->aio_nbytes >= 0;

	tprint_struct_begin(c);
	switch (print_iocb_header(c, cb)) {
	case SUB_COMMON:
		if (cb->aio_lio_opcode == IOCB_CMD_PWRITE && valid) {
			tprints(c, ", aio_buf=");
			printstrn(c, cb->aio_buf, cb->aio_nbytes);
		} else {
			tprintf(c, ", aio_buf=%#" PRIx64, (uint64_t)cb->aio_buf);
		}
		tprintf(c, ", aio_nbytes=%" PRIu64 ", aio_offset=%" PRId64,
			(uint64_t)cb->aio_nbytes, (int64_t)cb->aio_offset);
		print_common_flags(c, cb);
		break;
	case SUB_VECTOR:
		if (valid) {
			tprints(c, ", aio_buf=");
			print_iov_upto(c, cb->aio_nbytes, cb->aio_buf, (uint64_t)-1,
				       cb->aio_lio_opcode == IOCB_CMD_PWRITEV ? IOV_DECODE_STR
									      : IOV_DECODE_ADDR);
		} else {
			tprintf(c, ", aio_buf=%#" PRIx64 ", aio_nbytes=%" PRIu64,
				(uint64_t)cb->aio_buf, (uint64_t)cb->aio_nbytes);
		}
		tprintf(c, ", aio_offset=%" PRId64, (int64_t)cb->aio_offset);
		print_common_flags(c, cb);
		break;
	case SUB_POLL:
		tprints(c, ", aio_buf=");
		printflags(c, xlat_pollflags, cb->aio_buf, "POLL???");
		print_common_flags(c, cb);
		break;
	case SUB_NONE:
		break;
	}
	tprint_struct_end(c);
}

static PRINT_ELEM_FN(print_iocbp)
{
	struct iocb cb;

	if (!umove_or_printaddr(c, *(uint64_t *)elem, &cb))
		print_iocb(c, &cb);
	return true;
}

SYS_FUNC(io_submit)
{
	int64_t nr = (int64_t)c->arg[1];
	uint64_t p;

	printaddr(c, c->arg[0]);
	tprintf(c, ", %" PRId64 ", ", nr);
	if (nr < 0)
		printaddr(c, c->arg[2]);
	else
		print_array(c, c->arg[2], (uint64_t)nr, &p, sizeof(p), 0, print_iocbp, NULL);
	return RVAL_DECODED;
}

static PRINT_ELEM_FN(print_io_event)
{
	const struct io_event *ev = elem;

	tprintf(c, "{data=%#" PRIx64 ", obj=%#" PRIx64 ", res=%" PRId64 ", res2=%" PRId64 "}",
		(uint64_t)ev->data, (uint64_t)ev->obj, (int64_t)ev->res, (int64_t)ev->res2);
	return true;
}

/* The table's out:io_event: one event. */
void print_struct_io_event(struct dctx *c, uint64_t addr)
{
	struct io_event ev;

	if (!umove_or_printaddr(c, addr, &ev))
		print_io_event(c, &ev, sizeof(ev), NULL);
}

SYS_FUNC(io_cancel)
{
	if (entering(c)) {
		struct iocb cb;

		printaddr(c, c->arg[0]);
		tprint_arg_next(c);
		if (!umove_or_printaddr(c, c->arg[1], &cb)) {
			tprint_struct_begin(c);
			print_iocb_header(c, &cb);
			tprint_struct_end(c);
		}
		tprint_arg_next(c);
		return 0;
	}
	print_struct_io_event(c, c->arg[2]);
	return 0;
}

static int print_io_getevents(struct dctx *c, bool has_sig)
{
	struct io_event ev;
	int err;

	if (entering(c)) {
		printaddr(c, c->arg[0]);
		tprintf(c, ", %" PRId64 ", %" PRId64 ", ", (int64_t)c->arg[1], (int64_t)c->arg[2]);
		return 0;
	}
	print_array(c, c->arg[3], (uint64_t)c->rval, &ev, sizeof(ev), 0, print_io_event, NULL);
	tprint_arg_next(c);
	/* Read by the kernel at entry: printed the same whether the call failed or not. */
	err = c->err;
	c->err = 0;
	print_struct_timespec(c, c->arg[4]);
	if (has_sig) {
		tprint_arg_next(c);
		print_sigmask_pair(c, c->arg[5]);
	}
	c->err = err;
	return 0;
}

SYS_FUNC(io_getevents)
{
	return print_io_getevents(c, false);
}

SYS_FUNC(io_pgetevents)
{
	return print_io_getevents(c, true);
}
