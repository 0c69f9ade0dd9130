// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Classic BPF programs (struct sock_fprog) as strace prints them: each instruction as
 * BPF_STMT(code, k) or, when it has jump offsets, BPF_JUMP(code, k, jt, jf); the code as its
 * class, size, mode, source and operation names; for socket filters, the special packet
 * offsets of absolute loads as SKF_AD_OFF+SKF_AD_..., SKF_NET_OFF+N, SKF_LL_OFF+N.  Shown only
 * with -v (an address otherwise).
 */
#include <inttypes.h>
#include <linux/filter.h>

#include "strace-lite/array.h"
#include "strace-lite/cbpf.h"
#include "strace-lite/decode.h"

#define SKF_AD_OFF_ (-0x1000)
#define SKF_NET_OFF_ (-0x100000)
#define SKF_LL_OFF_ (-0x200000)

/* " | 0x.. /\* BPF_??? *\/" for bits the class does not define. */
static void print_rest(struct dctx *c, unsigned int rest)
{
	if (rest)
		tprintf(c, "|%#x /* BPF_??? */", rest);
}

static void print_code(struct dctx *c, uint16_t code)
{
	unsigned int cls = BPF_CLASS(code), rest = code & ~cls;

	printxval(c, xlat_bpf_class, cls, "BPF_???");
	switch (cls) {
	case BPF_ST: case BPF_STX:
		print_rest(c, rest);
		break;
	case BPF_LD: case BPF_LDX:
		tprint_or(c);
		printxval(c, xlat_bpf_size, BPF_SIZE(code), "BPF_???");
		tprint_or(c);
		printxval(c, xlat_bpf_mode, BPF_MODE(code), "BPF_???");
		break;
	case BPF_MISC:
		tprint_or(c);
		printxval(c, xlat_bpf_miscop, BPF_MISCOP(code), "BPF_???");
		print_rest(c, rest & ~BPF_MISCOP(code));
		break;
	case BPF_ALU: case BPF_JMP:
		tprint_or(c);
		printxval(c, xlat_bpf_src, BPF_SRC(code), "BPF_???");
		tprint_or(c);
		printxval(c, cls == BPF_ALU ? xlat_bpf_op_alu : xlat_bpf_op_jmp, BPF_OP(code),
			  "BPF_???");
		break;
	case BPF_RET:
		tprint_or(c);
		printxval(c, xlat_bpf_rval, BPF_RVAL(code), "BPF_???");
		print_rest(c, rest & ~BPF_RVAL(code));
		break;
	}
}

/* A named offset: "SKF_NET_OFF", "-0x100000" or "-0x100000 /\* SKF_NET_OFF *\/". */
static void print_off(struct dctx *c, int off, const char *name)
{
	switch (print_opts_get()->xstyle) {
	case XSTYLE_ABBREV:
		tprints(c, name);
		break;
	case XSTYLE_RAW:
		tprintf(c, "%#x", (unsigned int)off);
		break;
	default:
		tprintf(c, "%#x /* %s */", (unsigned int)off, name);
		break;
	}
	tprints(c, "+");
}

static bool print_sock_k(struct dctx *c, const struct sock_filter *f)
{
	if (BPF_CLASS(f->code) != BPF_LD || BPF_MODE(f->code) != BPF_ABS)
		return false;
	if (f->k >= (unsigned int)SKF_AD_OFF_) {
		print_off(c, SKF_AD_OFF_, "SKF_AD_OFF");
		printxval(c, xlat_skf_ad, f->k - (unsigned int)SKF_AD_OFF_, "SKF_AD_???");
	} else if (f->k >= (unsigned int)SKF_NET_OFF_) {
		print_off(c, SKF_NET_OFF_, "SKF_NET_OFF");
		tprintf(c, "%u", f->k - (unsigned int)SKF_NET_OFF_);
	} else if (f->k >= (unsigned int)SKF_LL_OFF_) {
		print_off(c, SKF_LL_OFF_, "SKF_LL_OFF");
		tprintf(c, "%u", f->k - (unsigned int)SKF_LL_OFF_);
	} else {
		return false;
	}
	return true;
}

static bool print_insn(struct dctx *c, void *elem, size_t size, void *data)
{
	const struct sock_filter *f = elem;
	unsigned int *count = data;

	(void)size;
	if ((*count)++ >= BPF_MAXINSNS) {
		tprint_more_data_follows(c);
		return false;
	}
	tprints(c, f->jt || f->jf ? "BPF_JUMP(" : "BPF_STMT(");
	print_code(c, f->code);
	tprint_arg_next(c);
	if (f->jt || f->jf)
		tprintf(c, "%#x, %#x, %#x)", f->k, f->jt, f->jf);
	else if (print_sock_k(c, f))
		tprints(c, ")");
	else
		tprintf(c, "%#x)", f->k);
	return true;
}

void print_sock_filter_array(struct dctx *c, uint64_t addr, unsigned int len)
{
	struct sock_filter f;
	unsigned int count = 0;

	if (!dopts.verbose) {
		printaddr(c, addr);
		return;
	}
	print_array(c, addr, len, &f, sizeof(f), 0, print_insn, &count);
}

void print_sock_fprog(struct dctx *c, uint64_t addr)
{
	struct { uint16_t len; uint64_t filter; } p;

	if (umove_or_printaddr(c, addr, &p))
		return;
	tprintf(c, "{len=%u, filter=", p.len);
	print_sock_filter_array(c, p.filter, p.len);
	tprint_struct_end(c);
}
