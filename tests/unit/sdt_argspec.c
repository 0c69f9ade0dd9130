// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The argument-spec parser against a table: every form compilers emit (and the ones other
 * tools give up on), each with the decoded location it must give, and forms that must be
 * refused.  Exit 0 when all rows hold.
 */
#include <stdio.h>
#include <string.h>

#include "sdt/usdt.h"

#define X USDT_ARCH_X86_64
#define A USDT_ARCH_AARCH64

static const struct row {
	enum usdt_arch arch;
	const char *spec;
	int size, sign, flt;
	enum usdt_loc kind;
	int reg, width, shift, index, scale;
	long long offset;
	const char *symbol;
} rows[] = {
	{ X, "-4@%edi", 4, 1, 0, USDT_LOC_REG, 5, 4, 0, -1, 0, 0, "" },
	{ X, "8@%rax", 8, 0, 0, USDT_LOC_REG, 0, 8, 0, -1, 0, 0, "" },
	{ X, "2@%r9w", 2, 0, 0, USDT_LOC_REG, 9, 2, 0, -1, 0, 0, "" },
	{ X, "-1@%r10b", 1, 1, 0, USDT_LOC_REG, 10, 1, 0, -1, 0, 0, "" },
	{ X, "-4@%r15d", 4, 1, 0, USDT_LOC_REG, 15, 4, 0, -1, 0, 0, "" },
	{ X, "1@%ah", 1, 0, 0, USDT_LOC_REG, 0, 1, 8, -1, 0, 0, "" },
	{ X, "-1@%sil", 1, 1, 0, USDT_LOC_REG, 4, 1, 0, -1, 0, 0, "" },
	{ X, "8f@%xmm1", 8, 0, 1, USDT_LOC_REG, 18, 16, 0, -1, 0, 0, "" },
	{ X, "-4@$42", 4, 1, 0, USDT_LOC_CONST, -1, 0, 0, -1, 0, 42, "" },
	{ X, "-4@$-5", 4, 1, 0, USDT_LOC_CONST, -1, 0, 0, -1, 0, -5, "" },
	{ X, "8@$0x10", 8, 0, 0, USDT_LOC_CONST, -1, 0, 0, -1, 0, 16, "" },
	{ X, "8@$.LC0", 8, 0, 0, USDT_LOC_CONST, -1, 0, 0, -1, 0, 0, ".LC0" },
	{ X, "-4@-20(%rbp)", 4, 1, 0, USDT_LOC_MEM, 6, 8, 0, -1, 0, -20, "" },
	{ X, "8@(%rax)", 8, 0, 0, USDT_LOC_MEM, 0, 8, 0, -1, 0, 0, "" },
	{ X, "8f@24(%rsp)", 8, 0, 1, USDT_LOC_MEM, 7, 8, 0, -1, 0, 24, "" },
	{ X, "-4@counter(%rip)", 4, 1, 0, USDT_LOC_PCREL, 16, 8, 0, -1, 0, 0, "counter" },
	{ X, "8@8+table(%rip)", 8, 0, 0, USDT_LOC_PCREL, 16, 8, 0, -1, 0, 8, "table" },
	{ X, "8@table+16(%rip)", 8, 0, 0, USDT_LOC_PCREL, 16, 8, 0, -1, 0, 16, "table" },
	{ X, "8@table-8(%rip)", 8, 0, 0, USDT_LOC_PCREL, 16, 8, 0, -1, 0, -8, "table" },
	{ X, "8@_ZL5gauge(%rip)", 8, 0, 0, USDT_LOC_PCREL, 16, 8, 0, -1, 0, 0, "_ZL5gauge" },
	{ X, "4@8(%rax,%rbx,4)", 4, 0, 0, USDT_LOC_MEM, 0, 8, 0, 3, 4, 8, "" },
	{ X, "4@(%rax,%rcx)", 4, 0, 0, USDT_LOC_MEM, 0, 8, 0, 2, 1, 0, "" },
	{ X, "8@(,%rdx,8)", 8, 0, 0, USDT_LOC_MEM, -1, 0, 0, 1, 8, 0, "" },
	{ X, "4@arr(,%rax,4)", 4, 0, 0, USDT_LOC_MEM, -1, 0, 0, 0, 4, 0, "arr" },
	{ X, "-4@glob", 4, 1, 0, USDT_LOC_ABS, -1, 0, 0, -1, 0, 0, "glob" },
	{ X, "%rdi", 0, 0, 0, USDT_LOC_REG, 5, 8, 0, -1, 0, 0, "" },
	{ X, "8(%rsp)", 0, 0, 0, USDT_LOC_MEM, 7, 8, 0, -1, 0, 8, "" },
	{ A, "-4@w0", 4, 1, 0, USDT_LOC_REG, 0, 4, 0, -1, 0, 0, "" },
	{ A, "8@x30", 8, 0, 0, USDT_LOC_REG, 30, 8, 0, -1, 0, 0, "" },
	{ A, "8@sp", 8, 0, 0, USDT_LOC_REG, 31, 8, 0, -1, 0, 0, "" },
	{ A, "8@[sp, 16]", 8, 0, 0, USDT_LOC_MEM, 31, 8, 0, -1, 0, 16, "" },
	{ A, "-4@[x1, -8]", 4, 1, 0, USDT_LOC_MEM, 1, 8, 0, -1, 0, -8, "" },
	{ A, "8@[x19]", 8, 0, 0, USDT_LOC_MEM, 19, 8, 0, -1, 0, 0, "" },
	{ A, "-4@5", 4, 1, 0, USDT_LOC_CONST, -1, 0, 0, -1, 0, 5, "" },
	{ A, "4@#-7", 4, 0, 0, USDT_LOC_CONST, -1, 0, 0, -1, 0, -7, "" },
	{ A, "8f@d0", 8, 0, 1, USDT_LOC_REG, 64, 8, 0, -1, 0, 0, "" },
};

