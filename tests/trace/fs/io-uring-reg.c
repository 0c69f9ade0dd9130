// SPDX-License-Identifier: LGPL-2.1-or-later
// strace-7.2: strace 6.1 prints these io_uring_register opcodes' arguments as addresses
// link: -static
/*
 * io_uring_register's newer opcodes as strace 7.2 prints them, each on a pipe, which is no
 * ring (every call fails before the kernel reads the argument): an opcode with
 * IORING_REGISTER_USE_REGISTERED_RING (the descriptor then a ring index, a number), a
 * buffer ring, SYNC_CANCEL, FILE_ALLOC_RANGE, NAPI (on failure nothing read back), CLOCK,
 * CLONE_BUFFERS, SEND_MSG_RING's submission queue entry (a NOP's flags; URING_CMD on a
 * socket, its off a socket command; NOP128's command bytes, cut at -s 8), ZCRX_CTRL,
 * RESIZE_RINGS, MEM_REGION, a QUERY of two chained headers, and an argument count the
 * opcode does not take (the address).  Run with -a0 -s8 -e trace=io_uring_register.
 */
#include <stdint.h>
#include <string.h>
#include <sys/socket.h>

#include "tests.h"

struct sqe {
	uint8_t opcode, flags;
	uint16_t ioprio;
	int32_t fd;
	uint64_t off, addr;
	uint32_t len, op_flags;
	uint64_t user_data;
	uint16_t buf_index, personality;
	uint32_t file_index;
	uint64_t optval, attr_type_mask;
	uint8_t cmd[64];
};

struct query_hdr {
	uint64_t next_entry, query_data;
	uint32_t query_op, size;
	int32_t result;
	uint32_t resv[3];
};

static int rfd;

static long reg(unsigned int op, const void *arg, unsigned int n)
{
	return syscall(__NR_io_uring_register, rfd, op, arg, n);
}

static void sqes(int sock)
{
	static struct sqe s;
	long rc;

	memset(&s, 0, sizeof(s));
	s.opcode = 0;		/* NOP */
	s.flags = 2;		/* IOSQE_IO_DRAIN */
	s.fd = -1;
	s.op_flags = 0x6;	/* IORING_NOP_FILE|IORING_NOP_FIXED_FILE */
	s.user_data = 0xfeedface;
	rc = reg(0x1f, &s, 1);
	printf("io_uring_register(%d, IORING_REGISTER_SEND_MSG_RING, {opcode=IORING_OP_NOP, "
	       "flags=IOSQE_IO_DRAIN, ioprio=0, fd=-1, off=0, addr=0, len=0, "
	       "nop_flags=IORING_NOP_FILE|IORING_NOP_FIXED_FILE, user_data=0xfeedface, "
	       "buf_index=0, personality=0, file_index=0, optval=0}, 1) = %s\n", rfd,
	       sprintrc(rc));

	memset(&s, 0, sizeof(s));
	s.opcode = 46;		/* URING_CMD */
	s.fd = sock;
	s.off = 1;		/* SOCKET_URING_OP_SIOCOUTQ */
	rc = reg(0x1f, &s, 1);
	printf("io_uring_register(%d, IORING_REGISTER_SEND_MSG_RING, {opcode=IORING_OP_URING_CMD, "
	       "flags=0, ioprio=0, fd=%d, off=SOCKET_URING_OP_SIOCOUTQ, addr=0, len=0, "
	       "rw_flags=0, user_data=0, buf_index=0, personality=0, file_index=0, optval=0}, 1)"
	       " = %s\n", rfd, sock, sprintrc(rc));

	memset(&s, 0, sizeof(s));
	s.opcode = 63;		/* NOP128 */
	s.fd = -1;
	for (int i = 0; i < 64; i++)
		s.cmd[i] = (uint8_t)(0x40 + i);
	rc = reg(0x1f, &s, 1);
	printf("io_uring_register(%d, IORING_REGISTER_SEND_MSG_RING, {opcode=IORING_OP_NOP128, "
	       "flags=0, ioprio=0, fd=-1, off=0, addr=0, len=0, nop_flags=0, user_data=0, "
	       "buf_index=0, personality=0, file_index=0, optval=0, cmd=[0x40, 0x41, 0x42, "
	       "0x43, 0x44, 0x45, 0x46, 0x47, ...]}, 1) = %s\n", rfd, sprintrc(rc));
}

static void query(void)
{
	static uint32_t scq[4] = { 128, 0, 16, 0 };
	static struct query_hdr h[2];
	long rc;

	h[0].next_entry = (uintptr_t)&h[1];
	h[0].query_data = (uintptr_t)scq;
	h[0].query_op = 2;	/* IO_URING_QUERY_SCQ */
	h[0].size = 16;
	h[1].query_op = 999;
	h[1].result = -5;
	rc = reg(0x23, h, 0);
	printf("io_uring_register(%d, IORING_REGISTER_QUERY, {query_data=%p, "
	       "query_op=IO_URING_QUERY_SCQ, size=16, result=0, query_data={hdr_size=128, "
	       "hdr_alignment=16}, next_entry={query_data=NULL, "
	       "query_op=0x3e7 /* IO_URING_QUERY_??? */, size=0, result=-5, next_entry=NULL}}, 0)"
	       " = %s\n", rfd, (void *)scq, sprintrc(rc));
}

