// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * fcntl(2).  The third argument means something different for each command: a number, open
 * flags, descriptor flags, a struct flock (read at entry for F_SETLK, written by the kernel
 * for F_GETLK and so printed at exit), a descriptor (F_DUPFD_QUERY), a write-life hint or a
 * struct delegation (strace 7.2), or nothing at all.  Some commands return flags rather
 * than a count, which strace shows in hex followed by their names: "= 0x8002 (flags O_RDWR|...)".
 */
#include <inttypes.h>

#include "strace-lite/decode/fs/open.h"
#include "strace-lite/decode/util-print.h"

/* x86_64 command numbers (kernel ABI; glibc maps F_GETLK to F_GETLK64 on 64-bit already). */
enum {
	K_F_DUPFD = 0, K_F_GETFD = 1, K_F_SETFD = 2, K_F_GETFL = 3, K_F_SETFL = 4,
	K_F_GETLK = 5, K_F_SETLK = 6, K_F_SETLKW = 7, K_F_SETOWN = 8, K_F_GETOWN = 9,
	K_F_SETSIG = 10, K_F_GETSIG = 11, K_F_GETLK64 = 12, K_F_SETLK64 = 13,
	K_F_SETLKW64 = 14, K_F_SETOWN_EX = 15, K_F_GETOWN_EX = 16,
	K_F_OFD_GETLK = 36, K_F_OFD_SETLK = 37, K_F_OFD_SETLKW = 38,
	K_F_SETLEASE = 1024, K_F_GETLEASE = 1025, K_F_NOTIFY = 1026,
	K_F_DUPFD_CLOEXEC = 1030, K_F_SETPIPE_SZ = 1031, K_F_GETPIPE_SZ = 1032,
	K_F_ADD_SEALS = 1033, K_F_GET_SEALS = 1034,
	/* Linux 4.13-6.19 (not all in the 6.1 headers) */
	K_F_DUPFD_QUERY = 1027, K_F_GET_RW_HINT = 1035, K_F_SET_RW_HINT = 1036,
	K_F_GET_FILE_RW_HINT = 1037, K_F_SET_FILE_RW_HINT = 1038, K_F_GETDELEG = 1039,
	K_F_SETDELEG = 1040,
};

/* F_[GS]ET_RW_HINT's u64 write-life hint, "[RWH_WRITE_LIFE_SHORT]". */
static void print_rw_hint(struct dctx *c, uint64_t addr)
{
	uint64_t hint;

	if (umove_or_printaddr(c, addr, &hint))
		return;
	tprints(c, "[");
	printxval(c, xlat_rwh_write_life_hints, hint, "RWH_WRITE_LIFE_???");
	tprints(c, "]");
}

/* F_[GS]ETDELEG's struct delegation. */
static void print_delegation(struct dctx *c, uint64_t addr)
{
	struct { uint32_t d_flags; uint16_t d_type, pad; } d;

	if (umove_or_printaddr(c, addr, &d))
		return;
	tprintf(c, "{d_flags=%#x, d_type=", d.d_flags);
	printxval(c, xlat_lockfcmds, d.d_type, "F_???");
	tprintf(c, ", __pad=%#x}", d.pad);
}

/* struct flock as the x86_64 kernel lays it out (the same as flock64). */
struct flock_k {
	int16_t l_type, l_whence;
	int64_t l_start, l_len;
	int32_t l_pid;
};

static void print_flock(struct dctx *c, uint64_t addr, bool getlk)
{
	struct flock_k fl;

	if (umove_or_printaddr(c, addr, &fl))
		return;
	tprint_struct_begin(c);
	tprint_field(c, "l_type");
	printxval(c, xlat_lockfcmds, (uint16_t)fl.l_type, "F_???");
	tprint_next_field(c, "l_whence");
	printxval(c, xlat_whence, (uint16_t)fl.l_whence, "SEEK_???");
	tprintf(c, ", l_start=%" PRId64 ", l_len=%" PRId64, fl.l_start, fl.l_len);
	if (getlk)
		tprintf(c, ", l_pid=%d", fl.l_pid);
	tprint_struct_end(c);
}

static void print_f_owner_ex(struct dctx *c, uint64_t addr)
{
	struct {
		int type, pid;
	} owner;

	if (umove_or_printaddr(c, addr, &owner))
		return;
	tprint_struct_begin(c);
	tprint_field(c, "type");
	printxval(c, xlat_f_owner_types, (unsigned)owner.type, "F_OWNER_???");
	tprint_next_field(c, "pid");
	switch (owner.type) {
	case 0: /* F_OWNER_TID */
		printpid(c, owner.pid, PT_TID);
		break;
	case 1: /* F_OWNER_PID */
		printpid(c, owner.pid, PT_TGID);
		break;
	case 2: /* F_OWNER_PGRP */
		printpid(c, owner.pid, PT_PGID);
		break;
	default:
		tprintf(c, "%d", owner.pid);
		break;
	}
	tprint_struct_end(c);
}

