// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * System-wide calls whose arguments depend on one another: sethostname (the name only when
 * the length fits a host name), kcmp (the indices are descriptors, an epoll slot or absent,
 * by type), reboot (the restart command's argument), syslog (buffer and length by action),
 * pidfd_getfd (the target descriptor
 * is the pidfd's process's), _sysctl's arguments structure, ioprio_get/ioprio_set's
 * IOPRIO_PRIO_VALUE(class, data), getpriority/setpriority's "who" (a process, a process group
 * or a user, by "which").
 */
#include <inttypes.h>
#include <linux/kcmp.h>
#include <linux/reboot.h>
#include <linux/utsname.h>
#include <stdio.h>

#include "common/print.h"
#include "common/strbuf.h"
#include "strace-lite/decode/array.h"
#include "strace-lite/decode/decode.h"
#include "gen/xlat.h"

SYS_FUNC(sethostname)
{
	unsigned int len = (unsigned int)c->arg[1];

	if (len > __NEW_UTS_LEN)
		printaddr(c, c->arg[0]);
	else
		printstrn(c, c->arg[0], len);
	tprintf(c, ", %u", len);
	return RVAL_DECODED;
}

SYS_FUNC(kcmp)
{
	int type = (int)c->arg[2];

	printpid(c, (int)c->arg[0], PT_TGID);
	tprint_arg_next(c);
	printpid(c, (int)c->arg[1], PT_TGID);
	tprint_arg_next(c);
	printxval(c, xlat_kcmp_types, (unsigned int)type, "KCMP_???");
	/* The descriptors are the processes': their pids as we see them (a pid namespace). */
	int pid1 = type == KCMP_FILE || type == KCMP_EPOLL_TFD ? pid_ours(c, (int)c->arg[0], PT_TGID) : 0;
	int pid2 = type == KCMP_FILE || type == KCMP_EPOLL_TFD ? pid_ours(c, (int)c->arg[1], PT_TGID) : 0;
	switch (type) {
	case KCMP_FILE:
		tprint_arg_next(c);
		printfd_pid(c, pid1, (int)c->arg[3]);
		tprint_arg_next(c);
		printfd_pid(c, pid2, (int)c->arg[4]);
		break;
	case KCMP_EPOLL_TFD: {
		struct kcmp_epoll_slot slot;

		tprint_arg_next(c);
		printfd_pid(c, pid1, (int)c->arg[3]);
		tprint_arg_next(c);
		if (umove_or_printaddr(c, c->arg[4], &slot))
			break;
		tprintf(c, "{efd=");
		printfd_pid(c, pid2, (int)slot.efd);
		tprintf(c, ", tfd=");
		printfd_pid(c, pid2, (int)slot.tfd);
		tprintf(c, ", toff=%u}", slot.toff);
		break;
	}
	case KCMP_VM:
	case KCMP_FILES:
	case KCMP_FS:
	case KCMP_SIGHAND:
	case KCMP_IO:
	case KCMP_SYSVSEM:
		break;
	default:
		tprintf(c, ", %#" PRIx64 ", %#" PRIx64, c->arg[3], c->arg[4]);
		break;
	}
	return RVAL_DECODED;
}

SYS_FUNC(reboot)
{
	unsigned int cmd = (unsigned int)c->arg[2];

	printxval(c, xlat_bootflags1, (unsigned int)c->arg[0], "LINUX_REBOOT_MAGIC1???");
	tprint_arg_next(c);
	printxval(c, xlat_bootflags2, (unsigned int)c->arg[1], "LINUX_REBOOT_MAGIC2???");
	tprint_arg_next(c);
	printxval(c, xlat_bootflags3, cmd, "LINUX_REBOOT_CMD_???");
	if (cmd == LINUX_REBOOT_CMD_RESTART2) {
		tprint_arg_next(c);
		/* The kernel copies at most 255 bytes and a NUL. */
		printstr_ex(c, c->arg[3], 255, QUOTE_0_TERMINATED);
	}
	return RVAL_DECODED;
}

/* Always "N /\* NAME *\/", whatever -X asks, as strace prints the action and the level. */
static void print_d_verbose(struct dctx *c, const struct xlat *x, int v, const char *dflt)
{
	const char *name = xlat_lookup(x, (unsigned int)v);

	tprintf(c, "%d", v);
	print_comment(c->sb, name ? name : dflt);
}

SYS_FUNC(syslog)
{
	int type = (int)c->arg[0];
	int len = (int)c->arg[2];

	if (entering(c))
		print_d_verbose(c, xlat_syslog_action_type, type, "SYSLOG_ACTION_???");
	switch (type) {
	case 0: case 1: case 5: case 6: case 7: case 9: case 10:
		/* close, open, clear, console off/on, size unread, size buffer */
		return RVAL_DECODED;
	case 2: case 3: case 4:
		/* read, read all, read and clear: the buffer at exit */
		if (entering(c))
			return 0;
		tprint_arg_next(c);
		if (syserror(c))
			printaddr(c, c->arg[1]);
		else
			printstrn(c, c->arg[1], (uint64_t)c->rval);
		tprintf(c, ", %d", len);
		return 0;
	case 8: /* console level */
		tprint_arg_next(c);
		printaddr(c, c->arg[1]);
		tprint_arg_next(c);
		print_d_verbose(c, xlat_syslog_console_levels, len, "LOGLEVEL_???");
		return RVAL_DECODED;
	default:
		tprint_arg_next(c);
		printaddr(c, c->arg[1]);
		tprintf(c, ", %d", len);
		return RVAL_DECODED;
	}
}

