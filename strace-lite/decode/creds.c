// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Credentials: user and group ids (set*id, chown family, getres*id, groups lists) and
 * capget/capset.  An id prints unsigned, except (uid_t)-1, "leave unchanged", which prints -1.
 */
#include <inttypes.h>
#include <limits.h>
#include <linux/capability.h>
#include <unistd.h>

#include "strace-lite/decode/array.h"
#include "strace-lite/decode/decode.h"
#include "strace-lite/decode/util-print.h"
#include "gen/xlat.h"

/* Arguments FIRST.. as ids, after a ", " each but the very first of the call. */
static int print_uids(struct dctx *c, int first, int n)
{
	for (int i = first; i < first + n; i++) {
		if (i)
			tprints(c, ", ");
		print_uid(c, c->arg[i]);
	}
	return RVAL_DECODED;
}

SYS_FUNC(setuid) { return print_uids(c, 0, 1); }
SYS_FUNC(setgid) { return print_uids(c, 0, 1); }
SYS_FUNC(setfsuid) { return print_uids(c, 0, 1); }
SYS_FUNC(setfsgid) { return print_uids(c, 0, 1); }
SYS_FUNC(setreuid) { return print_uids(c, 0, 2); }
SYS_FUNC(setregid) { return print_uids(c, 0, 2); }
SYS_FUNC(setresuid) { return print_uids(c, 0, 3); }
SYS_FUNC(setresgid) { return print_uids(c, 0, 3); }

static int decode_chown(struct dctx *c, bool fd)
{
	if (fd)
		printfd(c, (int)c->arg[0]);
	else
		printpath(c, c->arg[0]);
	return print_uids(c, 1, 2);
}

SYS_FUNC(chown) { return decode_chown(c, false); }
SYS_FUNC(lchown) { return decode_chown(c, false); }
SYS_FUNC(fchown) { return decode_chown(c, true); }

SYS_FUNC(fchownat)
{
	print_dirfd(c, (int)c->arg[0]);
	tprints(c, ", ");
	printpath(c, c->arg[1]);
	print_uids(c, 2, 2);
	tprints(c, ", ");
	printflags(c, xlat_at_flags, (unsigned int)c->arg[4], "AT_???");
	return RVAL_DECODED;
}

/* getresuid/getresgid: "[0]" (out:uid in the table). */
void print_struct_uid(struct dctx *c, uint64_t addr)
{
	unsigned int id;

	if (umove_or_printaddr(c, addr, &id))
		return;
	tprints(c, "[");
	print_uid(c, id);
	tprints(c, "]");
}

static PRINT_ELEM_FN(print_gid_elem)
{
	print_uid(c, *(unsigned int *)elem);
	return true;
}

/* A group list of LEN entries; a length the kernel would refuse shows only the address. */
static void print_groups(struct dctx *c, int64_t len, uint64_t addr)
{
	static long ngroups_max;
	unsigned int gid;

	if (!ngroups_max)
		ngroups_max = sysconf(_SC_NGROUPS_MAX);
	if ((uint64_t)len > (uint64_t)ngroups_max) {
		printaddr(c, addr);
		return;
	}
	print_array(c, addr, (uint64_t)len, &gid, sizeof(gid), 0, print_gid_elem, NULL);
}

SYS_FUNC(setgroups)
{
	int len = (int)c->arg[0];

	tprintf(c, "%d, ", len);
	print_groups(c, (unsigned int)len, c->arg[1]);
	return RVAL_DECODED;
}

SYS_FUNC(getgroups)
{
	if (entering(c)) {
		tprintf(c, "%d, ", (int)c->arg[0]);
		return 0;
	}
	/* At exit the list holds as many entries as returned (-1 on failure: the address). */
	print_groups(c, c->rval, c->arg[1]);
	return 0;
}

/* The capget/capset header, read at entry; NULL when absent or unreadable. */
static bool get_cap_header(struct dctx *c, uint64_t addr, struct __user_cap_header_struct *h)
{
	/* -e verbose= without this call: the header (and so the data) as addresses. */
	return addr && syscall_verbose(c) && umove(c, addr, h) == 0;
}

static void print_cap_header(struct dctx *c, uint64_t addr, const struct __user_cap_header_struct *h)
{
	if (!h) {
		printaddr(c, addr);
		return;
	}
	tprints(c, "{version=");
	printxval(c, xlat_cap_version, h->version, "_LINUX_CAPABILITY_VERSION_???");
	tprintf(c, ", pid=%d}", h->pid);
}

static void print_cap_bits(struct dctx *c, uint32_t lo, uint32_t hi)
{
	if (lo || !hi)
		printflags(c, xlat_cap_mask0, lo, "CAP_???");
	if (hi) {
		if (lo)
			tprints(c, "|");
		printflags(c, xlat_cap_mask1, hi, "CAP_???");
	}
}

static void print_cap_data(struct dctx *c, uint64_t addr, const struct __user_cap_header_struct *h)
{
	struct __user_cap_data_struct d[2] = { 0 };
	unsigned int len;

	if (!addr || !h) {
		printaddr(c, addr);
		return;
	}
	/* Versions 2 and 3 carry 64-bit sets in two words; version 1 (and unknown ones) one. */
	len = (h->version == _LINUX_CAPABILITY_VERSION_2 ||
	       h->version == _LINUX_CAPABILITY_VERSION_3) ? 2 : 1;
	if (umoven_or_printaddr(c, addr, len * sizeof(d[0]), d))
		return;
	tprints(c, "{effective=");
	print_cap_bits(c, d[0].effective, len > 1 ? d[1].effective : 0);
	tprints(c, ", permitted=");
	print_cap_bits(c, d[0].permitted, len > 1 ? d[1].permitted : 0);
	tprints(c, ", inheritable=");
	print_cap_bits(c, d[0].inheritable, len > 1 ? d[1].inheritable : 0);
	tprints(c, "}");
}

/* For the table's kinds: the header alone (its version sizes the data, so decoders read it). */
void print_struct_cap_user_header(struct dctx *c, uint64_t addr)
{
	struct __user_cap_header_struct h;

	print_cap_header(c, addr, get_cap_header(c, addr, &h) ? &h : NULL);
}

SYS_FUNC(capget)
{
	struct __user_cap_header_struct h;
	bool have = get_cap_header(c, c->arg[0], &h);

	if (entering(c)) {
		print_cap_header(c, c->arg[0], have ? &h : NULL);
		tprints(c, ", ");
		return 0;
	}
	print_cap_data(c, c->arg[1], !syserror(c) && have ? &h : NULL);
	return 0;
}

SYS_FUNC(capset)
{
	struct __user_cap_header_struct h;
	bool have = get_cap_header(c, c->arg[0], &h);

	print_cap_header(c, c->arg[0], have ? &h : NULL);
	tprints(c, ", ");
	print_cap_data(c, c->arg[1], have ? &h : NULL);
	return RVAL_DECODED;
}