/* Commands whose return value is flags: "= 0x1 (flags FD_CLOEXEC)". */
static int flags_rval(struct dctx *c, const char *text)
{
	c->auxstr = text;
	return RVAL_KIND(RK_X) | RVAL_STR;
}

SYS_FUNC(fcntl)
{
	unsigned int cmd = (unsigned int)c->arg[1];
	uint64_t arg = c->arg[2];

	if (entering(c)) {
		printfd(c, (int)c->arg[0]);
		tprint_arg_next(c);
		printxval(c, xlat_fcntlcmds, cmd, "F_???");
	}
	switch (cmd) {
	case K_F_SETFD:
		tprint_arg_next(c);
		printflags(c, xlat_fdflags, arg, "FD_???");
		break;
	case K_F_SETOWN: /* a process, or minus a process group */
		tprint_arg_next(c);
		printpid_tgid_pgid(c, (int)arg);
		break;
	case K_F_SETPIPE_SZ:
		tprint_arg_next(c);
		tprintf(c, "%d", (int)arg);
		break;
	case K_F_DUPFD:
	case K_F_DUPFD_CLOEXEC:
		tprint_arg_next(c);
		tprintf(c, "%d", (int)arg);
		return RVAL_DECODED | RVAL_KIND(RK_FD);
	case K_F_SETFL:
		tprint_arg_next(c);
		print_open_modes(c, (unsigned int)arg);
		break;
	case K_F_SETLK:
	case K_F_SETLKW:
	case K_F_SETLK64:
	case K_F_SETLKW64:
	case K_F_OFD_SETLK:
	case K_F_OFD_SETLKW:
		tprint_arg_next(c);
		print_flock(c, arg, false);
		break;
	case K_F_SETOWN_EX:
		tprint_arg_next(c);
		print_f_owner_ex(c, arg);
		break;
	case K_F_NOTIFY:
		tprint_arg_next(c);
		printflags(c, xlat_notifyflags, arg, "DN_???");
		break;
	case K_F_SETLEASE:
		tprint_arg_next(c);
		printxval(c, xlat_lockfcmds, arg, "F_???");
		break;
	case K_F_ADD_SEALS:
		tprint_arg_next(c);
		printflags(c, xlat_f_seals, arg, "F_SEAL_???");
		break;
	case K_F_SETSIG:
		tprint_arg_next(c);
		print_signame(c, (int)arg);
		break;
	case K_F_DUPFD_QUERY:
		tprint_arg_next(c);
		printfd(c, (int)arg);
		break;
	case K_F_SET_RW_HINT:
	case K_F_SET_FILE_RW_HINT:
		tprint_arg_next(c);
		print_rw_hint(c, arg);
		break;
	case K_F_SETDELEG:
		tprint_arg_next(c);
		print_delegation(c, arg);
		break;
	case K_F_GET_RW_HINT:
	case K_F_GET_FILE_RW_HINT:
		if (entering(c))
			return 0;
		tprint_arg_next(c);
		print_rw_hint(c, arg);
		break;
	case K_F_GETDELEG:
		if (entering(c))
			return 0;
		tprint_arg_next(c);
		print_delegation(c, arg);
		break;
	case K_F_GETOWN:
		/* A process, or minus a process group. */
		return entering(c) ? 0 : RVAL_KIND((int)c->rval < 0 ? RK_PGID : RK_TGID);
	case K_F_GETPIPE_SZ:
		break;
	case K_F_GETFD:
		if (entering(c) || syserror(c) || c->rval == 0)
			return 0;
		return flags_rval(c, sprint_flags("flags ", xlat_fdflags, (uint64_t)c->rval));
	case K_F_GETFL:
		if (entering(c) || syserror(c))
			return 0;
		return flags_rval(c, sprint_open_modes((unsigned int)c->rval));
	case K_F_GETLK:
	case K_F_GETLK64:
	case K_F_OFD_GETLK:
		if (entering(c))
			return 0;
		tprint_arg_next(c);
		print_flock(c, arg, true);
		break;
	case K_F_GETOWN_EX:
		if (entering(c))
			return 0;
		tprint_arg_next(c);
		print_f_owner_ex(c, arg);
		break;
	case K_F_GETLEASE:
		if (entering(c) || syserror(c))
			return 0;
		return flags_rval(c, xlat_lookup(xlat_lockfcmds, (uint64_t)c->rval));
	case K_F_GET_SEALS:
		if (entering(c) || syserror(c) || c->rval == 0)
			return 0;
		return flags_rval(c, sprint_flags("seals ", xlat_f_seals, (uint64_t)c->rval));
	case K_F_GETSIG:
		if (entering(c) || syserror(c) || c->rval == 0)
			return 0;
		c->auxstr = signame((int)c->rval);
		return RVAL_STR;
	default:
		tprint_arg_next(c);
		tprintf(c, "%#" PRIx64, arg);
		break;
	}
	return RVAL_DECODED;
}
