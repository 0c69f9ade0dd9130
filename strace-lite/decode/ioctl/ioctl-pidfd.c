// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * ioctl(2), type 0xff: pidfs (Linux 6.11-6.17).  PIDFD_GET_*_NAMESPACE return a namespace
 * descriptor; PIDFD_GET_INFO (of any size from the first published struct on: the request's
 * size says how much the kernel reads and writes) prints the requested mask at entry and, at
 * exit, the mask the kernel returned (after " => " when it differs) and the fields that mask
 * says were filled and the size holds.
 */
#include <stddef.h>
#include <linux/ioctl.h>

#include "strace-lite/decode/ioctl/ioctl-int.h"
#include "strace-lite/decode/siginfo.h"
#include "strace-lite/decode/util-print.h"

/* struct pidfd_info as of Linux 6.17 (PIDFD_INFO_SIZE_VER3): not in the 6.1 headers. */
struct pidfd_info_ {
	uint64_t mask;
	uint64_t cgroupid;
	uint32_t pid, tgid, ppid;
	uint32_t ruid, rgid, euid, egid, suid, sgid, fsuid, fsgid;
	int32_t exit_code;
	uint32_t coredump_mask, coredump_signal, coredump_code, coredump_pad;
	uint64_t supported_mask;
};
#define PIDFD_INFO_SIZE_VER0_ 64
#define PIDFD_GET_INFO_NR 11

enum {
	INFO_PID = 1 << 0,
	INFO_CREDS = 1 << 1,
	INFO_CGROUPID = 1 << 2,
	INFO_EXIT = 1 << 3,
	INFO_COREDUMP = 1 << 4,
	INFO_SUPPORTED_MASK = 1 << 5,
	INFO_COREDUMP_SIGNAL = 1 << 6,
	INFO_COREDUMP_CODE = 1 << 7,
};

/* Whether LEN bytes of the structure hold FIELD. */
#define HOLDS(len, field) \
	((len) >= offsetof(struct pidfd_info_, field) + sizeof(((struct pidfd_info_ *)0)->field))

static void print_id_field(struct dctx *c, const char *name, uint32_t id)
{
	tprint_next_field(c, name);
	print_uid(c, id);
}

static void print_info_fields(struct dctx *c, const struct pidfd_info_ *in, size_t len)
{
	uint64_t m = in->mask;

	if ((m & INFO_CGROUPID) && HOLDS(len, cgroupid))
		NEXT_U(c, *in, cgroupid);
	if ((m & INFO_PID) && HOLDS(len, ppid)) {
		tprint_next_field(c, "pid");
		printpid(c, (int)in->pid, PT_TID);
		tprint_next_field(c, "tgid");
		printpid(c, (int)in->tgid, PT_TGID);
		tprint_next_field(c, "ppid");
		printpid(c, (int)in->ppid, PT_TGID);
	}
	if ((m & INFO_CREDS) && HOLDS(len, fsgid)) {
		print_id_field(c, "ruid", in->ruid);
		print_id_field(c, "rgid", in->rgid);
		print_id_field(c, "euid", in->euid);
		print_id_field(c, "egid", in->egid);
		print_id_field(c, "suid", in->suid);
		print_id_field(c, "sgid", in->sgid);
		print_id_field(c, "fsuid", in->fsuid);
		print_id_field(c, "fsgid", in->fsgid);
	}
	if ((m & INFO_EXIT) && HOLDS(len, exit_code)) {
		tprint_next_field(c, "exit_code");
		print_wait_status(c, in->exit_code);
	}
	if ((m & INFO_COREDUMP) && HOLDS(len, coredump_mask))
		NEXT_FLAGS(c, *in, coredump_mask, xlat_pidfd_coredump_mask, "PIDFD_COREDUMP_???");
	if ((m & INFO_COREDUMP_SIGNAL) && HOLDS(len, coredump_signal)) {
		tprint_next_field(c, "coredump_signal");
		print_signame(c, (int)in->coredump_signal);
	}
	if ((m & INFO_COREDUMP_CODE) && HOLDS(len, coredump_code))
		NEXT_U(c, *in, coredump_code);
	if ((m & INFO_SUPPORTED_MASK) && HOLDS(len, supported_mask))
		NEXT_FLAGS(c, *in, supported_mask, xlat_pidfd_info_mask, "PIDFD_INFO_???");
}

static int decode_get_info(struct dctx *c, unsigned int code, uint64_t arg)
{
	size_t usize = IOC_SIZE(code);
	struct pidfd_info_ in = { 0 };
	size_t len = usize < sizeof(in) ? usize : sizeof(in);

	if (entering(c))
		tprint_arg_next(c);
	if (usize < PIDFD_INFO_SIZE_VER0_)
		return DECODED(printaddr(c, arg));
	if (entering(c)) {
		if (umove_or_printaddr(c, arg, &in.mask))
			return IOCTL_DECODED;
		c->priv[0] = in.mask;
		tprint_struct_begin(c);
		tprint_field(c, "mask");
		printflags(c, xlat_pidfd_info_mask, in.mask, "PIDFD_INFO_???");
		return 0;
	}
	if (!syserror(c) && umoven(c, arg, len, &in) == 0) {
		if (in.mask != c->priv[0]) {
			tprints(c, " => ");
			printflags(c, xlat_pidfd_info_mask, in.mask, "PIDFD_INFO_???");
		}
		print_info_fields(c, &in, len);
	}
	return ioctl_struct_done(c);
}

IOCTL_FAMILY(pidfd)
{
	/* PIDFD_GET_CGROUP_NAMESPACE .. PIDFD_GET_UTS_NAMESPACE: _IO(0xff, 1..10). */
	if (IOC_DIR(code) == 0 && IOC_SIZE(code) == 0 && IOC_NR(code) >= 1 && IOC_NR(code) <= 10)
		return ARG_DECODED(c, ioctl_print_x(c, arg)) | RVAL_KIND(RK_FD);
	if (IOC_NR(code) == PIDFD_GET_INFO_NR)
		return decode_get_info(c, code, arg);
	return RVAL_DECODED;
}
