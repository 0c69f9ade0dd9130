// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * ioctl(2), type '!': the seccomp user-notification requests (SECCOMP_IOCTL_NOTIF_*): the
 * notification received (printed at entry too when the tracee filled it in), the response,
 * the id check, the descriptor added to the target, and the notification fd's flags.
 */
#include <inttypes.h>
#include <string.h>
#include <linux/ioctl.h>
#include <linux/audit.h>
#include <linux/seccomp.h>

#include "strace-lite/decode/ioctl/ioctl-int.h"
#include "strace-lite/decode/util-print.h"

#define NOTIF_ID_VALID_WRONG_DIR_ _IOR('!', 2, uint64_t)
/* Linux 6.6; not in the 6.1 headers. */
#define NOTIF_SET_FLAGS_ _IOW('!', 4, uint64_t)

/* A syscall number of ARCH: __NR_name for an x86_64 number this table knows. */
static void print_nr(struct dctx *c, uint32_t nr, uint32_t arch)
{
	const struct sysent *se = arch == AUDIT_ARCH_X86_64 ? sysent_get(nr) : NULL;
	const char *name = se ? se->name : NULL;

	if (!name || print_opts_get()->xstyle != XSTYLE_ABBREV)
		tprintf(c, "%u", nr);
	if (!name || print_opts_get()->xstyle == XSTYLE_RAW)
		return;
	tprintf(c, print_opts_get()->xstyle == XSTYLE_VERBOSE ? " /* __NR_%s */" : "__NR_%s", name);
}

/* An error number stored negated: -ENOSR, as the -X style wants. */
static void print_neg_err(struct dctx *c, int32_t err)
{
	const char *name = err < 0 && err != INT32_MIN ? errno_name(-err) : NULL;

	if (!name || print_opts_get()->xstyle != XSTYLE_ABBREV)
		tprintf(c, "%d", err);
	if (!name || print_opts_get()->xstyle == XSTYLE_RAW)
		return;
	tprintf(c, print_opts_get()->xstyle == XSTYLE_VERBOSE ? " /* -%s */" : "-%s", name);
}

static void print_seccomp_data(struct dctx *c, const struct seccomp_data *d)
{
	tprint_struct_begin(c);
	tprint_field(c, "nr");
	print_nr(c, (uint32_t)d->nr, d->arch);
	NEXT_XVAL(c, *d, arch, xlat_audit_arch, "AUDIT_ARCH_???");
	tprint_next_field(c, "instruction_pointer");
	printaddr(c, d->instruction_pointer);
	tprint_next_field(c, "args");
	tprint_array_begin(c);
	for (int i = 0; i < 6; i++) {
		if (i)
			tprint_array_next(c);
		ioctl_print_x(c, d->args[i]);
	}
	tprint_array_end(c);
	tprint_struct_end(c);
}

static int decode_notif_recv(struct dctx *c, uint64_t arg)
{
	struct seccomp_notif n;

	if (entering(c))
		tprint_arg_next(c);
	if (umove_or_printaddr(c, arg, &n))
		return IOCTL_DECODED;
	/* A zeroed buffer at entry is the usual case: print what the kernel wrote only. */
	if (entering(c) && mem_all_zero(&n, sizeof(n)))
		return 0;
	tprint_struct_begin(c);
	FLD_X(c, n, id);
	tprint_next_field(c, "pid");
	printpid(c, (int)n.pid, PT_TGID);
	NEXT_X(c, n, flags);
	tprint_next_field(c, "data");
	print_seccomp_data(c, &n.data);
	tprint_struct_end(c);
	if (entering(c)) {
		tprints(c, " => ");
		return 0;
	}
	return IOCTL_DECODED;
}

static void print_notif_resp(struct dctx *c, uint64_t arg)
{
	struct seccomp_notif_resp r;

	if (umove_or_printaddr(c, arg, &r))
		return;
	tprint_struct_begin(c);
	FLD_X(c, r, id);
	NEXT_D(c, r, val);
	tprint_next_field(c, "error");
	print_neg_err(c, r.error);
	NEXT_FLAGS(c, r, flags, xlat_seccomp_ioctl_resp_flags, "SECCOMP_USER_NOTIF_FLAG_???");
	tprint_struct_end(c);
}

static void print_notif_addfd(struct dctx *c, uint64_t arg)
{
	struct seccomp_notif_addfd a;

	if (umove_or_printaddr(c, arg, &a))
		return;
	tprint_struct_begin(c);
	FLD_X(c, a, id);
	NEXT_FLAGS(c, a, flags, xlat_seccomp_ioctl_addfd_flags, "SECCOMP_ADDFD_FLAG_???");
	tprint_next_field(c, "srcfd");
	printfd(c, (int)a.srcfd);
	tprint_next_field(c, "newfd");
	tprintf(c, "%d", (int)a.newfd);
	NEXT_FLAGS(c, a, newfd_flags, xlat_open_mode_flags, "O_???");
	tprint_struct_end(c);
}

IOCTL_FAMILY(seccomp)
{
	switch (code) {
	case SECCOMP_IOCTL_NOTIF_RECV:
		return decode_notif_recv(c, arg);
	case SECCOMP_IOCTL_NOTIF_SEND:
		return ARG_DECODED(c, print_notif_resp(c, arg));
	case SECCOMP_IOCTL_NOTIF_ID_VALID:
	case NOTIF_ID_VALID_WRONG_DIR_:
		return ARG_DECODED(c, printnum_int64(c, arg, "%#" PRIx64));
	case SECCOMP_IOCTL_NOTIF_ADDFD:
		return ARG_DECODED(c, print_notif_addfd(c, arg));
	case NOTIF_SET_FLAGS_:
		return ARG_DECODED(c, printflags(c, xlat_seccomp_ioctl_notif_flags, arg,
						 "SECCOMP_USER_NOTIF_???"));
	default:
		return RVAL_DECODED;
	}
}
