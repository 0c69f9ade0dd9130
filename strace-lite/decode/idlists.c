// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * listmount (Linux 6.8) and listns (6.19): a request struct whose first u32 is its own size
 * (read at entry: only the size when it is under the first version's, "???" when the rest
 * cannot be read, bytes past the known struct when non-zero), then at exit the array of
 * 64-bit ids the kernel wrote, as many as the result says, in hex.  statmount
 * (fs/statmount.c) prints its struct mnt_id_req with print_mnt_id_req (idreq.h).
 */
#include <inttypes.h>
#include <string.h>

#include "strace-lite/decode/array.h"
#include "strace-lite/decode/decode.h"
#include "strace-lite/decode/idreq.h"
#include "strace-lite/decode/util-print.h"
#include "gen/xlat.h"

#define REQ_TAIL_MAX 4096 /* a page: strace shows no more of a larger struct */

/* Reads the request at ADDR into REQ (LEN bytes known, MIN_SIZE the first version's) after
 * printing "{size=N"; false when nothing more is to print (the struct is then closed, or the
 * address printed). */
static bool read_req(struct dctx *c, uint64_t addr, void *req, size_t len, uint32_t min_size)
{
	uint32_t size;

	if (umove_or_printaddr(c, addr, &size))
		return false;
	tprintf(c, "{size=%u", size);
	if (size < min_size) {
		tprint_struct_end(c);
		return false;
	}
	memset(req, 0, len);
	if (umoven(c, addr, size < len ? size : len, req) < 0) {
		tprints(c, ", ???}");
		return false;
	}
	return true;
}

/* The non-zero bytes from FROM to the request's SIZE (at most a page), then "}". */
static void end_req(struct dctx *c, uint64_t addr, uint32_t size, size_t from)
{
	if (size > from)
		print_nonzero_tail(c, ", ", addr, from, size < REQ_TAIL_MAX ? size : REQ_TAIL_MAX);
	tprint_struct_end(c);
}

static PRINT_ELEM_FN(print_elem_x64)
{
	tprintf(c, "%#" PRIx64, *(uint64_t *)elem);
	return true;
}

/* At exit: the ids at c->arg[1], the count c->arg[2]. */
static void print_ids(struct dctx *c)
{
	uint64_t nr = c->arg[2], n = (uint64_t)c->rval < nr ? (uint64_t)c->rval : nr, elem;

	print_array(c, c->arg[1], n, &elem, sizeof(elem), 0, print_elem_x64, NULL);
	tprintf(c, ", %" PRIu64 ", ", nr);
}

void print_mnt_id_req(struct dctx *c, uint64_t addr, bool stat)
{
	struct mnt_id_req_k r;

	if (!read_req(c, addr, &r, sizeof(r), MNT_ID_REQ_SIZE_VER0))
		return;
	tprints(c, ", mnt_ns_fd=");
	printfd(c, (int)r.mnt_ns_fd);
	tprints(c, ", mnt_id=");
	if (stat)
		tprintf(c, "%#" PRIx64, r.mnt_id);
	else
		printxval(c, xlat_listmount_mnt_id, r.mnt_id, NULL);
	tprints(c, ", param=");
	if (stat)
		printflags(c, xlat_statmount_mask, r.param, "STATMOUNT_???");
	else
		tprintf(c, "%#" PRIx64, r.param);
	if (r.size >= MNT_ID_REQ_SIZE_VER1)
		tprintf(c, ", mnt_ns_id=%#" PRIx64, r.mnt_ns_id);
	end_req(c, addr, r.size, MNT_ID_REQ_SIZE_VER1);
}

SYS_FUNC(listmount)
{
	if (entering(c)) {
		print_mnt_id_req(c, c->arg[0], false);
		return 0;
	}
	tprint_arg_next(c);
	print_ids(c);
	printflags(c, xlat_listmount_flags, (unsigned int)c->arg[3], "LISTMOUNT_???");
	return 0;
}

struct ns_id_req_k {
	uint32_t size, spare;
	uint64_t ns_id;
	uint32_t ns_type, spare2;
	uint64_t user_ns_id;
};

#define NS_ID_REQ_SIZE_VER0 32

SYS_FUNC(listns)
{
	struct ns_id_req_k r;

	if (entering(c)) {
		if (!read_req(c, c->arg[0], &r, sizeof(r), NS_ID_REQ_SIZE_VER0))
			return 0;
		if (r.spare)
			tprintf(c, ", spare=%#x", r.spare);
		tprintf(c, ", ns_id=%#" PRIx64 ", ns_type=", r.ns_id);
		printflags(c, xlat_ns_type, r.ns_type, "???_NS");
		if (r.spare2)
			tprintf(c, ", spare2=%#x", r.spare2);
		tprints(c, ", user_ns_id=");
		printxval(c, xlat_listns_user_ns_id, r.user_ns_id, NULL);
		end_req(c, c->arg[0], r.size, NS_ID_REQ_SIZE_VER0);
		return 0;
	}
	tprint_arg_next(c);
	print_ids(c);
	tprintf(c, "%#x", (unsigned int)c->arg[3]);
	return 0;
}
