// SPDX-License-Identifier: LGPL-2.1-or-later
// strace-7.2-lines: ^io_uring_setup\(4, \{flags=0, ;; IORING_FEAT_* bits 13-17 have names; the ring offsets' user_addr shows
// link: -static
/*
 * io_uring_setup (the parameters in, what the kernel filled in out), io_uring_enter, and
 * io_uring_register: descriptor tables registered, updated (IORING_REGISTER_FILES_SKIP) and
 * unregistered, the io-wq worker limits read back (" => "), restrictions on a descriptor that
 * is no ring, an unknown opcode.  What the kernel chooses (ring offsets, features, limits) is
 * read from its answers, named as strace 6.1 names them.
 * Run with -a0 -e trace=io_uring_setup,io_uring_enter,io_uring_register.
 */
#include <linux/io_uring.h>
#include <string.h>

#include "tests.h"

/* strace 7.2's IORING_FEAT_* names, bit by bit; later bits print as a number. */
static const char *const feats[] = {
	"IORING_FEAT_SINGLE_MMAP", "IORING_FEAT_NODROP", "IORING_FEAT_SUBMIT_STABLE",
	"IORING_FEAT_RW_CUR_POS", "IORING_FEAT_CUR_PERSONALITY", "IORING_FEAT_FAST_POLL",
	"IORING_FEAT_POLL_32BITS", "IORING_FEAT_SQPOLL_NONFIXED", "IORING_FEAT_EXT_ARG",
	"IORING_FEAT_NATIVE_WORKERS", "IORING_FEAT_RSRC_TAGS", "IORING_FEAT_CQE_SKIP",
	"IORING_FEAT_LINKED_FILE", "IORING_FEAT_REG_REG_RING", "IORING_FEAT_RECVSEND_BUNDLE",
	"IORING_FEAT_MIN_TIMEOUT", "IORING_FEAT_RW_ATTR", "IORING_FEAT_NO_IOWAIT",
};

static void print_features(unsigned int f)
{
	const char *sep = "";
	unsigned int known = (1u << 18) - 1;

	if (!f) {
		printf("0");
		return;
	}
	for (unsigned int i = 0; i < 18; i++)
		if (f & (1u << i)) {
			printf("%s%s", sep, feats[i]);
			sep = "|";
		}
	if (f & ~known)
		printf("%s%#x", sep, f & ~known);
}

/* strace 7.2 shows user_addr (the ring memory of IORING_SETUP_NO_MMAP), even when 0. */
static void print_off(const unsigned int *v, const char *const *names, unsigned int resv1,
		      unsigned long long user_addr)
{
	printf("{");
	for (int i = 0; i < 7; i++)
		printf("%s%s=%u", i ? ", " : "", names[i], v[i]);
	if (resv1)
		printf(", resv1=%#x", resv1);
	printf(", user_addr=%#llx", user_addr);
	printf("}");
}

static long reg(int fd, unsigned int op, const void *arg, unsigned int n)
{
	return syscall(__NR_io_uring_register, fd, op, arg, n);
}

