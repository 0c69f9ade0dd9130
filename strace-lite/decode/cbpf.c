// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Classic BPF programs (struct sock_fprog) as strace prints them: each instruction as
 * BPF_STMT(code, k) or, when it has jump offsets, BPF_JUMP(code, k, jt, jf); the code as its
 * class, size, mode, source and operation names; for socket filters, the special packet
 * offsets of absolute loads as SKF_AD_OFF+SKF_AD_..., SKF_NET_OFF+N, SKF_LL_OFF+N; for seccomp
 * filters, the value a BPF_RET returns as its action and data: SECCOMP_RET_ERRNO|0x10.  Shown
 * only with -v (an address otherwise).  Also seccomp(2), whose SECCOMP_SET_MODE_FILTER loads one.
 */
#include <inttypes.h>
#include <linux/filter.h>
#include <linux/seccomp.h>

#include "strace-lite/decode/array.h"
#include "strace-lite/decode/cbpf.h"
#include "strace-lite/decode/decode.h"
#include "gen/xlat.h"

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

/* A seccomp filter's return value: its action by name, then the data bits. */
static bool print_seccomp_k(struct dctx *c, const struct sock_filter *f)
{
	if (BPF_CLASS(f->code) != BPF_RET)
		return false;
	unsigned int action = f->k & 0xffff0000u /* SECCOMP_RET_ACTION_FULL */;

	printxval(c, xlat_seccomp_ret_action, action, "SECCOMP_RET_???");
	if (f->k & ~action) {
		tprint_or(c);
		tprintf(c, "%#x", f->k & ~action);
	}
	return true;
}

struct walk {
	unsigned int count;
	bool seccomp; /* a seccomp filter, else a socket filter */
};

static PRINT_ELEM_FN(print_insn)
{
	const struct sock_filter *f = elem;
	struct walk *w = data;

	if (w->count++ >= BPF_MAXINSNS) {
		tprint_more_data_follows(c);
		return false;
	}
	tprints(c, f->jt || f->jf ? "BPF_JUMP(" : "BPF_STMT(");
	print_code(c, f->code);
	tprint_arg_next(c);
	if (f->jt || f->jf)
		tprintf(c, "%#x, %#x, %#x)", f->k, f->jt, f->jf);
	else if (w->seccomp ? print_seccomp_k(c, f) : print_sock_k(c, f))
		tprints(c, ")");
	else
		tprintf(c, "%#x)", f->k);
	return true;
}

static void print_filter_array(struct dctx *c, uint64_t addr, unsigned int len, bool seccomp)
{
	struct sock_filter f;
	struct walk w = { .seccomp = seccomp };

	if (!dopts.verbose) {
		printaddr(c, addr);
		return;
	}
	print_array(c, addr, len, &f, sizeof(f), 0, print_insn, &w);
}

static void print_fprog(struct dctx *c, uint64_t addr, bool seccomp)
{
	struct { uint16_t len; uint64_t filter; } p;

	if (umove_or_printaddr(c, addr, &p))
		return;
	tprintf(c, "{len=%u, filter=", p.len);
	print_filter_array(c, p.filter, p.len, seccomp);
	tprint_struct_end(c);
}

void print_sock_filter_array(struct dctx *c, uint64_t addr, unsigned int len)
{
	print_filter_array(c, addr, len, false);
}

void print_sock_fprog(struct dctx *c, uint64_t addr)
{
	print_fprog(c, addr, false);
}

void print_seccomp_fprog(struct dctx *c, uint64_t addr)
{
	print_fprog(c, addr, true);
}

SYS_FUNC(seccomp)
{
	unsigned int op = (unsigned int)c->arg[0], flags = (unsigned int)c->arg[1];

	if (entering(c)) {
		printxval(c, xlat_seccomp_ops, op, "SECCOMP_???");
		tprints(c, ", ");
	}
	switch (op) {
	case SECCOMP_SET_MODE_FILTER:
		printflags(c, xlat_seccomp_filter_flags, flags, "SECCOMP_FILTER_FLAG_???");
		tprints(c, ", ");
		print_seccomp_fprog(c, c->arg[2]);
		return RVAL_DECODED;
	case SECCOMP_GET_ACTION_AVAIL: {
		uint32_t act;

		tprintf(c, "%#x, ", flags);
		if (!umove_or_printaddr(c, c->arg[2], &act)) {
			tprints(c, "[");
			printxval(c, xlat_seccomp_ret_action, act, "SECCOMP_RET_???");
			tprints(c, "]");
		}
		return RVAL_DECODED;
	}
	case SECCOMP_GET_NOTIF_SIZES: {
		struct seccomp_notif_sizes szs;

		if (entering(c)) {
			tprintf(c, "%#x, ", flags);
			return 0;
		}
		if (!umove_or_printaddr(c, c->arg[2], &szs))
			tprintf(c, "{seccomp_notif=%u, seccomp_notif_resp=%u, seccomp_data=%u}",
				szs.seccomp_notif, szs.seccomp_notif_resp, szs.seccomp_data);
		return 0;
	}
	default: /* SECCOMP_SET_MODE_STRICT and unknown operations */
		tprintf(c, "%#x, ", flags);
		printaddr(c, c->arg[2]);
		return RVAL_DECODED;
	}
}