int main(void)
{
	int pfd[2], sv[2];
	long rc;

	if (pipe(pfd) || socketpair(AF_UNIX, SOCK_STREAM, 0, sv))
		FAIL("pipe: %m");
	rfd = pfd[0];

	rc = syscall(__NR_io_uring_register, 7, 0x80000009u, NULL, 0);
	printf("io_uring_register(7, IORING_REGISTER_PERSONALITY|"
	       "IORING_REGISTER_USE_REGISTERED_RING, NULL, 0) = %s\n", sprintrc(rc));

	static struct { uint64_t ring_addr; uint32_t ring_entries; uint16_t bgid, flags;
			uint32_t min_left, resv[5]; } br = { 0, 8, 3, 1, 2, { 0, 9 } };
	rc = reg(22, &br, 1);
	printf("io_uring_register(%d, IORING_REGISTER_PBUF_RING, {ring_addr=NULL, "
	       "ring_entries=8, bgid=3, flags=0x1, min_left=2, resv=[0, 0x9, 0, 0, 0]}, 1) = %s\n",
	       rfd, sprintrc(rc));
	rc = reg(22, &br, 2);
	printf("io_uring_register(%d, IORING_REGISTER_PBUF_RING, %p, 2) = %s\n", rfd, (void *)&br,
	       sprintrc(rc));

	static struct { uint64_t addr; int32_t fd; uint32_t flags; int64_t sec, nsec;
			uint8_t opcode, pad[7]; uint64_t pad2[3]; } sc = {
		0, -1, 0x22, 1, -1, 22, { 0 }, { 0 } };
	rc = reg(0x18, &sc, 1);
	printf("io_uring_register(%d, IORING_REGISTER_SYNC_CANCEL, {addr=NULL, fd=-1, "
	       "flags=IORING_ASYNC_CANCEL_FD|IORING_ASYNC_CANCEL_OP, timeout={tv_sec=1, "
	       "tv_nsec=-1}, opcode=IORING_OP_READ}, 1) = %s\n", rfd, sprintrc(rc));

	static struct { uint32_t off, len; uint64_t resv; } fr = { 10, 20, 0 };
	rc = reg(0x19, &fr, 1);
	printf("io_uring_register(%d, IORING_REGISTER_FILE_ALLOC_RANGE, {off=10, len=20}, 1) = "
	       "%s\n", rfd, sprintrc(rc));

	static struct { uint32_t busy_poll_to; uint8_t prefer, opcode, pad[2];
			uint32_t op_param, resv; } napi = { 50, 1, 0, { 0 }, 1, 0 };
	rc = reg(0x1b, &napi, 1);
	printf("io_uring_register(%d, IORING_REGISTER_NAPI, {busy_poll_to=0x32, "
	       "prefer_busy_poll=0x1, opcode=IO_URING_NAPI_REGISTER_OP, "
	       "op_param=IO_URING_NAPI_TRACKING_STATIC}, 1) = %s\n", rfd, sprintrc(rc));

	static uint32_t clk[4] = { 1, 0, 0, 0 };
	rc = reg(0x1d, clk, 0);
	printf("io_uring_register(%d, IORING_REGISTER_CLOCK, {clockid=CLOCK_MONOTONIC}, 0) = %s\n",
	       rfd, sprintrc(rc));

	static uint32_t cb[8] = { 0, 2, 1, 2, 3, 0, 0, 0 };
	cb[0] = (uint32_t)pfd[1];
	rc = reg(0x1e, cb, 1);
	printf("io_uring_register(%d, IORING_REGISTER_CLONE_BUFFERS, {src_fd=%d, "
	       "flags=IORING_REGISTER_DST_REPLACE, src_off=1, dst_off=2, nr=3}, 1) = %s\n", rfd,
	       pfd[1], sprintrc(rc));

	sqes(sv[0]);

	static struct { uint32_t zcrx_id, op; uint64_t resv[2]; uint32_t u[12]; } zc = {
		5, 2, { 0 }, { 1 } };
	rc = reg(0x24, &zc, 1);
	printf("io_uring_register(%d, IORING_REGISTER_ZCRX_CTRL, {zcrx_id=5, "
	       "op=ZCRX_CTRL_ARM_EVENT, zc_arm_event={event_type=ZCRX_EVENT_COPY}}, 1) = %s\n",
	       rfd, sprintrc(rc));
	zc.op = 1;
	rc = reg(0x24, &zc, 1);
	printf("io_uring_register(%d, IORING_REGISTER_ZCRX_CTRL, {zcrx_id=5, op=ZCRX_CTRL_EXPORT}, "
	       "1) = %s\n", rfd, sprintrc(rc));

	static uint32_t params[30] = { 64, 128, 1u << 3 };
	rc = reg(0x21, params, 1);
	printf("io_uring_register(%d, IORING_REGISTER_RESIZE_RINGS, {sq_entries=64, "
	       "cq_entries=128, flags=IORING_SETUP_CQSIZE}, 1) = %s\n", rfd, sprintrc(rc));

	static uint64_t mr[4] = { 0, 1, 0, 0x77 };
	rc = reg(0x22, mr, 1);
	printf("io_uring_register(%d, IORING_REGISTER_MEM_REGION, {region_uptr=NULL, "
	       "flags=IORING_MEM_REGION_REG_WAIT_ARG, __resv=[0, 0x77]}, 1) = %s\n", rfd,
	       sprintrc(rc));

	query();

	puts("+++ exited with 0 +++");
	return 0;
}
