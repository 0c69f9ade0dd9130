// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The LSM calls of Linux 6.8: lsm_get_self_attr, lsm_set_self_attr, lsm_list_modules.
 * Contexts are struct lsm_ctx (id, flags, len, ctx_len, then ctx_len bytes shown in hex)
 * packed one after the other, each len bytes long; sizes are u32s the kernel updates, shown
 * as "[before => after]" when they changed.  LSM_FLAG_SINGLE asks for the context of the LSM
 * whose id the caller put in the first one: that id prints at entry, " => " and the result
 * at exit.  The size at entry is kept in c->priv[0].
 */
#include <inttypes.h>

#include "strace-lite/decode/array.h"
#include "strace-lite/decode/decode.h"
#include "gen/xlat.h"

#define LSM_FLAG_SINGLE_ 1u

struct lsm_ctx_k {
	uint64_t id, flags, len, ctx_len;
};

/* The context header at ADDR, LEN bytes being there (not at exit of a failed call); else the
 * address, as "... /\* addr *\/" after IN_SEQ earlier ones. */
static bool fetch_ctx(struct dctx *c, struct lsm_ctx_k *ctx, uint64_t addr, uint64_t len,
		      bool in_seq)
{
	if (len >= sizeof(*ctx) && syscall_verbose(c) && !(c->exiting && syserror(c)) &&
	    umove(c, addr, ctx) >= 0)
		return true;
	if (in_seq) {
		tprint_more_data_follows(c);
		printaddr_comment(c, addr);
	} else {
		printaddr(c, addr);
	}
	return false;
}

static void print_ctx(struct dctx *c, const struct lsm_ctx_k *ctx, uint64_t addr, uint64_t len)
{
	uint64_t msg = ctx->len < len ? ctx->len : len;
	uint64_t n = msg > sizeof(*ctx) ? msg - sizeof(*ctx) : 0;

	if (ctx->ctx_len < n)
		n = ctx->ctx_len;
	tprints(c, "{id=");
	printxval(c, xlat_lsm_ids, ctx->id, NULL);
	tprintf(c, ", flags=%#" PRIx64 ", len=%" PRIu64 ", ctx_len=%" PRIu64, ctx->flags, ctx->len,
		ctx->ctx_len);
	if (n) {
		tprints(c, ", ctx=");
		printstr_ex(c, addr + sizeof(*ctx), n, QUOTE_FORCE_HEX);
	}
	tprint_struct_end(c);
}

/* The contexts in the LEN bytes at ADDR, at most -s of them unless -v. */
static void print_ctx_seq(struct dctx *c, uint64_t addr, uint64_t len)
{
	struct lsm_ctx_k ctx;
	bool in_seq = false;

	for (unsigned int i = 0; fetch_ctx(c, &ctx, addr, len, in_seq); i++) {
		if (!dopts.verbose && i >= print_opts_get()->max_strlen) {
			tprint_more_data_follows(c);
			break;
		}
		uint64_t next = 0, rest = 0;
		if (ctx.len >= sizeof(ctx)) {
			if (len >= ctx.len)
				rest = len - ctx.len;
			if (rest && addr + ctx.len > addr)
				next = addr + ctx.len;
		}
		if (!in_seq) {
			tprint_array_begin(c);
			in_seq = true;
		}
		print_ctx(c, &ctx, addr, len);
		if (!next)
			break;
		tprint_array_next(c);
		addr = next;
		len = rest;
	}
	if (in_seq)
		tprint_array_end(c);
}

/* ", [size], flags": the size as it is now, the flags named (or in hex when RAW). */
static int print_size_flags(struct dctx *c, uint64_t p_size, unsigned int flags, bool raw)
{
	tprint_arg_next(c);
	printnum_int(c, p_size, "%u");
	tprint_arg_next(c);
	if (raw)
		tprintf(c, "%#x", flags);
	else
		printflags(c, xlat_lsm_flags, flags, "LSM_FLAG_???");
	return RVAL_DECODED;
}

/* ", [before => after]" for the size kept at entry and SIZE now. */
static void print_size_change(struct dctx *c, uint32_t size)
{
	uint32_t before = (uint32_t)c->priv[0];

	tprintf(c, ", [%u", before);
	if (before != size)
		tprintf(c, " => %u", size);
	tprints(c, "]");
}

SYS_FUNC(lsm_get_self_attr)
{
	uint64_t p_ctx = c->arg[1], p_size = c->arg[2];
	unsigned int flags = (unsigned int)c->arg[3];
	bool single = flags & LSM_FLAG_SINGLE_;
	struct lsm_ctx_k ctx;
	uint32_t size;

	if (entering(c)) {
		printxval(c, xlat_lsm_attrs, (unsigned int)c->arg[0], "LSM_ATTR_???");
		tprint_arg_next(c);
		if (umove(c, p_size, &size) < 0 || (single && umove(c, p_ctx, &ctx) < 0)) {
			printaddr(c, p_ctx);
			return print_size_flags(c, p_size, flags, false);
		}
		c->priv[0] = size;
		if (single) {
			tprints(c, "{id=");
			printxval(c, xlat_lsm_ids, ctx.id, NULL);
			tprint_struct_end(c);
		}
		return 0;
	}
	if (umove(c, p_size, &size) < 0) {
		if (!single)
			printaddr(c, p_ctx);
		return print_size_flags(c, p_size, flags, false);
	}
	if (single)
		tprints(c, " => ");
	print_ctx_seq(c, p_ctx, size);
	print_size_change(c, size);
	tprint_arg_next(c);
	printflags(c, xlat_lsm_flags, flags, "LSM_FLAG_???");
	return 0;
}

SYS_FUNC(lsm_set_self_attr)
{
	uint64_t p_ctx = c->arg[1];
	uint32_t size = (uint32_t)c->arg[2];
	struct lsm_ctx_k ctx;

	printxval(c, xlat_lsm_attrs, (unsigned int)c->arg[0], "LSM_ATTR_???");
	tprint_arg_next(c);
	if (fetch_ctx(c, &ctx, p_ctx, size, false))
		print_ctx(c, &ctx, p_ctx, size);
	tprintf(c, ", %u, %#x", size, (unsigned int)c->arg[3]);
	return RVAL_DECODED;
}

static PRINT_ELEM_FN(print_lsm_id)
{
	printxval(c, xlat_lsm_ids, *(uint64_t *)elem, "LSM_ID_???");
	return true;
}

SYS_FUNC(lsm_list_modules)
{
	uint64_t p_ids = c->arg[0], p_size = c->arg[1], elem;
	unsigned int flags = (unsigned int)c->arg[2];
	uint32_t size;

	if (umove(c, p_size, &size) < 0) {
		printaddr(c, p_ids);
		return print_size_flags(c, p_size, flags, true);
	}
	if (entering(c)) {
		c->priv[0] = size;
		return 0;
	}
	print_array(c, p_ids, (uint64_t)c->rval, &elem, sizeof(elem), 0, print_lsm_id, NULL);
	print_size_change(c, size);
	tprintf(c, ", %#x", flags);
	return 0;
}