static const struct bad {
	enum usdt_arch arch;
	const char *spec;
} bad[] = {
	{ X, "4@%eex" }, { X, "4@%r16" }, { X, "4@%r08" }, { X, "0@%eax" }, { X, "17@%eax" },
	{ X, "4@(%eax)" }, { X, "4@8(%rax,%rsp,1)" }, { X, "4@(%rax,%rbx,3)" }, { X, "4@$" },
	{ X, "4@(%rax" }, { X, "4@%rip" }, { X, "4@99999999999999999999999(%rax)" },
	{ X, "4@a+b(%rip)" }, { X, "4@" }, { X, "4@%fs:8" }, { A, "4@x31" }, { A, "4@[w0, 8]" },
	{ A, "4@[x0, 8" }, { A, "4@q" },
};

int main(void)
{
	int failed = 0, n;
	struct usdt_arg argv[USDT_MAX_ARGS];

	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		const struct row *r = &rows[i];
		struct usdt_arg a;
		int err = usdt_parse_arg(r->arch, r->spec, strlen(r->spec), &a);

		if (err || a.size != r->size || a.is_signed != r->sign || a.is_float != r->flt ||
		    a.kind != r->kind || a.reg != r->reg || a.reg_width != r->width ||
		    a.reg_shift != r->shift || a.index != r->index ||
		    (r->index >= 0 && a.scale != r->scale) || a.offset != r->offset ||
		    strcmp(a.symbol, r->symbol)) {
			printf("FAIL %-22s err=%d size=%d signed=%d float=%d kind=%s reg=%d width=%d "
			       "shift=%d index=%d scale=%d offset=%lld symbol='%s'\n", r->spec, err,
			       a.size, a.is_signed, a.is_float, usdt_loc_name(a.kind), a.reg,
			       a.reg_width, a.reg_shift, a.index, a.scale, (long long)a.offset,
			       a.symbol);
			failed++;
		}
	}
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct usdt_arg a;

		if (!usdt_parse_arg(bad[i].arch, bad[i].spec, strlen(bad[i].spec), &a)) {
			printf("FAIL %s: accepted, should be refused\n", bad[i].spec);
			failed++;
		}
	}
	/* Whole strings: spaces split, except inside aarch64 brackets; 12 at most. */
	n = usdt_parse_args(A, "-4@w0 8@[sp, 16] 8@x1", argv, USDT_MAX_ARGS);
	if (n != 3 || argv[1].kind != USDT_LOC_MEM || argv[1].offset != 16 ||
	    argv[1].text_off != 6 || argv[1].text_len != 10) {
		printf("FAIL aarch64 splitting: n=%d\n", n);
		failed++;
	}
	n = usdt_parse_args(X, "", argv, USDT_MAX_ARGS);
	if (n != 0) {
		printf("FAIL empty string: %d\n", n);
		failed++;
	}
	n = usdt_parse_args(X, "1@%al 1@%al 1@%al 1@%al 1@%al 1@%al 1@%al 1@%al 1@%al 1@%al "
			       "1@%al 1@%al 1@%al", argv, USDT_MAX_ARGS);
	if (n >= 0) {
		printf("FAIL 13 arguments accepted\n");
		failed++;
	}
	printf("%zu forms, %zu refusals: %d failed\n", sizeof(rows) / sizeof(rows[0]),
	       sizeof(bad) / sizeof(bad[0]), failed);
	return failed ? 1 : 0;
}
