// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Memory control beyond mmap: mremap (new_address only with MREMAP_MAYMOVE|MREMAP_FIXED),
 * mincore (one residency bit a page, the address when the call failed),
 * membarrier (the query's result decoded after it), memfd_create (a huge page size field
 * printed as N<<MFD_HUGE_SHIFT), and the calls on another process's memory: process_vm_readv
 * (printed whole at exit, the local buffers as far as the result says), process_vm_writev
 * and process_madvise.
 */
#include <inttypes.h>
#include <linux/mman.h>
#include <unistd.h>

#include "strace-lite/decode/array.h"
#include "strace-lite/decode/decode.h"
#include "strace-lite/decode/util-print.h"
#include "gen/xlat.h"

#ifndef MREMAP_FIXED
#define MREMAP_FIXED 2
#endif
#define MEMBARRIER_CMD_FLAG_CPU 1
#define MFD_NAME_MAX_LEN 249
#define MFD_HUGE_SHIFT 26
#define MFD_HUGE_MASK 0x3fu

SYS_FUNC(mremap)
{
	printaddr(c, c->arg[0]);
	tprintf(c, ", %" PRIu64 ", %" PRIu64 ", ", c->arg[1], c->arg[2]);
	printflags(c, xlat_mremap_flags, c->arg[3], "MREMAP_???");
	if ((c->arg[3] & (MREMAP_MAYMOVE | MREMAP_FIXED)) == (MREMAP_MAYMOVE | MREMAP_FIXED)) {
		tprints(c, ", ");
		printaddr(c, c->arg[4]);
	}
	return RVAL_DECODED | RVAL_KIND(RK_X);
}

static PRINT_ELEM_FN(print_mincore_entry)
{
	tprintf(c, "%u", *(uint8_t *)elem & 1);
	return true;
}

SYS_FUNC(mincore)
{
	if (entering(c)) {
		printaddr(c, c->arg[0]);
		tprintf(c, ", %" PRIu64 ", ", c->arg[1]);
		return 0;
	}
	uint64_t page = (uint64_t)sysconf(_SC_PAGESIZE);
	uint64_t len = c->arg[1];
	uint64_t nmemb = len / page + ((len & (page - 1)) ? 1 : 0);
	uint8_t entry;
	print_array(c, c->arg[2], nmemb, &entry, sizeof(entry), 0,
		    print_mincore_entry, NULL);
	return 0;
}

SYS_FUNC(membarrier)
{
	if (entering(c)) {
		int cmd = (int)c->arg[0];
		unsigned int flags = (unsigned int)c->arg[1];

		printxval(c, xlat_membarrier_cmds, (unsigned int)cmd, "MEMBARRIER_CMD_???");
		tprints(c, ", ");
		printflags(c, xlat_membarrier_flags, flags, "MEMBARRIER_CMD_FLAG_???");
		if (flags & MEMBARRIER_CMD_FLAG_CPU)
			tprintf(c, ", %d", (int)c->arg[2]);
		return cmd ? RVAL_DECODED : 0;
	}
	/* MEMBARRIER_CMD_QUERY returns the supported commands as a mask. */
	if (syserror(c) || !c->rval)
		return 0;
	c->auxstr = sprint_flags("", xlat_membarrier_cmds, (uint64_t)c->rval);
	return RVAL_KIND(RK_X) | RVAL_STR;
}

SYS_FUNC(memfd_create)
{
	unsigned int flags = (unsigned int)c->arg[1];

	printstr_upto(c, c->arg[0], MFD_NAME_MAX_LEN + 1);
	tprints(c, ", ");
	if (!flags || print_opts_get()->xstyle != XSTYLE_ABBREV)
		print_xlat_val(c->sb, flags);
	if (!flags || print_opts_get()->xstyle == XSTYLE_RAW)
		return RVAL_DECODED;
	if (print_opts_get()->xstyle == XSTYLE_VERBOSE)
		tprints(c, " /* ");
	unsigned int huge = flags & (MFD_HUGE_MASK << MFD_HUGE_SHIFT);
	flags &= ~(MFD_HUGE_MASK << MFD_HUGE_SHIFT);
	if (flags || !huge)
		tprints(c, sprint_flags_ex("", xlat_memfd_create_flags, flags, '\0',
					   XSTYLE_ABBREV, false));
	if (huge)
		tprintf(c, "%s%u<<MFD_HUGE_SHIFT", flags ? "|" : "", huge >> MFD_HUGE_SHIFT);
	if (print_opts_get()->xstyle == XSTYLE_VERBOSE)
		tprints(c, " */");
	return RVAL_DECODED;
}

SYS_FUNC(process_vm_readv)
{
	if (entering(c)) {
		printpid(c, (int)c->arg[0], PT_TGID);
		tprint_arg_next(c);
		return 0;
	}
	print_iov_upto(c, c->arg[2], c->arg[1], (uint64_t)c->rval,
		       syserror(c) ? IOV_DECODE_ADDR : IOV_DECODE_STR);
	tprintf(c, ", %" PRIu64 ", ", c->arg[2]);
	print_iov_upto(c, c->arg[4], c->arg[3], (uint64_t)-1, IOV_DECODE_ADDR);
	tprintf(c, ", %" PRIu64 ", %" PRIu64, c->arg[4], c->arg[5]);
	return 0;
}

SYS_FUNC(process_vm_writev)
{
	printpid(c, (int)c->arg[0], PT_TGID);
	tprint_arg_next(c);
	print_iov_upto(c, c->arg[2], c->arg[1], (uint64_t)-1, IOV_DECODE_STR);
	tprintf(c, ", %" PRIu64 ", ", c->arg[2]);
	print_iov_upto(c, c->arg[4], c->arg[3], (uint64_t)-1, IOV_DECODE_ADDR);
	tprintf(c, ", %" PRIu64 ", %" PRIu64, c->arg[4], c->arg[5]);
	return RVAL_DECODED;
}

SYS_FUNC(process_madvise)
{
	printfd(c, (int)c->arg[0]);
	tprint_arg_next(c);
	print_iov_upto(c, c->arg[2], c->arg[1], (uint64_t)-1, IOV_DECODE_ADDR);
	tprintf(c, ", %" PRIu64 ", ", c->arg[2]);
	printxval(c, xlat_madvise_cmds, (unsigned int)c->arg[3], "MADV_???");
	tprintf(c, ", %#x", (unsigned int)c->arg[4]);
	return RVAL_DECODED;
}
