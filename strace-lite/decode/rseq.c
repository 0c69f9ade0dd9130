// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * rseq, as strace 7.0 and later print it: struct rseq at entry when its length is at least
 * the original 32 bytes and its address 32-byte aligned (else the address, which the kernel
 * refuses anyway), with the critical section struct rseq_cs its rseq_cs field points to
 * (the pointer as a comment after it; the value in hex when it cannot be read).
 */
#include <inttypes.h>
#include <stddef.h>
#include <string.h>

#include "strace-lite/decode/decode.h"
#include "strace-lite/decode/util-print.h"
#include "gen/xlat.h"

struct rseq_k {
	uint32_t cpu_id_start, cpu_id;
	uint64_t rseq_cs;
	uint32_t flags, node_id, mm_cid;
	uint8_t request, granted;
	uint16_t slice_reserved;
	uint8_t reserved;
	uint8_t pad[31];
};

struct rseq_cs_k {
	uint32_t version, flags;
	uint64_t start_ip, post_commit_offset, abort_ip;
};

#define ORIG_RSEQ_SIZE 32

/* A cpu id: its special values named (signed under -X raw), others unsigned. */
static void print_cpu_id(struct dctx *c, uint32_t id)
{
	int64_t v = (int32_t)id;

	if (xlat_lookup(xlat_rseq_cpu_ids, (uint64_t)v))
		printxval_signed(c, xlat_rseq_cpu_ids, v, NULL);
	else
		tprintf(c, "%u", id);
}

static void print_rseq_cs(struct dctx *c, uint64_t addr)
{
	struct rseq_cs_k cs;

	if (!addr) {
		tprints(c, "NULL");
		return;
	}
	if (!syscall_verbose(c) || umove(c, addr, &cs) < 0) {
		tprintf(c, "%#" PRIx64, addr);
		return;
	}
	tprintf(c, "{version=%u, flags=", cs.version);
	printflags(c, xlat_rseq_cs_flags, cs.flags, "RSEQ_CS_FLAG_???");
	tprintf(c, ", start_ip=%#" PRIx64 ", post_commit_offset=%#" PRIx64 ", abort_ip=%#" PRIx64
		"}", cs.start_ip, cs.post_commit_offset, cs.abort_ip);
	printaddr_comment(c, addr);
}

static void print_rseq(struct dctx *c, uint64_t addr, uint32_t len)
{
	struct rseq_k r;

	if (len < ORIG_RSEQ_SIZE || addr % ORIG_RSEQ_SIZE) {
		printaddr(c, addr);
		return;
	}
	memset(&r, 0, sizeof(r));
	if (umoven_or_printaddr(c, addr, len < sizeof(r) ? len : sizeof(r), &r))
		return;
	tprints(c, "{cpu_id_start=");
	print_cpu_id(c, r.cpu_id_start);
	tprints(c, ", cpu_id=");
	print_cpu_id(c, r.cpu_id);
	tprints(c, ", rseq_cs=");
	print_rseq_cs(c, r.rseq_cs);
	tprints(c, ", flags=");
	printflags(c, xlat_rseq_cs_flags, r.flags, "RSEQ_CS_FLAG_???");
	tprintf(c, ", node_id=%u, mm_cid=%u, slice_ctrl={request=%u, granted=%u, __reserved=%#x}"
		", __reserved=%#x}", r.node_id, r.mm_cid, r.request, r.granted, r.slice_reserved,
		r.reserved);
}

SYS_FUNC(rseq)
{
	uint32_t len = (uint32_t)c->arg[1];

	print_rseq(c, c->arg[0], len);
	tprintf(c, ", %u, ", len);
	printflags(c, xlat_rseq_flags, (unsigned int)c->arg[2], "RSEQ_FLAG_???");
	tprintf(c, ", %#x", (unsigned int)c->arg[3]);
	return RVAL_DECODED;
}
