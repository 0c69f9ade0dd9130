// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * A struct io_uring_sqe, as strace 7.2 prints the one IORING_REGISTER_SEND_MSG_RING takes:
 * every field, the ones that share a union read by the opcode (ioprio as accept or send/recv
 * flags; the flags word as NOP's, FIXED_FD_INSTALL's or MSG_RING's; off as a socket command
 * of URING_CMD on a socket; the last words as a read/write's attributes when it names any,
 * else optval), and the 64 command bytes that follow a NOP128 or URING_CMD128.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "strace-lite/decode/array.h"
#include "strace-lite/decode/decode.h"
#include "strace-lite/decode/aio/io_uring.h"
#include "common/print.h"
#include "gen/xlat.h"

enum {
	OP_NOP = 0, OP_READV = 1, OP_WRITEV = 2, OP_READ_FIXED = 4, OP_WRITE_FIXED = 5,
	OP_SENDMSG = 9, OP_RECVMSG = 10, OP_ACCEPT = 13, OP_READ = 22, OP_WRITE = 23,
	OP_SEND = 26, OP_RECV = 27, OP_MSG_RING = 40, OP_URING_CMD = 46, OP_SEND_ZC = 47,
	OP_SENDMSG_ZC = 48, OP_READ_MULTISHOT = 49, OP_FIXED_FD_INSTALL = 54, OP_RECV_ZC = 58,
	OP_READV_FIXED = 60, OP_WRITEV_FIXED = 61, OP_NOP128 = 63, OP_URING_CMD128 = 64,
	RW_ATTR_FLAG_PI = 1,
	SQE_CMD_SIZE = 64,
};

struct ur_sqe {
	uint8_t opcode, flags;
	uint16_t ioprio;
	int32_t fd;
	uint64_t off, addr;
	uint32_t len, op_flags;
	uint64_t user_data;
	uint16_t buf_index, personality;
	uint32_t file_index;
	uint64_t optval;	  /* attr_ptr for a read or write with attributes */
	uint64_t attr_type_mask;
};
_Static_assert(sizeof(struct ur_sqe) == 64, "io_uring_sqe");

struct ur_attr_pi { uint16_t flags, app_tag; uint32_t len; uint64_t addr, seed, rsvd; };

static void print_ioprio(struct dctx *c, const struct ur_sqe *s)
{
	tprints(c, "ioprio=");
	switch (s->opcode) {
	case OP_ACCEPT:
		printflags(c, xlat_uring_accept_flags, s->ioprio, "IORING_ACCEPT_???");
		break;
	case OP_SEND: case OP_SENDMSG: case OP_SEND_ZC: case OP_SENDMSG_ZC:
	case OP_RECV: case OP_RECVMSG: case OP_RECV_ZC:
		printflags(c, xlat_uring_recvsend_flags, s->ioprio, "IORING_RECVSEND_???");
		break;
	default:
		tprintf(c, "%u", s->ioprio);
	}
}

/* URING_CMD on a socket: off is a SOCKET_URING_OP_*. */
static bool is_socket(struct dctx *c, int fd)
{
	char link[64], path[64];
	ssize_t n;

	snprintf(link, sizeof(link), "/proc/%d/fd/%d", (int)c->pid, fd);
	n = tracee_readlink(c, link, path, sizeof(path) - 1);
	return n > 8 && !memcmp(path, "socket:[", 8);
}

static void print_off(struct dctx *c, const struct ur_sqe *s)
{
	tprints(c, "off=");
	if ((s->opcode == OP_URING_CMD || s->opcode == OP_URING_CMD128) && s->fd >= 0 &&
	    is_socket(c, s->fd))
		print_xval_d(c->sb, xlat_uring_socket_ops, s->off, "SOCKET_URING_OP_???");
	else
		tprintf(c, "%#" PRIx64, s->off);
}

static void print_op_flags(struct dctx *c, const struct ur_sqe *s)
{
	switch (s->opcode) {
	case OP_NOP:
	case OP_NOP128:
		tprints(c, "nop_flags=");
		printflags(c, xlat_uring_nop_flags, s->op_flags, "IORING_NOP_???");
		break;
	case OP_FIXED_FD_INSTALL:
		tprints(c, "install_fd_flags=");
		printflags(c, xlat_uring_fixed_fd_flags, s->op_flags, "IORING_FIXED_FD_???");
		break;
	case OP_MSG_RING:
		tprints(c, "msg_ring_flags=");
		printflags(c, xlat_uring_msg_ring_flags, s->op_flags, "IORING_MSG_RING_???");
		break;
	default:
		tprintf(c, "rw_flags=%#x", s->op_flags);
	}
}

static bool is_rw(unsigned int op)
{
	switch (op) {
	case OP_READ: case OP_WRITE: case OP_READV: case OP_WRITEV: case OP_READ_FIXED:
	case OP_WRITE_FIXED: case OP_READV_FIXED: case OP_WRITEV_FIXED: case OP_SEND:
	case OP_RECV: case OP_SENDMSG: case OP_RECVMSG: case OP_SEND_ZC: case OP_RECV_ZC:
	case OP_READ_MULTISHOT:
		return true;
	default:
		return false;
	}
}

static void print_attr(struct dctx *c, const struct ur_sqe *s)
{
	struct ur_attr_pi pi;

	tprints(c, "attr_type_mask=");
	printflags(c, xlat_uring_rw_attr_flags, s->attr_type_mask, "IORING_RW_ATTR_FLAG_???");
	tprints(c, ", attr_ptr=");
	if (!(s->attr_type_mask & RW_ATTR_FLAG_PI)) {
		printaddr(c, s->optval);
		return;
	}
	if (umove_or_printaddr(c, s->optval, &pi))
		return;
	tprintf(c, "{flags=%#x, app_tag=%#x, len=%u, addr=%#" PRIx64 ", seed=%#" PRIx64
		", rsvd=%#" PRIx64 "}", pi.flags, pi.app_tag, pi.len, pi.addr, pi.seed, pi.rsvd);
}

static PRINT_ELEM_FN(print_x8_elem)
{
	tprintf(c, "%#x", *(uint8_t *)elem);
	return true;
}

void uring_print_sqe(struct dctx *c, uint64_t addr)
{
	struct ur_sqe s;
	uint8_t b;

	if (umove_or_printaddr(c, addr, &s))
		return;
	tprints(c, "{opcode=");
	print_xval_d(c->sb, xlat_uring_ops, s.opcode, "IORING_OP_???");
	tprints(c, ", flags=");
	printflags(c, xlat_uring_sqe_flags, s.flags, "IOSQE_???");
	tprint_struct_next(c);
	print_ioprio(c, &s);
	tprints(c, ", fd=");
	printfd(c, s.fd);
	tprint_struct_next(c);
	print_off(c, &s);
	tprintf(c, ", addr=%#" PRIx64 ", len=%u, ", s.addr, s.len);
	print_op_flags(c, &s);
	tprintf(c, ", user_data=%#" PRIx64 ", buf_index=%#x, personality=%u, file_index=%#x, ",
		s.user_data, s.buf_index, s.personality, s.file_index);
	if (is_rw(s.opcode) && s.attr_type_mask)
		print_attr(c, &s);
	else
		tprintf(c, "optval=%#" PRIx64, s.optval);
	if (s.opcode == OP_NOP128 || s.opcode == OP_URING_CMD128) {
		tprints(c, ", cmd=");
		print_array(c, addr + sizeof(s), SQE_CMD_SIZE, &b, 1, 0, print_x8_elem, NULL);
	}
	tprint_struct_end(c);
}