int main(void)
{
	static const char *const sqn[] = { "head", "tail", "ring_mask", "ring_entries", "flags",
					   "dropped", "array" };
	static const char *const cqn[] = { "head", "tail", "ring_mask", "ring_entries",
					   "overflow", "cqes", "flags" };
	struct io_uring_params p;
	long rc;
	int pfd[2];

	if (pipe(pfd))
		FAIL("pipe: %m");
	memset(&p, 0, sizeof(p));
	int fd = (int)syscall(__NR_io_uring_setup, 4, &p);
	if (fd < 0)
		FAIL("io_uring_setup: %m");
	printf("io_uring_setup(4, {flags=0, sq_thread_cpu=0, sq_thread_idle=0, sq_entries=%u, "
	       "cq_entries=%u, features=", p.sq_entries, p.cq_entries);
	print_features(p.features);
	unsigned int sq[7] = { p.sq_off.head, p.sq_off.tail, p.sq_off.ring_mask,
			       p.sq_off.ring_entries, p.sq_off.flags, p.sq_off.dropped,
			       p.sq_off.array };
	unsigned int cq[7] = { p.cq_off.head, p.cq_off.tail, p.cq_off.ring_mask,
			       p.cq_off.ring_entries, p.cq_off.overflow, p.cq_off.cqes,
			       p.cq_off.flags };
	unsigned long long sq_r2, cq_r2;
	memcpy(&sq_r2, (char *)&p.sq_off + 32, 8);
	memcpy(&cq_r2, (char *)&p.cq_off + 32, 8);
	printf(", sq_off=");
	print_off(sq, sqn, p.sq_off.resv1, sq_r2);
	printf(", cq_off=");
	print_off(cq, cqn, p.cq_off.resv1, cq_r2);
	printf("}) = %d\n", fd);

	p.flags = IORING_SETUP_ATTACH_WQ | 0x80000000u;
	p.wq_fd = (unsigned int)pfd[0];
	p.resv[1] = 7;
	rc = syscall(__NR_io_uring_setup, 2, &p);
	printf("io_uring_setup(2, {flags=IORING_SETUP_ATTACH_WQ|0x80000000, sq_thread_cpu=0, "
	       "sq_thread_idle=0, wq_fd=%d, resv=[0, 0x7, 0]}) = %s\n", pfd[0], sprintrc(rc));

	rc = syscall(__NR_io_uring_enter, fd, 0, 0, IORING_ENTER_GETEVENTS, NULL, 0);
	printf("io_uring_enter(%d, 0, 0, IORING_ENTER_GETEVENTS, NULL, 0) = %s\n", fd,
	       sprintrc(rc));

	int fds[2] = { pfd[0], pfd[1] };
	rc = reg(fd, IORING_REGISTER_FILES, fds, 2);
	printf("io_uring_register(%d, IORING_REGISTER_FILES, [%d, %d], 2) = %s\n", fd, pfd[0],
	       pfd[1], sprintrc(rc));
	int skip[1] = { IORING_REGISTER_FILES_SKIP };
	struct io_uring_files_update up = { .offset = 1, .fds = (unsigned long)skip };
	rc = reg(fd, IORING_REGISTER_FILES_UPDATE, &up, 1);
	printf("io_uring_register(%d, IORING_REGISTER_FILES_UPDATE, {offset=1, "
	       "fds=[IORING_REGISTER_FILES_SKIP]}, 1) = %s\n", fd, sprintrc(rc));
	rc = reg(fd, IORING_UNREGISTER_FILES, NULL, 0);
	printf("io_uring_register(%d, IORING_UNREGISTER_FILES, NULL, 0) = %s\n", fd,
	       sprintrc(rc));

	unsigned int maxw[2] = { 0, 0 };
	rc = reg(fd, IORING_REGISTER_IOWQ_MAX_WORKERS, maxw, 2);
	printf("io_uring_register(%d, IORING_REGISTER_IOWQ_MAX_WORKERS, [[IO_WQ_BOUND]=0, "
	       "[IO_WQ_UNBOUND]=0] => [[IO_WQ_BOUND]=%u, [IO_WQ_UNBOUND]=%u], 2) = %s\n", fd,
	       maxw[0], maxw[1], sprintrc(rc));

	struct io_uring_restriction res[2];
	memset(res, 0, sizeof(res));
	res[0].opcode = IORING_RESTRICTION_SQE_OP;
	res[0].sqe_op = IORING_OP_READV;
	res[1].opcode = IORING_RESTRICTION_SQE_FLAGS_ALLOWED;
	res[1].sqe_flags = IOSQE_FIXED_FILE | IOSQE_ASYNC;
	rc = reg(pfd[0], IORING_REGISTER_RESTRICTIONS, res, 2);
	printf("io_uring_register(%d, IORING_REGISTER_RESTRICTIONS, [{opcode="
	       "IORING_RESTRICTION_SQE_OP, sqe_op=IORING_OP_READV}, {opcode="
	       "IORING_RESTRICTION_SQE_FLAGS_ALLOWED, sqe_flags=IOSQE_FIXED_FILE|IOSQE_ASYNC}], 2)"
	       " = %s\n", pfd[0], sprintrc(rc));

	rc = reg(fd, 0xdead, (void *)1, 3);
	printf("io_uring_register(%d, 0xdead /* IORING_REGISTER_??? */, 0x1, 3) = %s\n", fd,
	       sprintrc(rc));

	puts("+++ exited with 0 +++");
	return 0;
}