SYS_FUNC(pidfd_getfd)
{
	int pidfd = (int)c->arg[0], fd = (int)c->arg[1];
	long target = dopts.decode_fds ? pidfd_target(c, pidfd) : -1;

	printfd(c, pidfd);
	tprint_arg_next(c);
	/* The descriptor is one of the pidfd's process. */
	printfd_pid(c, target > 0 ? (int)target : -1, fd);
	tprintf(c, ", %#x", (unsigned int)c->arg[2]);
	return RVAL_DECODED;
}

/* _sysctl's struct __sysctl_args (x86_64 layout, with its four unused words). */
void print_struct_sysctl_args(struct dctx *c, uint64_t addr)
{
	struct {
		uint64_t name;
		int32_t nlen;
		uint64_t oldval, oldlenp, newval, newlen;
		uint64_t unused[4];
	} a;

	if (umove_or_printaddr(c, addr, &a))
		return;
	tprints(c, "{name=");
	printaddr(c, a.name);
	tprintf(c, ", nlen=%d, oldval=", a.nlen);
	printaddr(c, a.oldval);
	tprints(c, ", oldlenp=");
	printaddr(c, a.oldlenp);
	tprints(c, ", newval=");
	printaddr(c, a.newval);
	tprintf(c, ", newlen=%" PRIu64 "}", a.newlen);
}

/* "IOPRIO_PRIO_VALUE(CLASS, DATA)": the class is every bit above the 13 of the data. */
static const char *sprint_ioprio(unsigned int v)
{
	static char out[256];
	struct strbuf sb = { 0 };

	sb_puts(&sb, "IOPRIO_PRIO_VALUE(");
	print_xval(&sb, xlat_ioprio_class, v >> 13, "IOPRIO_CLASS_???");
	sb_printf(&sb, ", %d)", (int)(v & 8191));
	snprintf(out, sizeof(out), "%s", sb_str(&sb));
	sb_free(&sb);
	return out;
}

static void print_ioprio_who(struct dctx *c)
{
	int which = (int)c->arg[0], who = (int)c->arg[1];

	printxval(c, xlat_ioprio_who, (unsigned int)which, "IOPRIO_WHO_???");
	tprint_arg_next(c);
	if (which == 1 /* IOPRIO_WHO_PROCESS */)
		printpid(c, who, PT_TGID);
	else if (which == 2 /* IOPRIO_WHO_PGRP */)
		printpid(c, who, PT_PGID);
	else
		tprintf(c, "%d", who);
}

SYS_FUNC(ioprio_get)
{
	if (entering(c)) {
		print_ioprio_who(c);
		return 0;
	}
	if (syserror(c) || print_opts_get()->xstyle == XSTYLE_RAW)
		return 0;
	c->auxstr = sprint_ioprio((unsigned int)c->rval);
	return RVAL_STR;
}

SYS_FUNC(ioprio_set)
{
	enum xlat_style style = print_opts_get()->xstyle;
	unsigned int v = (unsigned int)c->arg[2];

	print_ioprio_who(c);
	tprint_arg_next(c);
	if (style != XSTYLE_ABBREV)
		tprintf(c, "%d", (int)v);
	if (style == XSTYLE_VERBOSE)
		print_comment(c->sb, sprint_ioprio(v));
	else if (style == XSTYLE_ABBREV)
		tprints(c, sprint_ioprio(v));
	return RVAL_DECODED;
}

/* getpriority's and setpriority's WHO, as WHICH says: a process, a process group, a user. */
static void print_prio_who(struct dctx *c)
{
	printxval(c, xlat_priorities, (unsigned int)c->arg[0], "PRIO_???");
	tprint_arg_next(c);
	switch ((int)c->arg[0]) {
	case 0: /* PRIO_PROCESS */
		printpid(c, (int)c->arg[1], PT_TGID);
		break;
	case 1: /* PRIO_PGRP */
		printpid(c, (int)c->arg[1], PT_PGID);
		break;
	default:
		tprintf(c, "%d", (int)c->arg[1]);
		break;
	}
}

SYS_FUNC(getpriority)
{
	print_prio_who(c);
	return RVAL_DECODED;
}

SYS_FUNC(setpriority)
{
	print_prio_who(c);
	tprintf(c, ", %d", (int)c->arg[2]);
	return RVAL_DECODED;
}

/* kexec_load's segments: at most KEXEC_SEGMENT_MAX (16) of them, else the address. */
static PRINT_ELEM_FN(print_kexec_seg)
{
	const uint64_t *seg = elem;

	tprint_struct_begin(c);
	tprints(c, "buf=");
	printaddr(c, seg[0]);
	tprintf(c, ", bufsz=%" PRIu64 ", mem=", seg[1]);
	printaddr(c, seg[2]);
	tprintf(c, ", memsz=%" PRIu64, seg[3]);
	tprint_struct_end(c);
	return true;
}

/* kexec_load(entry, nr_segments, segments, flags): flags are an arch (top 16 bits) and bits. */
SYS_FUNC(kexec_load)
{
	uint64_t seg[4], flags = c->arg[3];

	printaddr(c, c->arg[0]);
	tprintf(c, ", %" PRIu64 ", ", c->arg[1]);
	if (!c->arg[2] || c->arg[1] > 16)
		printaddr(c, c->arg[2]);
	else
		print_array(c, c->arg[2], c->arg[1], seg, sizeof(seg), 0, print_kexec_seg, NULL);
	tprints(c, ", ");
	printxval(c, xlat_kexec_arch_values, flags & 0xffff0000, "KEXEC_ARCH_???");
	flags &= ~(uint64_t)0xffff0000;
	if (flags) {
		tprint_or(c);
		printflags(c, xlat_kexec_load_flags, flags, "KEXEC_???");
	}
	return RVAL_DECODED;
}
